#!/bin/bash
# report-selftest.sh RESULTS_DIR: show each check of harness/report.py
# failing.  RESULTS_DIR (make check's build/results) is copied to a
# temporary folder and never changed.  report.py runs first on the untouched
# copy (its exit status and failures said as "# " lines), then once per
# mutation, each on a fresh copy with one defect put in: it must exit
# non-zero AND print, among its FAILURES, a line it did not print for the
# untouched copy that matches the mutation's phrase (grep -E), the failure
# that names that defect.  Prints KTAP, a line per mutation:
#   ok N NAME # caught: THE FAILURE LINE
#   not ok N NAME # ...
# and ends with the plain line "N passed, N failed"; exits 1 if a mutation
# was not caught (or could not be put in: the folder lacks what it changes).
#
# To add a mutation: write mut_NAME DIR, which changes the files of the copy
# in DIR (its stdout becomes "# " lines, it returns non-zero when it cannot
# apply), and register it below with: mutation NAME 'PHRASE'.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: report-selftest.sh RESULTS_DIR" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/report-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# every failure printed, not the first 80 only
export REPORT_ALL_FAILURES=1

# fresh DIR: a copy of the results in DIR
fresh() { rm -rf "$1" && cp -a "$src" "$1"; }
# report DIR OUT: report.py on DIR, all its output in OUT; its exit status
report() { python3 "$here/report.py" "$1" >"$2" 2>&1; }
# failures OUT DIR: the lines of report.py's FAILURES table, the copy's
# folder DIR said as RESULTS_DIR (some name a file by its path)
failures() { sed -n '/^== FAILURES$/,/^$/p' "$1" | sed -n 's/^  //p' | sed "s|$2|RESULTS_DIR|g"; }
# tally OUT: report.py's last line (N passed, N failed, N skipped)
tally() { tail -1 "$1"; }

# --- helpers for the mutations -------------------------------------------------
# need FILE...: each exists, or say which does not and fail
need() {
	local f
	for f in "$@"; do
		[ -f "$f" ] || { echo "no ${f##*/} in the results"; return 1; }
	done
}
# top_results FILE: the number of top-level results of a KTAP file
top_results() { grep -cE '^(not )?ok [0-9]+ ' "$1"; }
# suite_block FILE SUITE: "FIRST LAST", the lines of SUITE in a KUnit file,
# from its "    KTAP version 1" (or "    # Subtest:") to its top-level result
suite_block() {
	local first last
	first=$(grep -n "^    # Subtest: $2\$" "$1" | head -1 | cut -d: -f1)
	last=$(grep -nE "^(not )?ok [0-9]+ $2( |\$)" "$1" | head -1 | cut -d: -f1)
	[ -n "$first" ] && [ -n "$last" ] && [ "$first" -lt "$last" ] || return 1
	[ "$(sed -n "$((first - 1))p" "$1")" = "    KTAP version 1" ] && first=$((first - 1))
	echo "$first $last"
}
# kunit_suite FILE: the first of the library's suites that FILE holds
kunit_suite() {
	local s
	for s in libpseudofs_instances libpseudofs_proxy libpseudofs libpseudofs_fault; do
		suite_block "$1" $s >/dev/null && { echo $s; return 0; }
	done
	return 1
}
# module_file DIR: kunit-module-patched-debug.ktap, made from the boot's
# kunit-patched-debug.ktap where the results lack it (make check did not
# write it before the modules run existed): the same suites and results,
# each built-in suite as if loaded from a module of its own
module_file() {
	local m=$1/kunit-module-patched-debug.ktap
	[ -f "$m" ] && return 0
	need "$1/kunit-patched-debug.ktap" || return 1
	cp "$1/kunit-patched-debug.ktap" "$m"
	echo "no kunit-module-patched-debug.ktap in the results: made from kunit-patched-debug.ktap"
}
# init_failed FILE SUITE HEADER: SUITE as KUnit prints a suite whose
# suite_init failed: with HEADER=1 its header and plan, then
# "    # failed to initialize (-22)" and its top-level "not ok K SUITE";
# with HEADER=0 as Linux 6.12 prints it, without header and plan
init_failed() {
	local b first last k plan
	b=$(suite_block "$1" "$2") || { echo "no suite $2 in ${1##*/}"; return 1; }
	read -r first last <<<"$b"
	k=$(sed -n "${last}p" "$1" | awk '{ print ($1 == "not") ? $3 : $2 }')
	plan=$(sed -n "${first},${last}p" "$1" | grep -m1 '^    1\.\.')
	{
		head -n $((first - 1)) "$1"
		if [ "$3" = 1 ]; then
			printf '    KTAP version 1\n    # Subtest: %s\n%s\n' "$2" "$plan"
		fi
		printf '    # failed to initialize (-22)\nnot ok %s %s\n' "$k" "$2"
		tail -n +$((last + 1)) "$1"
	} >"$1.new" && mv "$1.new" "$1"
	echo "kunit: $2 replaced by a failed suite_init (k $k, header $3)"
}

