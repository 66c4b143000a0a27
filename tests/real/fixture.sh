# Fixture for run-real-tests.sh (sourced, not run): make_fixture DIR writes
# the files every case starts from, with fixed contents, modes and times.
# Derived files (compressed data, a .deb) come from the host's tools, so
# the guest's output is compared with them; nothing here runs under arx.

# shellcheck shell=bash
make_fixture() {
	local d=$1
	mkdir -p "$d/docs/deep/er" "$d/docs/empty" "$d/pkg/DEBIAN" \
		"$d/pkg/usr/share/doc/hello"
	printf '%s\n' 10 2 33 -4 5.5 100 7 2 0 -12 99 42 8 3 >"$d/nums.txt"
	printf '%s\n' pear apple fig apple kiwi banana fig cherry apple date \
		Apple zebra kiwi >"$d/words.txt"
	sort "$d/words.txt" >"$d/sorted.txt"
	printf '%s\n' 'apple 3 0.50' 'banana 12 0.25' 'cherry 7 2.00' \
		'date 12 1.10' 'fig 1 0.75' >"$d/table.txt"
	printf '%s\n' 'a 1' 'b 2' 'c 3' 'e 5' >"$d/left.txt"
	printf '%s\n' 'a x' 'c y' 'd z' 'e w' >"$d/right.txt"
	printf 'fixed contents\n' >"$d/fixed.txt"
	chmod 640 "$d/fixed.txt"
	echo deep >"$d/docs/deep/er/leaf.txt"
	echo top >"$d/docs/readme"
	# ~1 MB, compressible but not trivially: a fixed pseudo-random text.
	awk 'BEGIN {
		x = 12345
		for (i = 0; i < 70000; i++) {
			x = (x * 1103 + 12345) % 1048576
			printf "%07d %s\n", x, substr("the quick brown fox jumps over", x % 23 + 1, x % 7 + 1)
		}
	}' >"$d/data.bin"
	xz -6 -c "$d/data.bin" >"$d/data.xz"
	gzip -6 -n -c "$d/data.bin" >"$d/data.gz"
	# Four blocks, each with its sizes in the header: xz -T2 -d decodes
	# them in two threads.
	xz -T2 --block-size=256KiB -c "$d/data.bin" >"$d/data-mt.xz"

	cat >"$d/script.sh" <<'EOF'
