#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh OUT.ktap: run the semantic patch corpus and report in KTAP.
#
#   patch/NAME.c       debugfs_to_tracefs.cocci in patch mode with
#                      -D int_root (the tree's tracing_init_dentry() returns
#                      int, as in 6.12) must turn it into patch/NAME.res, and
#                      running it again on NAME.res must change nothing.
#   patch-dentry/NAME.c  the same without -D int_root: a tree whose
#                      tracing_init_dentry() still returns the dentry (4.1
#                      to 5.9), where the root stays as it is.
#   report/NAME.c      debugfs_to_tracefs.cocci in report mode must print
#                      exactly report/NAME.report (sorted).
#   candidates/NAME.c  pseudofs_candidates.cocci in report mode must print
#                      exactly candidates/NAME.report.
#   mix/NAME.c         tracefs_debugfs_mix.cocci in report mode must print
#                      exactly mix/NAME.report.
#   modes/NAME.c       the context and org modes of the semantic patch named
#                      in the case's first line ("cocci: api/foo.cocci")
#                      must print modes/NAME.context and modes/NAME.org.
#
# The KTAP goes to OUT.ktap and to stdout, followed by "N passed, N failed".
# The exit status is non-zero when a case fails.  spatch runs through
# harness/spatch.sh; SPATCH overrides spatch.

set -u

