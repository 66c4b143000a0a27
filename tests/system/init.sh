#!/bin/sh
# /init of the arx-system boot test's initramfs (tests/system/mkinitramfs.sh).
# Every step prints one line starting ARX- for the test to grep; the last
# is ARX-POWEROFF, then the machine powers off.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "ARX-BOOT-OK"
echo "ARX-UNAME $(uname -m)"
head -n 3 /proc/cpuinfo | sed 's/^/ARX-CPUINFO /'

# Shell arithmetic in a loop: the same number on every machine.
i=0 s=1
while [ $i -lt 2000 ]; do
	s=$(((s * 31 + i) % 1000003))
	i=$((i + 1))
done
echo "ARX-LOOP $s"

/bin/checksum

# Debian's kernel has virtio-mmio, virtio-blk and ext4 as modules.
n=0
if [ -f /lib/modules/order ]; then
	for m in $(cat /lib/modules/order); do
		insmod /lib/modules/$m && n=$((n + 1))
	done
fi
echo "ARX-MODULES $n"

# The disk appears once virtio-blk has probed it: wait up to 5 s.
i=0
while [ ! -b /dev/vda ] && [ -e /sys/bus/virtio ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -b /dev/vda ] && mount -t ext4 /dev/vda /mnt; then
	echo "ARX-DISK-READ $(cat /mnt/hello.txt)"
	echo "written by arx-system's boot test" >/mnt/arx-test.txt
	sync
	umount /mnt && echo "ARX-DISK-WRITTEN"
else
	echo "ARX-DISK-NONE"
fi
echo "ARX-POWEROFF"
poweroff -f
