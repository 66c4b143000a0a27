# Ruby workload for bench/real/run-real.sh: objects and blocks, hashes,
# strings and a little integer math; prints checksums only.
Point = Struct.new(:x, :y, :tag)

seed = 12345
points = Array.new(60_000) do
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  Point.new(seed % 1000, (seed >> 10) % 1000, "p#{seed % 97}")
end
points.sort_by! { |p| [p.x, p.y, p.tag] }
by_tag = Hash.new(0)
points.each { |p| by_tag[p.tag] += p.x * 3 + p.y }
h = by_tag.keys.sort.reduce(0) { |acc, k| (acc * 31 + by_tag[k] + k.size) % 1_000_000_007 }
puts "objects #{h}"

words = (0...60_000).map { |i| "#{i.to_s(36)}-#{((i * 7919) % 1013).to_s(16)}" }
text = words.join(" ")
matches = text.scan(/\b[a-f]+-[0-9]+\b/).size
counts = Hash.new(0)
text.each_char { |c| counts[c] += 1 }
puts "strings #{matches} #{counts.size} #{counts['a']} #{text.sum}"

sieve = Array.new(300_000, true)
primes = 0
(2...300_000).each do |i|
  next unless sieve[i]
  primes += 1
  (i * i).step(299_999, i) { |j| sieve[j] = false }
end
puts "primes #{primes} #{(2**200 + 12345).to_s.size} #{(1..300).reduce(:*) % 1_000_003}"
