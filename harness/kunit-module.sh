#!/bin/bash
# kunit-module.sh TREE KDIR OUT: the library's KUnit suites built as
# modules (CONFIG_LIBPSEUDOFS_KUNIT_TEST=m) against the kernel built in
# KDIR, for the guest suite kunitmod to load with insmod.
#
# make check's kernels build the suites in (KUnit runs them at boot, and
# kunitfault runs libpseudofs_fault again from KUnit's debugfs), so the
# modules are built the way an out-of-tree module is, with M=: the test
# sources of TREE/fs/libpseudofs/tests and the library's internal.h they
# include are copied to OUT/src, beside a Kbuild that makes each file a
# module, as fs/libpseudofs/Makefile does with =m.  The modules land in
# OUT/src/tests/*.ko.  The caller holds the build lock with TREE at the
# revision KDIR was built from (make kunit-modules).
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: kunit-module.sh TREE KDIR OUT" >&2; exit 2; }
tree=$1 kdir=$(realpath "$2") out=$3
[ -s "$kdir/Module.symvers" ] || { echo "kunit-module.sh: no built kernel with modules in $kdir" >&2; exit 1; }
grep -q '^CONFIG_KUNIT=y' "$kdir/.config" ||
	{ echo "kunit-module.sh: $kdir/.config has no CONFIG_KUNIT=y" >&2; exit 1; }
export CCACHE_DIR=${CCACHE_DIR:-$tree/../ccache}
start=$(date +%s)
rm -rf "$out/src"
mkdir -p "$out/src/tests"
src=$(realpath "$out/src")
cp "$tree"/fs/libpseudofs/tests/*.[ch] "$src/tests/"
cp "$tree/fs/libpseudofs/internal.h" "$src/"
# the objects fs/libpseudofs/Makefile lists for the tests, as modules
objs=$(sed -n '/^obj-$(CONFIG_LIBPSEUDOFS_KUNIT_TEST)/,/^$/p' "$tree/fs/libpseudofs/Makefile" |
	grep -o 'tests/[a-z_]*\.o' | sed 's|^tests/||' | tr '\n' ' ')
[ -n "$objs" ] || { echo "kunit-module.sh: no test objects in $tree/fs/libpseudofs/Makefile" >&2; exit 1; }
echo "obj-m += $objs" >"$src/tests/Kbuild"
make -s -C "$tree" O="$kdir" ARCH=x86_64 CC="ccache gcc" M="$src/tests" -j"${JOBS:-$(nproc)}" modules
rc=$?
n=$(ls "$src"/tests/*.ko 2>/dev/null | wc -l)
echo "kunit-module.sh: $n modules ($objs) against $(basename "$kdir") in $(( $(date +%s) - start ))s, exit $rc"
[ $rc -eq 0 ] && [ "$n" -eq "$(echo $objs | wc -w)" ]
