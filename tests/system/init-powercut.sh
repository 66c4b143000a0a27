#!/bin/sh
# /init of the power-cut test (run-powercut.sh; mkinitramfs.sh --init): on
# the ext4 virtio disk, writes files and fsyncs them, then cuts the power
# (poweroff -n -f: no sync) while other writes are in flight. Prints ARX-PC-
# lines for the host to check; it must not write the synced files again.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "ARX-PC-BOOT cpus=$(grep -c ^processor /proc/cpuinfo)"

power_cut() {
	echo "ARX-PC-CUT $*"
	poweroff -n -f
}

for m in $(cat /lib/modules/order); do
	insmod /lib/modules/$m || echo "ARX-PC-INSMOD-FAILED $m"
done
i=0
while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
# commit=1: jbd2 commits every second, so the cut can fall inside one.
if ! mount -t ext4 -o commit=1 /dev/vda /mnt; then
	power_cut mount-failed
fi
if grep -q '^/dev/vda /mnt ext4 ro[,]' /proc/mounts; then
	echo "ARX-PC-MOUNTED-RO"
	# Each of these must fail on a read-only mount.
	n=0
	{ echo x >/mnt/new.txt; } 2>/dev/null && n=$((n + 1))
	rm -f /mnt/seed.txt 2>/dev/null && n=$((n + 1))
	mkdir /mnt/dir 2>/dev/null && n=$((n + 1))
	echo "ARX-PC-RO-WRITES-SUCCEEDED $n"
	power_cut read-only
fi
echo "ARX-PC-MOUNTED-RW"

# File k holds lines "synced k j" for j = 1..k*300 (the host makes the
# same with seq and sed); conv=fsync syncs each, sync the directory too.
mkdir /mnt/synced
names=
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
	seq 1 $((k * 300)) | sed "s/^/synced $k /" |
		dd of=/mnt/synced/f$k conv=fsync 2>/dev/null
	names="$names f$k"
done
sync
echo "ARX-PC-SYNCED$names"

# Write back dirty pages within 0.1 s, so the device is busy at the cut.
echo 10 >/proc/sys/vm/dirty_expire_centisecs
echo 10 >/proc/sys/vm/dirty_writeback_centisecs
mkdir /mnt/small
# big: truncated and written again and again, so blocks are freed and
# allocated in every journal transaction.
while :; do
	dd if=/dev/zero of=/mnt/big bs=64k count=300 2>/dev/null
done &
(
	j=0
	while :; do
		seq 1 50 >/mnt/small/s$j
		j=$((j + 1))
	done
) &
# Cut once 200 small files are written (or after 10 s).
i=0
while [ $i -lt 100 ]; do
	small=$(ls /mnt/small | wc -l)
	[ "$small" -ge 200 ] && break
	sleep 0.1
	i=$((i + 1))
done
power_cut "small=$small big=$(stat -c %s /mnt/big)"
