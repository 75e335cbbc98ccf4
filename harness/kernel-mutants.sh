#!/bin/bash
# kernel-mutants.sh TREE OUT RESULTS INITRAMFS: the mutants a guest case
# must catch, where KUnit cannot (make mutants has those).  Each mutant is a
# sed expression applied to one file of TREE at its tag patched, under the
# build lock; the patched kernel is built from it in OUT/NAME (seeded from
# OUT/patched: only what the file reaches is rebuilt), the file is put back,
# and the kernel boots with the one guest case named (run_only=); the
# mutant is caught when that case is not ok.  Writes
# RESULTS/kernel-mutants.ktap ("ok N NAME # caught by SUITE.CASE"); each
# boot's results stay in RESULTS/kernel-mutants/NAME/.  Exit status 0 if
# every mutant was caught.
#
# kernel-mutants.sh --check TREE: a dry run, nothing built or booted, TREE
# not modified: each mutant's sed expression, applied to a scratch copy of
# its file as TREE has it at its tag patched (the file itself if TREE has
# no such tag, e.g. the worktree's overlay), must change exactly one line,
# and its guest suite must have the case; one line per mutant.  Exit
# status 0 if every mutant applies.
set -uo pipefail
H=$(dirname "$(readlink -f "$0")")

# NAME|FILE|SED|SUITE|CASE|WHAT
MUTANTS=(
	# securityfs (0x73636673, SECURITYFS_MAGIC) drains nothing: before,
	# t_remove_while_inside could not tell this from the library:
	# the debugfs removal ran first and its release woke securityfs's calls
	"securityfs_no_drain|fs/libpseudofs/file.c|s/^\t\tpseudofs_drain_one(users);/\t\tif (users->dentry->d_sb->s_magic != 0x73636673)\n\t\t\tpseudofs_drain_one(users);/|stress|remove_while_inside|a removal waits for none of securityfs's users"
	# a file's write that removes its own directory waits for itself (issue
	# 36): t_remove_self's write, alone in its file (the users' slot: the
	# read it waits for is in another file), never returns
	"remove_self_waits|fs/libpseudofs/file.c|s/^\t\tif (cmpxchg(\&users->solo, current, NULL) == current \&\&/\t\tif (0 \&\&/|stress|remove_self|a removal from inside a file's write waits for that write"
	# the full proxy hands the file's ->poll the caller's poll_table, as
	# before issue 36: poll(2) and epoll sleep on the queue in the file's
	# data, which the removal neither wakes nor leaves (it is freed after)
	"pollers_on_data|fs/libpseudofs/file.c|s/^\t\twait = \&t.pt;$/\t\t;/|stress|pollers_hup|the full proxy's pollers wait on the queue in the file's data"
	# debugfs's lockdown check of an open, its ->permission since the
	# proxies' ->may_open went: every open goes on under lockdown
	"debugfs_open_unlocked|fs/debugfs/inode.c|s/^\treturn security_locked_down(LOCKDOWN_DEBUGFS) ? -EPERM : 0;/\treturn 0;/|securityfs|debugfs_locked_down|debugfs opens any file under lockdown"
	# a read-only file with an mmap opens under lockdown: ->init_inode
	# no longer notes the methods beyond read and write
	"debugfs_mmap_unnoted|fs/debugfs/inode.c|s/^\t\tinode->i_op = \&debugfs_ioctl_file_inode_operations;/\t\t;/|securityfs|debugfs_locked_down|debugfs forgets a file's mmap and ioctl at creation"
	# a file without operations of its own (no proxy) is checked too, as
	# it never was: its open for writing fails under lockdown
	"debugfs_noop_locked|fs/debugfs/inode.c|s/^\t    inode->i_fop == \&debugfs_noop_file_operations)/\t    0)/|securityfs|debugfs_locked_down|debugfs checks the opens of a file without operations"
	# tracefs lists no "events" directory: a remount updates none of what
	# eventfs keeps of their owners
	"tracefs_events_unlisted|fs/tracefs/inode.c|s/^\t\ttracefs_events_dirs = ti;/\t\t;/|guest|tracefs_remount_instance_events|a remount leaves eventfs's owners as they were"
	# tracefs's ->apply_options runs before the library's walk: an "events"
	# directory whose new group it does not set itself hands eventfs the old
	"tracefs_events_old_gid|fs/tracefs/inode.c|s/^\t\t\tti->vfs_inode.i_gid = gid;/\t\t\t;/|guest|tracefs_remount_instance_events|eventfs saves an events directory's group from before the remount"
)

