#!/bin/bash
# mkinitramfs.sh OUT.cpio.gz FTRACE_SELFTEST_DIR
# A busybox-static initramfs with our guest init, the guest suites and the
# kernel's ftracetest.
set -euo pipefail
out=$1 ftrace=$2
here=$(cd "$(dirname "$0")" && pwd)
bb=/bin/busybox
[ -x "$bb" ] || { echo "mkinitramfs: $bb missing (apt-get install busybox-static)" >&2; exit 1; }
file -L "$bb" 2>/dev/null | grep -q 'statically linked' ||
	ldd "$bb" 2>&1 | grep -q 'not a dynamic' ||
	{ echo "mkinitramfs: $bb is not static (install busybox-static)" >&2; exit 1; }

root=$(mktemp -d)
chmod 755 "$root"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,mnt,suites}
cp "$bb" "$root/bin/busybox"
# /bin/sh is a copy, not a link, so that /proc/PID/maps of a shell names
# .../sh (ftracetest's uprobe case looks for it there).
cp "$bb" "$root/bin/sh"
cp "$here/guest/init" "$root/init"
cp "$here"/guest/suites/* "$root/suites/"
chmod +x "$root/init" "$root"/suites/*
# the helpers every suite sources: not a suite, so not executable
install -m 644 "$here/guest/lib.sh" "$root/suites/lib.sh"
cp -r "$ftrace" "$root/ftrace"
cp "$here/ftracetest-skip.txt" "$root/ftrace/skip.txt"
# ftracetest's own poll helper (trigger-hist-poll.tc runs $FTRACETEST_ROOT/poll),
# built from the kernel's source as its selftests Makefile would
if [ -f "$ftrace/poll.c" ]; then
	gcc -O2 -Wall -static -o "$root/ftrace/poll" "$ftrace/poll.c" ||
		{ echo "mkinitramfs: cannot build ftracetest's poll helper" >&2; exit 1; }
fi
# holdop: poll(2) and mmap(2) for the stress suite, which busybox lacks
gcc -O2 -Wall -static -o "$root/bin/holdop" "$here/guest/holdop.c"
# binderctl: binderfs's BINDER_CTL_ADD and binder's BINDER_VERSION for the
# binderfs, stress and failslab suites
gcc -O2 -Wall -static -o "$root/bin/binderctl" "$here/guest/binderctl.c"
# bpfctl: bpf(2)'s map create, pin, get, update and lookup (and the token)
# for the bpffs, stress and failslab suites
gcc -O2 -Wall -static -o "$root/bin/bpfctl" "$here/guest/bpfctl.c"
# benchloop: remounts, mkdir+rmdir and mount+umount timed in one process
# for the bench suite
gcc -O2 -Wall -static -o "$root/bin/benchloop" "$here/guest/benchloop.c"
# trace-cmd for the tracecmd suite: the binary and the libraries ldd lists,
# at their paths, with the dynamic loader (no plugins, no ld.so.cache: the
# loader's default paths find the libraries).
if tc=$(command -v trace-cmd); then
	for f in "$tc" $(ldd "$tc" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$f")"
		cp -L "$f" "$root$f"
	done
else
	echo "mkinitramfs: no trace-cmd (apt-get install trace-cmd): the tracecmd suite will fail" >&2
fi
cat >"$root/etc/passwd" <<'PW'
root:x:0:0:root:/root:/bin/sh
tracer:x:1000:1000:tracing user:/tmp:/bin/sh
outsider:x:1001:1001:not in the tracing group:/tmp:/bin/sh
PW
cat >"$root/etc/group" <<'GR'
root:x:0:
tracer:x:1000:
outsider:x:1001:
GR
echo "root::0:0:99999:7:::" >"$root/etc/shadow"
echo "tracer:*:0:0:99999:7:::" >>"$root/etc/shadow"
echo "outsider:*:0:0:99999:7:::" >>"$root/etc/shadow"
chmod 600 "$root/etc/shadow"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
