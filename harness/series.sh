#!/bin/bash
# series.sh REPO PRISTINE TREE SERIES_DIR RESULTS
#
# The overlay as a patch series for upstream, cut by topic in the order a
# maintainer would apply it, written with git format-patch into SERIES_DIR
# (0000-cover-letter.patch and one file per patch).  The cut is meant to
# leave a tree that builds after every patch (make series-check builds
# each): the library before its clients, a Kconfig symbol no later than
# the first patch that selects it, a client's files all in its patch.
#
# The commits are made with git plumbing in TREE's object store (a private
# index, commit-tree): TREE's work tree, HEAD and tags are not touched, so
# no build lock is needed.  Each topic takes whole overlay files from REPO's
# work tree, the hunks of patches/*.patch for the upstream files it names
# (harness/patch-hunks.py, a file a patch creates included), and one of
# them the kernel/trace/ conversion that spatch made in TREE (the diff of
# TREE's tag patched, whose commit is the spatch one).  An overlay file that
# no topic takes, or a hunk of patches/*.patch that none applies, fails the
# script; the test-config fragments (kernel/configs/pseudofs*.config) and
# the benchmark and hold files (lib/test_pseudofs_*.c, patches/bench/) are
# the harness's and stay out.
#
# The messages of the clients that patches/*.patch convert whole
# (binfmt_misc, pstore, binderfs, bpffs) are those patches' own.  The cover
# letter's figures come from harness/loc.sh and from RESULTS (make check);
# a result file that is not there says "not measured".  make series passes
# the Makefile's STOCK_SRC, LIB_SRC, SAMPLES and SUITES_* in the
# environment.
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
add_hunks() {	# add_hunks PATH...: the patches' hunks to each upstream file PATH
	local f
	for f; do
		[ -f "$work/pp/$f.diff" ] || die "no hunks for $f in patches/*.patch"
		git apply --cached -p1 "$work/pp/$f.diff" || die "the hunks for $f do not apply"
		rm "$work/pp/$f.diff"
	done
}
add_spatch() {	# the kernel/trace/ conversion spatch made in the tree
	git diff --binary "$spatch^" "$spatch" -- kernel/trace >"$work/spatch.diff"
	[ -s "$work/spatch.diff" ] || die "the spatch commit of $tree changes nothing in kernel/trace/"
	git diff --quiet "$spatch^" "$spatch" -- ':!kernel/trace' ||
		die "the spatch commit of $tree changes files outside kernel/trace/"
	git apply --cached "$work/spatch.diff" || die "the kernel/trace/ conversion does not apply"
}
# patch_msg PATCH: the subject (without "[PATCH] ") and the body of
# patches/PATCH's own message, for commit's stdin
patch_msg() {
	local p=$repo/patches/$1
	sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$p" | head -n 1
	echo
	awk 'body && /^---$/ { exit } body { print } !body && /^$/ { body = 1 }' "$p" |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
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
declare -A NUM=()	# the number of each topic's patch, for the cover letter
commit() {	# commit KEY FILES_FOR_AUTHOR... (message on stdin: subject, blank, body)
	local key=$1 who t long
	shift
	who=$(rgit log -1 --format='%an <%ae>' -- "$@")
	[ -n "$who" ] || who=$(rgit log -1 --format='%an <%ae>')
	{ cat; printf '\nSigned-off-by: %s\n' "$who"; } >"$work/msg"
	[ -n "$(head -n 1 "$work/msg")" ] || die "the $key patch has no subject"
	# checkpatch: a subject and body lines of at most 75 columns
	long=$(awk 'length > 75 && !/^Signed-off-by:/' "$work/msg")
	[ -z "$long" ] || die "the message of the $key patch has lines over 75 columns: $long"
	t=$(git write-tree)
	[ "$t" != "$(git rev-parse "$parent^{tree}")" ] || die "the $key patch changes nothing"
	local name=${who% <*} mail=${who##*<}
	mail=${mail%>}
	parent=$(GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$mail GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$mail \
		GIT_AUTHOR_DATE="$(rgit log -1 --format=%aD -- "$@")" \
		git commit-tree "$t" -p "$parent" -F "$work/msg")
	n=$((n + 1))
	NUM[$key]=$n
}
# commit_patch KEY PATCH: commit with patches/PATCH's own message (read
# from a process substitution: commit must run in this shell)
commit_patch() {
	[ -f "$repo/patches/$2" ] || die "no patches/$2"
	commit "$1" "patches/$2" < <(patch_msg "$2")
}

# 1. the library and its header (without its KUnit suites)
awk '/KUNIT/ { exit } { print }' "$repo/fs/libpseudofs/Makefile" |
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$work/Makefile.lib"
! grep -q 'tests/' "$work/Makefile.lib" || die "fs/libpseudofs/Makefile: the library's part names tests/"
awk '/^config LIBPSEUDOFS_KUNIT_TEST/ { skip = 1 } !skip' "$repo/fs/libpseudofs/Kconfig" |
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$work/Kconfig.lib"
LIB=(fs/libpseudofs/file.c fs/libpseudofs/inode.c fs/libpseudofs/super.c fs/libpseudofs/internal.h
	include/linux/libpseudofs.h)
add_file fs/libpseudofs/Makefile "$work/Makefile.lib"
add_file fs/libpseudofs/Kconfig "$work/Kconfig.lib"
for f in "${LIB[@]}"; do add_file "$f"; done
add_hunks fs/Kconfig fs/Makefile
maint fs/libpseudofs/Kconfig fs/libpseudofs/Makefile "${LIB[@]}"
commit lib "${LIB[@]}" <<'EOF'
fs: add libpseudofs, a library for pseudo filesystems

debugfs, tracefs, securityfs, binfmt_misc, pstore, binderfs and bpffs
each carry a copy of the same VFS plumbing: a superblock for the system,
per mount or per namespace, a root and inodes set up by hand, entries
created under the parent's lock, uid=, gid= and mode= mount options
parsed and applied again on remount, subtrees removed.  The copies have
drifted apart, and a fix to one is rarely made to the others.

Add that plumbing once, in fs/libpseudofs/ with its API in
include/linux/libpseudofs.h (a name apart from <linux/pseudo_fs.h>,
which is init_pseudo()).  A filesystem describes itself with a const
struct pseudofs_desc and keeps only its policy: one superblock for the
system (kept by an internal mount), one per mount or one per key such as
a user namespace; whether the library takes uid=, gid= and mode= and
whether other options fail; whether a remount's owner reaches every
inode or the root only; the inode and dentry operations of its entries;
hooks for a new or dying instance, a new or evicted inode.  What the
library keeps for itself stays in fs/libpseudofs/internal.h.

The library is built on the primitives in-tree pseudo filesystems use:
creation is simple_start_creating() and simple_done_creating() in the
right superblock, every entry a persistent dentry (d_make_persistent())
until its removal makes it discardable (d_make_discardable()), lookup is
lookup_noperm_positive_unlocked(), and a superblock goes with
kill_anon_super().  pseudofs_remove() walks the subtree itself, so that
a second removal of the same entry finds nothing to do and the wait for
the files' users happens with no directory locked.
Creation can also be done in steps (start,
new inode, end) for a filesystem that sets its inodes up itself, as
eventfs does, and directories may let userspace mkdir and rmdir through
hooks, as tracefs's instances directory needs.

A filesystem's own mount options stay typed and its own: ->parse_param
parses each into the filesystem's part of the mount context
(pseudofs_fc_data()), ->apply_options applies them once the whole
request parsed, to a new superblock or to one in use, and ->show_options
shows them.  A bad option changes nothing.

A file may be kept safe from its removal, as debugfs's files are:
between pseudofs_file_get() and pseudofs_file_put() its data stays, and
pseudofs_remove() waits for those users, saying after five seconds who
has the file open.  The proxies that take that bracket are 7.3
debugfs's: one static full proxy whose methods look at a mask of the
real operations noted when the file is made, a short proxy for read,
write and llseek, an open-only proxy, an aux pointer per file, and
cancellations for a blocked operation.

What the library keeps for an inode (the real operations, the users,
aux) is a guard in front of it, in the same slab object, which
->destroy_inode frees with kfree_rcu() from the guard alone: nothing
reads the superblock after the grace period, and an umount needs no
rcu_barrier().

Nothing selects CONFIG_LIBPSEUDOFS yet; the following patches move
debugfs, tracefs, securityfs, binfmt_misc, pstore, binderfs and bpffs
onto it.
EOF

# 2. its KUnit suites
KUNIT=(fs/libpseudofs/.kunitconfig fs/libpseudofs/tests/libpseudofs_kunit.c
	fs/libpseudofs/tests/libpseudofs_instances_kunit.c fs/libpseudofs/tests/libpseudofs_proxy_kunit.c
	fs/libpseudofs/tests/libpseudofs_kunit_export.c fs/libpseudofs/tests/libpseudofs_kunit_export.h)
add_file fs/libpseudofs/Makefile
add_file fs/libpseudofs/Kconfig
for f in "${KUNIT[@]}"; do add_file "$f"; done
maint fs/libpseudofs/.kunitconfig fs/libpseudofs/tests/
commit kunit "${KUNIT[@]}" <<'EOF'
libpseudofs: add KUnit tests

Four suites test the library on filesystems of their own.  libpseudofs
creates, looks up, renames and removes files, directories, symlinks,
devices and automount points; refuses bad names and parents; builds deep
and wide trees; registers and unregisters; runs the userspace mkdir and
rmdir hooks; parses, shows and remounts options with and without
remount_all, and races creation, removal and remount against each
other.  libpseudofs_fault runs creation, lookup, change of name, mount,
remount and the open of a proxied file with each of their slab
allocations failed in turn through the task's fail-nth counter; it arms
failslab for that counter itself.  libpseudofs_instances mounts
filesystems with a superblock per mount and per key: instances apart in
entries, options, remount and umount, one key sharing one superblock,
the contract of ->parse_param, ->apply_options and ->show_options, and
descriptions that contradict themselves refused at registration.
libpseudofs_proxy removes files with the full, short and open proxies
while they are open, read, blocked in a read, inside a cancellation or
held with pseudofs_file_get().

The suites remount their filesystems as do_remount() would, with
fs_context_for_reconfigure(), which is not exported: a helper built in
beside them, pseudofs_kunit_fc_for_reconfigure(), exports it to the
KUnit namespace only (EXPORT_SYMBOL_IF_KUNIT), so that the suites build
as modules too.

All of them run with
./tools/testing/kunit/kunit.py run --kunitconfig=fs/libpseudofs
EOF

# 3. debugfs: inode.c, then the proxies of file.c, one step (inode.c
# calls file.c's debugfs_locked_down() and the internal.h that 0005 writes,
# and the old file.c needs the old inode.c's struct debugfs_inode_info)
add_file fs/debugfs/inode.c
add_hunks lib/Kconfig.debug fs/debugfs/file.c fs/debugfs/internal.h
commit debugfs fs/debugfs/inode.c patches/0005-debugfs-proxies-from-libpseudofs.patch <<'EOF'
debugfs: build on libpseudofs

debugfs's superblock, internal mount, inode allocation, creation under
the parent's lock, mount options and recursive removal become the
library's, and so do the proxies that keep a file safe from its
removal: the active-users count, the full, short and open proxies with
their methods mask, the aux pointer and the cancellations (enum
pseudofs_proxy).  struct debugfs_inode_info, struct debugfs_fsdata with
its HAS_* mask and the three proxy file_operations go;
debugfs_file_get(), debugfs_file_put(), debugfs_get_aux() and the
cancellation calls keep their API and call the library.
debugfs_change_name() and debugfs_create_automount() stay debugfs's,
the latter creating in steps through the library.

<linux/debugfs.h> does not change: struct debugfs_cancellation and
struct debugfs_short_fops stay as they are, and fs/debugfs/internal.h
checks at build time that they match struct pseudofs_cancellation and
struct pseudofs_short_fops member for member, and converts between
them.

debugfs keeps its policy.  debugfs_locked_down()'s check of an open
becomes the ->permission of its regular files (MAY_OPEN), for the full,
short and open proxies alike; a file whose own operations have an ioctl
or an mmap gets inode operations of its own at creation (->init_inode,
which sees them before the proxy is put in).  A setattr of mode or
owner is still refused under lockdown.  The debugfs= boot
parameter and CONFIG_DEBUG_FS_ALLOW_* decide as before whether entries
are made.  An automount point keeps its function in ->d_fsdata, which
its ->d_release frees.  uid=, gid= and mode= reach the root only, on
mount and on remount, and debugfs's ->parse_param ignores the other
options, as before.  ->d_delete drops the
dentries that DCACHE_DONTCACHE dropped, since the library does not let
a filesystem set ->s_d_flags.  The attribute helpers of file.c stay as
they are.  DEBUG_FS selects LIBPSEUDOFS.

The API and what userspace sees are unchanged: paths, owners, modes and
the /sys/kernel/debug/tracing automount are the same as before.
EOF

# 4. tracefs
add_file fs/tracefs/inode.c
add_file fs/tracefs/internal.h
add_hunks kernel/trace/Kconfig
commit tracefs fs/tracefs/inode.c fs/tracefs/internal.h <<'EOF'
tracefs: build on libpseudofs

tracefs's superblock, internal mount, inode cache, creation, removal and
uid=, gid= and mode= options become the library's: struct tracefs_inode
is the library's inode structure (PSEUDOFS_INODE()), and eventfs makes
its entries with the library's creation steps through the helpers of
fs/tracefs/internal.h.  The instances directory uses the library's
userspace mkdir and rmdir hooks instead of dropping the parent's inode
lock by hand.

tracefs keeps its policy: other mount options fail the mount
(PSEUDOFS_OPTIONS_STRICT), and a remount with uid= or gid= gives every
file and directory, eventfs's included, to the new owner (remount_all).
The library walks the superblock's inodes for that, so the RCU list of
all tracefs inodes goes; after it, ->remount starts a new generation
of owners, which forgets what chown set (the *_PERM_SET flags become
generation numbers), and updates, under eventfs's lock, what eventfs
keeps for the entries it has not made yet in each events directory.  A new
entry takes its owner from its instance in ->init_inode, as before.
TRACING selects LIBPSEUDOFS.

The API and what userspace sees are unchanged.
EOF

# 5. the semantic patch for the tracing hierarchy, and its checker
COCCI=(scripts/coccinelle/api/debugfs_to_tracefs.cocci scripts/coccinelle/api/tracefs_debugfs_mix.cocci)
for f in "${COCCI[@]}"; do add_file "$f"; done
maint "${COCCI[@]}"
commit cocci "${COCCI[@]}" <<'EOF'
coccinelle: add debugfs_to_tracefs and its checker tracefs_debugfs_mix

debugfs_to_tracefs.cocci moves code of the tracing hierarchy from the
debugfs API to tracefs: a create or remove whose parent, or the dentry
it removes, belongs to tracing (the tracing root, a directory an
earlier converted call made, a copy of one, what a function returns
when it returns only those, or a parameter that callers feed with one).
Calls for another subsystem's directory stay, and report and org mode
say why for each; a directory that stays keeps everything under it in
debugfs.  A file the patch leaves with no debugfs call gets
<linux/tracefs.h> in place of <linux/debugfs.h>, or loses the include
if it has <linux/tracefs.h> already; one that keeps some debugfs calls
and now makes tracefs ones gets <linux/tracefs.h> beside it.

tracefs_debugfs_mix.cocci reports a tracefs call on a dentry that a
debugfs create made, or the reverse: what a conversion that stopped
half way leaves.
EOF

# 6. the generated conversion of kernel/trace/
add_spatch
converted=$(sed -n 's/^-//p' "$work/spatch.diff" | grep -v '^--' |
	grep -cE '(^|[^A-Za-z0-9_])debugfs_[A-Za-z0-9_]+[[:space:]]*\(' || true)
trace_msg() {
	if [ "$converted" -eq 0 ]; then
		cat <<'EOF'
tracing: include <linux/tracefs.h>, not <linux/debugfs.h>

The files of kernel/trace/ that include <linux/debugfs.h> but call no
debugfs function any more drop the include, or put <linux/tracefs.h> in
its place.  The debugfs calls left in kernel/trace/ stay, for the
reasons the semantic patch's report mode gives (blktrace's, and the
automount that keeps the old debugfs/tracing path working).
EOF
	else
		cat <<'EOF'
tracing: move the remaining tracing files from debugfs to tracefs

The files and directories of the tracing hierarchy that kernel/trace/
still makes with the debugfs API move to tracefs; what stays in debugfs
stays for the reasons the semantic patch's report mode gives.  No change
in what userspace sees: the files were already reachable under
/sys/kernel/tracing.
EOF
	fi
	cat <<'EOF'

Generated by scripts/coccinelle/api/debugfs_to_tracefs.cocci, run on each
file of kernel/trace/ that mentions debugfs:

  spatch -D patch --no-includes --include-headers \
	--sp-file scripts/coccinelle/api/debugfs_to_tracefs.cocci FILE
EOF
}
commit trace scripts/coccinelle/api/debugfs_to_tracefs.cocci < <(trace_msg)

# 7. securityfs
add_file security/inode.c
add_hunks security/Kconfig
commit securityfs security/inode.c <<'EOF'
securityfs: build on libpseudofs

securityfs is another copy of the same plumbing: a superblock through
get_tree_single() and simple_fill_super(), an internal mount pinned with
simple_pin_fs() for every entry and released at its removal, inodes set
up by hand, creation under the parent's lock, recursive removal.  Use
the library's: a single instance that takes no mount options
(PSEUDOFS_OPTIONS_NONE) with a root of mode 0755, as before;
securityfs_remove() is pseudofs_remove() and still takes a directory
away with everything below it.  SECURITYFS selects LIBPSEUDOFS.

The files are now kept safe from their removal, as debugfs's are: a
file whose operations the full proxy carries gets it, so that once
securityfs_remove() returned no read, write, poll or ioctl of it runs
any more, and later ones fail with -EIO; a file with other methods
(->mmap, ->compat_ioctl, ...) keeps them, and only its open is guarded.

The API, the files, their modes and the LSMs' use of securityfs are
unchanged.
EOF

# 8-11. the clients that patches/*.patch convert whole, with their own messages
add_hunks fs/Kconfig.binfmt fs/binfmt_misc.c
commit_patch binfmt_misc 0006-binfmt_misc-build-on-libpseudofs.patch
add_hunks fs/pstore/Kconfig fs/pstore/inode.c
commit_patch pstore 0007-pstore-build-on-libpseudofs.patch
add_hunks drivers/android/Kconfig drivers/android/binder.c drivers/android/binder_internal.h \
	drivers/android/binderfs.c
commit_patch binderfs 0008-binderfs-build-on-libpseudofs.patch
# kernel/bpf/inode.h is new: the patch creates it ("--- /dev/null")
add_hunks kernel/bpf/Kconfig kernel/bpf/inode.c kernel/bpf/token.c kernel/bpf/inode.h
commit_patch bpffs 0009-bpf-build-bpffs-on-libpseudofs.patch

# 12. the finder of the copies left
add_file scripts/coccinelle/misc/pseudofs_candidates.cocci
maint scripts/coccinelle/misc/pseudofs_candidates.cocci
commit candidates scripts/coccinelle/misc/pseudofs_candidates.cocci <<'EOF'
coccinelle: add pseudofs_candidates, a finder of pseudo filesystems

Report the pseudo filesystems that still carry plumbing libpseudofs
holds, once per file: an internal mount pinned with simple_pin_fs() to
create entries; uid=, gid= or mode= options of their own, parsed or
shown, in a filesystem that makes its superblocks with
get_tree_single(), get_tree_nodev() or get_tree_keyed(); or such
superblocks filled by a fill_super that makes the inodes itself.  The
primitives the library is built on (simple_start_creating(),
d_make_persistent(), simple_recursive_removal(), ...) are not reported
alone, nor are init_pseudo() filesystems of anonymous inodes, disk
filesystems, or the library's clients.  Each line says what the library
offers the filesystem and what it lacks for it, from a table of 7.3's
filesystems or else from what was found.  Report only.
EOF

# 13. the samples
SAMPLE=(samples/pseudofs/Makefile samples/pseudofs/samplefs.c samples/pseudofs/tallyfs.c
	samples/pseudofs/notefs.c)
for f in "${SAMPLE[@]}"; do add_file "$f"; done
add_hunks samples/Kconfig samples/Makefile
maint samples/pseudofs/
commit samples samples/pseudofs/samplefs.c samples/pseudofs/tallyfs.c samples/pseudofs/notefs.c <<'EOF'
samples: add samplefs, tallyfs and notefs, filesystems on libpseudofs

samplefs is a complete single-instance pseudo filesystem: a counter
file that reads and writes, a symlink to it, a directory in which
userspace may mkdir (each new directory gets a counter of its own) and
rmdir, and uid=, gid= and mode= at mount and at remount, a remount's
owner reaching every entry.  It is the worked example of the
documentation that follows.

tallyfs is its per-mount sibling: every mount a superblock of its own
with a file counting its opens, and a directory for mkdir and rmdir.
It shows a filesystem's own option, start=, beside uid=, gid= and mode=:
parsed by ->parse_param into pseudofs_fc_data(), applied by
->apply_options to its instance data (pseudofs_instance_data()) on
mount and, when given, on remount, and shown by ->show_options.  It
builds as a module, which unloads once nothing has it mounted.

notefs, per mount too, is the example of a module filesystem whose
entries come and go: its control file adds notes, files whose text is
kmalloc'ed, and deletes them with pseudofs_remove() from inside its own
write.  The text is freed in ->inode_evicted, the one place for a
file's data, however the entry ended and while it is open elsewhere.
EOF

# 14. the documentation
add_file Documentation/filesystems/libpseudofs.rst
add_hunks Documentation/filesystems/index.rst Documentation/filesystems/debugfs.rst \
	Documentation/trace/ftrace.rst
maint Documentation/filesystems/libpseudofs.rst
commit docs Documentation/filesystems/libpseudofs.rst <<'EOF'
Documentation: filesystems: document libpseudofs

Describe what the library is for and what it is built on, the
description a filesystem gives and the policies it chooses (instances,
options and the option hooks, remount reach, removal while open, the
freeing of a file's data), errors, locking and lifetime; walk through
samplefs, tallyfs and notefs, and pull in the kernel-doc of the API.
Say in debugfs.rst and ftrace.rst how far the uid=, gid= and mode=
options and a remount reach.
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
# ktap_count FILE INDENT: "N ok, N not ok, N skipped" over FILE's results at
# INDENT spaces (0: a guest suite's cases; 4: KUnit's cases), or "not
# measured" when FILE is not there
ktap_count() {
	[ -s "$1" ] || { echo "not measured"; return; }
	awk -v ind="$2" '
		{ sp = match($0, /[^ ]/) - 1 }
		sp != ind { next }
		{ l = substr($0, sp + 1) }
		l ~ /^ok / && l ~ /# SKIP/ { s++; next }
		l ~ /^ok / { o++ }
		l ~ /^not ok / { n++ }
		END { printf "%d ok, %d not ok, %d skipped\n", o, n, s }' "$1"
}
figures() {
	local f pkg ver s t started
	# the base as base.lock records it: package linux-source-X.Y VERSION
	pkg=$(awk '$1 == "package" { print $2 }' "$repo/base.lock")
	ver=$(awk '$1 == "package" { print $3 }' "$repo/base.lock")
	echo "Base: Linux ${pkg#linux-source-}, as Debian's $pkg $ver has it."
	echo
	echo "Lines of the plumbing, stock and with the library (tests excluded):"
	echo
	if [ -n "${STOCK_SRC:-}" ] && f=$(env -u GIT_DIR -u GIT_INDEX_FILE bash "$repo/harness/loc.sh" "$pristine" \
		"$repo" "$STOCK_SRC" "$LIB_SRC" "$SAMPLES" 2>/dev/null); then
		grep -v '^==' <<<"$f" | sed -n '/^  file /,/^  total /p'
	else
		echo "  not measured"
	fi
	echo
	started=
	[ -f "$res/.check-start" ] && started=$(date -u -d "@$(cat "$res/.check-start")" '+%Y-%m-%d %H:%M UTC' 2>/dev/null)
	fmt -w 72 <<EOF
Tests, from ${res#"$repo"/}${started:+ (the make check started $started)}: on
x86_64 under QEMU, tinyconfig plus the options the suites need; stock is
the same base with the test modules only, and the debug kernels add
KASAN, lockdep and two CPUs.  A result that is not there says "not
measured".
EOF
	echo
	echo "- KUnit built in, patched: $(ktap_count "$res/kunit-patched.ktap" 4)"
	echo "- KUnit built in, patched-debug: $(ktap_count "$res/kunit-patched-debug.ktap" 4)"
	echo "- KUnit under kunit.py (UML): $(ktap_count "$res/kunit-tool.ktap" 4)"
	echo "- KUnit as modules, patched-debug: $(ktap_count "$res/kunit-module-patched-debug.ktap" 4)"
	if [ -s "$res/ftracetest-parity.txt" ]; then
		echo "- ftracetest, stock vs patched, case by case: $(wc -l <"$res/ftracetest-parity.txt") cases," \
			"$(awk '$1 != $2' "$res/ftracetest-parity.txt" | wc -l) differ"
	else
		echo "- ftracetest, stock vs patched: not measured"
	fi
	# the guest suites as the Makefile runs them (ftracetest: above)
	for s in $(tr ',' '\n' <<<"${SUITES_STOCK:-},${SUITES_PATCHED:-}" | awk 'NF && $0 != "ftracetest" && !seen[$0]++'); do
		t="- $s suite:"
		case ,${SUITES_STOCK:-}, in *,$s,*) t="$t stock $(ktap_count "$res/$s-stock.ktap" 0);" ;; esac
		case ,${SUITES_PATCHED:-}, in *,$s,*) t="$t patched $(ktap_count "$res/$s-patched.ktap" 0)" ;; esac
		echo "${t%;}"
	done
	for s in $(tr ',' '\n' <<<"${SUITES_STOCK_DEBUG:-},${SUITES_PATCHED_DEBUG:-}" | awk 'NF && !seen[$0]++'); do
		t="- $s suite, debug kernels:"
		case ,${SUITES_STOCK_DEBUG:-}, in *,$s,*) t="$t stock $(ktap_count "$res/$s-stock-debug.ktap" 0);" ;; esac
		case ,${SUITES_PATCHED_DEBUG:-}, in *,$s,*) t="$t patched $(ktap_count "$res/$s-patched-debug.ktap" 0)" ;; esac
		echo "${t%;}"
	done
	echo
	echo "Static checks, ours vs stock's same files:"
	echo
	if [ -s "$res/static.ktap" ]; then
		sed -n 's/^\(not \)\{0,1\}ok [0-9]* /  /p' "$res/static.ktap"
	else
		echo "  not measured"
	fi
	echo
	echo "Benchmark, stock vs patched (make bench):"
	echo
	if [ -s "$res/bench.txt" ]; then
		sed 's/^/  /' "$res/bench.txt"
	else
		echo "  not measured"
	fi
	return 0
}
rm -rf "$outdir" && mkdir -p "$outdir"
who=$(rgit log -1 --format='%an <%ae>' -- fs/libpseudofs)
mail=${who##*<}
git -c user.name="${who% <*}" -c user.email="${mail%>}" format-patch -q --cover-letter --thread=shallow \
	-o "$outdir" "$base..$last" >/dev/null
cover=$(ls "$outdir"/0000-*.patch)
{
	cat <<EOF
debugfs, tracefs, securityfs, binfmt_misc, pstore, binderfs and bpffs are
small in-kernel filesystems of the same shape: a tree that lives in the
dcache, entries made and removed by kernel code, a superblock for the
system, per mount or per namespace, and mount options for the root's
owner and mode or of their own.  Each carries its own copy of the
plumbing, and the copies have drifted: a fix to one (remount races,
removal of a busy file or subtree, option parsing under the new mount
API) is not always made to the others.

This series moves that plumbing into one library, fs/libpseudofs/, on
the primitives in-tree pseudo filesystems use (simple_start_creating(),
d_make_persistent() and their siblings), and makes those seven
filesystems its clients.  Each keeps its policy, and what userspace sees
stays as it was: the trees, their owners, modes and inode numbers, the
mount options and /proc/mounts, the debugfs/tracing automount.  Where a
client's behaviour does change, its patch says so (securityfs's files
get debugfs's removal proxies).

EOF
	# the patches by number, wrapped once the numbers are in
	fmt -w 72 <<EOF
Patch ${NUM[lib]} adds the library (and a MAINTAINERS entry that the patches
adding files extend), ${NUM[kunit]} its KUnit suites, ${NUM[debugfs]} and ${NUM[tracefs]} move debugfs
and tracefs onto it.  ${NUM[cocci]} is a semantic patch that moves the tracing
hierarchy from debugfs to tracefs, with a checker for a conversion left
half way, and ${NUM[trace]} its output on kernel/trace/.  ${NUM[securityfs]} to ${NUM[bpffs]} move
securityfs, binfmt_misc, pstore, binderfs and bpffs onto the library,
${NUM[candidates]} is a semantic patch that finds the copies left, ${NUM[samples]} adds two sample
filesystems and ${NUM[docs]} the documentation.
EOF
	echo
	figures
	echo
} >"$work/blurb"
python3 - "$cover" "$work/blurb" <<'EOF'
import sys
p, blurb = sys.argv[1], open(sys.argv[2]).read()
s = open(p).read()
s = s.replace('*** SUBJECT HERE ***', 'libpseudofs: one library for the plumbing of pseudo filesystems', 1)
s = s.replace('*** BLURB HERE ***\n', blurb, 1)
open(p, 'w').write(s)
EOF
echo "series: $n patches in $outdir"
git log --reverse --format='  %s' "$base..$last"
