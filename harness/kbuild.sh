#!/bin/bash
# kbuild.sh TREE REV OUT [MAKE_ARGS...]   build bzImage of TREE at REV in OUT
# kbuild.sh TREE REV -- CMD...            run CMD with TREE checked out at REV
#
# Every kernel is built from the one git work tree TREE (build/tree), checked
# out at the tag "pristine-bench" (pristine plus lib/test_pseudofs_bench.c, see
# mktree.sh) for the stock kernels and "patched" for ours, so
# that the compiler sees the same absolute source paths for both and ccache
# can share their objects: git checkout rewrites only the files that differ,
# make rebuilds only what depends on them, and ccache's preprocessor mode hits
# for every file whose preprocessed text is the same on both sides.
#
# The switch and the build hold the kernel build lock (KBUILD_LOCK, default
# /tmp/kbuild.lock) so that no other build, and no 'make tree', sees the
# tree change under it.  A build prints its time and ccache's hits and
# misses, and appends the same line to RESULTS/kernels.txt when RESULTS is set.
set -uo pipefail
die() { echo "kbuild: $*" >&2; exit 1; }
[ $# -ge 3 ] || die "usage: kbuild.sh TREE REV OUT [MAKE_ARGS...] | TREE REV -- CMD..."
tree=$1 rev=$2 out=$3; shift 3
lock=${KBUILD_LOCK:-/tmp/kbuild.lock}

exec 9>>"$lock" || die "cannot open $lock"
t0=$(date +%s)
flock 9
waited=$(( $(date +%s) - t0 ))

[ -d "$tree/.git" ] || die "no tree at $tree (make tree)"
# A tree laid before mktree.sh tagged its last commit: the branch's last
# commit is it if it is the spatch one (mktree.sh drops the tag when it starts).
if [ "$rev" = patched ] && ! git -C "$tree" rev-parse -q --verify refs/tags/patched >/dev/null &&
	git -C "$tree" log -1 --format=%s master 2>/dev/null | grep -q '^spatch:'; then
	git -C "$tree" tag patched master
fi
# A tree laid before the benchmark existed has no pristine-bench: stock then
# builds from pristine, without the benchmark (make tree lays it).
if [ "$rev" = pristine-bench ] && ! git -C "$tree" rev-parse -q --verify refs/tags/pristine-bench >/dev/null; then
	echo "kbuild: $tree has no tag pristine-bench (make tree): building pristine, without the benchmark" >&2
	rev=pristine
fi
want=$(git -C "$tree" rev-parse -q --verify "refs/tags/$rev^{commit}") || die "$tree has no tag $rev (make tree)"
if [ "$(git -C "$tree" rev-parse HEAD)" != "$want" ]; then
	# Files copied into the tree by hand since 'make tree' stay with the
	# revision they were copied onto: stashed when leaving it, put back on
	# return.
	if [ -n "$(git -C "$tree" status --porcelain)" ]; then
		from=$(git -C "$tree" describe --tags --exact-match HEAD 2>/dev/null || git -C "$tree" rev-parse HEAD)
		git -C "$tree" stash push -q -u -m "kbuild: local changes at $from" ||
			die "cannot set aside the local changes in $tree"
	fi
	git -C "$tree" checkout -q --detach "$want" ||
		die "cannot check $tree out at $rev ('make tree' lays it again)"
	if git -C "$tree" log -1 --format=%s refs/stash 2>/dev/null | grep -qx "On .*: kbuild: local changes at $rev"; then
		git -C "$tree" stash pop -q ||
			echo "kbuild: warning: could not put back the local changes of $tree (git -C $tree stash list)" >&2
	fi
fi

if [ "$out" = -- ]; then
	"$@"
	exit
fi

# KBUILD_SEED=DIR: a first build of OUT starts from DIR, a finished build
# of another revision of the same tree (the stock kernel of the same
# options).  OUT keeps its own .config, newer than what it gets from DIR;
# the checkout above made every file that differs newer than DIR's
# objects, so make recompiles only what the switch of revision or of
# configuration reaches (fixdep's per-symbol dependencies), and the host
# tools (objtool, modpost, kconfig) are not built again.
start=$(date +%s)
seeded=
if [ -n "${KBUILD_SEED:-}" ] && [ -e "$KBUILD_SEED/vmlinux" ] && [ -e "$out/.config" ] &&
	[ ! -e "$out/vmlinux" ]; then
	seed=$(realpath "$KBUILD_SEED") dest=$(realpath "$out")
	rsync -a --exclude=/.config "$seed/" "$dest/" || die "cannot seed $out from $seed"
	# objtool's own build records absolute paths: made to name OUT, so
	# that it is not rebuilt (every object depends on the objtool binary)
	grep -rlZ --include='.*.cmd' -F "$seed/" "$dest" | xargs -0r sed -i "s|$seed/|$dest/|g"
	touch "$out/.config"
	seeded="  seeded from $(basename "$KBUILD_SEED")"
fi

stats() { ccache --print-stats 2>/dev/null | awk '
	$1 == "direct_cache_hit" { d = $2 } $1 == "preprocessed_cache_hit" { p = $2 }
	$1 == "cache_miss" { m = $2 } END { print d + 0, p + 0, m + 0 }'; }
read -r d0 p0 m0 < <(stats)
# with module support, the modules too (boot.sh gives them to the guest)
targets=bzImage
grep -q '^CONFIG_MODULES=y' "$out/.config" 2>/dev/null && targets="bzImage modules"
make -s -C "$tree" O="$out" ARCH=x86_64 CC="ccache gcc" -j"${JOBS:-$(nproc)}" $targets "$@"
rc=$?
secs=$(( $(date +%s) - start ))
read -r d1 p1 m1 < <(stats)
d=$((d1 - d0)) p=$((p1 - p0)) m=$((m1 - m0))
tot=$((d + p + m))
line=$(printf '%-14s %5ss  from %-8s ccache: %5d direct + %5d preprocessed hits, %5d misses (%3d%% hits)%s%s%s' \
	"$(basename "$out")" "$secs" "$rev" "$d" "$p" "$m" $(( tot ? 100 * (d + p) / tot : 0 )) "$seeded" \
	"$([ "$waited" -lt 2 ] || echo "  after ${waited}s waiting for the build lock")" \
	"$([ $rc -eq 0 ] || echo "  FAILED (exit $rc)")")
echo "kernel $line"
if [ -n "${RESULTS:-}" ]; then
	mkdir -p "$RESULTS"
	echo "$line" >>"$RESULTS/kernels.txt"
fi
exit $rc
