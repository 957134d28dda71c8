#!/usr/bin/env bash
# Runs every examples/jit/*.mlir module in mlir-runner on a GPU machine that
# has no MLIR, in two halves:
#
#   utils/run-jit-on-gpu.sh build        # here, after utils/build.sh
#   utils/run-jit-on-gpu.sh run [BUNDLE] # on the GPU machine
#
# `build` lowers each module with `ac-opt --asynccopy-to-llvm` twice, into
# build/jit/NAME.bin.mlir (format=bin: cubin, mgpuModuleLoad) and
# build/jit/NAME.isa.mlir (format=isa: PTX that the driver compiles,
# mgpuModuleLoadJIT), checks that the runtime and MLIR's runner utilities
# define every symbol they call (utils/check-jit-symbols.py) and copies
# libAsyncCopyRuntime.so next to them.
#
# `run` runs each lowered module with BUNDLE/mlir-runner.sh (default .jit: a
# folder that packs Debian's mlir-runner and the MLIR libraries it needs, and
# substitutes %runner_utils / %c_runner_utils by the runner-utility
# libraries), checks that it exits 0 and prints `NAME: mismatches = 0`, and,
# where compute-sanitizer is installed, runs the cubin modules once more
# under its memcheck. Carry build/jit and BUNDLE to the GPU machine; exits 1
# if any module fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/build/jit"

build() {
  local llvm=/usr/lib/llvm-22
  export PATH="$PATH:/usr/local/cuda/bin" # format=bin runs ptxas from PATH
  rm -rf "$out"
  mkdir -p "$out"
  for m in "$root"/examples/jit/*.mlir; do
    local name
    name=$(basename "$m" .mlir)
    for format in bin isa; do
      "$root/build/bin/ac-opt" "$m" --asynccopy-to-llvm="format=$format" \
        -o "$out/$name.$format.mlir"
    done
  done
  python3 "$root/utils/check-jit-symbols.py" --translate "$llvm/bin/mlir-translate" \
    --lib "$root/build/lib/libAsyncCopyRuntime.so" \
    --lib "$llvm/lib/libmlir_runner_utils.so" \
    --lib "$llvm/lib/libmlir_c_runner_utils.so" "$out"/*.mlir > /dev/null
  cp "$root/build/lib/libAsyncCopyRuntime.so" "$out/"
  echo "run-jit-on-gpu: built $(ls "$out"/*.mlir | wc -l) lowered modules in $out"
}

run() {
  local bundle=${1:-$root/.jit}
  local runner="$bundle/mlir-runner.sh"
  [ -x "$runner" ] || { echo "run-jit-on-gpu: $runner not found" >&2; exit 1; }
  ls "$out"/*.mlir > /dev/null || { echo "run-jit-on-gpu: run the build half first" >&2; exit 1; }
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  local libs="$out/libAsyncCopyRuntime.so,%runner_utils,%c_runner_utils"
  local sanitizer
  sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  local passed=0 failed=0
  for m in "$out"/*.mlir; do
    local file name rc start end
    file=$(basename "$m" .mlir)
    name=${file%.*}
    start=$EPOCHREALTIME
    rc=0
    "$runner" --entry-point-result=void --shared-libs="$libs" "$m" > "$out/$file.log" 2>&1 || rc=$?
    end=$EPOCHREALTIME
    sed 's/^/    /' "$out/$file.log"
    if [ $rc -eq 0 ] && grep -qx "$name: mismatches = 0" "$out/$file.log"; then
      awk -v f="$file" -v s="$start" -v e="$end" 'BEGIN { printf "PASS: %s (%.1f s)\n", f, e - s }'
      passed=$((passed + 1))
    else
      echo "FAIL: $file (exit code $rc)"
      failed=$((failed + 1))
    fi
    if [ -x "$sanitizer" ] && [[ "$file" == *.bin ]]; then
      rc=0
      "$sanitizer" --tool memcheck --error-exitcode 9 "$runner" --entry-point-result=void \
        --shared-libs="$libs" "$m" > "$out/$file.memcheck.log" 2>&1 || rc=$?
      grep -E "ERROR SUMMARY|mismatches" "$out/$file.memcheck.log" | sed 's/^/    /'
      if [ $rc -eq 0 ]; then
        echo "PASS: $file under memcheck"
        passed=$((passed + 1))
      else
        echo "FAIL: $file under memcheck (exit code $rc)"
        failed=$((failed + 1))
      fi
    fi
  done
  echo "jit: $passed passed, $failed failed"
  [ $failed -eq 0 ]
}

case "${1:-}" in
  build) build ;;
  run) shift; run "$@" ;;
  *) sed -n '2,21p' "$0" >&2; exit 1 ;;
esac
