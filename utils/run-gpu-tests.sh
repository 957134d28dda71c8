#!/usr/bin/env bash
# Runs the AOT-built GPU integration tests, then again under
# compute-sanitizer memcheck, racecheck and synccheck; then the same for the
# differential matrix (matrix/asynccopy-gpu-matrix, when it was built).
# Writes logs to ${OUT:-.}: gpu-tests.log, sanitizer-<tool>.log, matrix.log,
# matrix-<tool>.log. Usage (on the GPU machine): build/gpu-tests/run-gpu-tests.sh
# [test names for the suite]
#
# ASYNCCOPY_GPU_SUITE=0 / ASYNCCOPY_GPU_MATRIX=0 skip the suite / the matrix.
# Under the sanitizers launch_loop chains 2 x 1000 launches (the plain run
# does 2 x 100000; ASYNCCOPY_LAUNCH_LOOP_N overrides it).
# Under the sanitizers the matrix skips its known failures (they run in the
# plain run, XFAIL/XPASS); ASYNCCOPY_MATRIX_RACECHECK_EVERY=N runs every N-th
# configuration under racecheck only (default 1: all), and
# ASYNCCOPY_MATRIX_ARGS adds runner options to every matrix run (e.g.
# "--filter remote").
set -uo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
logs=${OUT:-.}
bin="$dir/asynccopy-gpu-tests"
matrix="$dir/matrix/asynccopy-gpu-matrix"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
status=0

if [ "${ASYNCCOPY_GPU_SUITE:-1}" != 0 ]; then
  "$bin" "$@" 2>&1 | tee "$logs/gpu-tests.log" || status=1
  for tool in memcheck racecheck synccheck; do
    echo "== compute-sanitizer --tool $tool" | tee "$logs/sanitizer-$tool.log"
    ASYNCCOPY_LAUNCH_LOOP_N=${ASYNCCOPY_LAUNCH_LOOP_N:-1000} \
      "$sanitizer" --tool "$tool" --error-exitcode 3 "$bin" "$@" >> "$logs/sanitizer-$tool.log" 2>&1 \
      || { status=1; echo "$tool: errors (see sanitizer-$tool.log)"; }
    tail -3 "$logs/sanitizer-$tool.log"
  done
fi

if [ "${ASYNCCOPY_GPU_MATRIX:-1}" != 0 ] && [ -x "$matrix" ]; then
  read -r -a extra <<< "${ASYNCCOPY_MATRIX_ARGS:-}"
  echo "== matrix" > "$logs/matrix.log"
  "$matrix" "${extra[@]}" >> "$logs/matrix.log" 2>&1 || status=1
  grep -v '^PASS ' "$logs/matrix.log"
  for tool in memcheck racecheck synccheck; do
    args=(--skip-xfail --timeout 600 "${extra[@]}")
    [ "$tool" = racecheck ] && args+=(--every "${ASYNCCOPY_MATRIX_RACECHECK_EVERY:-1}")
    echo "== compute-sanitizer --tool $tool (matrix ${args[*]})" | tee "$logs/matrix-$tool.log"
    "$sanitizer" --tool "$tool" --target-processes all --error-exitcode 3 "$matrix" "${args[@]}" \
      >> "$logs/matrix-$tool.log" 2>&1 \
      || { status=1; echo "$tool: errors or failures (see matrix-$tool.log)"; }
    grep -E '(ERROR|RACECHECK) SUMMARY' "$logs/matrix-$tool.log" | sort | uniq -c
    tail -7 "$logs/matrix-$tool.log"
  done
fi
exit $status
