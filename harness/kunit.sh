#!/bin/bash
# kunit.sh [--exec] TREE BUILD_DIR KTAP: the library's KUnit suites run the
# way the kernel's own tests are run, with the KUnit tool in TREE:
#
#   ./tools/testing/kunit/kunit.py run --kunitconfig=fs/libpseudofs
#
# on UML, built in BUILD_DIR (outside TREE, so that TREE stays clean) with
# ccache, incrementally from the last run.  With --exec, BUILD_DIR is an
# x86_64 kernel already built with the suites (make check's patched-debug)
# and kunit.py exec boots it under QEMU instead: nothing is configured or
# built, which saves make check the UML build (445 s from a cold cache).
# Writes to KTAP the KTAP that
# kunit.py parsed (the KTAP lines of the console it kept in
# BUILD_DIR/test.log), and kunit.py's own output, with its parsed summary,
# beside it (KTAP with .log for .ktap).  Prints the time and the summary;
# exits with kunit.py's status.  The caller holds the build lock.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec_only=
[ "${1:-}" = --exec ] && { exec_only=1; shift; }
[ $# -eq 3 ] || { echo "usage: kunit.sh [--exec] TREE BUILD_DIR KTAP" >&2; exit 2; }
tree=$1 bdir=$2 ktap=$3
log=${ktap%.ktap}.log
mkdir -p "$bdir" "$(dirname "$ktap")"
rm -f "$bdir/test.log" "$ktap"
export CCACHE_DIR=${CCACHE_DIR:-$tree/../ccache}

start=$(date +%s)
cd "$tree" || exit 1
if [ -n "$exec_only" ]; then
	[ -f "$bdir/arch/x86/boot/bzImage" ] || { echo "kunit.sh: no kernel in $bdir" >&2; exit 1; }
	# kunit.py's QEMU asks for "-accel kvm -accel hvf -accel tcg": the
	# first that opens wins, and KVM on these machines can hang.  When
	# harness/kvm-probe.sh says tcg, kunit.py runs in a private mount
	# namespace where /dev/kvm is /dev/null, so QEMU falls back to TCG.
	accel=$("$here/kvm-probe.sh" "$bdir/arch/x86/boot/bzImage")
	nokvm=()
	[ "$accel" = kvm ] || [ ! -e /dev/kvm ] ||
		nokvm=(unshare -m sh -c 'mount --bind /dev/null /dev/kvm && exec "$@"' nokvm)
	how="exec on $(basename "$bdir") (x86_64, QEMU, $accel)"
	"${nokvm[@]}" ./tools/testing/kunit/kunit.py exec --arch=x86_64 --kunitconfig=fs/libpseudofs \
		--build_dir="$bdir" --timeout="${KUNIT_TIMEOUT:-900}" >"$log" 2>&1
else
	how="run (UML)"
	./tools/testing/kunit/kunit.py run --kunitconfig=fs/libpseudofs --build_dir="$bdir" \
		--make_options "CC=ccache gcc" --jobs="${JOBS:-$(nproc)}" --timeout="${KUNIT_TIMEOUT:-900}" \
		>"$log" 2>&1
fi
rc=$?
secs=$(( $(date +%s) - start ))
if [ -s "$bdir/test.log" ]; then
	./tools/testing/kunit/kunit.py parse --raw_output=kunit "$bdir/test.log" >"$ktap" 2>>"$log"
fi
# kunit.py's own tally, e.g. "Testing complete. Ran 84 tests: passed: 84"
summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E 'Testing complete|Ran [0-9]+ tests|ERROR|crashed' |
	sed 's/^\[[0-9:]*\] //' | tail -1)
elapsed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\[[0-9:]*\] Elapsed time:' | sed 's/^\[[0-9:]*\] //' | tail -1)
echo "# kunit.py $how --kunitconfig=fs/libpseudofs: ${secs}s, exit $rc" >>"$log"
echo "kunit.py $how: ${secs}s: ${summary:-no summary, see $log}${elapsed:+ ($elapsed)}"
[ -s "$ktap" ] || { echo "kunit.sh: no KTAP in $bdir/test.log (see $log)" >&2; tail -20 "$log" >&2; [ "$rc" -ne 0 ] || rc=1; }
exit $rc
