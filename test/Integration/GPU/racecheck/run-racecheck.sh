#!/usr/bin/env bash
# On the GPU machine: runs each scheme of remote_store_schemes once for data
# and timing, then N times (default 8) under compute-sanitizer racecheck, and
# counts the runs that report hazards and the hazards they report.
#   run-racecheck.sh [N] [schemes, default abcd]
set -uo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
bin="$dir/remote_store_schemes"
runs=${1:-8}
schemes=${2:-abcd}
logs=${OUT:-.}
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
# Timing: 128 clusters, 2000 launches per scheme.
"$bin" "$schemes" 128 2000 | tee "$logs/racecheck-timing.log"
for ((k = 0; k < ${#schemes}; ++k)); do
  s=${schemes:k:1}
  hazardRuns=0
  hazards=0
  for ((i = 1; i <= runs; ++i)); do
    log="$logs/racecheck-$s-$i.log"
    "$sanitizer" --tool racecheck "$bin" "$s" 2 0 > "$log" 2>&1
    # "Race reported between Write access at ... [624 hazards]" lines and
    # "RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)".
    n=$(sed -n 's/.*\[\([0-9]*\) hazards\?\].*/\1/p' "$log" | awk '{ s += $1 } END { print s + 0 }')
    n=${n:-0}
    summary=$(grep -o "RACECHECK SUMMARY.*" "$log" | tail -1)
    grep -q "PASS" "$log" || echo "$s run $i: wrong data or failure (see $log)"
    if [ "$n" -gt 0 ] || ! echo "$summary" | grep -q "SUMMARY: 0 hazard"; then
      hazardRuns=$((hazardRuns + 1))
      hazards=$((hazards + n))
    fi
  done
  echo "$s: $hazardRuns of $runs racecheck runs report hazards ($hazards hazards in all)" \
    | tee -a "$logs/racecheck-summary.log"
done
