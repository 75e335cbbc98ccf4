#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cocci-mix.sh RESULTS_DIR [CORPUS [TREE]]
#
# scripts/coccinelle/api/tracefs_debugfs_mix.cocci (report mode) on every
# tree that the conversion produces; it must find nothing in any of them:
#
#   corpus   the expected results of tests/cocci/patch*/ (NAME.res)
#   4.1      CORPUS/pre/kernel/trace (../shared/corpus/tracefs-4.1)
#            converted by debugfs_to_tracefs.cocci, as cocci-real.sh does
#   7.3      kernel/trace of TREE (build/tree) at its tag "patched"
#
# RESULTS_DIR/cocci-mix.ktap has one line per tree with its count of
# findings (each finding below it as a comment); a tree that is not there
# is a skip with the reason.  Ends with "N passed, N failed"; exits
# non-zero on a finding or a spatch error.  spatch runs through
# harness/spatch.sh.

set -u

die() { echo "cocci-mix: $*" >&2; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 3 ]; then die "usage: $0 RESULTS_DIR [CORPUS [TREE]]"; fi
mkdir -p "$1"
results=$(cd "$1" && pwd)
corpus=${2:-}
tree=${3:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
launch=$repo/harness/spatch.sh
mix=$repo/scripts/coccinelle/api/tracefs_debugfs_mix.cocci
conv=$repo/scripts/coccinelle/api/debugfs_to_tracefs.cocci
[ -f "$mix" ] || die "$mix missing"
SPATCH_PYTHON=$("$launch" --python) || exit 2
export SPATCH_PYTHON

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lines=()
passed=0
failed=0
skipped=0

# check NAME DIR: the checker over every .c/.h under DIR that names either
# file system.
check() {
	local name=$1 dir=$2 n out=$work/out-$1
	(cd "$dir" && grep -rlE --include='*.[ch]' 'debugfs_|tracefs_' . | sed 's|^\./||' | sort) \
		>"$work/files-$name"
	if ! "$launch" --each "$dir" "$out" -D report --sp-file "$mix" <"$work/files-$name"; then
		failed=$((failed + 1))
		lines+=("not ok %d $name: spatch failed")
		while IFS= read -r l; do lines+=("# $l"); done < <(cat "$out"/*.err 2>/dev/null | head -20)
		return
	fi
	cat "$out"/*.out 2>/dev/null | sort -t: -k1,1 -k2,2n >"$work/found-$name"
	n=$(wc -l <"$work/found-$name")
	if [ "$n" -eq 0 ] && ! cat "$out"/*.err 2>/dev/null | grep -q .; then
		passed=$((passed + 1))
		lines+=("ok %d $name: 0 findings in $(wc -l <"$work/files-$name") files")
	else
		failed=$((failed + 1))
		lines+=("not ok %d $name: $n findings in $(wc -l <"$work/files-$name") files")
		while IFS= read -r l; do lines+=("# $l"); done < <(cat "$work/found-$name" "$out"/*.err 2>/dev/null)
	fi
}

skip() {
	skipped=$((skipped + 1))
	lines+=("ok %d $1 # SKIP $2")
}

# the corpus results, one file each
mkdir -p "$work/corpus"
for r in "$repo"/tests/cocci/patch*/*.res; do
	cp "$r" "$work/corpus/$(basename "$(dirname "$r")")_$(basename "$r" .res).c"
done
check corpus "$work/corpus"

# the 4.1 tree, converted as a user would convert it
if [ -n "$corpus" ] && [ -d "$corpus/pre/kernel/trace" ]; then
	mkdir -p "$work/41"
	cp -r "$corpus/pre/kernel" "$work/41/"
	(cd "$work/41" && grep -rl --include='*.[ch]' debugfs kernel/trace | sort) >"$work/conv41"
	if "$launch" --each "$work/41" "$work/conv-out" -D patch --patch . \
		--sp-file "$conv" <"$work/conv41" &&
		cat "$work/conv-out"/*.out | patch -d "$work/41" -p1 --batch --forward -s; then
		check 4.1 "$work/41"
	else
		failed=$((failed + 1))
		lines+=("not ok %d 4.1: the conversion failed")
	fi
else
	skip 4.1 "no corpus at ${corpus:-(none given)} (../shared/corpus/tracefs-4.1 is not beside the clone)"
fi

# kernel/trace of the patched tree
if [ -n "$tree" ] && git -C "$tree" rev-parse -q --verify patched >/dev/null 2>&1; then
	mkdir -p "$work/73"
	git -C "$tree" archive patched kernel/trace | tar -x -C "$work/73"
	check 7.3 "$work/73"
else
	skip 7.3 "no tag patched in ${tree:-(no tree given)} (make tree)"
fi

{
	echo "KTAP version 1"
	echo "1..$((passed + failed + skipped))"
	i=0
	for l in "${lines[@]}"; do
		case $l in
		"ok %d "* | "not ok %d "*)
			i=$((i + 1))
			# shellcheck disable=SC2059
			printf "$l\n" "$i"
			;;
		*) printf '%s\n' "$l" ;;
		esac
	done
} >"$results/cocci-mix.ktap"
cat "$results/cocci-mix.ktap"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
