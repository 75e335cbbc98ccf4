#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# spatch-parse.sh DIR [LABEL SPATCH MACROS]...: how much of DIR's .c files
# spatch parses.  For each LABEL, runs "SPATCH --parse-c" on every .c file
# of DIR (with --macro-file MACROS unless it is "") and prints one line:
#
#   spatch-parse: LABEL: N of M lines parsed (P%), F files with a failure
#
# followed by the files that failed, indented.  A function spatch cannot
# parse is skipped by a semantic patch without a word, so this rate is what
# the conversion of kernel/trace can reach.  Exits non-zero if the last
# LABEL does not parse everything.
set -uo pipefail
dir=$1; shift
rc=0
while [ $# -ge 3 ]; do
	label=$1 spatch=$2 macros=$3
	shift 3
	args=(--parse-c)
	[ -n "$macros" ] && args+=(--macro-file "$macros")
	good=0 bad=0 failed=()
	for f in "$dir"/*.c; do
		line=$("$spatch" "${args[@]}" "$f" 2>&1 | sed -n 's/^nb good = \([0-9]*\),  nb bad = \([0-9]*\).*/\1 \2/p' | tail -1)
		[ -n "$line" ] || line="0 $(wc -l <"$f")"
		g=${line% *} b=${line#* }
		good=$((good + g)) bad=$((bad + b))
		[ "$b" -gt 0 ] && failed+=("$(basename "$f") ($b lines)")
	done
	total=$((good + bad))
	echo "spatch-parse: $label: $good of $total lines parsed ($(awk -v g=$good -v t=$total 'BEGIN { printf "%.2f", t ? 100 * g / t : 0 }')%), ${#failed[@]} files with a failure"
	for f in "${failed[@]}"; do echo "  $f"; done
	rc=$(( bad > 0 ))
done
exit $rc
