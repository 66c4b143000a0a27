# PyPy JIT workload for tests/jit/run-jit-tests.sh: hot loops over ints,
# floats, lists, dicts, strings and objects, long enough for the tracing JIT
# to compile them. Output must not depend on timing, addresses or hash order.
import sys


def numeric(n):
    s, x = 0, 1
    for i in range(n):
        x = (x * 1103 + 12345) % 1048573
        s = (s + x % 1000 - i % 7) % 1000000007
    f = 0.0
    for i in range(1, n):
        f += 1.0 / (i * i)
    big = 1
    for i in range(1, 300):
        big *= i
    return s, "%.12f" % f, big % 1000000007, len(str(big))


def containers(n):
    lst = [(i * 7919) % 10007 for i in range(n)]
    lst.sort()
    d = {}
    for v in lst:
        k = "k%d" % (v % 257)
        d[k] = d.get(k, 0) + v
    acc = 0
    for i, k in enumerate(sorted(d)):
        acc = (acc * 31 + d[k] + i) % 1000000007
    st = set(v % 1000 for v in lst)
    return len(d), acc, len(st), sum(lst[::3])


class Point(object):
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def dot(self, o):
        return self.x * o.x + self.y * o.y


def objects(n):
    pts = [Point(i % 100, (i * 3) % 101) for i in range(n)]
    s = 0
    for i in range(1, n):
        s += pts[i].dot(pts[i - 1])
    return s


def strings(n):
    parts = []
    for i in range(n):
        parts.append("%d:%x;" % (i, i * i))
    s = "".join(parts)
    h = 0
    for ch in s:
        h = (h * 33 + ord(ch)) & 0xffffffff
    return len(s), h, s[:40].upper(), s.count("7")


def generators(n):
    def gen(m):
        for i in range(m):
            if i % 3:
                yield i * i
    return sum(gen(n)) % 1000000007


for rnd in range(1, 4):
    print("round", rnd)
    print("numeric", numeric(2000000))
    print("containers", containers(200000))
    print("objects", objects(300000))
    print("strings", strings(100000))
    print("generators", generators(1000000))
sys.stdout.flush()
