#!/bin/bash
# series-check.sh REPO TREE SERIES_DIR OUT RESULTS FRAG...
#
# Apply the series (SERIES_DIR/0001-*.patch ...) patch by patch with git am
# on the pristine base, in TREE (build/tree) under the kernel build lock:
# harness/kbuild.sh checks TREE out at its tag pristine and holds the lock
# throughout; the next kbuild.sh call checks out its own tag again.  At
# every step: checkpatch --strict on the patch, the config (tinyconfig plus
# FRAGs, merged again because later patches add symbols) and an incremental
# bzImage build in OUT (ccache: the same source path as the kept kernels).
# A step fails on git am, on a failed build, or on a checkpatch error or
# warning.  Results: RESULTS/series.ktap, details in RESULTS/series.log.
set -uo pipefail
if [ "${1:-}" != --inner ]; then
	[ $# -ge 6 ] || { echo "usage: series-check.sh REPO TREE SERIES_DIR OUT RESULTS FRAG..." >&2; exit 2; }
	repo=$(cd "$1" && pwd) tree=$(cd "$2" && pwd)
	ls "$3"/0001-*.patch >/dev/null 2>&1 || { echo "series-check: no series in $3 (make series)" >&2; exit 1; }
	mkdir -p "$4" "$5"
	series=$(cd "$3" && pwd) out=$(cd "$4" && pwd) res=$(cd "$5" && pwd)
	shift 5
	frags=()
	for f in "$@"; do frags+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
	KBUILD_LOCK=${KBUILD_LOCK:-/tmp/kbuild.lock} exec "$repo/harness/kbuild.sh" "$tree" pristine -- \
		"$repo/harness/series-check.sh" --inner "$repo" "$tree" "$series" "$out" "$res" "${frags[@]}"
fi
shift
repo=$1 tree=$2 series=$3 out=$4 res=$5
shift 5
ktap=$res/series.ktap log=$res/series.log
work=$out.work
mkdir -p "$work/cpwd"
t0=$(date +%s)
: >"$log"
patches=("$series"/0[0-9][0-9][0-9]-*.patch)
patches=("${patches[@]/*\/0000-*/}")
mapfile -t patches < <(printf '%s\n' "${patches[@]}" | grep .)
lines=() npass=0 nfail=0 i=0
who=$(git -C "$repo" log -1 --format='%an <%ae>')
mail=${who##*<}
gitam() { git -C "$tree" -c user.name="${who% <*}" -c user.email="${mail%>}" am -q --keep-cr "$@"; }

config() {
	local tmp=$work/kconfig
	mkdir -p "$tmp" "$out"
	make -s -C "$tree" O="$tmp" ARCH=x86_64 tinyconfig >/dev/null &&
	"$tree/scripts/kconfig/merge_config.sh" -m -O "$tmp" "$tmp/.config" "$@" >/dev/null &&
	make -s -C "$tree" O="$tmp" ARCH=x86_64 olddefconfig >/dev/null || return 1
	cmp -s "$tmp/.config" "$out/.config" || cp "$tmp/.config" "$out/.config"
}

for p in "${patches[@]}"; do
	i=$((i + 1))
	subj=$(git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p')
	echo "# $i: $(basename "$p")" >>"$log"
	why=()
	if ! gitam "$p" >>"$log" 2>&1; then
		gitam --abort >/dev/null 2>&1
		why+=("git am failed")
	fi
	cp=$(cd "$work/cpwd" && "$tree/scripts/checkpatch.pl" --strict --terse --show-types --no-tree "$p" 2>&1)
	printf '%s\n' "$cp" >>"$log"
	read -r e w c < <(printf '%s\n' "$cp" |
		awk '/: ERROR:/ { e++ } /: WARNING:/ { w++ } /: CHECK:/ { c++ } END { print e + 0, w + 0, c + 0 }')
	# "does MAINTAINERS need updating?" for a patch that adds a file and
	# leaves MAINTAINERS alone: not a defect when every file it adds has a
	# maintainer already (get_maintainer.pl, e.g. by a directory's F:).
	if printf '%s\n' "$cp" | grep -q 'WARNING:FILE_PATH_CHANGES:'; then
		covered=yes
		for f in $(git -C "$tree" diff --diff-filter=A --name-only HEAD~1 HEAD); do
			m=$(cd "$tree" && scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
				--no-l --no-r --no-s -f "$f" 2>/dev/null | head -1)
			echo "# $f: maintained by ${m:-nobody}" >>"$log"
			[ -n "$m" ] || covered=no
		done
		[ $covered = yes ] && w=$((w - 1))
	fi
	[ $((e + w)) -eq 0 ] || why+=("checkpatch $e errors $w warnings")
	bs=-
	if [ ${#why[@]} -eq 0 ] || [ "${why[0]}" != "git am failed" ]; then
		ts=$(date +%s)
		if config "$@" >>"$log" 2>&1 &&
			make -s -C "$tree" O="$out" ARCH=x86_64 CC="ccache gcc" -j"${JOBS:-$(nproc)}" bzImage >>"$log" 2>&1; then
			bs=$(( $(date +%s) - ts ))
		else
			bs=$(( $(date +%s) - ts ))
			why+=("build failed")
		fi
	fi
	desc="$i $subj # build ${bs}s, checkpatch --strict $e errors $w warnings $c checks"
	if [ ${#why[@]} -eq 0 ]; then
		npass=$((npass + 1)); lines+=("ok $desc")
	else
		nfail=$((nfail + 1)); lines+=("not ok $desc: ${why[*]}")
	fi
	echo "${lines[-1]}" | tee -a "$log"
	[ "${why[0]:-}" != "git am failed" ] || break
done
secs=$(( $(date +%s) - t0 ))
{
	echo "KTAP version 1"
	echo "1..${#patches[@]}"
	printf '%s\n' "${lines[@]}"
	echo "# series-check: ${#patches[@]} patches in ${secs}s"
	echo "# END series rc=$([ $nfail -eq 0 ] && echo 0 || echo 1)"
} >"$ktap"
echo "$npass passed, $nfail failed (${#patches[@]} patches, ${secs}s)" | tee -a "$log"
[ $nfail -eq 0 ] && [ $npass -eq ${#patches[@]} ]
