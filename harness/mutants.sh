#!/bin/bash
# mutants.sh TREE WORK RESULTS: which KUnit cases catch each mutant of
# harness/kunit-mutants.py.
#
# A scratch copy of TREE at its tag patched (WORK/tree: hard links, but
# for the two files the mutants change, which are copies of their own, so
# that TREE is never modified) gets each mutant alone in turn; the same
# kunit.py run as make kunit (harness/kunit.sh: UML, ccache) builds and
# runs the suites on it in a build folder of its own, WORK/out, a copy of
# make kunit's build/out/kunit.  The build sees the copy at TREE's path and
# its folder at make kunit's (bind mounts in a private mount namespace,
# unshare -m, seen by no other process): the compiler's command lines are
# the same, so each build only recompiles the mutated file and relinks.
# Each build holds the build lock.  Before any build, kunit-mutants.py
# --check checks on the copy that every mutant applies exactly once (a dry
# run: see kunit-mutants.py), and a first run without mutant that every
# case passes there.  A mutant is caught when at least one case fails;
# when none of those is a case the mutant names (kunit-mutants.py
# --expect), its line says so.  Writes RESULTS/mutants.txt (one line per
# mutant with the cases that caught it) and RESULTS/mutants.ktap (KTAP,
# "ok N NAME # caught by ...", "not ok" for a mutant no case caught); each
# run's KTAP and log stay in WORK/runs/.  MUTANTS="2 5" runs only those
# (numbers as in kunit-mutants.py --list).  Exit status 0 if every mutant
# was caught.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: mutants.sh TREE WORK RESULTS" >&2; exit 2; }
tree=$(readlink -f "$1") work=$(readlink -m "$2") res=$(readlink -m "$3")
H=$(dirname "$(readlink -f "$0")")
lock=${KBUILD_LOCK:-/tmp/kbuild.lock}
kout=${KUNIT_OUT:-$(dirname "$tree")/out/kunit}
wt=$work/tree wout=$work/out runs=$work/runs
export KUNIT_TIMEOUT=${KUNIT_TIMEOUT:-600}
# make kunit's build folder is the bind mount's target: there even when
# make kunit never ran (the first build then starts cold)
mkdir -p "$work" "$runs" "$res" "$kout"
t0=$(date +%s)

die() { echo "mutants: $*" >&2; exit 1; }
git -C "$tree" rev-parse -q --verify refs/tags/patched >/dev/null || die "$tree has no tag patched (make tree)"
# the files the mutants change: copies of their own in the scratch tree,
# never hard links to TREE's (every file kunit-mutants.py names)
MUTATED=$(python3 "$H/kunit-mutants.py" --list | awk '{ sub(":", "", $2); print $2 }' | sort -u | tr '\n' ' ')

# The scratch copy, made under the build lock with TREE at patched.
RESULTS= "$H/kbuild.sh" "$tree" patched -- bash -c '
	set -e
	rm -rf "$1" "$2" "$2.orig"
	cp -al "$3" "$1"
	rm -rf "$1/.git"
	for f in '"$MUTATED"'; do
		rm "$1/fs/libpseudofs/$f"
		cp -p "$3/fs/libpseudofs/$f" "$1/fs/libpseudofs/$f"
	done
	mkdir -p "$2" "$2.orig"
	for f in '"$MUTATED"'; do cp -p "$3/fs/libpseudofs/$f" "$2.orig/$f"; done
	[ ! -d "$4" ] || cp -a "$4/." "$2/"' _ "$wt" "$wout" "$tree" "$kout" ||
	die "cannot copy $tree to $wt"

# every mutant applies to the copy, once: no build is spent on a list that
# does not match the source
python3 "$H/kunit-mutants.py" --check "$wt" >"$runs/check.txt" 2>&1 || {
	cat "$runs/check.txt" >&2
	die "harness/kunit-mutants.py does not match the source of $tree (see above)"
}
tail -1 "$runs/check.txt"

# restore: the copy without mutant (new mtimes: make recompiles them)
restore() { for f in $MUTATED; do cp "$wout.orig/$f" "$wt/fs/libpseudofs/$f" || return 1; done; }

