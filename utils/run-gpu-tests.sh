#!/usr/bin/env bash
# Runs the AOT-built GPU integration tests, then again under
# compute-sanitizer memcheck, racecheck and synccheck. Writes logs to
# ${OUT:-.}. Usage (on the GPU machine): build/gpu-tests/run-gpu-tests.sh
set -uo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
logs=${OUT:-.}
bin="$dir/asynccopy-gpu-tests"
status=0
"$bin" "$@" 2>&1 | tee "$logs/gpu-tests.log" || status=1
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
for tool in memcheck racecheck synccheck; do
  echo "== compute-sanitizer --tool $tool" | tee "$logs/sanitizer-$tool.log"
  "$sanitizer" --tool "$tool" --error-exitcode 3 "$bin" "$@" >> "$logs/sanitizer-$tool.log" 2>&1 \
    || { status=1; echo "$tool: errors (see sanitizer-$tool.log)"; }
  tail -3 "$logs/sanitizer-$tool.log"
done
exit $status
