#!/bin/sh
# /init of an initramfs that only mounts the real root (mkinitramfs.sh
# --init): loads the virtio and ext4 modules Debian's kernel lacks, mounts
# root= (default /dev/vda) read-only and switch_root's into its init=
# (default /sbin/init). Runs nothing of the test itself.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
root=/dev/vda
init=/sbin/init
for arg in $(cat /proc/cmdline); do
	case $arg in
	root=*) root=${arg#root=} ;;
	init=*) init=${arg#init=} ;;
	esac
done
for m in $(cat /lib/modules/order); do
	insmod /lib/modules/$m || echo "ARX-ROOT-INSMOD-FAILED $m"
done
i=0
while [ ! -b "$root" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
mkdir -p /newroot
if ! mount -t ext4 -o ro "$root" /newroot; then
	echo "ARX-ROOT-MOUNT-FAILED $root"
	poweroff -f
fi
umount /proc /sys /dev
exec switch_root /newroot "$init"
