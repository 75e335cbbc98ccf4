#!/bin/bash
# kernel-mutants.sh TREE OUT RESULTS INITRAMFS: the mutants a guest case
# must catch, where KUnit cannot (make mutants has those).  Each mutant is a
# sed expression applied to one file of TREE at its tag patched, under the
# build lock; the patched kernel is built from it in OUT/NAME (seeded from
# OUT/patched: only what the file reaches is rebuilt), the file is put back,
# and the kernel boots with the one guest case named (run_only=); the
# mutant is caught when that case is not ok.  Writes
# RESULTS/kernel-mutants.ktap ("ok N NAME # caught by SUITE.CASE"); each
# boot's results stay in RESULTS/kernel-mutants/NAME/.  Exit status 0 if
# every mutant was caught.
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: kernel-mutants.sh TREE OUT RESULTS INITRAMFS" >&2; exit 2; }
tree=$(readlink -f "$1") out=$(readlink -f "$2") res=$(readlink -m "$3") initrd=$(readlink -f "$4")
H=$(dirname "$(readlink -f "$0")")
lock=${KBUILD_LOCK:-/tmp/kbuild.lock}
[ -s "$out/patched/vmlinux" ] || { echo "kernel-mutants: no patched kernel in $out/patched" >&2; exit 1; }

# NAME|FILE|SED|SUITE|CASE|WHAT
MUTANTS=(
	# securityfs (0x73636673, SECURITYFS_MAGIC) drains nothing: before,
	# t_remove_while_inside could not tell this from the library:
	# the debugfs removal ran first and its release woke securityfs's calls
	"securityfs_no_drain|fs/libpseudofs/file.c|s/^\t\tpseudofs_drain_one(users);/\t\tif (users->dentry->d_sb->s_magic != 0x73636673)\n\t\t\tpseudofs_drain_one(users);/|stress|remove_while_inside|a removal waits for none of securityfs's users"
)

mkdir -p "$res/kernel-mutants"
ktap=$res/kernel-mutants.ktap
{ echo "KTAP version 1"; echo "1..${#MUTANTS[@]}"; } >"$ktap"
n=0 caught=0
for m in "${MUTANTS[@]}"; do
	IFS='|' read -r name file expr suite case what <<<"$m"
	n=$((n + 1))
	kout=$out/mutant-$name
	rm -rf "$kout" && mkdir -p "$kout" && cp "$out/patched/.config" "$kout/.config"
	# the mutant in, the build, the file back: all under the lock
	RESULTS= "$H/kbuild.sh" "$tree" patched -- bash -c '
		sed -i "$2" "$1/$3" && ! git -C "$1" diff --quiet -- "$3" ||
			{ echo "kernel-mutants: $4 does not apply to $3" >&2; exit 1; }
		git -C "$1" diff -- "$3" | grep "^[-+][^-+]"
		KBUILD_LOCK=/dev/null KBUILD_SEED="$6" RESULTS= "$7/kbuild.sh" "$1" patched "$5" >/dev/null
		rc=$?
		git -C "$1" checkout -q -- "$3"
		exit $rc' _ "$tree" "$expr" "$file" "$name" "$kout" "$out/patched" "$H"
	built=$?
	mres=$res/kernel-mutants/$name
	rm -rf "$mres"
	if [ $built -ne 0 ]; then
		echo "not ok $n $name # the mutant did not build" >>"$ktap"
		continue
	fi
	BOOT_APPEND="run_only=$case" "$H/boot.sh" "mutant-$name" "$kout/arch/x86/boot/bzImage" "$initrd" \
		"$mres" "$suite" 900 >/dev/null 2>&1
	line=$(grep -E "^(not )?ok [0-9]+ $case( |$)" "$mres/$suite-mutant-$name.ktap" 2>/dev/null)
	case $line in
	"not ok "*) caught=$((caught + 1)); echo "ok $n $name # caught by $suite.$case: $what" ;;
	"ok "*) echo "not ok $n $name # $suite.$case passed: $what goes unseen" ;;
	*) echo "not ok $n $name # $suite.$case did not run (see $mres)" ;;
	esac >>"$ktap"
	grep -E "^# " "$mres/$suite-mutant-$name.ktap" 2>/dev/null | grep -v "SKIP\|^# END\|^# Totals" | head -5 >>"$ktap"
done
cat "$ktap"
echo "$caught passed, $((n - caught)) failed"
[ $caught -eq $n ]
