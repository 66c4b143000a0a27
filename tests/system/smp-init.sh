#!/bin/sh
# /smp-init on the parallel-build test's root disk (run-smp-build.sh): builds
# /smp-project with make -jN (N = online CPUs) in a tmpfs, prints the time,
# the sha256 of each object and of the program, its output, and powers off.
# The root stays read-only.
export PATH=/usr/bin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
n=$(grep -c ^processor /proc/cpuinfo)
echo "ARX-SMP-CPUS $n"
cp -r /smp-project /tmp/p
cd /tmp/p || poweroff -f
t0=$(cut -d' ' -f1 /proc/uptime)
if make -j"$n" CC=gcc-12 >/tmp/make.log 2>&1; then
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo "ARX-SMP-MAKE-OK $t0 $t1"
	sha256sum prog ./*.o | sed 's/^/ARX-SMP-SHA /'
	./prog | sed 's/^/ARX-SMP-RUN /'
else
	sed 's/^/ARX-SMP-MAKE-LOG /' /tmp/make.log
	echo "ARX-SMP-MAKE-FAILED"
fi
echo "ARX-SMP-DONE"
poweroff -f
