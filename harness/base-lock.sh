#!/bin/bash
# base-lock.sh write|check REPO PRISTINE
# base.lock records the Debian package version the overlay was made against
# and the sha256 of every upstream file the overlay replaces wholesale.
# "check" stops with a message naming each replaced file that the served
# package has changed since: the overlay must be re-based onto it by hand.
set -uo pipefail
mode=$1 repo=$2 pristine=$3
lock=$repo/base.lock
ver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)

replaced() {
	"$repo/harness/overlay-files.sh" "$repo" | while read -r f; do
		[ -f "$pristine/$f" ] && echo "$f"
	done
}

case $mode in
write)
	{
		echo "# libpseudofs base: written by 'make base-lock'."
		echo "# package NAME VERSION: the Debian package the overlay was made against."
		echo "# sha256 HASH PATH: upstream files the overlay replaces wholesale."
		echo "package linux-source-6.12 $ver"
		replaced | LC_ALL=C sort | while read -r f; do
			echo "sha256 $(sha256sum "$pristine/$f" | cut -d' ' -f1) $f"
		done
	} >"$lock"
	echo "base-lock: wrote $lock ($(grep -c '^sha256' "$lock") replaced files, $ver)"
	;;
check)
	[ -f "$lock" ] || { echo "base: no base.lock; run 'make base-lock'" >&2; exit 1; }
	want=$(awk '$1 == "package" { print $3 }' "$lock")
	[ "$ver" = "$want" ] || echo "base: note: building on linux-source-6.12 $ver, base.lock records $want"
	bad=0
	while read -r f; do
		rec=$(awk -v f="$f" '$1 == "sha256" && $3 == f { print $2 }' "$lock")
		have=$(sha256sum "$pristine/$f" | cut -d' ' -f1)
		if [ -z "$rec" ]; then
			echo "base: $f replaces an upstream file but base.lock has no sha256 for it; run 'make base-lock'" >&2
			bad=1
		elif [ "$rec" != "$have" ]; then
			echo "base: upstream $f changed in linux-source-6.12 $ver (sha256 $have, base.lock has $rec): re-base our $f on it, then 'make base-lock'" >&2
			bad=1
		fi
	done < <(replaced)
	exit $bad
	;;
*) echo "usage: base-lock.sh write|check REPO PRISTINE" >&2; exit 2 ;;
esac