# bash: functions, loops, arrays, subshells, substitution, here-docs, case
fib() { local n=$1; if [ "$n" -lt 2 ]; then echo "$n"; else echo $(( $(fib $((n - 1))) + $(fib $((n - 2))) )); fi; }
echo "fib 15 = $(fib 15)"
declare -A count
while read -r w; do count[$w]=$(( ${count[$w]:-0} + 1 )); done < words.txt
for k in $(printf '%s\n' "${!count[@]}" | LC_ALL=C sort); do printf '%s=%d ' "$k" "${count[$k]}"; done; echo
arr=(one two three); arr+=(four); echo "${#arr[@]} ${arr[2]} ${arr[@]:1:2} ${arr[*]^^}"
s="Hello, World"; echo "${s,,} ${s/World/arx} ${#s} ${s:7} ${s%%,*}"
(cd docs && echo "in $(basename "$PWD")"; exit 7); echo "subshell said $?"
i=0; until [ $i -ge 5 ]; do i=$((i + 1)); [ $i -eq 3 ] && continue; printf '%d ' $i; done; echo
for f in docs/*; do case $f in *readme) echo "readme: $(cat "$f")" ;; *) echo "other: $f" ;; esac; done
cat <<END | while read -r a b; do echo "$b-$a"; done
x 1
y 2
END
printf -v pad '%08.3f' 3.14159; echo "$pad"
trap 'echo trapped EXIT' EXIT
set -- a b c; shift; echo "$# $*"
echo $(( 2 ** 62 )) $(( 0x7fffffffffffffff + 1 ))
exit 3
EOF

	cat >"$d/query.sql" <<'EOF'
create table fruit(id integer primary key, name text, price real);
create table sale(fruit_id integer, qty integer, day text);
insert into fruit(name, price) values ('apple', 0.5), ('banana', 0.25),
  ('cherry', 2.0), ('date', 1.1), ('fig', 0.75);
insert into sale values (1, 3, '2020-01-01'), (2, 12, '2020-01-01'),
  (1, 4, '2020-01-02'), (3, 7, '2020-01-02'), (5, 1, '2020-01-03'),
  (4, 12, '2020-01-03'), (1, 1, '2020-01-03');
with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
  insert into sale select 1 + i % 5, i % 13, date('2020-02-01', '+' || (i % 28) || ' days') from n;
create index sale_day on sale(day);
select f.name, sum(s.qty), printf('%.2f', sum(s.qty * f.price)), count(*)
  from fruit f join sale s on s.fruit_id = f.id group by f.id order by 3 desc;
select day, total(qty) from sale group by day having total(qty) > 40 order by day limit 5;
select printf('%.6f|%10.3e|%g', avg(price), max(price) * 1e9, min(price) / 3) from fruit;
select name from fruit where name like '%a%' order by length(name), name;
select group_concat(name, ',') from (select name from fruit order by name desc);
select strftime('%Y-%m-%d %w %j', '2021-03-04'), julianday('2000-01-01');
select typeof(1), typeof(1.0), typeof('x'), typeof(null), 1 / 0, 7 % 3, -7 / 2;
begin; update fruit set price = price * 2 where id > 3; rollback;
select sum(price) from fruit;
select count(*) from sale where fruit_id not in (select id from fruit);
EOF

	cat >"$d/script.lua" <<'EOF'
-- lua: strings, tables, closures, coroutines, math, formatting
local s = "The quick brown fox"
print(s:upper(), s:len(), s:sub(5, 9), s:rep(2, "|"), s:reverse())
print(s:find("brown"), s:match("(%a+) fox"), (s:gsub("o", "0")))
for w in s:gmatch("%a+") do io.write(w:byte(1), " ") end print()
local t = {}
for i = 1, 20 do t[#t + 1] = (i * 7919) % 101 end
table.sort(t, function(a, b) return a > b end)
print(table.concat(t, ","), #t, select("#", table.unpack(t)))
local function counter() local n = 0 return function() n = n + 1 return n end end
local c1, c2 = counter(), counter()
c1() c1()
print(c1(), c2())
local co = coroutine.create(function(a, b)
  local x = coroutine.yield(a + b)
  local y = coroutine.yield(x * 2)
  return x + y, "done"
end)
print(coroutine.resume(co, 1, 2)) print(coroutine.resume(co, 10))
print(coroutine.resume(co, 5)) print(coroutine.status(co), coroutine.resume(co))
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i * i) end end)
print(gen(), gen(), gen())
print(math.pi, math.sqrt(2), math.floor(-3.5), math.ceil(-3.5), math.fmod(7, -3))
print(math.maxinteger, math.mininteger, math.maxinteger + 1 == math.mininteger)
print(7 // 2, -7 // 2, 7 % -3, 2^10, 10 / 4, 3 | 5, 3 ~ 5, 1 << 62, math.type(1), math.type(1.0))
print(string.format("%.3f %10.4e %g %g %a %5.1f%%", 1/3, 123456.789, 1e20, 0.1, 1.0, 99.44))
print(string.format("%q %d %x %5s %-5s|", "a\nb\"c", 42, 255, "ab", "cd"))
print(tostring(1e15), tostring(1e16), 2^53, 0.1 + 0.2, -0.0, 1/0, -1/0)
print(tonumber("0x10"), tonumber("  12  "), tonumber("1e2"), tonumber("z", 36))
local ok, err = pcall(function() error({code = 7}) end)
print(ok, type(err), err.code)
print(pcall(error, "msg", 0))
local mt = setmetatable({}, {__index = function(_, k) return k * 2 end,
  __add = function(a, b) return "added" end})
print(mt[21], mt + mt)
local keys = {}
for k in pairs({x = 1, y = 2, z = 3}) do keys[#keys + 1] = k end
table.sort(keys) print(table.concat(keys))
local sum = 0
for i = 1, 200000 do sum = sum + i % 7 * 1.5 end
print(sum, utf8.char(72, 228, 8364), utf8.len("häll€"))
os.exit(4)
EOF

	cat >"$d/script.py" <<'EOF'
# python: ints, floats, dicts, json, re, struct, hashlib, decimal
import json, re, struct, hashlib, decimal, math, fractions, collections, sys
print(2 ** 200, 3 ** 100 % 1000000007, -(7 ** 30) // 13, pow(3, 10 ** 6, 10 ** 9 + 7))
print(math.factorial(40), int("ff" * 20, 16), bin(12345), (1 << 100) >> 37)
print(0.1 + 0.2, 1e308 * 10, 2.0 ** -1074, float("nan") != float("nan"), 1 / 3)
print(repr(math.pi), f"{math.e:.15f} {1e-5:g} {123456789.123:,.2f} {255:#x}", round(2.675, 2))
print(math.sqrt(2), math.sin(1.0), math.exp(10), math.log(1e10), math.atan2(1, -1))
print(divmod(-17, 5), divmod(17.5, -4), float.hex(0.1), (0.1).as_integer_ratio())
d = {"b": [1, 2.5, None], "a": {"x": True, "y": "\u00e9\u20ac"}, "c": 2 ** 70}
s = json.dumps(d, sort_keys=True)
print(s, json.loads(s) == d, json.dumps(d, indent=1, ensure_ascii=False)[:40])
counts = collections.Counter("the quick brown fox jumps over the lazy dog".split())
print(sorted(counts.items()), {k: len(k) for k in sorted(counts)})
text = "2020-01-02 alice=10; 2021-11-30 bob=-3; 1999-12-31 carol=42"
print(re.findall(r"(\d{4})-(\d\d)-(\d\d) (\w+)=(-?\d+)", text))
print(re.sub(r"(\w+)=(-?\d+)", lambda m: f"{m[1].upper()}:{int(m[2]) * 2}", text))
print(re.split(r"[;\s]+", text), bool(re.fullmatch(r"[a-z]+", "abc")))
packed = struct.pack("<IhqdB3s", 0xdeadbeef, -2, -(2 ** 60), 1.5, 255, b"abc")
print(packed.hex(), struct.unpack("<IhqdB3s", packed), struct.calcsize("@iqh"))
print(struct.unpack(">f", struct.pack(">f", 0.1)), struct.pack("!H", 513))
data = open("data.bin", "rb").read()
print(len(data), hashlib.sha256(data).hexdigest(), hashlib.md5(data).hexdigest())
print(hashlib.sha1(b"abc").hexdigest(), hashlib.sha512(b"").hexdigest()[:32])
decimal.getcontext().prec = 50
D = decimal.Decimal
print(D(1) / D(7), D("0.1") + D("0.2"), D(2).sqrt(), D("1.005").quantize(D("0.01")))
print(fractions.Fraction(3, 7) + fractions.Fraction(1, 6), sum(i * i for i in range(10 ** 5)))
words = sorted(set(open("words.txt").read().split()), key=lambda w: (-len(w), w))
print(words, sys.byteorder, sys.maxsize in (2 ** 63 - 1, 2 ** 31 - 1))
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e)
sys.exit(6)
EOF

	# Java: monitors, a ConcurrentHashMap and eight threads; the result
	# does not depend on the schedule.
	cat >"$d/Threads.java" <<'EOF'
import java.util.concurrent.ConcurrentHashMap;

public class Threads {
    static long counter;
    static final Object lock = new Object();

    public static void main(String[] args) throws Exception {
        final int threads = 8, iters = 20000;
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < iters; k++) {
                    synchronized (lock) { counter++; }
                    map.merge(k % 100, 1, Integer::sum);
                    map.putIfAbsent(1000 + id * iters + k, k);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        long sum = 0;
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int k : map.keySet()) {
            if (k < 1000) {
                sum += map.get(k);
                lo = Math.min(lo, k);
                hi = Math.max(hi, k);
            }
        }
        System.out.println("counter=" + counter + " buckets=" + sum + " size="
                           + map.size() + " keys=" + lo + ".." + hi);
    }
}
EOF
	# A class for Java 17 when the host has a javac that can make one.
	if command -v javac >/dev/null 2>&1; then
		javac --release 17 -d "$d" "$d/Threads.java" >/dev/null 2>&1 ||
			rm -f "$d/Threads.class"
	fi

	# Ruby: every require realpaths the file; threads, a queue, fibers.
	cat >"$d/script.rb" <<'EOF'
require "json"
require "set"
require "digest"
puts File.realpath("/usr/lib"), File.realpath("/lib/.."), File.directory?("/var")
puts File.symlink?("/usr"), Dir.pwd == File.realpath(".")
q = Queue.new
m = Mutex.new
total = 0
ts = 4.times.map do |i|
  Thread.new { 1000.times { |k| q << i * k; m.synchronize { total += 1 } } }
end
ts.each(&:join)
s = 0
s += q.pop until q.empty?
puts "#{s} #{total}"
f = Fiber.new { |x| y = Fiber.yield(x * 2); y + 1 }
puts [f.resume(20), f.resume(5)].inspect
puts JSON.generate({ "a" => [1, 2.5, nil], "b" => { "c" => "\u00e9" } })
puts Set[3, 1, 2, 3].sort.inspect, Digest::SHA256.hexdigest("abc")[0, 16]
puts (2**100).to_s, 10.0 / 3, [3, 1, 2].sort_by { -_1 }.inspect
EOF
	cat >"$d/ruby.want" <<'EOF'
/usr/lib
/usr
true
false
true
2997000 4000
[40, 6]
{"a":[1,2.5,null],"b":{"c":"é"}}
[1, 2, 3]
ba7816bf8f01cfea
1267650600228229401496703205376
3.3333333333333335
[3, 2, 1]
EOF

	cat >"$d/pkg/DEBIAN/control" <<'EOF'
Package: hello
Version: 1.0-1
Architecture: all
Maintainer: arx tests <arx@example.invalid>
Description: tiny package for the arx real-program tests
 It holds one file.
EOF
	printf 'hello from a tiny package\n' >"$d/pkg/usr/share/doc/hello/README"
	chmod -R go-w "$d/pkg"
	find "$d" -exec touch -h -d '2020-06-01 12:00:00 UTC' {} +
	touch -d '2020-01-02 03:04:05 UTC' "$d/fixed.txt"
	SOURCE_DATE_EPOCH=1577836800 dpkg-deb --root-owner-group -Zxz \
		--build "$d/pkg" "$d/hello-host.deb" >/dev/null
	touch -h -d '2020-06-01 12:00:00 UTC' "$d/hello-host.deb"
}
