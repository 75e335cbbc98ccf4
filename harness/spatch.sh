#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# spatch.sh: the one way the harness runs spatch.
#
#   spatch.sh ARGS...
#       one spatch run: spatch --very-quiet --no-includes --include-headers
#       ARGS..., in the current directory, with its exit status.
#   spatch.sh --each DIR OUTDIR ARGS... <FILES
#       one run per file named on stdin (relative to DIR, one a line), in
#       DIR: "spatch ... ARGS... FILE" with its output in
#       OUTDIR/F.out, F.err and F.rc (F: FILE with / turned into _), two
#       runs at a time.  spatch takes the files of one command line as one
#       unit, hence a run each.  Fails when a run failed.
#   spatch.sh --python
#       print the interpreter it names: a caller that runs spatch.sh many
#       times exports it as SPATCH_PYTHON to probe once.
#
# SPATCH overrides spatch; SPATCH_JOBS (2) the runs at a time.  spatch runs
# "python3" to find the interpreter it embeds, once per run; behind a
# wrapper (a pyenv shim, say) that costs a second or more each time, so the
# interpreter is named once here (SPATCH_PYTHON, probed unless set).

set -u

spatch=${SPATCH:-spatch}
command -v "$spatch" >/dev/null || { echo "spatch.sh: $spatch not found" >&2; exit 2; }
if [ -z "${SPATCH_PYTHON+set}" ]; then
	if [ -x /usr/bin/python3 ]; then
		SPATCH_PYTHON=/usr/bin/python3
	else
		SPATCH_PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) ||
			SPATCH_PYTHON=
	fi
fi
flags=(--very-quiet --no-includes --include-headers)
[ -n "$SPATCH_PYTHON" ] && flags=(--python "$SPATCH_PYTHON" "${flags[@]}")

[ "${1-}" = --python ] && { echo "$SPATCH_PYTHON"; exit 0; }
if [ "${1-}" != --each ]; then
	exec "$spatch" "${flags[@]}" "$@"
fi

[ $# -ge 3 ] || { echo "usage: $0 --each DIR OUTDIR ARGS... <FILES" >&2; exit 2; }
dir=$2
mkdir -p "$3"
out=$(cd "$3" && pwd)
shift 3
cd "$dir" || exit 2
# xargs: "sh -c SCRIPT sh FILE SPATCH FLAGS... ARGS...", the file moved last inside
# shellcheck disable=SC2016
SP_OUT=$out xargs -r -d '\n' -P "${SPATCH_JOBS:-2}" -I{} sh -c '
	o="$SP_OUT/$(printf %s "$1" | tr / _)"; f=$1; shift
	"$@" "$f" >"$o.out" 2>"$o.err"
	rc=$?
	echo $rc >"$o.rc"
	exit $((rc != 0))
' sh {} "$spatch" "${flags[@]}" "$@"