# --- the mutations ---------------------------------------------------------------
# a guest suite cut after half its cases, its plan and END rc=0 kept
mut_guest_cut() {
	local f=$1/guest-patched.ktap n
	need "$f" || return 1
	n=$(top_results "$f")
	[ "$n" -ge 2 ] || { echo "guest-patched.ktap has $n results"; return 1; }
	awk -v keep=$((n / 2)) '/^# END / { print; next } cut { next } { print }
		/^(not )?ok [0-9]+ / && ++seen == keep { cut = 1 }' "$f" >"$f.new" && mv "$f.new" "$f"
	echo "guest-patched.ktap: $((n / 2)) of $n results kept," \
		"with $(grep -m1 '^1\.\.' "$f") and $(grep '^# END' "$f")"
}
# end_rc137 DIR SUITE: SUITE-patched.ktap killed (rc=137) after all its cases
end_rc137() {
	local f=$1/$2-patched.ktap
	need "$f" || return 1
	grep -q "^# END $2 rc=" "$f" || { echo "$2-patched.ktap has no END line"; return 1; }
	sed -i "s/^# END $2 rc=[-0-9]*/# END $2 rc=137/" "$f"
	echo "$2-patched.ktap: $(grep '^# END' "$f")"
}
# a guest suite killed after all its cases
mut_guest_rc137() { end_rc137 "$1" guest; }
# a guest suite whose END line is gone (its cases and plan whole)
mut_guest_no_end() {
	local f=$1/guest-patched.ktap
	need "$f" || return 1
	grep -q '^# END guest rc=' "$f" || { echo "guest-patched.ktap has no END line"; return 1; }
	sed -i '/^# END guest rc=/d' "$f"
}
# a stress case not ok, with the "# " line that says why just before it
mut_stress_case_why() {
	local f=$1/stress-patched-debug.ktap
	need "$f" || return 1
	grep -q '^ok [0-9]* remove_while_inside$' "$f" ||
		{ echo "stress-patched-debug.ktap has no ok remove_while_inside"; return 1; }
	sed -i 's/^ok \([0-9]*\) remove_while_inside$/# d_map: planted reason\nnot ok \1 remove_while_inside/' "$f"
	grep -B1 '^not ok [0-9]* remove_while_inside$' "$f"
}
# a harness KTAP file without its plan
mut_corpus_no_plan() {
	local f=$1/cocci-corpus.ktap
	need "$f" || return 1
	grep -q '^1\.\.' "$f" || { echo "cocci-corpus.ktap has no plan"; return 1; }
	sed -i '/^1\.\./d' "$f"
}
# ftracetest killed after all its cases
mut_ftracetest_rc137() { end_rc137 "$1" ftracetest; }
# a KUnit suite at boot whose suite_init failed, as the brief's KUnit
# prints it: header, plan, the line, the top-level not ok
mut_kunit_init_failed() {
	local f=$1/kunit-patched.ktap s
	need "$f" || return 1
	s=$(kunit_suite "$f") || { echo "none of the library's suites in kunit-patched.ktap"; return 1; }
	init_failed "$f" "$s" 1
}
# the same as Linux 6.12 prints it (lib/kunit/test.c: the line before the
# header, and no header or plan)
mut_kunit_init_failed_612() {
	local f=$1/kunit-patched.ktap s
	need "$f" || return 1
	s=$(kunit_suite "$f") || { echo "none of the library's suites in kunit-patched.ktap"; return 1; }
	init_failed "$f" "$s" 0
}
# a KUnit suite cut off before its top-level result (the boot died in it)
mut_kunit_no_suite_result() {
	local f=$1/kunit-patched-debug.ktap s b
	need "$f" || return 1
	s=$(kunit_suite "$f") || { echo "none of the library's suites in kunit-patched-debug.ktap"; return 1; }
	b=$(suite_block "$f" "$s")
	sed -i "${b#* }d" "$f"
	echo "kunit-patched-debug.ktap: $s's top-level result removed"
}
# a new WARNING in the patched console, the counts per kind kept equal to
# what they were: if patched has a WARNING at a place stock has too, that
# line is moved to the new place (patched loses one of stock's reports and
# gains a new one); else the new WARNING goes to patched and one at another
# place to stock.  The old count by kind saw no change either way.
NEW_WARN='fs/libpseudofs/selftest.c:17 pseudofs_selftest_new'
warning_block() {
	printf '[ 4242.000000] ------------[ cut here ]------------\n'
	printf '[ 4242.000001] WARNING: CPU: 0 PID: 4242 at %s+0x10/0x20\n' "$1"
	printf '[ 4242.000002] RIP: 0010:%s+0x10/0x20\n' "${1#* }"
	printf '[ 4242.000003] ---[ end trace 0000000000000000 ]---\n'
}
mut_console_new_warning() {
	local p=$1/console-patched.log s=$1/console-stock.log place shared=
	need "$p" "$s" || return 1
	while read -r place; do
		grep -qF "at $place+" "$s" && { shared=$place; break; }
	done < <(grep -oE 'WARNING: CPU: [0-9]+ PID: [0-9]+ at [^ ]+:[0-9]+ [^+ ]+' "$p" | sed 's/.* at //')
	if [ -n "$shared" ]; then
		awk -v old="at $shared+" -v new="at $NEW_WARN+" '!done && (i = index($0, old)) {
			$0 = substr($0, 1, i - 1) new substr($0, i + length(old)); done = 1 } { print }' \
			"$p" >"$p.new" && mv "$p.new" "$p"
		echo "console-patched.log: its WARNING at $shared (stock has it) moved to $NEW_WARN"
	else
		warning_block "$NEW_WARN" >>"$p"
		warning_block 'fs/libpseudofs/selftest.c:71 pseudofs_selftest_old' >>"$s"
		echo "console-patched.log: a WARNING at $NEW_WARN; console-stock.log: one at another place"
	fi
}
# a required suite missing from the suites run as modules
mut_module_suite_missing() {
	local f=$1/kunit-module-patched-debug.ktap b first last
	module_file "$1" || return 1
	b=$(suite_block "$f" libpseudofs_proxy) || { echo "no libpseudofs_proxy in ${f##*/}"; return 1; }
	read -r first last <<<"$b"
	sed -i "${first},${last}d" "$f"
	# the plan of its document one less: the file is whole but for the suite
	awk -v at="$first" 'NR < at && /^1\.\.[0-9]+$/ { plan = NR } { line[NR] = $0 }
		END { for (i = 1; i <= NR; i++) {
			if (i == plan) line[i] = "1.." substr(line[i], 4) - 1
			print line[i] } }' \
		"$f" >"$f.new" && mv "$f.new" "$f"
	echo "kunit-module-patched-debug.ktap: libpseudofs_proxy removed"
}
# the suites as modules give a parameter another name than at boot
mut_module_differs() {
	local f=$1/kunit-module-patched-debug.ktap b first last at
	module_file "$1" || return 1
	b=$(suite_block "$f" libpseudofs) || { echo "no libpseudofs in ${f##*/}"; return 1; }
	read -r first last <<<"$b"
	at=$(sed -n "${first},${last}p" "$f" | grep -nE '^        ok [0-9]+ ' | head -1 | cut -d: -f1)
	[ -n "$at" ] || at=$(sed -n "${first},${last}p" "$f" | grep -nE '^    ok [0-9]+ ' | head -1 | cut -d: -f1)
	[ -n "$at" ] || { echo "no ok result in libpseudofs"; return 1; }
	at=$((first + at - 1))
	sed -i -E "${at}s/^( +ok [0-9]+ ).*/\\1renamed-by-selftest/" "$f"
	echo "kunit-module-patched-debug.ktap line $at: $(sed -n "${at}p" "$f")"
}

