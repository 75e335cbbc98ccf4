#!/bin/bash
# series.sh REPO PRISTINE TREE SERIES_DIR RESULTS
#
# The overlay as a patch series for upstream, cut by topic in the order a
# maintainer would apply it, written with git format-patch into SERIES_DIR
# (0000-cover-letter.patch and one file per patch).
#
# The commits are made with git plumbing in TREE's object store (a private
# index, commit-tree): TREE's work tree, HEAD and tags are not touched, so
# no build lock is needed.  Each topic takes whole overlay files from REPO's
# work tree, the hunks of patches/*.patch for the upstream files it names,
# and (last) the kernel/trace/ conversion that spatch made in TREE (the diff
# of TREE's tag patched, whose commit is the spatch one).  An overlay file
# that no topic takes fails the script, except the test-config fragments and
# the benchmark, which are the harness's.
#
# Author and Signed-off-by of each patch: the author of the latest commit in
# REPO that touched the topic's files (the person who wrote them).
set -euo pipefail
[ $# -eq 5 ] || { echo "usage: series.sh REPO PRISTINE TREE SERIES_DIR RESULTS" >&2; exit 2; }
repo=$(cd "$1" && pwd) pristine=$2 tree=$(cd "$3" && pwd) outdir=$4 res=$5
die() { echo "series: $*" >&2; exit 1; }
work=$repo/build/series.work
rm -rf "$work" && mkdir -p "$work/pp"
export GIT_DIR=$tree/.git GIT_INDEX_FILE=$work/index
# git on REPO itself, not on the tree
rgit() { env -u GIT_DIR -u GIT_INDEX_FILE git -C "$repo" "$@"; }
base=$(git rev-parse -q --verify 'refs/tags/pristine^{commit}') || die "no tag pristine in $tree (make tree)"
spatch=$(git rev-parse -q --verify 'refs/tags/patched^{commit}') || die "no tag patched in $tree (make tree)"
git log -1 --format=%s "$spatch" | grep -q '^spatch:' || die "$tree: tag patched is not the spatch commit"
git read-tree "$base"

# The hunks of patches/*.patch, one diff per upstream file: pp/PATH.diff
python3 "$repo/harness/patch-hunks.py" "$repo/patches" "$work/pp"

mapfile -t OVERLAY < <(env -u GIT_DIR -u GIT_INDEX_FILE "$repo/harness/overlay-files.sh" "$repo")
declare -A TAKEN=()
add_file() {	# add_file PATH [CONTENT_FILE]: the overlay file (or CONTENT_FILE) at PATH
	local src=${2:-$repo/$1} mode=100644
	[ -x "$src" ] && mode=100755
	git update-index --add --cacheinfo "$mode,$(git hash-object -w "$src"),$1"
	TAKEN[$1]=1
}
add_hunks() {	# add_hunks PATH: the patches' hunks to the upstream file PATH
	[ -f "$work/pp/$1.diff" ] || die "no hunks for $1 in patches/*.patch"
	git apply --cached -p1 "$work/pp/$1.diff" || die "the hunks for $1 do not apply"
	rm "$work/pp/$1.diff"
}
add_spatch() {	# the kernel/trace/ conversion spatch made in the tree
	git diff --binary "$spatch^" "$spatch" -- kernel/trace >"$work/spatch.diff"
	[ -s "$work/spatch.diff" ] || die "the spatch commit of $tree changes nothing in kernel/trace/"
	git apply --cached "$work/spatch.diff"
}

# maint PATH...: F: lines for PATHs in the MAINTAINERS section LIBPSEUDOFS
# (made on first use, M: the library's author), in every patch that adds
# files.
maint() {
	local who
	who=$(rgit log -1 --format='%an <%ae>' -- fs/libpseudofs)
	git cat-file blob :MAINTAINERS >"$work/MAINTAINERS"
	python3 - "$work/MAINTAINERS" "$who" "$@" <<'PY'
import sys
p, who, files = sys.argv[1], sys.argv[2], sys.argv[3:]
s = open(p).read().split('\n')
head = 'LIBPSEUDOFS'
if head not in s:
    i = s.index('LIBRARY CODE')
    s[i:i] = [head, f'M:\t{who}', 'L:\tlinux-fsdevel@vger.kernel.org', 'S:\tMaintained', '']
start = s.index(head)
end = s.index('', start)
body = s[start + 1:end]
fl = sorted(set([ln for ln in body if ln.startswith('F:')] + ['F:\t' + f for f in files]))
s[start + 1:end] = [ln for ln in body if not ln.startswith('F:')] + fl
open(p, 'w').write('\n'.join(s))
PY
	add_file MAINTAINERS "$work/MAINTAINERS"
}

parent=$base n=0
commit() {	# commit FILES_FOR_AUTHOR... (message on stdin: subject, blank, body)
	local who
	who=$(rgit log -1 --format='%an <%ae>' -- "$@")
	[ -n "$who" ] || who=$(rgit log -1 --format='%an <%ae>')
	{ cat; printf '\nSigned-off-by: %s\n' "$who"; } >"$work/msg"
	local name=${who% <*} mail=${who##*<}
	mail=${mail%>}
	parent=$(GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$mail GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$mail \
		GIT_AUTHOR_DATE="$(rgit log -1 --format=%aD -- "$@")" \
		git commit-tree "$(git write-tree)" -p "$parent" -F "$work/msg")
	n=$((n + 1))
}

# 1. the library and its header (without its KUnit suite)
grep -v '_kunit\.o' "$repo/fs/libpseudofs/Makefile" >"$work/Makefile.lib"
awk '/^config LIBPSEUDOFS_KUNIT_TEST/ { skip = 1 } !skip' "$repo/fs/libpseudofs/Kconfig" |
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$work/Kconfig.lib"
add_file fs/libpseudofs/Makefile "$work/Makefile.lib"
add_file fs/libpseudofs/Kconfig "$work/Kconfig.lib"
add_file fs/libpseudofs/file.c
add_file fs/libpseudofs/inode.c
add_file fs/libpseudofs/super.c
add_file fs/libpseudofs/internal.h
add_file include/linux/libpseudofs.h
add_hunks fs/Kconfig
add_hunks fs/Makefile
maint fs/libpseudofs/Kconfig fs/libpseudofs/Makefile fs/libpseudofs/file.c fs/libpseudofs/inode.c \
	fs/libpseudofs/super.c fs/libpseudofs/internal.h include/linux/libpseudofs.h
commit fs/libpseudofs/file.c fs/libpseudofs/inode.c fs/libpseudofs/super.c fs/libpseudofs/internal.h \
	include/linux/libpseudofs.h <<'EOF'
fs: add libpseudofs, a library for pseudo filesystems

debugfs, tracefs and securityfs each carry a copy of the same VFS
plumbing: pin an internal mount, look a name up under the parent's lock,
allocate and instantiate an inode, parse the uid=, gid= and mode= mount
options and apply them on remount, remove a subtree.  The copies have
drifted apart over the years, and each fix has to be made three times.

Add that plumbing once, in fs/libpseudofs/ with its API in
include/linux/libpseudofs.h (a name apart from pseudo_fs.h, which is
init_pseudo()).  A filesystem describes itself with a struct pseudofs
and keeps only its policy: whether it has one superblock, one per mount
or one per key such as a namespace; the mount options it takes beside
uid=, gid= and mode=; the inode operations of its files; what happens
when an entry is removed and how far a remount reaches.  What the
library keeps for itself stays in fs/libpseudofs/internal.h.  Creation can be done in one call or in
steps (start, new inode, end) for a filesystem that sets up its
inodes itself, as eventfs does.  Directories may let userspace mkdir and
rmdir through hooks, which tracefs's instances directory needs.

A file may be kept safe from its removal: between pseudofs_file_get()
and pseudofs_file_put() its data stays, a removal waits for those users
(with no directory locked, and saying after five seconds who has the
file open), and proxies of its file operations take that bracket for
it, as debugfs's did; a blocked operation can be cancelled.

The library is built on fs/libfs.c, kern_mount() and the fs_context
mount API.  Nothing selects CONFIG_LIBPSEUDOFS yet; the following
patches move debugfs, tracefs and securityfs onto it.
EOF

# 2. its KUnit suite
add_file fs/libpseudofs/Makefile
add_file fs/libpseudofs/Kconfig
add_file fs/libpseudofs/.kunitconfig
add_file fs/libpseudofs/tests/libpseudofs_kunit.c
add_file fs/libpseudofs/tests/libpseudofs_instances_kunit.c
add_file fs/libpseudofs/tests/libpseudofs_proxy_kunit.c
maint fs/libpseudofs/.kunitconfig fs/libpseudofs/tests/
commit fs/libpseudofs/.kunitconfig fs/libpseudofs/tests/libpseudofs_kunit.c \
	fs/libpseudofs/tests/libpseudofs_instances_kunit.c \
	fs/libpseudofs/tests/libpseudofs_proxy_kunit.c <<'EOF'
libpseudofs: add KUnit tests

Test the library on two filesystems of the suite's own: creation,
lookup and removal of files, directories, symlinks and automount
points; bad names and parents; deep and wide trees; the pin of the
internal mount; userspace mkdir and rmdir hooks; mount options and
remount under both remount policies.  A second suite,
libpseudofs_fault, runs creation, lookup, rename, mount, remount and
the open of a proxied file with each of their slab allocations failed
in turn through the task's fail-nth counter; it arms failslab for that
counter itself.  A third,
libpseudofs_instances, mounts filesystems with a superblock per mount
and per key: two instances independent in entries, options, remount
and umount; the same key sharing one; options of a filesystem's own
accepted, refused, shown and mounted again from what was shown.  A
fourth, libpseudofs_proxy, removes proxied files while they are open,
read, blocked in a read, inside a cancellation or held by hand.

Both run with ./tools/testing/kunit/kunit.py run --kunitconfig=fs/libpseudofs
EOF

# 3. debugfs
add_file fs/debugfs/inode.c
add_hunks lib/Kconfig.debug
add_hunks fs/debugfs/file.c
add_hunks fs/debugfs/internal.h
add_hunks include/linux/debugfs.h
commit fs/debugfs/inode.c <<'EOF'
debugfs: build on libpseudofs

Replace debugfs's own internal mount, lookup under the parent's lock,
inode allocation, mount option parsing and recursive removal with the
library's, and its proxy file operations, active-users count and
cancellations with the library's (debugfs_file_get() and its siblings
keep their API).  debugfs keeps its policy: which files are proxied
fully, the lockdown check on open, the automount points, the
debugfs_allow restrictions, and mount options that apply to the root
directory only, on mount and on remount, with unknown options ignored.

The API and what userspace sees are unchanged: paths, owners, modes and
the /sys/kernel/debug/tracing automount are the same as before.
EOF

# 4. tracefs
add_file fs/tracefs/inode.c
add_file fs/tracefs/internal.h
add_hunks kernel/trace/Kconfig
commit fs/tracefs/inode.c fs/tracefs/internal.h <<'EOF'
tracefs: build on libpseudofs

Make tracefs a thin front end on the library: creation, removal, the
internal mount and the uid=, gid= and mode= options come from
libpseudofs.  The instances directory uses the library's userspace
mkdir and rmdir hooks instead of dropping the parent's inode lock by
hand.  tracefs keeps its policy: unknown mount options fail the mount,
and a remount with uid= or gid= gives every file and directory, eventfs
included, to the new owner.

The API and what userspace sees are unchanged; ftracetest gives the
same results before and after.
EOF

# 5. securityfs
add_file security/inode.c
add_hunks security/Kconfig
commit security/inode.c <<'EOF'
securityfs: build on libpseudofs

securityfs is the third copy of the same plumbing: a pinned internal
mount, creation under the parent's lock, recursive removal.  Use the
library's.  securityfs takes no mount options, as before; its files,
modes and the LSMs' use of it are unchanged.
EOF

# 5b. binfmt_misc: a client that was not made for the library
add_hunks fs/Kconfig.binfmt
add_hunks fs/binfmt_misc.c
commit patches/0006-binfmt_misc-build-on-libpseudofs.patch <<'EOF'
binfmt_misc: build on libpseudofs

binfmt_misc carries its own copy of the pseudo filesystem plumbing: a
superblock per user namespace through get_tree_keyed(), a lookup of the
new handler's name under the root's lock, inode allocation and unlink
by hand.  Use the library's: one instance per user namespace, handlers
created with pseudofs_create_file() and removed with pseudofs_remove(),
and a handler's reference dropped by ->inode_evicted, as before.  A
mutex of the instance serializes registering and removing handlers,
where the root's inode lock did.

What userspace sees is unchanged: the files, their modes, the commands
written to them, no mount options, and one instance per user namespace.
EOF

# 5c. pstore: one instance shared by its mounts, options of the old kind
add_hunks fs/pstore/Kconfig
add_hunks fs/pstore/inode.c
commit patches/0007-pstore-build-on-libpseudofs.patch <<'EOF'
pstore: build on libpseudofs

pstore carries its own copy of the pseudo filesystem plumbing: a single
superblock through mount_single(), inodes allocated by hand, dentries
made with d_alloc_name() and d_add(), and mount options parsed with
match_token().  Use the library's: one instance shared by its mounts and
gone with the last one (PSEUDOFS_PER_KEY with a constant key), the
records' files made with pseudofs_create_file() and removed with
pseudofs_remove() when their backend goes, and a record freed when its
inode is evicted, as before.  kmsg_bytes= stays the system's, through
->option_given and ->show_options; anything else, and a kmsg_bytes=
that does not parse, is still ignored (PSEUDOFS_OPTIONS_NONE_LAX).

The library creates a file with the root locked, and an unlink erases
the record under that lock with the backend's read_mutex taken: so
pstore_mkfile() only takes the record, and pstore_get_records() makes
the files once the backend's mutex is dropped.

What userspace sees is unchanged: the files, their names, modes, sizes
and times, unlink erasing the record, the root's mode 0750 and
kmsg_bytes=.
EOF

# 5d. binderfs: one instance per mount, options a remount gives anew
add_hunks drivers/android/Kconfig
add_hunks drivers/android/binder.c
add_hunks drivers/android/binder_internal.h
add_hunks drivers/android/binderfs.c
commit patches/0008-binderfs-build-on-libpseudofs.patch <<'EOF'
binderfs: build on libpseudofs

binderfs carries its own copy of the pseudo filesystem plumbing: a
superblock per mount through get_tree_nodev(), device nodes,
directories and files made with new_inode(), lookup_one_len() and
d_alloc_name() under the parent's lock, and a mount context of its own.
Use the library's: one instance per mount, device nodes made with
pseudofs_create_device(), features/ and binder_logs/ with
pseudofs_create_dir() and pseudofs_create_file(), and the per-mount
state in the library's instance data, which binder.c reaches through
BINDERFS_SB().  max= and stats= are the library's to parse; a remount
gives them anew as before (remount_replaces), and stats= cannot change
(remount_fixed).  ->init_inode gives each entry its old inode number and
device nodes the owner of the mount's user namespace.

What userspace sees is unchanged: the nodes, their numbers, modes and
owners, binder-control's ioctl and its errors, rm and mv of devices but
not of binder-control, features/, binder_logs/ and /proc/mounts.
EOF

# 5e. bpffs: one instance per mount, string options, a remount that changes nothing
add_hunks kernel/bpf/Kconfig
add_hunks include/linux/bpf.h
add_hunks kernel/bpf/inode.c
add_hunks kernel/bpf/token.c
commit patches/0009-bpf-build-bpffs-on-libpseudofs.patch <<'EOF'
bpf: build bpffs on libpseudofs

bpffs carries its own copy of the pseudo filesystem plumbing: a
superblock per mount through get_tree_nodev() and simple_fill_super(), a
mount context that parses and shows uid=, gid= and mode=, inodes from
new_inode(), and lookup_one_len() under the parent's lock for the
preloaded iterators.  Use the library's: one instance per mount, the
root owned by the mounting task unless uid= and gid= say otherwise
(owner_is_mounter) and sticky whatever mode= says (root_mode_always),
the delegate_*= options as bpffs's own, turned into
their masks by ->parse_string, and a remount that checks its options
and changes nothing, as bpffs never had one (remount_keeps_all).
mkdir, symlink, link, rename and the pins of BPF_OBJ_PIN stay bpffs's
inode operations; ->inode_evicted drops a pinned object.  The BPF token
code finds the delegation masks in the library's instance data.

What userspace sees is unchanged: the root, pins, their modes and
owners, the errors of mkdir, pin and get, unknown options ignored,
/proc/mounts, and a remount that changes nothing.
EOF

# 6. the sample
add_file samples/pseudofs/Makefile
add_file samples/pseudofs/samplefs.c
add_file samples/pseudofs/tallyfs.c
add_hunks samples/Kconfig
add_hunks samples/Makefile
maint samples/pseudofs/
commit samples/pseudofs/samplefs.c samples/pseudofs/tallyfs.c <<'EOF'
samples: add samplefs and tallyfs, pseudo filesystems on libpseudofs

A complete single-instance pseudo filesystem in under sixty lines: a
counter file that reads and writes, a symlink to it, a directory in
which userspace may mkdir and rmdir (each new directory gets a counter
of its own), and the uid=, gid= and mode= mount options at mount and at
remount.  It is the worked example of the documentation that follows.

tallyfs is its per-mount sibling, as small: every mount a superblock of
its own with a file counting its opens from the start= option that
tallyfs adds to uid=, gid= and mode=, and a directory for mkdir and
rmdir.  It builds as a module, which unloads once nothing has it
mounted.
EOF

# 7. the documentation
add_file Documentation/filesystems/libpseudofs.rst
add_hunks Documentation/filesystems/index.rst
add_hunks Documentation/filesystems/debugfs.rst
add_hunks Documentation/trace/ftrace.rst
maint Documentation/filesystems/libpseudofs.rst
commit Documentation/filesystems/libpseudofs.rst <<'EOF'
Documentation: filesystems: document libpseudofs

Describe what the library is for, walk through samplefs as the worked
example, explain the policies a client chooses (removal, mount option
strictness, remount reach) and pull in the kernel-doc of the API.  Say
in debugfs.rst and ftrace.rst how far the uid=, gid= and mode= options
and a remount reach.
EOF

# 8. the semantic patches
add_file scripts/coccinelle/api/debugfs_to_tracefs.cocci
add_file scripts/coccinelle/misc/pseudofs_candidates.cocci
add_file scripts/coccinelle/api/tracefs_debugfs_mix.cocci
maint scripts/coccinelle/api/debugfs_to_tracefs.cocci scripts/coccinelle/misc/pseudofs_candidates.cocci \
	scripts/coccinelle/api/tracefs_debugfs_mix.cocci
commit scripts/coccinelle/api/debugfs_to_tracefs.cocci scripts/coccinelle/misc/pseudofs_candidates.cocci \
	scripts/coccinelle/api/tracefs_debugfs_mix.cocci <<'EOF'
coccinelle: add debugfs_to_tracefs, its mix checker and pseudofs_candidates

debugfs_to_tracefs.cocci moves code of the tracing hierarchy from the
debugfs API to tracefs: calls whose parent is the tracing root, a
directory made by an earlier converted call, or a parameter fed with
one of those.  Calls for another subsystem's debugfs directory stay,
and report/org mode lists each with the reason; a directory that stays
keeps everything under it in debugfs.

tracefs_debugfs_mix.cocci reports a tracefs call on a dentry that a
debugfs create made, or the reverse: what a conversion that stopped
half way leaves.

pseudofs_candidates.cocci finds open-coded pseudo filesystem plumbing
(an internal mount pinned by hand, a lookup under the parent's lock
followed by inode allocation) that could use libpseudofs.
EOF

# 9. the generated conversion of kernel/trace/
add_spatch
commit scripts/coccinelle/api/debugfs_to_tracefs.cocci <<'EOF'
tracing: move the remaining tracing files from debugfs to tracefs

Generated by scripts/coccinelle/api/debugfs_to_tracefs.cocci:

  make coccicheck MODE=patch M=kernel/trace \
	COCCI=scripts/coccinelle/api/debugfs_to_tracefs.cocci

No change in what userspace sees: the files were already reachable
under /sys/kernel/tracing.
EOF
last=$parent

# Every overlay file is in a patch, but the harness's own.
left=()
for f in "${OVERLAY[@]}"; do
	case $f in
	kernel/configs/pseudofs*.config | lib/test_pseudofs_*) ;;
	*) [ -n "${TAKEN[$f]:-}" ] || left+=("$f") ;;
	esac
