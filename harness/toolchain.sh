#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# toolchain.sh DIR: sparse and spatch new enough for Linux 7.3, in DIR.
#
# Debian 12's sparse 0.6.4 fails 7.3's scripts/checker-valid.sh (no
# __typeof_unqual__), and the kernel then silently checks nothing under
# C=2; its spatch 1.1.1 is older than the kernel's guard() code.  Debian 13
# (trixie) has coccinelle 1.3; only unstable has a sparse new enough,
# 0.6.5~rc1, whose sparse binary needs nothing but a libc of 2.38 or later.
# debootstrap puts a minimal trixie root with coccinelle in DIR/root (from
# the stable suite: unstable's OCaml packages are not always installable
# together), harness/fetch-deb.sh downloads unstable's sparse package and
# dpkg-deb unpacks it into DIR/sparse, and DIR/bin/sparse and DIR/bin/spatch
# run both with the trixie root's dynamic loader and libraries, on the
# host's paths (no chroot, so the kernel tree and the semantic patches are
# where the build says they are).  The machine's own apt sources and
# packages are not touched.  Run again, it only checks that both tools
# answer.
set -euo pipefail
dir=$(realpath -m "$1")
root=$dir/root
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$root/usr/bin/spatch" ]; then
	command -v debootstrap >/dev/null || { echo "toolchain: debootstrap missing (make deps)" >&2; exit 1; }
	[ "$(id -u)" = 0 ] || { echo "toolchain: debootstrap needs root" >&2; exit 1; }
	rm -rf "$root" && mkdir -p "$dir"
	echo "toolchain: debootstrap trixie (coccinelle) into $root"
	# debootstrap does not resolve virtual packages: coccinelle's OCaml
	# dependencies (libstdlib-ocaml-ABI, ocaml-base-VERSION,
	# libstdcompat-ocaml-ABI) are provided by the packages named here.
	debootstrap --variant=minbase \
		--include=coccinelle,ocaml-base,libstdlib-ocaml,libstdcompat-ocaml \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		trixie "$root" "$mirror" >"$dir/debootstrap.log" 2>&1 ||
		{ tail -20 "$dir/debootstrap.log" >&2; echo "toolchain: debootstrap failed" >&2; exit 1; }
fi
if [ ! -x "$dir/sparse/usr/bin/sparse" ]; then
	deb=$("$here/fetch-deb.sh" "$dir" sid sparse) || exit 1
	rm -rf "$dir/sparse" && dpkg-deb -x "$deb" "$dir/sparse"
fi

mkdir -p "$dir/bin"
libs=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu
loader="$root/lib64/ld-linux-x86-64.so.2 --library-path $libs"
cat >"$dir/bin/sparse" <<EOT
#!/bin/sh
# unstable's sparse from $dir/sparse, on $root's libc (harness/toolchain.sh)
exec $loader $dir/sparse/usr/bin/sparse "\$@"
EOT
# spatch reads standard.h and its python helpers from its own tree and
# embeds the machine's python3 (Debian 12's libpython3.11, as 1.1.1 did).
# Its built-in macros are its standard.h followed by our hints
# (harness/spatch-macros.h), as one --macro-file-builtins: only there does
# a hint such as __free() act before spatch's lookahead takes the cleanup
# function's name for a type.  The file is made again when the hints change.
hints=$here/spatch-macros.h
cat >"$dir/bin/spatch" <<EOT
#!/bin/sh
# spatch from $root (harness/toolchain.sh), with the kernel's macro hints
builtins=$dir/spatch-builtins.h
if [ ! -f "\$builtins" ] || [ "$hints" -nt "\$builtins" ]; then
	cat $root/usr/lib/coccinelle/standard.h "$hints" >"\$builtins.\$\$" &&
		mv -f "\$builtins.\$\$" "\$builtins"
fi
export COCCINELLE_HOME=$root/usr/lib/coccinelle
exec $loader $root/usr/bin/spatch --python /usr/bin/python3 --macro-file-builtins "\$builtins" "\$@"
EOT
chmod +x "$dir/bin/sparse" "$dir/bin/spatch"
echo "toolchain: $("$dir/bin/sparse" --version 2>&1), $("$dir/bin/spatch" --version 2>&1 | head -1)"