NAMES=() PHRASES=()
# mutation NAME PHRASE: mut_NAME must make report.py print a new failure
# matching PHRASE (grep -E)
# binfmt_misc's status numbered by get_next_ino() in patched, as the
# conversion first had it (stock: 2, simple_fill_super()'s)
mut_tree_fixed_ino() {
	local f=$1/tree-patched.ktap
	need "$f" || return 1
	grep -q '^# entry [0-9]*:[0-9]*:[0-9]*:[0-9]*:2:.* /proc/sys/fs/binfmt_misc/status$' "$f" ||
		{ echo "tree-patched.ktap has no binfmt_misc status numbered 2"; return 1; }
	sed -i 's|^\(# entry [0-9]*:[0-9]*:[0-9]*:[0-9]*:\)2:\(.* /proc/sys/fs/binfmt_misc/status\)$|\134570:\2|' "$f"
	grep ' /proc/sys/fs/binfmt_misc/status$' "$f"
}
# a directory of debugfs with a link too many in patched
mut_tree_nlink() {
	local f=$1/tree-patched.ktap
	need "$f" || return 1
	grep -q '^# entry [0-9]*:[0-9]*:[0-9]*:[0-9]*:[0-9]*:directory /sys/kernel/debug/bdi$' "$f" ||
		{ echo "tree-patched.ktap has no /sys/kernel/debug/bdi"; return 1; }
	awk -F: '/ \/sys\/kernel\/debug\/bdi$/ && /^# entry / { $4 = $4 + 1 } 1' OFS=: "$f" >"$f.new" && mv "$f.new" "$f"
	grep ' /sys/kernel/debug/bdi$' "$f"
}
# pstore's root keeps its number on a new superblock in patched, as the
# library's root 1 had it (stock: get_next_ino(), a new one)
mut_tree_pstore_root() {
	local f=$1/tree-patched.ktap
	need "$f" || return 1
	grep -q '^# root-again /sys/fs/pstore ' "$f" || { echo "tree-patched.ktap has no root-again line"; return 1; }
	sed -i 's|^# root-again /sys/fs/pstore \([0-9]*\) [0-9]*$|# root-again /sys/fs/pstore \1 \1|' "$f"
	grep '^# root-again' "$f"
}

