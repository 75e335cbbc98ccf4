#!/bin/bash
# static.sh REPO PRISTINE TREE OUT_STOCK OUT_PATCHED RESULTS
#
# The static checks a maintainer runs, on the files we own (the overlay,
# harness/overlay-files.sh) and, side by side in the same run, on stock's
# files at the same paths (fs/debugfs/inode.c, fs/tracefs/*, security/inode.c):
#
#   checkpatch --strict -f   every file we own: 0 errors, 0 warnings
#   kernel-doc -Wall -none   every C file we own: 0 warnings
#   sparse (C=2)             our objects: no more warnings in a file than stock's
#   W=1                      our objects: no more warnings in a file than stock's
#                            (0 in the files stock does not have)
#   htmldocs                 SPHINXDIRS=filesystems: 0 warnings from our files,
#                            and every function libpseudofs exports rendered
#
# checkpatch and kernel-doc read the repository and the pristine base.  The
# object checks hold the kernel build lock through harness/kbuild.sh (tree at
# STOCK_REV, that of the stock kernels, then at patched) and use the kept O= folders:
# the objects are recompiled with W=1 (ccache replays their warnings), so the
# next normal build of those kernels recompiles them again (ccache hits) and
# relinks.  htmldocs are made from a copy of the pristine base, then again
# with the files of the tree's tag patched, in build/static/.  The rendered
# libpseudofs page lands in RESULTS/htmldocs/.  Results: RESULTS/static.ktap
# (one line per check, ours vs stock), RESULTS/static.log (details, ending
# "N passed, N failed").
set -uo pipefail
[ $# -eq 6 ] || { echo "usage: static.sh REPO PRISTINE TREE OUT_STOCK OUT_PATCHED RESULTS" >&2; exit 2; }
abs() { mkdir -p "$1" && (cd "$1" && pwd); }
repo=$(abs "$1") pristine=$(abs "$2") tree=$(abs "$3") out_stock=$(abs "$4") out_patched=$(abs "$5") res=$(abs "$6")
# The stock kernels' tag: pristine-bench where the tree has it (pristine plus
# the benchmark, which touches none of the files checked here), else pristine.
stock_rev=${STOCK_REV:-$(git -C "$tree" rev-parse -q --verify refs/tags/pristine-bench >/dev/null && echo pristine-bench || echo pristine)}
work=$repo/build/static
jobs=${JOBS:-$(nproc)}
mkdir -p "$res" "$work"
log=$res/static.log ktap=$res/static.ktap
: >"$log"
t0=$(date +%s)

# Files we own: the overlay (the benchmark is in both kernels, not ours alone).
mapfile -t OWN < <("$repo/harness/overlay-files.sh" "$repo" | grep -v -e '^lib/test_pseudofs_')
mapfile -t OWN_C < <(printf '%s\n' "${OWN[@]}" | grep -E '\.[ch]$')
# Objects that build our C files, per kernel.
OBJ_PATCHED="fs/libpseudofs/file.o fs/libpseudofs/inode.o fs/libpseudofs/super.o fs/libpseudofs/tests/libpseudofs_kunit.o fs/libpseudofs/tests/libpseudofs_instances_kunit.o
	fs/debugfs/inode.o fs/tracefs/inode.o security/inode.o samples/pseudofs/samplefs.o samples/pseudofs/tallyfs.o samples/pseudofs/notefs.o
	fs/binfmt_misc.o fs/pstore/inode.o drivers/android/binderfs.o kernel/bpf/inode.o"
OBJ_STOCK="fs/debugfs/inode.o fs/tracefs/inode.o security/inode.o fs/binfmt_misc.o fs/pstore/inode.o drivers/android/binderfs.o kernel/bpf/inode.o"

n=0 npass=0 nfail=0
lines=()
result() {	# result OK|FAIL "check: counts"
	n=$((n + 1))
	if [ "$1" = OK ]; then npass=$((npass + 1)); lines+=("ok $n $2")
	else nfail=$((nfail + 1)); lines+=("not ok $n $2"); fi
	echo "${lines[-1]}" >>"$log"
}
say() { echo "# $*" >>"$log"; }

# --- htmldocs, SPHINXDIRS=filesystems ----------------------------------------
# make htmldocs writes into its source tree (Documentation/networking/
# netlink_spec/*.rst), so it runs on a copy: the pristine base hard-linked,
# with a real copy of Documentation/.  Stock's pass first; then the files
# that the tree's tag patched changes are written into the copy (read from
# the tree's git: no checkout, no lock) and the second pass, in the same
# output folder, re-reads only the documents they touch (Sphinx notes the
# sources kernel-doc read as dependencies): all of ours, stock's warnings
# once.  It runs in the background, beside the other checks.
htmldocs() {
	ts=$(date +%s)
	rm -rf "$src" "$doc"
	if cp -al "$pristine" "$src" && rm -rf "$src/Documentation" && cp -a "$pristine/Documentation" "$src/"; then
		for k in stock patched; do
			if [ $k = patched ]; then
				git -C "$tree" diff --name-only --no-renames pristine patched | while read -r f; do
					rm -f "$src/$f"
					if git -C "$tree" cat-file -e "patched:$f" 2>/dev/null; then
						mkdir -p "$src/$(dirname "$f")" && git -C "$tree" show "patched:$f" >"$src/$f"
					fi
				done
			fi
			PYTHONDONTWRITEBYTECODE=1 make -s -C "$src" O="$doc" -j"$jobs" SPHINXDIRS=filesystems \
				htmldocs >"$work/htmldocs-$k.log" 2>&1 || echo "htmldocs failed" >>"$work/htmldocs-$k.log"
		done
	else
		echo "htmldocs failed: no source copy" | tee "$work/htmldocs-stock.log" >"$work/htmldocs-patched.log"
	fi
	echo "# htmldocs (stock and ours): $(( $(date +%s) - ts ))s" >"$work/htmldocs.time"
}
src=$work/src doc=$work/doc
rm -f "$work/htmldocs.time"
htmldocs &
docpid=$!

# --- checkpatch --strict -f --------------------------------------------------
# checkpatch runs in an empty folder of its own: it leaves its CamelCase
# cache (.checkpatch-camelcase.*) in the current directory.
mkdir -p "$work/cpwd"
cp_count() {	# cp_count FILE -> "errors warnings checks"
	(cd "$work/cpwd" && "$pristine/scripts/checkpatch.pl" --strict --no-tree --terse --show-types -f "$1" 2>&1) |
		tee -a "$work/checkpatch.out" |
		awk '/: ERROR:/ { e++ } /: WARNING:/ { w++ } /: CHECK:/ { c++ }
			END { print e + 0, w + 0, c + 0 }'
}
: >"$work/checkpatch.out"
say "checkpatch --strict (errors/warnings/checks): file, ours, stock"
oe=0 ow=0 oc=0 se=0 sw=0 sc=0
for f in "${OWN[@]}"; do
	read -r e w c < <(cp_count "$repo/$f")
	oe=$((oe + e)) ow=$((ow + w)) oc=$((oc + c))
	st=-
	if [ -f "$pristine/$f" ]; then
		read -r e2 w2 c2 < <(cp_count "$pristine/$f")
		se=$((se + e2)) sw=$((sw + w2)) sc=$((sc + c2)) st="$e2/$w2/$c2"
	fi
	say "  $f ours $e/$w/$c stock $st"
done
[ $((oe + ow)) -eq 0 ] && r=OK || r=FAIL
result $r "checkpatch --strict: ours $oe errors $ow warnings $oc checks in ${#OWN[@]} files, stock $se errors $sw warnings $sc checks in its same files"

# --- kernel-doc -Wall -none --------------------------------------------------
: >"$work/kernel-doc.out"
say "kernel-doc -Wall -none warnings: file, ours, stock"
o=0 s=0
for f in "${OWN_C[@]}"; do
	a=$(cd "$repo" && "$pristine/scripts/kernel-doc" -Wall -none "$f" 2>&1 | tee -a "$work/kernel-doc.out" | grep -c 'warning:')
	o=$((o + a)) b=-
	if [ -f "$pristine/$f" ]; then
		b=$(cd "$pristine" && "$pristine/scripts/kernel-doc" -Wall -none "$f" 2>&1 | grep -c 'warning:')
		s=$((s + b))
	fi
	say "  $f ours $a stock $b"
done
[ "$o" -eq 0 ] && r=OK || r=FAIL
result $r "kernel-doc -Wall: ours $o warnings in ${#OWN_C[@]} files, stock $s in its same files"

# --- W=1 and sparse on the objects, under the build lock ---------------------
# objects REV OUT OBJS TAG: W=1 build (objects removed first so that they are
# compiled), then C=2 (sparse only: the objects are up to date).
objects() {
	local rev=$1 out=$2 objs=$3 tag=$4
	KBUILD_LOCK=${KBUILD_LOCK:-/tmp/kbuild.lock} "$repo/harness/kbuild.sh" "$tree" "$rev" -- sh -c '
		t=$(date +%s)
		unset MAKEFLAGS MFLAGS MAKELEVEL	# not make -s of make static: the CC, CHECK lines count
		cd "$1" && for o in $3; do rm -f "$2/$o"; done
		make O="$2" ARCH=x86_64 CC="ccache gcc" -j"$4" W=1 $3 >"$5.w1" 2>&1 || echo "W=1 build failed" >>"$5.w1"
		make O="$2" ARCH=x86_64 CC="ccache gcc" -j"$4" W=1 C=2 CHECK="${SPARSE:-sparse}" $3 >"$5.sparse" 2>&1 || echo "C=2 failed" >>"$5.sparse"
		echo "# W=1 and sparse, $6: $(( $(date +%s) - t ))s under the build lock" >>"$7"
	' sh "$tree" "$out" "$objs" "$jobs" "$work/$tag" "$tag" "$log"
}
# sparse really runs: 7.3's make silently checks nothing with a sparse that
# fails scripts/checker-valid.sh (Debian 12's 0.6.4).  A planted file with
# one sparse warning (a __user pointer dereferenced) is checked with C=2 in
# the patched tree, then removed.
KBUILD_LOCK=${KBUILD_LOCK:-/tmp/kbuild.lock} "$repo/harness/kbuild.sh" "$tree" patched -- sh -c '
	unset MAKEFLAGS MFLAGS MAKELEVEL
	f=fs/libpseudofs/zz_sparse_planted
	printf "%s\n" "#include <linux/compiler.h>" "int zz_sparse_planted(int __user *p);" \
		"int zz_sparse_planted(int __user *p) { return *p; }" >"$1/$f.c"
	sh "$1/scripts/checker-valid.sh" "${SPARSE:-sparse}" >"$3.valid" 2>&1
	make O="$2" ARCH=x86_64 CC="ccache gcc" C=2 CHECK="${SPARSE:-sparse}" -C "$1" $f.o >"$3" 2>&1
	rm -f "$1/$f.c" "$2/$f.o" "$2/fs/libpseudofs/.zz_sparse_planted.o.cmd"
' sh "$tree" "$out_patched" "$work/sparse-planted.log"
if [ "$(cat "$work/sparse-planted.log.valid" 2>/dev/null)" = 1 ] &&
	grep -q 'zz_sparse_planted.c:.*dereference of noderef expression' "$work/sparse-planted.log"; then
	r=OK
else
	r=FAIL
	sed 's/^/  /' "$work/sparse-planted.log" | tail -5 >>"$log"
fi
result $r "sparse runs: $("${SPARSE:-sparse}" --version 2>&1 | head -1), checker-valid.sh says $(cat "$work/sparse-planted.log.valid" 2>/dev/null), the planted warning $(grep -c 'zz_sparse_planted.c:.*warning' "$work/sparse-planted.log" 2>/dev/null || echo 0) time(s)"

ts=$(date +%s)
objects "$stock_rev" "$out_stock" "$OBJ_STOCK" stock
objects patched "$out_patched" "$OBJ_PATCHED" patched
say "W=1 and sparse on the objects: $(( $(date +%s) - ts ))s with the waits for the lock"

# warnings located in FILE (a path under the tree) in a compiler/sparse log
in_file() { awk -v a="$tree/$2:" -v b="$2:" '(index($0, a) == 1 || index($0, b) == 1) && /: (warning|error):/ { n++ } END { print n + 0 }' "$1"; }
# How many of OBJS W=1 compiled (kbuild's "CC" lines) or sparse checked
# ("CHECK" lines, which name the source).
ran() {	# ran LOG WORD OBJS
	local o pat n=0
	for o in $3; do
		pat=$o
		[ "$2" = CHECK ] && pat=${o%.o}.c
		grep -qE "^ +$2 +(.*/)?${pat//./\\.}\$" "$1" && n=$((n + 1))
	done
	echo $n
}
cmp_objs() {	# cmp_objs SUFFIX NAME WORD
	local sfx=$1 name=$2 word=$3 o=0 s=0 worse=0 f a b np ns
	np=$(ran "$work/patched.$sfx" "$word" "$OBJ_PATCHED") ns=$(ran "$work/stock.$sfx" "$word" "$OBJ_STOCK")
	say "$name: $np of our $(wc -w <<<"$OBJ_PATCHED") objects, $ns of stock's $(wc -w <<<"$OBJ_STOCK") ($word lines)"
	[ "$np" -eq "$(wc -w <<<"$OBJ_PATCHED")" ] && [ "$ns" -eq "$(wc -w <<<"$OBJ_STOCK")" ] || worse=$((worse + 1))
	say "$name warnings located in the file: file, ours, stock"
	for f in "${OWN_C[@]}"; do
		a=$(in_file "$work/patched.$sfx" "$f") b=0 bs=-
		if [ -f "$pristine/$f" ]; then b=$(in_file "$work/stock.$sfx" "$f"); bs=$b; fi
		o=$((o + a)) s=$((s + b))
		[ "$a" -le "$b" ] || worse=$((worse + 1))
		say "  $f ours $a stock $bs"
	done
	grep -q 'failed$' "$work/patched.$sfx" "$work/stock.$sfx" && worse=$((worse + 1)) && say "  a make failed (see build/static/*.$sfx)"
	[ "$worse" -eq 0 ] && r=OK || r=FAIL
	result $r "$name: ours $o warnings in $np objects, stock $s in $ns, files worse than stock $worse"
}
cmp_objs sparse "sparse C=2" CHECK
cmp_objs w1 "W=1" CC

wait $docpid
cat "$work/htmldocs.time" >>"$log" 2>/dev/null
# Our doc files: the overlay's, and the upstream ones our patches change.
mapfile -t DOCS < <({ printf '%s\n' "${OWN[@]}"; grep -h '^+++ b/Documentation/filesystems/' "$repo"/patches/*.patch | sed 's|^+++ b/||'; } | sort -u)
doc_warn() {	# doc_warn LOG ROOT FILE
	grep -E '(WARNING|ERROR|warning|error)' "$1" | grep -cF "$2/$3:"
}
o=0 s=0
say "htmldocs warnings from the file: file, ours, stock"
for f in "${DOCS[@]}"; do
	a=$(doc_warn "$work/htmldocs-patched.log" "$src" "$f") b=-
	if [ -f "$pristine/$f" ]; then b=$(doc_warn "$work/htmldocs-stock.log" "$src" "$f"); s=$((s + b)); fi
	o=$((o + a))
	[ "$a$b" = 0- ] || [ "$a$b" = 00 ] || say "  $f ours $a stock $b"
done
html=$doc/Documentation/output/filesystems/libpseudofs.html
fail=0
grep -q 'htmldocs failed' "$work/htmldocs-patched.log" "$work/htmldocs-stock.log" && fail=1 && say "  a make htmldocs failed (build/static/htmldocs-*.log)"
[ -f "$html" ] || { fail=1; say "  no $html"; }
[ "$o" -eq 0 ] && [ $fail -eq 0 ] && r=OK || r=FAIL
result $r "htmldocs SPHINXDIRS=filesystems: ours $o warnings from our files, stock $s from its same files"

# Every exported function of the library is in the rendered page.
mapfile -t EXP < <(cd "$repo" && sed -n 's/^EXPORT_SYMBOL[A-Z_]*(\([a-z_0-9]*\)).*/\1/p' fs/libpseudofs/*.c | sort -u)
miss=()
for e in "${EXP[@]}"; do
	grep -q "id=\"c\\.$e\"" "$html" 2>/dev/null || miss+=("$e")
done
[ ${#miss[@]} -eq 0 ] && [ ${#EXP[@]} -gt 0 ] && r=OK || r=FAIL
[ ${#miss[@]} -eq 0 ] || say "  not rendered: ${miss[*]}"
result $r "htmldocs libpseudofs page: $(( ${#EXP[@]} - ${#miss[@]} )) of ${#EXP[@]} exported functions rendered"

# --- spatch's parse rate on kernel/trace ---------------------------------------
# A function spatch cannot parse is skipped by the semantic patches without a
# word: the toolchain's spatch (coccinelle 1.3 with our hints, SPATCH) must
# parse at least SPATCH_PARSE_MIN percent of pristine 7.3's kernel/trace
# lines, and more than Debian 12's spatch 1.1.1 without hints, measured here
# beside it (skipped if the machine has no other spatch).
parse_min=${SPATCH_PARSE_MIN:-98.5}
args=(coccinelle "${SPATCH:-spatch}" "")
[ -x /usr/bin/spatch ] && [ "$(realpath /usr/bin/spatch)" != "$(realpath "${SPATCH:-spatch}")" ] &&
	args=("Debian 12" /usr/bin/spatch "" "${args[@]}")
"$repo/harness/spatch-parse.sh" "$pristine/kernel/trace" "${args[@]}" >"$work/spatch-parse.txt" 2>&1
sed 's/^/  /' "$work/spatch-parse.txt" >>"$log"
rate() { sed -n "s/^spatch-parse: $1: .*(\([0-9.]*\)%).*/\1/p" "$work/spatch-parse.txt"; }
ours=$(rate coccinelle) deb=$(rate "Debian 12")
r=FAIL
awk -v o="${ours:-0}" -v d="${deb:-0}" -v m="$parse_min" 'BEGIN { exit !(o >= m && o > d) }' && r=OK
result $r "spatch parse rate on kernel/trace: ${ours:-?}% (coccinelle 1.3 with harness/spatch-macros.h), Debian 12's 1.1.1 ${deb:-not here}%, at least $parse_min% asked"

# Keep the page and its static assets: build/results/htmldocs/libpseudofs.html
rm -rf "$res/htmldocs"
if [ -f "$html" ]; then
	mkdir -p "$res/htmldocs"
	cp "$html" "$res/htmldocs/"
	cp -r "$doc/Documentation/output/filesystems/_static" "$res/htmldocs/"
fi

{
	echo "KTAP version 1"
	echo "1..$n"
	printf '%s\n' "${lines[@]}"
	echo "# END static rc=$([ $nfail -eq 0 ] && echo 0 || echo 1) in $(( $(date +%s) - t0 ))s"
} >"$ktap"
echo "# static: $(( $(date +%s) - t0 ))s" >>"$log"
echo "$npass passed, $nfail failed" | tee -a "$log"
[ $nfail -eq 0 ]
