# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# /suites/lib.sh: the helpers every guest suite sources (". /suites/lib.sh").
# Not a suite itself: mkinitramfs.sh leaves it non-executable, so init never
# runs it.  Modelled on the kernel's
# tools/testing/selftests/kselftest/ktap_helpers.sh, for busybox sh.
#
# A suite is a file of cases, each a function t_NAME that prints what it
# wants said and returns 0 (ok) or non-zero (not ok), or calls fail REASON or
# skip REASON.  The usual suite is
#
#	. /suites/lib.sh
#	t_one() { ...; }
#	t_two() { ...; }
#	ktap_begin	# KTAP version 1, 1..2
#	run_all		# ok 1 one, ok 2 two, in file order
#	ktap_end	# # Totals: ...; non-zero if a case failed
#
# Each case runs in a subshell: a case cannot change the suite's variables.
# Knobs, set before run:
#   RUN_SHOW_OUTPUT=1  show a case's output as "# " diagnostics when it is ok
#                      too (default: only when it is not ok or skipped);
#   RUN_PRE=FUNC       call FUNC NAME in the suite's shell before each case;
#   RUN_POST=FUNC      call FUNC NAME after it, its output appended to the
#                      case's; its failure makes the case not ok.
#   RUN_ONLY=a,b       run only the cases named (run_only= on the kernel
#                      command line), the others reported as skipped.

# --- KTAP ---------------------------------------------------------------------
KTAP_N=0		# the number of the last case reported
KTAP_PASS=0
KTAP_FAIL=0
KTAP_SKIP=0
KSFT_SKIP=4		# the status of a case that skipped (kselftest's)
RUN_SHOW_OUTPUT=${RUN_SHOW_OUTPUT:-0}
RUN_PRE=${RUN_PRE:-}
RUN_POST=${RUN_POST:-}
KTAP_TMP=${TMPDIR:-/tmp}/ktap.$$
USER_UID=${USER_UID:-1000}	# the tracer user of the guest's /etc/passwd
USER_GID=${USER_GID:-1000}

# ktap_cases: the t_ functions of the suite ($0), in file order, without t_.
ktap_cases() { sed -n 's/^t_\([A-Za-z0-9_]*\)().*/\1/p' "$0"; }

# ktap_plan N: the header and a plan of N cases.
ktap_plan() {
	echo "KTAP version 1"
	echo "1..$1"
}

# ktap_begin: the header and a plan of as many cases as the suite has t_ functions.
ktap_begin() { ktap_plan "$(ktap_cases | grep -c .)"; }

# ktap_test_pass NAME [COMMENT], ktap_test_fail NAME [COMMENT],
# ktap_test_skip NAME REASON: report the next case.
ktap_test_pass() {
	KTAP_N=$((KTAP_N + 1)) KTAP_PASS=$((KTAP_PASS + 1))
	echo "ok $KTAP_N $1${2:+ # $2}"
}
ktap_test_fail() {
	KTAP_N=$((KTAP_N + 1)) KTAP_FAIL=$((KTAP_FAIL + 1))
	echo "not ok $KTAP_N $1${2:+ # $2}"
}
ktap_test_skip() {
	KTAP_N=$((KTAP_N + 1)) KTAP_SKIP=$((KTAP_SKIP + 1))
	echo "ok $KTAP_N $1 # SKIP $2"
}
# ktap_test_result STATUS NAME: ok when STATUS is 0, else not ok.
ktap_test_result() {
	if [ "$1" -eq 0 ]; then ktap_test_pass "$2"; else ktap_test_fail "$2"; fi
}

# ktap_diag [FILE]: FILE (or stdin) as "# " diagnostics.
ktap_diag() { sed 's/^/# /' "$@"; }

# ktap_end: the totals; returns non-zero if any case failed.
ktap_end() {
	echo "# Totals: pass:$KTAP_PASS fail:$KTAP_FAIL skip:$KTAP_SKIP"
	rm -f "$KTAP_TMP".*
	[ "$KTAP_FAIL" -eq 0 ]
}

# fail REASON: end the case, not ok, saying why.
fail() { echo "$*"; exit 1; }
# skip REASON: end the case, skipped ("ok N NAME # SKIP REASON").
skip() {
	echo "$*"
	echo "$*" >"$KTAP_TMP.skip"
	exit "$KSFT_SKIP"
}

