#!/bin/bash
# deps.sh BASE_LOCK BUILD PACKAGE...: make sure the harness has what it needs.
#
# The Debian packages named are installed from the machine's own sources
# (as root; otherwise the apt-get line is printed and the script fails).
# The kernel source, linux-source-7.3, comes from trixie-backports, which
# a Debian 12 machine does not list: harness/fetch-deb.sh downloads it
# with a private apt configuration under BUILD, first the version that
# base.lock records, else the newest 7.3 served, and BUILD/src holds its
# tarball and the version (BUILD/src/VERSION).  Then harness/toolchain.sh
# makes sparse and spatch new enough for 7.3 in BUILD/tc.
set -uo pipefail
lock=$1 build=$2; shift 2
pkg=$(awk '$1 == "package" { print $2 }' "$lock" 2>/dev/null)
want=$(awk '$1 == "package" { print $3 }' "$lock" 2>/dev/null)
pkg=${pkg:-linux-source-7.3}
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages; run as root:" >&2
		echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
		exit 1
	fi
	echo "deps: installing ${missing[*]}"
	apt-get update -qq >/dev/null || { echo "deps: apt-get update failed" >&2; exit 1; }
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		{ echo "deps: apt-get install ${missing[*]} failed" >&2; exit 1; }
fi

src=$build/src
tarball=$src/$pkg.tar.xz
if [ ! -f "$tarball" ] || [ ! -f "$src/VERSION" ]; then
	here=$(dirname "$0")
	deb=$("$here/fetch-deb.sh" "$build" trixie-backports "$pkg=$want" 2>/dev/null) || {
		echo "deps: trixie-backports no longer serves $pkg $want; using the newest" >&2
		deb=$("$here/fetch-deb.sh" "$build" trixie-backports "$pkg")
	} || { echo "deps: cannot download $pkg" >&2; exit 1; }
	mkdir -p "$src"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" >"$tarball.tmp" ||
		{ echo "deps: $deb holds no $pkg.tar.xz" >&2; exit 1; }
	mv "$tarball.tmp" "$tarball"
	dpkg-deb -f "$deb" Version >"$src/VERSION"
	echo "deps: $pkg $(cat "$src/VERSION") from trixie-backports"
fi
"$(dirname "$0")/toolchain.sh" "$build/tc" >/dev/null || exit 1