# failed KTAP: the cases (case[param] for a parameterised one) not ok
failed() {
	python3 - "$1" <<'PY'
import re, sys
LINE = re.compile(r'^(\s*)(ok|not ok)\s+\d+\s+(?:-\s*)?([^#]*?)\s*(?:#.*)?$')
out, params = [], []
for ln in open(sys.argv[1], errors='replace'):
    m = LINE.match(ln.rstrip('\n'))
    if not m:
        continue
    ind, res, name = len(m.group(1)), m.group(2), m.group(3)
    if ind == 8 and res == 'not ok':
        params.append(name)
    elif ind == 4:
        if res == 'not ok':
            out += [f'{name}[{p}]' for p in params] or [name]
        params = []
print(', '.join(out))
PY
}
# cases that ran: ok or not ok lines at the case level
ran() { grep -cE '^    (ok|not ok) [0-9]+ ' "$1" 2>/dev/null || echo 0; }

run() {	# run NAME: kunit.py on the copy as it is now, seen at TREE's path
	flock "$lock" unshare -m bash -c 'mount --bind "$1" "$2" && mount --bind "$3" "$4" &&
		JOBS='"${JOBS:-$(nproc)}"' "$5/kunit.sh" "$2" "$4" "$6"' _ \
		"$wt" "$tree" "$wout" "$kout" "$H" "$runs/$1.ktap" >"$runs/$1.out" 2>&1
	local rc=$?
	cat "$runs/$1.out"
	return $rc
}

echo "mutants: control run, without mutant"
run control; crc=$?
cfail=$(failed "$runs/control.ktap")
if [ $crc -ne 0 ] || [ -n "$cfail" ] || [ "$(ran "$runs/control.ktap")" -eq 0 ]; then
	die "the suites do not pass without mutant (exit $crc; failed: ${cfail:-none}; see $runs/control.*)"
fi

n=$(python3 "$H/kunit-mutants.py" --list | wc -l)
set -- ${MUTANTS:-$(seq 1 "$n")}
n=$#
txt=$res/mutants.txt ktap=$res/mutants.ktap
{ echo "# make mutants: each mutant of harness/kunit-mutants.py alone, kunit.py run --kunitconfig=fs/libpseudofs (UML)"
  echo "# control run without mutant: $(ran "$runs/control.ktap") cases, all ok"; } >"$txt"
lines=() caught=0
for k in "$@"; do
	what=$(python3 "$H/kunit-mutants.py" --list | sed -n "${k}p" | cut -d' ' -f2-)
	name=$(echo "$what" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/_/g; s/^_+|_+$//g')
	restore || die "cannot restore $wt"
	python3 "$H/kunit-mutants.py" --only "$k" "$wt" >/dev/null || die "mutant $k does not apply"
	s0=$(date +%s)
	run "mutant-$k" >/dev/null; rc=$?
	secs=$(( $(date +%s) - s0 ))
	by=$(failed "$runs/mutant-$k.ktap")
	if [ -z "$by" ] && [ $rc -ne 0 ]; then
		by="kunit.py exit $rc, $(ran "$runs/mutant-$k.ktap") cases ran (see $runs/mutant-$k.out)"
	fi
	# caught, but by none of the cases the mutant names: say so
	want=$(python3 "$H/kunit-mutants.py" --expect "$k")
	named=
	while read -r e; do
		case ", $by," in *", $e,"* | *", $e["*) named=1 ;; esac
	done <<<"$want"
	if [ -n "$by" ] && [ -n "$want" ] && [ -z "$named" ]; then
		by="$by (none of the cases it names: $(echo "$want" | paste -sd, | sed 's/,/, /g'))"
	fi
	if [ -n "$by" ]; then
		caught=$((caught + 1))
		lines+=("ok $k $name # caught by $by")
	else
		lines+=("not ok $k $name # no case failed")
	fi
	printf '%2d %-62s %4ss  %s\n' "$k" "$what" "$secs" "${by:-NOT CAUGHT}" | tee -a "$txt"
done
restore
secs=$(( $(date +%s) - t0 ))
{ echo "KTAP version 1"; echo "1..$n"; printf '%s\n' "${lines[@]}"; } >"$ktap"
echo "# $caught of $n mutants caught, ${secs}s in all" | tee -a "$txt"
[ "$caught" -eq "$n" ]