done
[ ${#left[@]} -eq 0 ] || die "overlay files in no patch: ${left[*]} (add them to a topic in harness/series.sh)"
leftp=$(cd "$work/pp" && find . -name '*.diff' | sed 's|^\./||; s|\.diff$||')
[ -z "$leftp" ] || die "hunks of patches/*.patch in no patch: $leftp"

# --- the cover letter ---------------------------------------------------------
figures() {
	local f pkg ver
	# the base as base.lock records it: package linux-source-X.Y VERSION
	pkg=$(awk '$1 == "package" { print $2 }' "$repo/base.lock")
	ver=$(awk '$1 == "package" { print $3 }' "$repo/base.lock")
	echo "Measured on a stock and a patched ${pkg#linux-source-} (Debian's $pkg"
	echo "$ver), x86_64 tinyconfig plus the test fragments, under QEMU:"
	echo
	if f=$(env -u GIT_DIR -u GIT_INDEX_FILE bash "$repo/harness/loc.sh" "$pristine" "$repo" "fs/debugfs/inode.c fs/tracefs/inode.c security/inode.c" \
		"fs/libpseudofs/inode.c fs/libpseudofs/super.c fs/libpseudofs/internal.h include/linux/libpseudofs.h" samples/pseudofs 2>/dev/null); then
		echo "Lines of the plumbing, stock and with the library:"
		echo
		sed 's/^/  /' <<<"$f"
		echo
	fi
	for k in patched patched-debug; do
		f=$res/kunit-$k.ktap
		[ -f "$f" ] && echo "- KUnit on $k: $(grep -cE '^    ok ' "$f") ok, $(grep -cE '^    not ok ' "$f") not ok"
	done
	if [ -f "$res/ftracetest-parity.txt" ]; then
		echo "- ftracetest, stock vs patched, case by case: $(wc -l <"$res/ftracetest-parity.txt") cases," \
			"$(awk '$1 != $2' "$res/ftracetest-parity.txt" | wc -l) differ"
	fi
	for s in guest tree securityfs samplefs; do
		for k in stock patched; do
			f=$res/$s-$k.ktap
			[ -f "$f" ] && echo "- $s suite on $k: $(grep -cE '^ok ' "$f") ok, $(grep -cE '^not ok ' "$f") not ok"
		done
	done
	for k in patched-debug; do
		for s in stress failslab kunitfault kmemleak; do
			f=$res/$s-$k.ktap
			[ -f "$f" ] && echo "- $s on $k (KASAN, lockdep, 2 CPUs): $(grep -cE '^ok ' "$f") ok, $(grep -cE '^not ok ' "$f") not ok"
		done
	done
	[ -f "$res/static.ktap" ] && { echo; echo "Static checks, ours vs stock's same files:"; echo;
		sed -n 's/^\(not \)\{0,1\}ok [0-9]* /  /p' "$res/static.ktap"; }
	[ -f "$res/bench.txt" ] && { echo; echo "Benchmark, stock vs patched:"; echo; sed 's/^/  /' "$res/bench.txt"; }
	[ -f "$res/stress-patched-debug.ktap" ] || [ -f "$res/kunit-patched.ktap" ] ||
		echo "(no test results in build/results when this series was cut: run make check)"
	return 0
}
rm -rf "$outdir" && mkdir -p "$outdir"
who=$(rgit log -1 --format='%an <%ae>' -- fs/libpseudofs)
mail=${who##*<}
git -c user.name="${who% <*}" -c user.email="${mail%>}" format-patch -q --cover-letter --thread=shallow -o "$outdir" "$base..$last" >/dev/null
cover=$(ls "$outdir"/0000-*.patch)
{
	cat <<'EOF'
debugfs, tracefs and securityfs are three small in-kernel filesystems of
the same shape: one superblock kept by an internal mount, a tree that
lives entirely in the dcache, entries created and removed by kernel code,
and (for the first two) uid=, gid= and mode= mount options for the root.
Each carries its own copy of the plumbing, and the copies have drifted:
fixes to one (remount races, removal of a busy subtree, option parsing
under the new mount API) were not always made to the others.

This series moves that plumbing into one library, fs/libpseudofs/, and
makes debugfs, tracefs and securityfs clients of it.  Each keeps its
policy; nothing userspace sees changes: the trees under
/sys/kernel/debug, /sys/kernel/tracing and /sys/kernel/security, their
owners and modes, the mount options, the debugfs/tracing automount, and
ftracetest's results are the same on a patched kernel as on a stock one.

Patch 1 adds the library (and a MAINTAINERS entry that the patches
adding files extend), 2 its KUnit suite, 3-5 move debugfs, tracefs
and securityfs onto it, 6 is a complete sample filesystem on it, 7 the
documentation, 8 two semantic patches (the debugfs to tracefs conversion
and a finder of other open-coded copies), and 9 is the output of the
first on kernel/trace/.  Every step builds.

EOF
	figures
	echo
} >"$work/blurb"
python3 - "$cover" "$work/blurb" <<'EOF'
import sys
p, blurb = sys.argv[1], open(sys.argv[2]).read()
s = open(p).read()
s = s.replace('*** SUBJECT HERE ***', 'libpseudofs: one library for debugfs, tracefs and securityfs', 1)
s = s.replace('*** BLURB HERE ***\n', blurb, 1)
open(p, 'w').write(s)
EOF
echo "series: $n patches in $outdir"
git log --reverse --format='  %s' "$base..$last"