# the candidates scan no longer finding apparmorfs
# a patched-debug boot booted again after a stall (boot.sh), its first
# console with a KASAN report
mut_stalled_console_kasan() {
	local c=$1/console-patched-debug.log b=$1/boots.txt
	need "$c" "$b" || return 1
	{ head -n 40 "$c"; printf '[  100.000001] BUG: KASAN: slab-use-after-free in pseudofs_selftest+0x1/0x2\n'; } \
		>"$1/console-patched-debug.stalled.log"
	sed -i '/^patched-debug /s/$/  booted again: the first boot stalled after 300s, no vCPU in kernel code/' "$b"
	echo "console-patched-debug.stalled.log: a boot's first 40 lines and a KASAN report"
}
mut_candidates_missing() {
	local f=$1/pseudofs-candidates.report
	need "$f" || return 1
	grep -q '^security/apparmor/apparmorfs\.c:' "$f" || { echo "apparmorfs is not in ${f##*/}"; return 1; }
	sed -i '\|^security/apparmor/apparmorfs\.c:|d' "$f"
	echo "${f##*/}: apparmorfs's line removed"
}
# the candidates scan listing a client of the library
mut_candidates_client() {
	local f=$1/pseudofs-candidates.report
	need "$f" || return 1
	echo 'fs/debugfs/inode.c:1: candidate for libpseudofs: debugfs: pins a mount. Offers: all. Lacks: nothing.' >>"$f"
	echo "${f##*/}: a line for fs/debugfs/inode.c"
}

