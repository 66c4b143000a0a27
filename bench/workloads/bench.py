# Python workload for bench/run-suite.sh: n-body floats, a task scheduler of
# small objects (method calls, attribute access), dict/str churn and a
# generator pipeline; deterministic output. usage: python3.11 bench.py [SCALE]
import sys

scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1


def nbody(steps):
    # Five bodies, plain floats: +, -, *, / and ** 0.5 only, so every IEEE
    # machine gets the same bits.
    bodies = [
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 39.47841760435743],
        [4.84, -1.16, -0.10, 0.606, 2.81, -0.02, 0.0377],
        [8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.0113],
        [12.89, -15.11, -0.22, 1.08, 0.868, -0.01, 0.0017],
        [15.37, -25.91, 0.179, 0.979, 0.594, -0.034, 0.0020],
    ]
    dt = 0.01
    pairs = [(bodies[i], bodies[j]) for i in range(5) for j in range(i + 1, 5)]
    for _ in range(steps):
        for a, b in pairs:
            dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * d2 ** 0.5)
            bm, am = b[6] * mag, a[6] * mag
            a[3] -= dx * bm; a[4] -= dy * bm; a[5] -= dz * bm
            b[3] += dx * am; b[4] += dy * am; b[5] += dz * am
        for b in bodies:
            b[0] += dt * b[3]; b[1] += dt * b[4]; b[2] += dt * b[5]
    energy = 0.0
    for i, a in enumerate(bodies):
        energy += 0.5 * a[6] * (a[3] ** 2 + a[4] ** 2 + a[5] ** 2)
        for b in bodies[i + 1:]:
            d = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5
            energy -= a[6] * b[6] / d
    return "%.9f" % energy


class Task:
    __slots__ = ("name", "priority", "work", "done", "waiting")

    def __init__(self, name, priority, work):
        self.name, self.priority, self.work = name, priority, work
        self.done, self.waiting = 0, []

    def step(self, scheduler):
        self.work -= 1
        self.done += 1
        if self.work % 7 == 0 and self.waiting:
            scheduler.wake(self.waiting.pop())
        return self.work > 0


class Scheduler:
    def __init__(self):
        self.ready, self.blocked, self.ticks = [], [], 0

    def add(self, task):
        self.ready.append(task)

    def wake(self, task):
        if task in self.blocked:
            self.blocked.remove(task)
            self.ready.append(task)

    def run(self):
        while self.ready:
            self.ready.sort(key=lambda t: (-t.priority, t.name))
            task = self.ready.pop(0)
            self.ticks += 1
            if task.step(self):
                if task.done % 5 == 0 and len(self.ready) > 1:
                    self.ready[-1].waiting.append(task)
                    self.blocked.append(task)
                else:
                    self.ready.append(task)
        return self.ticks, len(self.blocked)


def schedule(n):
    s = Scheduler()
    for i in range(n):
        s.add(Task("t%03d" % i, (i * 37) % 11, 50 + (i * 13) % 40))
    return s.run()


def words(n):
    counts = {}
    x = 7
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        w = "w" + format(x % 5000, "x")
        counts[w] = counts.get(w, 0) + 1
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    text = " ".join(k for k, _ in top)
    return len(counts), top[0][1], text.upper().replace("W", "-")


def pipeline(n):
    evens = (i * i for i in range(n) if i % 2 == 0)
    small = (v % 1009 for v in evens)
    return sum(v for v in small if v & 1)


for r in range(scale):
    print("nbody", nbody(20000 + r))
    print("schedule", schedule(150))
    print("words", words(150000))
    print("pipeline", pipeline(400000))