# run NAME: run t_NAME in a subshell and report it.
run() {
	rm -f "$KTAP_TMP.skip"
	[ -z "$RUN_PRE" ] || "$RUN_PRE" "$1"
	("t_$1") >"$KTAP_TMP.out" 2>&1 </dev/null
	_rc=$?
	if [ -n "$RUN_POST" ]; then
		"$RUN_POST" "$1" >>"$KTAP_TMP.out" 2>&1 || _rc=1
	fi
	if [ $_rc -ne 0 ] || [ "$RUN_SHOW_OUTPUT" = 1 ]; then
		ktap_diag "$KTAP_TMP.out"
	fi
	if [ $_rc -eq 0 ]; then
		ktap_test_pass "$1"
	elif [ $_rc -eq "$KSFT_SKIP" ] && [ -r "$KTAP_TMP.skip" ]; then
		ktap_test_skip "$1" "$(head -1 "$KTAP_TMP.skip")"
	else
		ktap_test_fail "$1"
	fi
	return 0
}

# run_all: run every t_ function of the suite, in file order.
run_all() {
	_only=${RUN_ONLY:-${run_only:-}}
	for _t in $(ktap_cases); do
		case ",$_only," in
		,,|*,"$_t",*) run "$_t" ;;
		*) ktap_test_skip "$_t" "not in run_only=$_only" ;;
		esac
	done
	return 0
}

# --- mounts, owners, users ----------------------------------------------------
# opts_of MNT: the options /proc/mounts shows for the (last) mount at MNT.
opts_of() { awk -v m="$1" '$2 == m { o = $4 } END { print o }' /proc/mounts; }
# fstype_of MNT: the type of the (last) mount at MNT, empty if none.
fstype_of() { awk -v m="$1" '$2 == m { t = $3 } END { print t }' /proc/mounts; }
# has_opt MNT OPT: OPT (e.g. uid=1000) is among MNT's options.
has_opt() { opts_of "$1" | tr ',' '\n' | grep -qx "$2"; }
# mounts_at MNT: how many mounts there are at MNT.
mounts_at() { awk -v m="$1" '$2 == m' /proc/mounts | wc -l; }
# mount_once FSTYPE DIR: mount FSTYPE at DIR (which must exist) unless it is
# there already.
mount_once() { [ "$(fstype_of "$2")" = "$1" ] || mount -t "$1" nodev "$2"; }
# owner PATH: uid:gid:mode (octal).
owner() { stat -c '%u:%g:%a' "$1"; }
# st PATH: uid:gid:mode:type ("regular file" whether empty or not).
st() { stat -c '%u:%g:%a:%F' "$1" 2>&1 | sed 's/regular empty file/regular file/'; }
# expect_owner PATH UID:GID:MODE
expect_owner() {
	_got=$(owner "$1")
	[ "$_got" = "$2" ] || fail "$1: owner:group:mode is $_got, want $2"
}
# expect_stat PATH UID:GID:MODE:TYPE
expect_stat() {
	_got=$(st "$1")
	[ "$_got" = "$2" ] || fail "$1: uid:gid:mode:type is '$_got', want '$2'"
}
# as_user CMD...: run CMD as the unprivileged user tracer (uid 1000).
as_user() { su -s /bin/sh tracer -c "$*"; }
# uptime_s: seconds since boot, whole.
uptime_s() {
	read -r _up _ </proc/uptime
	echo "${_up%.*}"
}

# --- the kernel log -----------------------------------------------------------
# What in the kernel log is a report: a BUG, WARNING, Oops, KASAN, UBSAN,
# lockdep, RCU, list corruption or hung task.
KERNEL_BAD='BUG:|WARNING:|Oops|KASAN|general protection fault|kernel BUG|UBSAN:|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|list_add corruption|list_del corruption|blocked for more than'

