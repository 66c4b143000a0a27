// Multithreaded JVM workload for tests/jit/run-jit-tests.sh: an
// ExecutorService pool, synchronized counters, AtomicLong, ConcurrentHashMap,
// a CountDownLatch and hot loops the JIT compiles (C1 and C2). Printed values
// must not depend on thread scheduling or hash order.
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class Concurrent {
    static final int THREADS = 4;
    static final int TASKS = 16;
    static long syncCounter = 0;
    static final Object lock = new Object();

    static long hot(long seed, int n) {
        long x = seed, s = 0;
        for (int i = 0; i < n; i++) {
            x = (x * 1103 + 12345) % 1048573;
            s = (s + x % 1000) % 1000000007L;
        }
        return s;
    }

    static double harmonic(int n) {
        double f = 0;
        for (int i = 1; i <= n; i++)
            f += 1.0 / ((double) i * i);
        return f;
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        AtomicLong atomic = new AtomicLong();
        ConcurrentHashMap<String, Long> words = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Long>> futures = new ArrayList<>();
        for (int t = 0; t < TASKS; t++) {
            final int id = t;
            futures.add(pool.submit(() -> {
                start.await();
                long local = hot(id + 1, 2_000_000);
                for (int i = 0; i < 50_000; i++) {
                    atomic.incrementAndGet();
                    synchronized (lock) {
                        syncCounter += i % 3;
                    }
                    words.merge("w" + ((i * 31 + id) % 97), 1L, Long::sum);
                }
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < 20_000; i++)
                    sb.append(i % 10);
                return local + sb.length();
            }));
        }
        start.countDown();
        long total = 0;
        for (int t = 0; t < TASKS; t++) {
            long v = futures.get(t).get();
            System.out.println("task " + t + " " + v);
            total += v;
        }
        pool.shutdown();
        if (!pool.awaitTermination(60, TimeUnit.SECONDS))
            System.out.println("pool did not terminate");
        Map<String, Long> sorted = new TreeMap<>(words);
        long wsum = 0, wh = 0;
        for (Map.Entry<String, Long> e : sorted.entrySet()) {
            wsum += e.getValue();
            wh = wh * 31 + e.getKey().hashCode() + e.getValue();
        }
        System.out.println("total " + total);
        System.out.println("atomic " + atomic.get());
        synchronized (lock) {
            System.out.println("sync " + syncCounter);
        }
        System.out.println("words " + sorted.size() + " " + wsum + " " + wh);
        System.out.printf("harmonic %.12f%n", harmonic(5_000_000));
    }
}