usage() { echo "usage: $0 OUT.ktap" >&2; exit 2; }
[ $# -eq 1 ] || usage
out=$1

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
conv=$root/scripts/coccinelle/api/debugfs_to_tracefs.cocci
cand=$root/scripts/coccinelle/misc/pseudofs_candidates.cocci
mix=$root/scripts/coccinelle/api/tracefs_debugfs_mix.cocci
launch=$root/harness/spatch.sh
spatch=${SPATCH:-spatch}
command -v "$spatch" >/dev/null || { echo "run.sh: $spatch not found" >&2; exit 2; }
# the interpreter spatch embeds, probed once for all the runs
SPATCH_PYTHON=$("$launch" --python) || exit 2
export SPATCH_PYTHON

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

lines=()	# KTAP result lines, numbered when printed
passed=0
failed=0

# pass NAME / fail NAME DIFF_FILE
pass() {
	passed=$((passed + 1))
	lines+=("ok %d $1")
}

fail() {
	local name=$1 why=$2 l
	failed=$((failed + 1))
	lines+=("not ok %d $name")
	while IFS= read -r l; do
		lines+=("# $l")
	done <"$why"
}

# run_spatch DIR MODE COCCI FILE [ARGS...]: run in DIR so that the file
# name in the output is the bare name.
run_spatch() {
	local dir=$1 mode=$2 cocci=$3 file=$4
	shift 4
	(cd "$dir" && "$launch" -D "$mode" --sp-file "$cocci" "$file" "$@")
}

# Drop the lines that name spatch's temporary files from a diff.
strip_names() {
	grep -v -e '^--- ' -e '^+++ ' || true
}

patch_case() {
	local c=$1 name base res w dir
	dir=$(basename "$(dirname "$c")")
	base=$(basename "$c" .c)
	name=$dir/$base
	res=${c%.c}.res
	w=$tmp/$name
	mkdir -p "$w/first" "$w/again"
	cp "$c" "$w/first/$base.c"
	if [ ! -f "$res" ]; then
		echo "missing expected result $res" >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	if ! run_spatch "$w/first" patch "$conv" "$base.c" "${pflags[@]}" -o "$w/out.c" \
		>"$w/log" 2>&1; then
		{ echo "spatch failed:"; cat "$w/log"; } >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	[ -f "$w/out.c" ] || cp "$c" "$w/out.c"
	if ! diff -u "$res" "$w/out.c" >"$w/why"; then
		fail "$name" "$w/why"
		return
	fi
	# A second run over the result must not find anything to do.
	cp "$w/out.c" "$w/again/$base.c"
	if ! run_spatch "$w/again" patch "$conv" "$base.c" "${pflags[@]}" >"$w/again.diff" 2>&1; then
		{ echo "second spatch run failed:"; cat "$w/again.diff"; } >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	if [ -s "$w/again.diff" ]; then
		{ echo "not idempotent, second run:"; cat "$w/again.diff"; } >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	pass "$name"
}

# report_case KIND COCCI FILE: compare report mode output with NAME.report.
report_case() {
	local kind=$1 cocci=$2 c=$3 name base exp w
	base=$(basename "$c" .c)
	name=$kind/$base
	exp=${c%.c}.report
	w=$tmp/$name
	mkdir -p "$w"
	if [ ! -f "$exp" ]; then
		echo "missing expected report $exp" >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	if ! run_spatch "$(dirname "$c")" report "$cocci" "$base.c" \
		>"$w/raw" 2>"$w/err"; then
		{ echo "spatch failed:"; cat "$w/err"; } >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	sort -t: -k2,2n -k3 "$w/raw" >"$w/got"
	sort -t: -k2,2n -k3 "$exp" >"$w/exp"
	if diff -u "$w/exp" "$w/got" >"$w/why"; then
		pass "$name"
	else
		fail "$name" "$w/why"
	fi
}

# mode_case FILE MODE: context or org output against NAME.MODE.
mode_case() {
	local c=$1 mode=$2 name base exp w cocci
	base=$(basename "$c" .c)
	name=modes/$base.$mode
	exp=${c%.c}.$mode
	w=$tmp/$name
	mkdir -p "$w"
	cocci=$(sed -n '1,3s|.*cocci: *\([^ ]*\.cocci\).*|\1|p' "$c" | head -n1)
	cocci=$root/scripts/coccinelle/$cocci
	if [ ! -f "$cocci" ] || [ ! -f "$exp" ]; then
		echo "no semantic patch named in $c or missing $exp" >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	if ! run_spatch "$(dirname "$c")" "$mode" "$cocci" "$base.c" \
		>"$w/raw" 2>"$w/err"; then
		{ echo "spatch failed:"; cat "$w/err"; } >"$w/why"
		fail "$name" "$w/why"
		return
	fi
	strip_names <"$w/raw" >"$w/got"
	strip_names <"$exp" >"$w/exp"
	if diff -u "$w/exp" "$w/got" >"$w/why"; then
		pass "$name"
	else
		fail "$name" "$w/why"
	fi
}

# patch mode of the report-only script must not touch anything.
noop_case() {
	local c=$1 name w base
	base=$(basename "$c" .c)
	name=candidates/$base.patch-mode
	w=$tmp/$name
	mkdir -p "$w"
	if ! run_spatch "$(dirname "$c")" patch "$cand" "$base.c" >"$w/got" 2>&1; then
		{ echo "spatch failed:"; cat "$w/got"; } >"$w/why"
		fail "$name" "$w/why"
	elif [ -s "$w/got" ]; then
		{ echo "patch mode produced output:"; cat "$w/got"; } >"$w/why"
		fail "$name" "$w/why"
	else
		pass "$name"
	fi
}

shopt -s nullglob
pflags=(-D int_root)
for c in "$here"/patch/*.c; do
	patch_case "$c"
done
pflags=()
for c in "$here"/patch-dentry/*.c; do
	patch_case "$c"
done
for c in "$here"/report/*.c; do
	report_case report "$conv" "$c"
done
for c in "$here"/candidates/*.c; do
	report_case candidates "$cand" "$c"
done
for c in "$here"/mix/*.c; do
	report_case mix "$mix" "$c"
done
c=$here/candidates/pinned_mount.c
[ -f "$c" ] && noop_case "$c"
for c in "$here"/modes/*.c; do
	mode_case "$c" context
	mode_case "$c" org
done

{
	echo "KTAP version 1"
	echo "1..$((passed + failed))"
	i=0
	for l in "${lines[@]}"; do
		case $l in
		"ok %d "* | "not ok %d "*)
			i=$((i + 1))
			# shellcheck disable=SC2059
			printf "$l\n" "$i"
			;;
		*)
			printf '%s\n' "$l"
			;;
		esac
	done
} >"$out"
cat "$out"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
