# Perl workload for bench/run-suite.sh: generated log lines parsed with
# regular expressions, counted in hashes, rewritten with s///, sorted; the
# output is sorted so Perl's per-process hash seed cannot change it.
# usage: perl bench.pl [SCALE]
use strict;
use warnings;

my $scale = shift // 1;
my @verbs = qw(GET POST PUT DELETE HEAD);
my @paths = qw(/index.html /api/v1/users /api/v1/items /static/app.js /login /img/logo.png);

for my $round (1 .. $scale) {
    my $x = 42 + $round;
    my (%status, %path_bytes, %agent, $lines, $matched);
    for my $i (1 .. 60000) {
        $x = ($x * 1103515245 + 12345) % 2147483648;
        my $line = sprintf('10.%d.%d.%d - - [%02d/Mar/2024:%02d:%02d:%02d] "%s %s?id=%d HTTP/1.1" %d %d "agent-%s"',
            $x % 256, ($x >> 8) % 256, ($x >> 16) % 256, 1 + $x % 28, $x % 24, $x % 60, ($x >> 3) % 60,
            $verbs[$x % 5], $paths[($x >> 5) % 6], $x % 1000, (200, 301, 404, 500)[($x >> 7) % 4],
            $x % 50000, chr(97 + ($x >> 9) % 26) x (1 + $x % 5));
        $lines++;
        next unless $line =~ m{^(\d+)\.(\d+)\.\d+\.\d+ \S+ \S+ \[(\d+)/(\w+)/(\d+):([\d:]+)\] "(\w+) ([^"?]+)\?id=(\d+) [^"]*" (\d{3}) (\d+) "([^"]*)"$};
        $matched++;
        $status{$10}++;
        $path_bytes{"$7 $8"} += $11;
        (my $a = $12) =~ s/([a-z])\1+/$1/g;
        $agent{$a}++;
    }
    my $text = join ',', map { "$_=$path_bytes{$_}" } sort keys %path_bytes;
    (my $squeezed = $text) =~ s/(\d)(?=(\d{3})+(?!\d))/$1_/g;
    my $words = () = $squeezed =~ /\b[A-Z]+\b/g;
    print "round $round lines $lines matched $matched words $words\n";
    print join(' ', map { "$_:$status{$_}" } sort keys %status), "\n";
    print join(' ', map { "$_:$agent{$_}" } sort { $agent{$b} <=> $agent{$a} || $a cmp $b } keys %agent), "\n";
    print length($squeezed), ' ', substr($squeezed, 0, 80), "\n";
}
