#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# loc.sh PRISTINE REPO "STOCK FILES" "LIBRARY FILES" "SAMPLE DIRS"
#
# Lines of the pseudo-fs plumbing, one line per file:
#   - each of STOCK FILES in PRISTINE beside our overlay's copy in REPO, or
#     PRISTINE's with the hunks of REPO/patches/*.patch for it applied
#     ("not yet in the overlay" when we have neither);
#   - each of LIBRARY FILES (ours only; stock has no library);
#   - totals: stock against ours, over the stock files we replace already
#     plus the library;
#   - then the .c files of each SAMPLE DIR, without the SPDX line and
#     comment lines (blank lines count).

set -euo pipefail
[ $# -eq 5 ] || { echo "usage: $0 PRISTINE REPO STOCK LIB SAMPLES" >&2; exit 2; }
pristine=$1 repo=$2 stock_files=$3 lib_files=$4 sample_dirs=$5

lines() { wc -l <"$1" | tr -d ' '; }

# Lines without comments and the SPDX line: a line that holds only comment
# text (or nothing but the start or end of one) does not count.
code_lines() {
	awk '
	{
		line = $0; out = ""; had = 0
		while (line != "") {
			if (incomment) {
				i = index(line, "*/")
				had = 1
				if (!i) { line = ""; break }
				line = substr(line, i + 2); incomment = 0
				continue
			}
			i = index(line, "/*"); j = index(line, "//")
			if (j && (!i || j < i)) { out = out substr(line, 1, j - 1); had = 1; break }
			if (!i) { out = out line; break }
			out = out substr(line, 1, i - 1); line = substr(line, i + 2)
			incomment = 1; had = 1
		}
		if (had && out ~ /^[ \t]*$/) next
		n++
	}
	END { print n + 0 }' "$1"
}

row() { printf '  %-34s %7s %7s\n' "$@"; }

# patched_lines FILE: lines of the pristine FILE with the hunks of our
# patches/*.patch for it applied; nothing if no patch touches it.
patched_lines() {
	local tmp
	tmp=$(mktemp -d)
	mkdir -p "$tmp/tree/$(dirname "$1")"
	cp "$pristine/$1" "$tmp/tree/$1"
	python3 "$repo/harness/patch-hunks.py" "$repo/patches" "$tmp/pp"
	[ -s "$tmp/pp/$1.diff" ] && patch -s -d "$tmp/tree" -p1 <"$tmp/pp/$1.diff" >/dev/null &&
		lines "$tmp/tree/$1"
	rm -rf "$tmp"
}

echo "== lines of the plumbing: stock vs ours (library included, tests excluded)"
row file stock ours
st=0 ot=0 missing=()
for f in $stock_files; do
	s=0
	[ -f "$pristine/$f" ] && s=$(lines "$pristine/$f")
	o=
	if [ -f "$repo/$f" ]; then
		o=$(lines "$repo/$f")
	elif [ -f "$pristine/$f" ]; then
		o=$(patched_lines "$f")
	fi
	if [ -n "$o" ]; then
		row "$f" "$s" "$o"
		st=$((st + s)) ot=$((ot + o))
	else
		printf '  %-34s %7s   not yet in the overlay\n' "$f" "$s"
		missing+=("$f")
	fi
done
for f in $lib_files; do
	if [ -f "$repo/$f" ]; then
		o=$(lines "$repo/$f")
		row "$f" - "$o"
		ot=$((ot + o))
	else
		printf '  %-34s %7s   not yet in the overlay\n' "$f" -
	fi
done
row total "$st" "$ot"
[ ${#missing[@]} -eq 0 ] || echo "  (the total leaves out ${missing[*]}: not replaced yet)"

for d in $sample_dirs; do
	echo "== $d/*.c: lines without the SPDX line and comments"
	shopt -s nullglob
	files=("$repo/$d"/*.c)
	shopt -u nullglob
	if [ ${#files[@]} -eq 0 ]; then
		echo "  $d: not yet in the overlay"
		continue
	fi
	t=0
	for f in "${files[@]}"; do
		n=$(code_lines "$f")
		printf '  %-34s %7s\n' "${f#"$repo"/}" "$n"
		t=$((t + n))
	done
	printf '  %-34s %7s\n' total "$t"
done
