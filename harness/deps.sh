#!/bin/bash
# deps.sh BASE_LOCK PACKAGE...: make sure the Debian packages are installed.
# As root, install what is missing with apt-get; otherwise print the exact
# apt-get line and fail.  linux-source-6.12 is pinned to the version that
# base.lock records when Debian still serves it, else the newest 6.12.
set -uo pipefail
lock=$1; shift
want=$(awk '$1 == "package" { print $3 }' "$lock" 2>/dev/null)
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
src_have=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null)
if [ ${#missing[@]} -eq 0 ] && { [ -z "$want" ] || [ "$src_have" = "$want" ]; }; then
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages; run as root:" >&2
	echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
	exit 1
fi
echo "deps: installing ${missing[*]:-linux-source-6.12=$want}"
apt-get update -qq >/dev/null || { echo "deps: apt-get update failed" >&2; exit 1; }
pkgs=()
for p in "${missing[@]}"; do
	[ "$p" = linux-source-6.12 ] || pkgs+=("$p")
done
if [ ${#pkgs[@]} -gt 0 ]; then
	apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null ||
		{ echo "deps: apt-get install ${pkgs[*]} failed" >&2; exit 1; }
fi
if [ -n "$want" ] && [ "$src_have" != "$want" ]; then
	if apt-get install -y -qq --no-install-recommends --allow-downgrades "linux-source-6.12=$want" >/dev/null 2>&1; then
		echo "deps: linux-source-6.12 $want (as base.lock records)"
	else
		echo "deps: Debian no longer serves linux-source-6.12 $want; using the newest 6.12" >&2
		apt-get install -y -qq --no-install-recommends linux-source-6.12 >/dev/null ||
			{ echo "deps: cannot install linux-source-6.12" >&2; exit 1; }
	fi
elif [ -z "$src_have" ]; then
	apt-get install -y -qq --no-install-recommends linux-source-6.12 >/dev/null ||
		{ echo "deps: cannot install linux-source-6.12" >&2; exit 1; }
fi
