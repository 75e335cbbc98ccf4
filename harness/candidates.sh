#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# candidates.sh TREE RESULTS_DIR
#
# Run scripts/coccinelle/misc/pseudofs_candidates.cocci (report mode) over
# the whole of TREE and write
#
#   RESULTS_DIR/pseudofs-candidates.report   one line per site, with reason
#   RESULTS_DIR/pseudofs-candidates.summary  sites per top-level directory
#
# Only the files that can hold the plumbing reach spatch: a grep picks the
# .c files that pin a mount (simple_pin_fs), or that make superblocks with
# get_tree_single/nodev/keyed and inodes or entries (new_inode,
# simple_fill_super, d_make_persistent, simple_start_creating);
# harness/spatch.sh runs spatch on them, two files at a time.  SPATCH
# overrides spatch.

set -euo pipefail

die() { echo "candidates: $*" >&2; exit 1; }

[ $# -eq 2 ] || die "usage: $0 TREE RESULTS_DIR"
tree=$(cd "$1" && pwd) || die "no tree at $1"
mkdir -p "$2"
results=$(cd "$2" && pwd)

repo=$(cd "$(dirname "$0")/.." && pwd)
cand=$repo/scripts/coccinelle/misc/pseudofs_candidates.cocci
spatch=${SPATCH:-spatch}
[ -f "$cand" ] || die "$cand missing"
command -v "$spatch" >/dev/null || die "$spatch not found"

out=$results/pseudofs-candidates.report
summary=$results/pseudofs-candidates.summary
start=$SECONDS
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The grep: what the semantic patch needs in a file before it reports.  Not
# the library itself, nor the benchmark, whose floor open-codes the
# plumbing on purpose.
(cd "$tree" &&
	{
		grep -rlE --include='*.c' --exclude-dir=.git --exclude-dir=tools \
			'\bsimple_pin_fs[[:space:]]*\(' .
		grep -rlE --include='*.c' --exclude-dir=.git --exclude-dir=tools \
			'\bget_tree_(single|nodev|keyed)[[:space:]]*\(' . |
			xargs -r grep -lE '\b(new_inode|simple_fill_super|d_make_persistent|simple_start_creating)[[:space:]]*\('
	} | sed 's|^\./||' | grep -v -e '^fs/libpseudofs/' -e '^lib/test_pseudofs_' | sort -u) >"$work/files" || true

mkdir -p "$work/out"
if [ -s "$work/files" ]; then
	"$repo/harness/spatch.sh" --each "$tree" "$work/out" -D report \
		--sp-file "$cand" <"$work/files" ||
		{ cat "$work/out"/*.err >&2 2>/dev/null; die "spatch failed"; }
	cat "$work/out"/*.out | sort -t: -k1,1 -k2,2n >"$out"
else
	: >"$out"
fi

# Sites per top-level directory, most first; then the total.
{
	cut -d/ -f1 "$out" | sort | uniq -c | sort -k1,1nr -k2 |
		awk '{ printf "%-10s %3d\n", $2 "/", $1 }'
	printf '%-10s %3d\n' total "$(wc -l <"$out")"
} >"$summary"

echo "candidates: $(wc -l <"$out") site(s) in $(cut -d: -f1 "$out" | sort -u | wc -l) file(s) of $(wc -l <"$work/files") scanned:" \
	"$(grep -v '^total' "$summary" | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')" \
	"(see $(basename "$out"), $((SECONDS - start))s)"