mutation() { NAMES+=("$1"); PHRASES+=("$2"); }
mutation guest_cut 'guest-patched\.ktap: plan 1\.\.[0-9]+ but [0-9]+ results'
mutation guest_rc137 'guest-patched ended rc=137'
mutation guest_no_end 'guest-patched did not finish \(no "# END" line\)'
mutation stress_case_why 'stress-patched-debug: remove_while_inside not ok \(.*d_map: planted reason\)$'
mutation corpus_no_plan 'cocci-corpus\.ktap: no plan'
mutation ftracetest_rc137 'ftracetest-patched ended rc=137'
mutation kunit_init_failed 'kunit-patched: libpseudofs[a-z_]*: failed to initialize \(-22\)'
mutation kunit_init_failed_612 'kunit-patched: libpseudofs[a-z_]*: failed to initialize \(-22\)'
mutation kunit_no_suite_result 'kunit-patched-debug: libpseudofs[a-z_]*: no top-level result'
mutation console_new_warning \
	'console-patched: WARNING at pseudofs_selftest_new \(fs/libpseudofs/selftest\.c:17\), which stock does not have'
mutation module_suite_missing 'kunit-module-patched-debug: required suite libpseudofs_proxy did not run'
mutation module_differs 'kunit-module-patched-debug vs kunit-patched-debug: libpseudofs: [0-9]+ differences'
mutation tree_fixed_ino 'tree parity /proc/sys/fs/binfmt_misc: .*status.* ino 34570'
mutation tree_nlink 'tree parity /sys/kernel/debug: .*/sys/kernel/debug/bdi'
mutation tree_pstore_root 'tree parity /sys/fs/pstore: a new superblock gives the root the same number'
mutation stalled_console_kasan 'console-patched-debug\.stalled: KASAN report: .*pseudofs_selftest'
mutation candidates_missing 'pseudofs-candidates: apparmorfs \(security/apparmor/apparmorfs\.c\) not listed'
mutation candidates_client 'pseudofs-candidates: fs/debugfs/inode\.c listed, the library or one of its clients'

# --- the runs --------------------------------------------------------------------
echo "KTAP version 1"
echo "1..${#NAMES[@]}"
fresh "$tmp/base"
report "$tmp/base" "$tmp/base.out"
base_rc=$?
failures "$tmp/base.out" "$tmp/base" >"$tmp/base.failures"
echo "# untouched copy of $src: report.py exit $base_rc, $(tally "$tmp/base.out")"
sed 's/^/#   /' "$tmp/base.failures"

passed=0 failed=0
for i in "${!NAMES[@]}"; do
	name=${NAMES[$i]} phrase=${PHRASES[$i]} n=$((i + 1))
	dir=$tmp/m
	fresh "$dir"
	if ! what=$("mut_$name" "$dir"); then
		echo "not ok $n $name # cannot apply: ${what:-mut_$name failed}"
		failed=$((failed + 1))
		continue
	fi
	[ -z "$what" ] || printf '%s\n' "$what" | sed 's/^/# /'
	report "$dir" "$tmp/m.out"
	rc=$?
	caught=$(failures "$tmp/m.out" "$dir" | grep -vxF -f "$tmp/base.failures" | grep -E -m1 -- "$phrase")
	if [ $rc -ne 0 ] && [ -n "$caught" ]; then
		echo "ok $n $name # caught: $caught"
		passed=$((passed + 1))
	else
		echo "not ok $n $name # report.py exit $rc, no new failure matching '$phrase'"
		failures "$tmp/m.out" "$dir" | grep -vxF -f "$tmp/base.failures" | sed 's/^/#   new: /'
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
