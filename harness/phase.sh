#!/bin/bash
# phase.sh NAME CMD...: run CMD, append "NAME SECONDS STATUS" to
# build/results/phases.txt and say how long it took.
name=$1; shift
log=${PHASES:-build/results/phases.txt}
mkdir -p "$(dirname "$log")"
start=$(date +%s)
echo ">>> $name"
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
printf '%-22s %5ss %s\n' "$name" "$secs" "$([ $rc -eq 0 ] && echo ok || echo "FAILED (exit $rc)")" | tee -a "$log"
exit $rc
