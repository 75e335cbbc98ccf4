#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cocci-real.sh CORPUS RESULTS_DIR
#
# The tracefs semantic patches on real tracer code: CORPUS (e.g.
# ../shared/corpus/tracefs-4.1) holds pre/kernel/trace (before a hand
# conversion), post/kernel/trace (after it) and conversion.diff.  Every
# scripts/coccinelle/api/*tracefs*.cocci that has a patch mode runs in it,
# as a user would run it, over a scratch copy of pre/, and the result is
# scored against post/ by cocci_real_score.py:
#
#   RESULTS_DIR/cocci-real.ktap   one line per file and per measure
#   RESULTS_DIR/cocci-real.diff   ours against the hand conversion
#   RESULTS_DIR/cocci-real.report report mode over pre/: why sites stay
#   RESULTS_DIR/cocci-real.patch  our conversion of pre/
#
# Ends with "N passed, N failed"; exits non-zero on failure.  Without
# CORPUS, a single KTAP skip that says so, and success.  spatch runs
# through harness/spatch.sh, as in cocci-convert.sh.  SPATCH overrides spatch.

set -u

die() { echo "cocci-real: $*" >&2; exit 2; }
[ $# -eq 2 ] || die "usage: $0 CORPUS RESULTS_DIR"
mkdir -p "$2"
results=$(cd "$2" && pwd)
# The corpus lives beside the clone (../shared), never in it: without it
# the run is a KTAP skip, not a failure.
if [ ! -d "$1/pre/kernel/trace" ] || [ ! -d "$1/post/kernel/trace" ]; then
	rm -f "$results"/cocci-real.{diff,report,patch}
	printf 'KTAP version 1\n1..1\nok 1 cocci-real # SKIP no corpus at %s (pre/ and post/ kernel/trace; ../shared/corpus/tracefs-4.1 is not beside the clone)\n' \
		"$1" | tee "$results/cocci-real.ktap"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
corpus=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
spatch=${SPATCH:-spatch}
command -v "$spatch" >/dev/null || die "$spatch not found"

# the ones that convert (a patch mode); checkers such as
# tracefs_debugfs_mix.cocci have none and run in cocci-mix.sh
mapfile -t cocci < <(grep -l '^virtual patch' "$repo"/scripts/coccinelle/api/*tracefs*.cocci 2>/dev/null)
[ ${#cocci[@]} -gt 0 ] || die "no tracefs semantic patch under scripts/coccinelle/api"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pre" "$work/post" "$work/ours"
cp -r "$corpus/pre/kernel" "$work/pre/"
cp -r "$corpus/post/kernel" "$work/post/"
cp -r "$corpus/pre/kernel" "$work/ours/"
errors=0
: >"$work/errors"

# run MODE COCCI DIR OUT: every file of DIR/kernel/trace that mentions
# debugfs, one spatch run per file as cocci-convert.sh does (harness/spatch.sh,
# two at a time), gathered in file order afterwards.
run() {
	local mode=$1 sp=$2 dir=$3 out=$4 f o
	rm -rf "$work/run"
	(cd "$dir" && grep -rl --include='*.[ch]' debugfs kernel/trace | sort) >"$work/files"
	"$repo/harness/spatch.sh" --each "$dir" "$work/run" -D "$mode" --patch . \
		--sp-file "$sp" <"$work/files"
	: >"$out"
	while read -r f; do
		o=$work/run/$(printf %s "$f" | tr / _)
		cat "$o.out" >>"$out"
		if [ "$(cat "$o.rc")" != 0 ]; then
			errors=$((errors + 1))
			{ echo "$(basename "$sp") -D $mode $f failed:"; cat "$o.err"; } >>"$work/errors"
		elif [ -s "$o.err" ]; then
			errors=$((errors + 1))
			{ echo "$(basename "$sp") -D $mode $f:"; cat "$o.err"; } >>"$work/errors"
		fi
	done <"$work/files"
}

start=$SECONDS
: >"$results/cocci-real.patch"
for sp in "${cocci[@]}"; do
	run patch "$sp" "$work/ours" "$work/one.diff"
	cat "$work/one.diff" >>"$results/cocci-real.patch"
	[ -s "$work/one.diff" ] && { patch -d "$work/ours" -p1 --batch --forward \
		--no-backup-if-mismatch -s <"$work/one.diff" ||
		{ errors=$((errors + 1)); echo "$(basename "$sp"): diff does not apply" >>"$work/errors"; }; }
done
secs=$((SECONDS - start))

# why the sites that stay, stay: report mode over pre/
: >"$results/cocci-real.report"
for sp in "${cocci[@]}"; do
	grep -q '^virtual report' "$sp" || continue
	run report "$sp" "$work/pre" "$work/rep"
	cat "$work/rep" >>"$results/cocci-real.report"
done
sort -t: -k1,1 -k2,2n -o "$results/cocci-real.report" "$results/cocci-real.report"

# a second run over our result must change nothing
: >"$work/second.diff"
for sp in "${cocci[@]}"; do
	run patch "$sp" "$work/ours" "$work/one.diff"
	cat "$work/one.diff" >>"$work/second.diff"
done

cp "$corpus/conversion.diff" "$work/conversion.diff"
{
	echo "# cocci-real: ${cocci[*]##*/} over $corpus/pre/kernel/trace"
	[ -s "$work/errors" ] && sed 's/^/# /' "$work/errors"
	python3 "$repo/harness/cocci_real_score.py" "$work/pre" "$work/post" "$work/ours" \
		"$results/cocci-real.report" "$work/second.diff" "$errors" "$secs" \
		"$results/cocci-real.ktap"
}