if [ "${1:-}" = --check ]; then
	[ $# -eq 2 ] || { echo "usage: kernel-mutants.sh --check TREE" >&2; exit 2; }
	tree=$(readlink -f "$2") scratch=$(mktemp -d) n=0 bad=0
	trap 'rm -rf "$scratch"' EXIT
	for m in "${MUTANTS[@]}"; do
		IFS='|' read -r name file expr suite case what <<<"$m"
		n=$((n + 1)) why=
		if git -C "$tree" rev-parse -q --verify refs/tags/patched >/dev/null 2>&1; then
			git -C "$tree" show "patched:$file" >"$scratch/orig" 2>/dev/null || why="no $file in $tree at patched"
		else
			cp "$tree/$file" "$scratch/orig" 2>/dev/null || why="no $file in $tree"
		fi
		if [ -z "$why" ]; then
			sed "$expr" "$scratch/orig" >"$scratch/new" || why="sed fails on $file"
		fi
		if [ -z "$why" ]; then
			# the lines of the file the expression changed
			lines=$(diff "$scratch/orig" "$scratch/new" | grep -c '^<')
			[ "$lines" -eq 1 ] || why="changes $lines lines of $file, not one"
		fi
		if [ -z "$why" ] && [ ! -f "$H/guest/suites/$suite" ]; then
			why="no guest suite $suite"
		elif [ -z "$why" ] && ! grep -q "^t_$case()" "$H/guest/suites/$suite"; then
			why="no case $case in the guest suite $suite"
		fi
		if [ -n "$why" ]; then
			bad=$((bad + 1))
			echo "$n BAD $name ($file): $what: $why"
		else
			echo "$n ok  $name ($file): $what  [$suite.$case]"
			diff -u --label "a/$file" --label "b/$file" "$scratch/orig" "$scratch/new" | sed 's/^/    /'
		fi
	done
	echo "$((n - bad)) of $n kernel mutants apply to $tree (dry run, nothing built)"
	[ $bad -eq 0 ]
	exit
fi

[ $# -eq 4 ] || { echo "usage: kernel-mutants.sh TREE OUT RESULTS INITRAMFS | --check TREE" >&2; exit 2; }
tree=$(readlink -f "$1") out=$(readlink -f "$2") res=$(readlink -m "$3") initrd=$(readlink -f "$4")
lock=${KBUILD_LOCK:-/tmp/kbuild.lock}
[ -s "$out/patched/vmlinux" ] || { echo "kernel-mutants: no patched kernel in $out/patched" >&2; exit 1; }

# every mutant applies, before any build
"$0" --check "$tree" >/dev/null || { "$0" --check "$tree" >&2; exit 1; }
mkdir -p "$res/kernel-mutants"
ktap=$res/kernel-mutants.ktap
{ echo "KTAP version 1"; echo "1..${#MUTANTS[@]}"; } >"$ktap"
n=0 caught=0
for m in "${MUTANTS[@]}"; do
	IFS='|' read -r name file expr suite case what <<<"$m"
	n=$((n + 1))
	kout=$out/mutant-$name
	rm -rf "$kout" && mkdir -p "$kout" && cp "$out/patched/.config" "$kout/.config"
	# the mutant in, the build, the file back: all under the lock
	RESULTS= "$H/kbuild.sh" "$tree" patched -- bash -c '
		sed -i "$2" "$1/$3" && [ "$(git -C "$1" diff --numstat -- "$3" | cut -f2)" = 1 ] || {
			echo "kernel-mutants: $4 does not change exactly one line of $3" >&2
			git -C "$1" checkout -q -- "$3"
			exit 1
		}
		git -C "$1" diff -- "$3" | grep "^[-+][^-+]"
		KBUILD_LOCK=/dev/null KBUILD_SEED="$6" RESULTS= "$7/kbuild.sh" "$1" patched "$5" >/dev/null
		rc=$?
		git -C "$1" checkout -q -- "$3"
		exit $rc' _ "$tree" "$expr" "$file" "$name" "$kout" "$out/patched" "$H"
	built=$?
	mres=$res/kernel-mutants/$name
	rm -rf "$mres"
	if [ $built -ne 0 ]; then
		echo "not ok $n $name # the mutant did not build" >>"$ktap"
		continue
	fi
	BOOT_APPEND="run_only=$case" "$H/boot.sh" "mutant-$name" "$kout/arch/x86/boot/bzImage" "$initrd" \
		"$mres" "$suite" 900 >/dev/null 2>&1
	line=$(grep -E "^(not )?ok [0-9]+ $case( |$)" "$mres/$suite-mutant-$name.ktap" 2>/dev/null)
	case $line in
	"not ok "*) caught=$((caught + 1)); echo "ok $n $name # caught by $suite.$case: $what" ;;
	"ok "*) echo "not ok $n $name # $suite.$case passed: $what goes unseen" ;;
	*) echo "not ok $n $name # $suite.$case did not run (see $mres)" ;;
	esac >>"$ktap"
	grep -E "^# " "$mres/$suite-mutant-$name.ktap" 2>/dev/null | grep -v "SKIP\|^# END\|^# Totals" | head -5 >>"$ktap"
done
cat "$ktap"
echo "$caught passed, $((n - caught)) failed"
[ $caught -eq $n ]
