// JVM paths that run through signal handlers, for tests/jit/run-jit-tests.sh:
// implicit null checks in compiled code (SIGSEGV turned into
// NullPointerException), stack overflow on the guard pages (sigaltstack),
// deoptimisation when a hot call site turns megamorphic, and safepoints
// reached from many threads. Output must not depend on timing.
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class Signals {
    static final class Box {
        int v;
        Box(int v) { this.v = v; }
    }

    static int depth = 0;

    static int readBox(Box b) {
        return b.v; // compiled with an implicit null check
    }

    static long nulls(int n) {
        Box[] boxes = new Box[64];
        for (int i = 0; i < boxes.length; i++)
            boxes[i] = (i % 16 == 15) ? null : new Box(i);
        long s = 0, npe = 0;
        for (int i = 0; i < n; i++) {
            try {
                s += readBox(boxes[i & 63]);
            } catch (NullPointerException e) {
                npe++;
            }
        }
        return s * 1000 + npe;
    }

    static void recurse() {
        depth++;
        recurse();
    }

    static int overflows(int n) {
        int caught = 0;
        for (int i = 0; i < n; i++) {
            depth = 0;
            try {
                recurse();
            } catch (StackOverflowError e) {
                if (depth > 1000)
                    caught++;
            }
        }
        return caught;
    }

    interface Shape { long area(long k); }
    static final class Sq implements Shape { public long area(long k) { return k * k; } }
    static final class Tri implements Shape { public long area(long k) { return k * k / 2; } }
    static final class Rect implements Shape { public long area(long k) { return k * (k + 1); } }

    static long sum(Shape s, int n) {
        long t = 0;
        for (int i = 0; i < n; i++)
            t += s.area(i & 1023);
        return t;
    }

    static long deopt() {
        long t = 0;
        for (int r = 0; r < 20; r++)
            t += sum(new Sq(), 100_000); // monomorphic: inlined
        t += sum(new Tri(), 100_000);    // invalidates that code
        t += sum(new Rect(), 100_000);
        for (int r = 0; r < 10; r++)
            t += sum(r % 2 == 0 ? new Tri() : new Sq(), 100_000);
        return t;
    }

    static long bounds(int n) {
        int[] a = new int[100];
        long caught = 0;
        for (int i = 0; i < n; i++) {
            try {
                a[i % 101] += i;
            } catch (ArrayIndexOutOfBoundsException e) {
                caught++;
            }
        }
        return caught;
    }

    public static void main(String[] args) throws Exception {
        System.out.println("nulls " + nulls(2_000_000));
        System.out.println("overflows " + overflows(5));
        System.out.println("deopt " + deopt());
        System.out.println("bounds " + bounds(1_000_000));
        // Many threads allocating and calling System.gc(): stop-the-world
        // safepoints that must reach threads spinning in compiled loops.
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicLong total = new AtomicLong();
        for (int t = 0; t < 8; t++) {
            final int id = t;
            pool.submit(() -> {
                long s = 0;
                for (int i = 0; i < 200_000; i++) {
                    int[] junk = new int[16 + (i & 63)];
                    junk[0] = i;
                    s += junk[0] + junk.length;
                    if (i % 50_000 == 0 && id == 0)
                        System.gc();
                }
                total.addAndGet(s);
                try {
                    readBox(null);
                } catch (NullPointerException e) {
                    total.incrementAndGet();
                }
            });
        }
        pool.shutdown();
        System.out.println("terminated " + pool.awaitTermination(120, TimeUnit.SECONDS));
        System.out.println("threads " + total.get());
    }
}