# kmsg_mark TEXT: write TEXT to the kernel log, for kernel_log_clean TEXT.
kmsg_mark() { echo "$1" >/dev/kmsg; }
# kernel_log_clean MARK [LINES]: no report in the kernel log since the line
# ending in MARK (all of it if that line is gone); prints each report and
# up to LINES (60) lines of context.  Sets KLOG_LINES to the lines read.
kernel_log_clean() {
	_log=$(dmesg | sed -n "/$1\$/,\$p")
	if [ -z "$_log" ]; then
		echo "the kernel log lost the mark $1; checking all of it"
		_log=$(dmesg)
	fi
	KLOG_LINES=$(echo "$_log" | wc -l)
	_bad=$(echo "$_log" | grep -E "$KERNEL_BAD")
	[ -z "$_bad" ] && return 0
	echo "kernel log since $1:"
	echo "$_bad" | head -20
	echo "$_log" | grep -E -A25 "$KERNEL_BAD" | head -"${2:-60}" | sed 's/^/  /'
	return 1
}
# debug_locks: lockdep's debug_locks (1 while lockdep works), empty without lockdep.
debug_locks() { awk '/debug_locks:/ { print $2 }' /proc/lockdep_stats 2>/dev/null; }
# lockdep_still_on BEFORE: lockdep, on at BEFORE (a debug_locks), did not
# turn itself off since.
lockdep_still_on() {
	_dl=$(debug_locks)
	if [ "$1" = 1 ] && [ "$_dl" != 1 ]; then
		echo "lockdep turned itself off (debug_locks $_dl)"
		return 1
	fi
	return 0
}

# --- racers -------------------------------------------------------------------
# racers_start SECS: the racers started next loop for SECS seconds from now
# (begin and end: uptime seconds).
racers_start() {
	pids='' racers=''
	begin=$(uptime_s)
	end=$((begin + $1))
}
# racer NAME CMD [ARGS]: run CMD ARGS in a background loop until $end.
# Every call is one iteration ($it counts them, from 0); a call that returns
# 0 counts as a success.  The counts land in $RACER_DIR/NAME.count as
# "iterations successes" followed by the value of each variable named in
# RACER_VARS (each 0 at the start), which CMD may count in.
RACER_DIR=${RACER_DIR:-/tmp}
RACER_VARS=${RACER_VARS:-}
racer() {
	_name=$1
	shift
	rm -f "$RACER_DIR/$_name.count"
	(
		it=0 okc=0
		for _v in $RACER_VARS; do eval "$_v=0"; done
		while :; do
			read -r _up _ </proc/uptime
			[ "${_up%.*}" -lt "$end" ] || break
			"$@" && okc=$((okc + 1))
			it=$((it + 1))
		done
		_x=
		for _v in $RACER_VARS; do eval "_x=\"\$_x \$$_v\""; done
		echo "$it $okc$_x" >"$RACER_DIR/$_name.count"
	) </dev/null >/dev/null 2>&1 &
	pids="$pids $!"
	racers="$racers $_name"
}
# racers_wait GRACE: wait for the racers.  One still running GRACE seconds
# after $end is hung: say where it and its children are, kill it, and
# return 1.
racers_wait() {
	_hung=
	while :; do
		_alive=
		for _p in $pids; do
			_st=
			read -r _ _ _st _ 2>/dev/null </proc/$_p/stat
			[ -n "$_st" ] && [ "$_st" != Z ] && _alive="$_alive $_p"
		done
		[ -z "$_alive" ] && break
		if [ "$(uptime_s)" -ge $((end + $1)) ]; then
			_hung=$_alive
			break
		fi
		sleep 1
	done
	if [ -z "$_hung" ]; then
		wait
		return 0
	fi
	for _p in $_hung; do
		echo "racer pid $_p still running $1 s after the deadline: $(tr '\0' ' ' </proc/$_p/cmdline 2>/dev/null) state $(cut -d' ' -f3 /proc/$_p/stat 2>/dev/null) wchan $(cat /proc/$_p/wchan 2>/dev/null)"
		head -20 /proc/$_p/stack 2>/dev/null
		# its children are the commands it runs
		for _c in $(cat /proc/$_p/task/*/children 2>/dev/null); do
			echo "  child $_c: $(tr '\0' ' ' </proc/$_c/cmdline 2>/dev/null) state $(cut -d' ' -f3 /proc/$_c/stat 2>/dev/null) wchan $(cat /proc/$_c/wchan 2>/dev/null)"
			head -20 /proc/$_c/stack 2>/dev/null | sed 's/^/    /'
		done
		kill -9 $_p 2>/dev/null
	done
	return 1
}
