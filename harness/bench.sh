#!/bin/bash
# bench.sh STOCK_BZIMAGE PATCHED_BZIMAGE INITRAMFS RESULTS [ROUNDS] [MAX_N]
# Boot the stock and the patched kernel alternately, ROUNDS times each
# (default 3), one at a time, each with the in-kernel benchmark on
# (pseudofs_bench=MAX_N, default 10000) and the bench guest suite in full,
# and KUnit and the sample filesystems off on both (kunit.enable=0 and
# initcall_blacklist=: only the patched kernel has the library's suites,
# whose logs would count in its slab after boot, and samplefs and tallyfs,
# whose registration and samplefs's superblock and entries would: about
# 20 KB; on stock the blacklist names nothing);
# then harness/bench.py writes RESULTS/bench.txt and RESULTS/bench.png from
# the consoles (RESULTS/bench/console-bench-KERNEL-ROUND.log).
# With BENCH_ICOUNT=1 QEMU counts instructions (-icount shift=0): the
# guest's TSC then advances by one per instruction executed, so that every
# figure is the guest's instruction count, the same from boot to boot,
# without the host's load nor TCG's cost of emulating them.
set -uo pipefail
BENCH_OFF="kunit.enable=0 initcall_blacklist=samplefs_init,tallyfs_init"
if [ "${BENCH_ICOUNT:-0}" = 1 ]; then
	export BOOT_QEMU_ARGS="-icount shift=0,sleep=off"
fi
# The bench suite has no minute line from init (boot.sh's stall watchdog) and
# the boot-time bench prints only at its end: no stall limit but the timeout.
export BOOT_STALL=${BOOT_STALL:-${BENCH_TIMEOUT:-900}}
stock=$1 patched=$2 initrd=$3 results=$4 rounds=${5:-3} max=${6:-10000}
here=$(cd "$(dirname "$0")" && pwd)
dir=$results/bench
rm -rf "$dir" && mkdir -p "$dir"
start=$(date +%s)
status=0
for r in $(seq 1 "$rounds"); do
	for k in stock patched; do
		img=$stock
		[ $k = patched ] && img=$patched
		BOOT_APPEND="pseudofs_bench=$max bench_full=1 $BENCH_OFF" \
			"$here/boot.sh" "bench-$k-$r" "$img" "$initrd" "$dir" bench "${BENCH_TIMEOUT:-900}" || status=1
	done
done
# Debian's python3 (with python3-matplotlib), not one a PATH shim may put first.
py=/usr/bin/python3
[ -x $py ] || py=python3
$py "$here/bench.py" "$dir" "$results" || status=1
echo "bench: $rounds rounds of each kernel in $(( $(date +%s) - start ))s"
exit $status
