#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo-cocci.sh REPO [CORPUS_PRE]
#
# What make demo shows of the semantic patch: debugfs_to_tracefs.cocci run,
# as a user would run it, on kernel/trace/trace_stat.c as Linux 4.1 had it
# just before its hand conversion to tracefs (CORPUS_PRE: the pre/ folder of
# ../shared/corpus/tracefs-4.1), the lines it changes, and how its result
# compares with the hand conversion (post/ beside pre/).  Without the
# corpus, one line says so.  Exits non-zero only if spatch fails.
set -uo pipefail
repo=$1 pre=${2:-}
file=kernel/trace/trace_stat.c
sp=$repo/scripts/coccinelle/api/debugfs_to_tracefs.cocci

echo
echo "== the semantic patch on real tracer code: spatch --sp-file $(basename "$sp") $file (Linux 4.1)"
if [ -z "$pre" ] || [ ! -f "$pre/$file" ]; then
	echo "skipped: no 4.1 corpus (../shared/corpus/tracefs-4.1/pre) beside the clone"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/${file%/*}"
cp "$pre/$file" "$work/$file"
if ! (cd "$work" && "$repo/harness/spatch.sh" -D patch --sp-file "$sp" "$file" -o out.c) \
	>"$work/log" 2>&1; then
	echo "spatch failed:"
	tail -5 "$work/log"
	exit 1
fi
# The hunks' headers (with the function each is in) and the changed lines.
diff -up --label "a/$file" --label "b/$file" "$work/$file" "$work/out.c" |
	grep -E '^(@@|[-+][^-+])' | head -16
changed=$(diff "$work/$file" "$work/out.c" | grep -c '^>')
post=${pre%/}
post=${post%/pre}/post/$file
[ -f "$post" ] || { echo "$changed lines changed"; exit 0; }
differ=$(diff "$work/out.c" "$post" | grep -c '^>')
if [ "$differ" = 0 ]; then
	echo "$changed lines changed, the same as the hand conversion in Linux 4.1"
else
	echo "$changed lines changed; what differs from the hand conversion in Linux 4.1:"
	diff "$work/out.c" "$post" | grep '^[<>]' | head -6 |
		sed -e 's/^< [[:space:]]*/  ours: /' -e 's/^> [[:space:]]*/  4.1:  /'
fi
exit 0
