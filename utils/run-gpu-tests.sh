#!/usr/bin/env bash
# Runs the AOT-built GPU integration tests, then again under
# compute-sanitizer memcheck, racecheck and synccheck; then the same for the
# loop tests' stage variants (stages/), the differential copy matrix
# (matrix/asynccopy-gpu-matrix), the pipelining matrix (loops/) and the
# wgmma operand tests (wgmma/), each when it was built. Writes logs to
# ${OUT:-.}: gpu-tests.log, sanitizer-<tool>.log, stages.log, matrix.log,
# matrix-<tool>.log, loops.log, loops-<tool>.log, wgmma.log,
# wgmma-<tool>.log. Usage (on the GPU machine):
# build/gpu-tests/run-gpu-tests.sh [test names for the suite]
#
# ASYNCCOPY_GPU_SUITE=0 / ASYNCCOPY_GPU_STAGES=0 / ASYNCCOPY_GPU_MATRIX=0 /
# ASYNCCOPY_GPU_LOOPS=0 / ASYNCCOPY_GPU_WGMMA=0 skip the suite / the
# stage variants / the copy matrix / the pipelining matrix / the wgmma
# tests; ASYNCCOPY_GPU_SANITIZERS=0 runs each part plainly only (no
# compute-sanitizer runs). ASYNCCOPY_LOOPS_ARGS adds runner options to
# every pipelining matrix run.
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
tools=(memcheck racecheck synccheck)
[ "${ASYNCCOPY_GPU_SANITIZERS:-1}" = 0 ] && tools=()

if [ "${ASYNCCOPY_GPU_SUITE:-1}" != 0 ]; then
  "$bin" "$@" 2>&1 | tee "$logs/gpu-tests.log" || status=1
  for tool in "${tools[@]}"; do
    echo "== compute-sanitizer --tool $tool" | tee "$logs/sanitizer-$tool.log"
    ASYNCCOPY_LAUNCH_LOOP_N=${ASYNCCOPY_LAUNCH_LOOP_N:-1000} \
      "$sanitizer" --tool "$tool" --error-exitcode 3 "$bin" "$@" >> "$logs/sanitizer-$tool.log" 2>&1 \
      || { status=1; echo "$tool: errors (see sanitizer-$tool.log)"; }
    tail -3 "$logs/sanitizer-$tool.log"
  done
fi

# The loop tests once per stage count (build-gpu-stage-variants.sh), plainly
# and under each sanitizer.
stages="$dir/stages"
if [ "${ASYNCCOPY_GPU_STAGES:-1}" != 0 ] && [ -f "$stages/loop-tests.txt" ]; then
  mapfile -t loops < "$stages/loop-tests.txt"
  : > "$logs/stages.log"
  for v in 1 2 3 4 max; do
    echo "== stages $v" >> "$logs/stages.log"
    "$stages/asynccopy-gpu-tests-s$v" "${loops[@]}" >> "$logs/stages.log" 2>&1 || status=1
    for tool in "${tools[@]}"; do
      echo "== stages $v, compute-sanitizer --tool $tool" >> "$logs/stages.log"
      "$sanitizer" --tool "$tool" --error-exitcode 3 "$stages/asynccopy-gpu-tests-s$v" "${loops[@]}" \
        >> "$logs/stages.log" 2>&1 || { status=1; echo "stages $v $tool: errors"; }
    done
  done
  grep -cE ': PASS' "$logs/stages.log" | sed 's/^/stage variants: PASS lines: /'
  grep -E 'FAIL|(ERROR|RACECHECK) SUMMARY: [1-9]|not built' "$logs/stages.log" || echo "stage variants: no failures"
fi

# The differential matrices: copies (matrix/) and pipelined loops
# (loops/, the same runner). ASYNCCOPY_LOOPS_RACECHECK_EVERY=N runs
# every N-th pipelining configuration under racecheck (default 1).
run_matrix() {  # name, runner, racecheck every, runner args...
  local name=$1 runner=$2 every=$3
  shift 3
  echo "== $name" > "$logs/$name.log"
  "$runner" "$@" >> "$logs/$name.log" 2>&1 || status=1
  grep -v '^PASS ' "$logs/$name.log"
  for tool in "${tools[@]}"; do
    args=(--skip-xfail --timeout 600 "$@")
    [ "$tool" = racecheck ] && args+=(--every "$every")
    echo "== compute-sanitizer --tool $tool ($name ${args[*]})" | tee "$logs/$name-$tool.log"
    "$sanitizer" --tool "$tool" --target-processes all --error-exitcode 3 "$runner" "${args[@]}" \
      >> "$logs/$name-$tool.log" 2>&1 \
      || { status=1; echo "$tool: errors or failures (see $name-$tool.log)"; }
    grep -E '(ERROR|RACECHECK) SUMMARY' "$logs/$name-$tool.log" | sort | uniq -c
    tail -7 "$logs/$name-$tool.log"
  done
}

if [ "${ASYNCCOPY_GPU_MATRIX:-1}" != 0 ] && [ -x "$matrix" ]; then
  read -r -a extra <<< "${ASYNCCOPY_MATRIX_ARGS:-}"
  run_matrix matrix "$matrix" "${ASYNCCOPY_MATRIX_RACECHECK_EVERY:-1}" "${extra[@]}"
fi
loop_matrix="$dir/loops/asynccopy-gpu-matrix"
if [ "${ASYNCCOPY_GPU_LOOPS:-1}" != 0 ] && [ -x "$loop_matrix" ]; then
  read -r -a extra <<< "${ASYNCCOPY_LOOPS_ARGS:-}"
  run_matrix loops "$loop_matrix" "${ASYNCCOPY_LOOPS_RACECHECK_EVERY:-1}" \
    --timeout 30 "${extra[@]}"
fi
wgmma="$dir/wgmma/asynccopy-gpu-matrix"
if [ "${ASYNCCOPY_GPU_WGMMA:-1}" != 0 ] && [ -x "$wgmma" ]; then
  # Racecheck takes more than 30 s for a clustered GEMM with a producer
  # warpgroup on its first run; a hang still shows, later.
  run_matrix wgmma "$wgmma" 1 --timeout 120
fi
exit $status
