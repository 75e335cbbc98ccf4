#!/bin/bash
# fetch-deb.sh DIR SUITE PACKAGE[=VERSION]...: download Debian packages from
# SUITE (e.g. trixie-backports) into DIR/debs without touching the machine's
# apt sources.  A private apt configuration lives in DIR/apt-SUITE: its own
# sources list, lists and cache, signed by the trixie keys that Debian 12's
# debian-archive-keyring ships.  Prints the path of each downloaded .deb.
set -euo pipefail
dir=$1 suite=$2; shift 2
root=$dir/apt-$suite
key=/usr/share/keyrings/debian-archive-trixie-automatic.gpg
case $suite in
	sid|unstable) key=/usr/share/keyrings/debian-archive-keyring.gpg ;;
esac
[ -r "$key" ] || { echo "fetch-deb: no $key (debian-archive-keyring)" >&2; exit 1; }
mkdir -p "$root/lists/partial" "$root/cache/archives/partial" "$dir/debs"
echo "deb [signed-by=$key] http://deb.debian.org/debian $suite main" >"$root/sources.list"
opts=(-o Dir::Etc::SourceList="$root/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$root/lists" -o Dir::Cache="$root/cache"
      -o Dir::State::status=/dev/null -o APT::Architecture=amd64
      -o Debug::NoLocking=1 -o APT::Sandbox::User=root -qq)
# One update a day is enough; a stale list only fails the download.
if [ -z "$(find "$root/lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null)" ]; then
	apt-get "${opts[@]}" update >/dev/null ||
		{ echo "fetch-deb: apt-get update of $suite failed" >&2; exit 1; }
fi
cd "$dir/debs"
for p in "$@"; do
	name=${p%%=*}
	ver=$(apt-cache "${opts[@]}" show "$p" 2>/dev/null | awk '/^Version:/ { print $2; exit }')
	[ -n "$ver" ] || { echo "fetch-deb: $suite has no $p" >&2; exit 1; }
	file=$(ls "${name}_${ver//:/%3a}_"*.deb 2>/dev/null | head -1 || true)
	if [ -z "$file" ]; then
		apt-get "${opts[@]}" download "$name=$ver" >/dev/null ||
			{ echo "fetch-deb: cannot download $name=$ver" >&2; exit 1; }
		file=$(ls "${name}_${ver//:/%3a}_"*.deb | head -1)
	fi
	echo "$dir/debs/$file"
done
