#!/bin/bash
# mktree.sh PRISTINE OUT OVERLAY_ROOT [--no-spatch]
# Lay out the patched kernel tree: a git repository whose first commit is the
# pristine base, then the overlay files at their kernel paths, then every
# patches/*.patch applied with patch -p1, then (unless --no-spatch) our
# semantic patches run over kernel/trace/.  Each step is one commit, so
# `git -C OUT log -p` shows exactly what we change.  The first commit is
# tagged "pristine", the second (the benchmark, which stock carries too)
# "pristine-bench", the last "patched": harness/kbuild.sh checks the tree
# out at pristine-bench or patched to build the stock or the patched kernels.
# Run it under the kernel build lock (make tree does) so that no build sees
# the tree change under it.
set -euo pipefail
pristine=$1 out=$2 repo=$3 spatch=${4:-}

die() { echo "mktree: $*" >&2; exit 1; }
[ -f "$pristine/Makefile" ] || die "no pristine tree at $pristine"

# What the tree's first commit was laid from: a tree laid from another base
# (an older package, or another kernel left in build/ by an earlier run) is
# laid anew, or the patches for this base would not apply to its files.
base_id="base: $(basename "$pristine") $(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' \
	"$pristine/Makefile" | paste -sd.) $(stat -c %Y "$pristine/.unpacked" 2>/dev/null || echo -)"
if [ -d "$out/.git" ]; then
	laid=$(git -C "$out" log -1 --format=%s pristine 2>/dev/null || echo "no tag pristine")
	if [ "$laid" != "$base_id" ]; then
		echo "mktree: $out was laid from '$laid', not '$base_id': laying it anew" >&2
		rm -rf "$out"
	fi
fi
if [ ! -d "$out/.git" ]; then
	rm -rf "$out"
	mkdir -p "$out"
	cp -a "$pristine/." "$out/"
	git -C "$out" init -q
	git -C "$out" config user.name libpseudofs-build
	git -C "$out" config user.email build@libpseudofs.invalid
	git -C "$out" config core.autocrlf false
	git -C "$out" config gc.auto 0
	git -C "$out" add -A -f .
	git -C "$out" commit -q -m "$base_id"
	git -C "$out" tag -f pristine >/dev/null
fi

# Start again from the pristine commit; keep the work tree's mtimes where the
# content does not change so that make/ccache rebuild only what changed.
# (From wherever kbuild.sh left HEAD: the branch master starts again there.)
git -C "$out" tag -d patched >/dev/null 2>&1 || true
# Local changes kbuild.sh set aside belong to the tree laid before: drop them.
git -C "$out" stash clear
git -C "$out" checkout -q -f -B master pristine
git -C "$out" clean -q -fdx

# The benchmark and the hold files (lib/test_pseudofs_bench.c,
# lib/test_pseudofs_hold.c and patches/bench/*.patch), the one change the stock kernels carry too: a
# commit of its own on pristine, tagged pristine-bench, that the stock
# kernels are built from and ours build on.
git -C "$out" tag -d pristine-bench >/dev/null 2>&1 || true
cp "$repo"/lib/test_pseudofs_bench.c "$repo"/lib/test_pseudofs_hold.c "$out/lib/"
for p in "$repo"/patches/bench/*.patch; do
	[ -e "$p" ] || continue
	patch -d "$out" -p1 --forward --batch --no-backup-if-mismatch -s <"$p" ||
		die "patch bench/$(basename "$p") does not apply to $(basename "$pristine")"
done
git -C "$out" add -A -f .
git -C "$out" commit -q --allow-empty -m "bench: lib/test_pseudofs_*.c, in the stock and the patched kernels"
git -C "$out" tag -f pristine-bench >/dev/null

# Overlay: every tracked file of ours at a kernel path.
cd "$repo"
"$repo/harness/overlay-files.sh" "$repo" | while read -r f; do
	mkdir -p "$out/$(dirname "$f")"
	if ! cmp -s "$f" "$out/$f"; then
		cp "$f" "$out/$f"
	fi
done
git -C "$out" add -A -f .
git -C "$out" commit -q --allow-empty -m "overlay: libpseudofs files at their kernel paths"

# Patches to upstream files we do not own.
for p in "$repo"/patches/*.patch; do
	[ -e "$p" ] || continue
	if ! patch -d "$out" -p1 --forward --batch --no-backup-if-mismatch -s <"$p"; then
		die "patch $(basename "$p") does not apply to $(basename "$pristine") (see rejects above)"
	fi
	find "$out" -name '*.rej' -print -quit | grep -q . && die "rejects left by $(basename "$p")"
done
git -C "$out" add -A -f .
git -C "$out" commit -q --allow-empty -m "patches: $(ls "$repo"/patches/*.patch 2>/dev/null | wc -l) patch(es) to upstream files"

if [ "$spatch" != "--no-spatch" ] && [ -x "$repo/harness/cocci-convert.sh" ]; then
	"$repo/harness/cocci-convert.sh" "$out" "${RESULTS:-$repo/build/results}"
	git -C "$out" add -A -f .
	git -C "$out" commit -q --allow-empty -m "spatch: kernel/trace/ converted from debugfs to tracefs"
fi
git -C "$out" tag -f patched >/dev/null
echo "mktree: $out ready ($(git -C "$out" diff --shortstat pristine HEAD))"
