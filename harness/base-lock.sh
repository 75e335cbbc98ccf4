#!/bin/bash
# base-lock.sh write|check REPO PRISTINE VERSION_FILE
# base.lock records the Debian package and version the overlay was made
# against and the sha256 of every upstream file the overlay replaces
# wholesale or patches.  "check" names the version it builds, and stops with
# a message naming each of those files that the served package has changed
# since: the overlay must be re-based onto it by hand.  A newer version in
# which none of them changed is only noted.
set -uo pipefail
mode=$1 repo=$2 pristine=$3 verfile=$4
lock=$repo/base.lock
pkg=linux-source-7.3
ver=$(cat "$verfile" 2>/dev/null || echo unknown)

# the upstream files we replace, then those our patches touch
replaced() {
	{
		"$repo/harness/overlay-files.sh" "$repo"
		sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$repo"/patches/*.patch "$repo"/patches/*/*.patch 2>/dev/null
	} | LC_ALL=C sort -u | while read -r f; do
		[ -f "$pristine/$f" ] && echo "$f"
	done
}

case $mode in
write)
	{
		echo "# libpseudofs base: written by 'make base-lock'."
		echo "# package NAME VERSION: the Debian package the overlay was made against."
		echo "# sha256 HASH PATH: upstream files the overlay replaces wholesale or patches."
		echo "package $pkg $ver"
		replaced | while read -r f; do
			echo "sha256 $(sha256sum "$pristine/$f" | cut -d' ' -f1) $f"
		done
	} >"$lock"
	echo "base-lock: wrote $lock ($(grep -c '^sha256' "$lock") replaced files, $ver)"
	;;
check)
	[ -f "$lock" ] || { echo "base: no base.lock; run 'make base-lock'" >&2; exit 1; }
	want=$(awk '$1 == "package" { print $3 }' "$lock")
	if [ "$ver" = "$want" ]; then
		echo "base: $pkg $ver"
	else
		echo "base: $pkg $ver (base.lock records $want; checking the files we replace or patch)"
	fi
	bad=0
	while read -r f; do
		rec=$(awk -v f="$f" '$1 == "sha256" && $3 == f { print $2 }' "$lock")
		have=$(sha256sum "$pristine/$f" | cut -d' ' -f1)
		if [ -z "$rec" ]; then
			echo "base: $f is replaced or patched but base.lock has no sha256 for it; run 'make base-lock'" >&2
			bad=1
		elif [ "$rec" != "$have" ]; then
			echo "base: upstream $f changed in $pkg $ver (sha256 $have, base.lock has $rec): re-base our $f on it, then 'make base-lock'" >&2
			bad=1
		fi
	done < <(replaced)
	exit $bad
	;;
*) echo "usage: base-lock.sh write|check REPO PRISTINE VERSION_FILE" >&2; exit 2 ;;
esac
