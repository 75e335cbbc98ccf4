#!/bin/bash
# bench-profile.sh STOCK_DIR PATCHED_DIR INITRAMFS RESULTS [MAX_N]
# Boot the stock and the patched kernel (their build directories, with
# vmlinux) once each with QEMU counting instructions and the plugin
# harness/qemu-profile.c, the in-kernel benchmark on (pseudofs_bench=MAX_N,
# default 100) and the bench suite, KUnit and the samples off as in
# bench.sh; then harness/bench_profile.py writes
# RESULTS/profile/profile.txt: every timed figure of the benchmark and
# every benchloop figure of the suite, stock beside patched, broken down
# into the functions that ran in the round the figure is.
set -uo pipefail
stock=$1 patched=$2 initrd=$3 results=$4 max=${5:-100}
here=$(cd "$(dirname "$0")" && pwd)
dir=$results/profile
rm -rf "$dir" && mkdir -p "$dir"
start=$(date +%s)
gcc -O2 -Wall -shared -fPIC -fvisibility=hidden -o "$dir/qemu-profile.so" \
	"$here/qemu-profile.c" || exit 1
status=0
for k in stock patched; do
	kdir=$stock
	[ $k = patched ] && kdir=$patched
	marker=$(nm "$kdir/vmlinux" | awk '
		$3 == "bench_cycles" { b = $1 } $3 == "__x64_sys_personality" { p = $1 }
		END { if (b && p) print b ":" p }')
	if [ -z "$marker" ]; then
		echo "bench-profile: no bench_cycles or personality(2) in $kdir/vmlinux (make tree)" >&2
		exit 1
	fi
	BOOT_STALL=${BENCH_TIMEOUT:-900} \
	BOOT_QEMU_ARGS="-icount shift=0,sleep=off -plugin $dir/qemu-profile.so,marker=$marker,out=$dir/spans-$k.txt" \
	BOOT_APPEND="pseudofs_bench=$max kunit.enable=0 initcall_blacklist=samplefs_init,tallyfs_init" \
		"$here/boot.sh" "profile-$k" "$kdir/arch/x86/boot/bzImage" "$initrd" "$dir" bench \
		"${BENCH_TIMEOUT:-900}" || status=1
done
/usr/bin/python3 "$here/bench_profile.py" "$dir" "$stock/vmlinux" "$patched/vmlinux" \
	>"$dir/profile.txt" || status=1
cat "$dir/profile.txt"
echo "bench-profile: $(( $(date +%s) - start ))s"
exit $status
