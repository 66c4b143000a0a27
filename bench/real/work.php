<?php
// PHP workload for bench/real/run-real.sh: arrays, strings, regexes,
// objects and integer math; prints checksums only.
final class Point {
    public function __construct(public int $x, public int $y, public string $tag) {}
}

$seed = 12345;
$points = [];
for ($i = 0; $i < 120000; $i++) {
    $seed = ($seed * 1103515245 + 12345) % 2147483648;
    $points[] = new Point($seed % 1000, ($seed >> 10) % 1000, "p" . ($seed % 97));
}
usort($points, fn($a, $b) => [$a->x, $a->y, $a->tag] <=> [$b->x, $b->y, $b->tag]);
$byTag = [];
foreach ($points as $p) {
    $byTag[$p->tag] = ($byTag[$p->tag] ?? 0) + $p->x * 3 + $p->y;
}
ksort($byTag);
$h = 0;
foreach ($byTag as $k => $v) {
    $h = ($h * 31 + $v + strlen($k)) % 1000000007;
}
echo "objects $h\n";

$words = [];
for ($i = 0; $i < 120000; $i++) {
    $words[] = base_convert((string)$i, 10, 36) . "-" . dechex(($i * 7919) % 1013);
}
$text = implode(" ", $words);
$matches = preg_match_all('/\b[a-f]+-[0-9]+\b/', $text);
$counts = count_chars($text, 1);
echo "strings $matches " . count($counts) . " " . md5($text) . " " . crc32($text) . "\n";

$sieve = array_fill(0, 600000, true);
$primes = 0;
for ($i = 2; $i < 600000; $i++) {
    if (!$sieve[$i]) continue;
    $primes++;
    for ($j = $i * $i; $j < 600000; $j += $i) $sieve[$j] = false;
}
echo "primes $primes\n";
