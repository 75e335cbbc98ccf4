#!/bin/bash
# kvm-probe.sh BZIMAGE: print "kvm" if a short KVM boot of BZIMAGE reaches the
# kernel's first messages within a few seconds, else "tcg".  KVM on these
# machines can hang, so it is only used when this probe shows it works.
# The answer is cached per boot of the host in /tmp; PSEUDOFS_ACCEL overrides.
[ -n "${PSEUDOFS_ACCEL:-}" ] && { echo "$PSEUDOFS_ACCEL"; exit 0; }
cache=/tmp/pseudofs-kvm-probe.$(cut -d' ' -f1 /proc/sys/kernel/random/boot_id 2>/dev/null)
[ -s "$cache" ] && { cat "$cache"; exit 0; }
# Two boots may start at once: one probes, the other waits for its answer.
exec 9>>"$cache.lock"
flock 9
[ -s "$cache" ] && { cat "$cache"; exit 0; }
accel=tcg
if [ -w /dev/kvm ]; then
	log=$(mktemp)
	timeout -k 2 8 qemu-system-x86_64 -accel kvm -cpu host -m 256M -nodefaults -no-reboot \
		-display none -serial "file:$log" -kernel "$1" \
		-append "console=ttyS0 panic=-1" </dev/null >/dev/null 2>&1
	grep -q 'Kernel panic\|Linux version' "$log" && accel=kvm
	rm -f "$log"
fi
echo $accel >"$cache.tmp" && mv "$cache.tmp" "$cache"
echo $accel
