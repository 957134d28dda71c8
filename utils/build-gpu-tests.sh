#!/usr/bin/env bash
# Builds every GPU integration test (test/Integration/GPU/*.mlir) ahead of
# time into one executable, build/gpu-tests/asynccopy-gpu-tests, next to the
# runtime it needs. Modules whose name ends in _scratch use descriptor-mode=
# scratch, those ending in _sm90 chip=sm_90 (portable sm_90: 48 KiB of
# static shared memory, so larger kernels use dynamic shared memory). Carry
# build/gpu-tests to a GPU machine and run utils/run-gpu-tests.sh there.
#
# A module that fails to compile fails the build, unless
# ASYNCCOPY_GPU_TESTS_ALLOW_SKIP=1: then it is skipped with a message (its
# errors are in build/gpu-tests/obj/<name>.log; utils/lib/compile-modules.sh).
# The harness links the modules that compiled (its entry points are weak: a
# test whose module is missing reports "not built");
# build/gpu-tests/built-tests.txt and
# skipped-tests.txt list the two sets.
#
# Then builds the loop tests' stage variants (utils/build-gpu-stage-variants.sh,
# unless ASYNCCOPY_GPU_STAGES=0), the differential copy matrix into
# build/gpu-tests/matrix/ (utils/build-gpu-matrix.sh, unless
# ASYNCCOPY_GPU_MATRIX=0), the pipelining matrix into build/gpu-tests/loops/
# (utils/build-gpu-matrix.sh --loops, unless ASYNCCOPY_GPU_LOOPS=0) and the
# wgmma operand tests into
# build/gpu-tests/wgmma/ (utils/build-gpu-matrix.sh --wgmma, unless
# ASYNCCOPY_GPU_WGMMA=0).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/utils/lib/compile-modules.sh"
out="$here/build/gpu-tests"
# Only what this build makes goes to the GPU machine: stale files (another
# session's folders, scripts) would count against what a run may carry.
if [[ -d "$out" ]]; then
  find "$out" -mindepth 1 -maxdepth 1 ! -name obj ! -name matrix \
    ! -name loops ! -name stages ! -name wgmma -exec rm -rf {} +
fi
module_options() {
  case "$1" in
    *_scratch) echo "format=bin descriptor-mode=scratch" ;;
    *_sm90) echo "format=bin chip=sm_90" ;;
    *) echo "format=bin" ;;
  esac
}
objects=()
built=()
skipped=()
compile_modules build-gpu-tests "$out/obj" ASYNCCOPY_GPU_TESTS_ALLOW_SKIP \
  "$here"/test/Integration/GPU/*.mlir
[ ${#built[@]} -gt 0 ] || { echo "build-gpu-tests: no module compiled" >&2; exit 1; }
printf '%s\n' "${built[@]}" > "$out/built-tests.txt"
printf '%s\n' ${skipped[@]+"${skipped[@]}"} > "$out/skipped-tests.txt"
c++ -O2 -std=c++17 "$here/test/Integration/GPU/harness.cpp" \
  "${objects[@]}" -L"$here/build/lib" -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' \
  -o "$out/asynccopy-gpu-tests"
cp "$here/build/lib/libAsyncCopyRuntime.so" "$out/"
cp "$here/utils/run-gpu-tests.sh" "$out/"
echo "built $out/asynccopy-gpu-tests (${#objects[@]} test modules)"
if [ ${#skipped[@]} -gt 0 ]; then
  echo "build-gpu-tests: WARNING: ${#skipped[@]} module(s) skipped: ${skipped[*]}" >&2
fi
if [ "${ASYNCCOPY_GPU_STAGES:-1}" != 0 ]; then
  "$here/utils/build-gpu-stage-variants.sh"
fi
if [ "${ASYNCCOPY_GPU_MATRIX:-1}" != 0 ]; then
  "$here/utils/build-gpu-matrix.sh"
fi
if [ "${ASYNCCOPY_GPU_LOOPS:-1}" != 0 ]; then
  "$here/utils/build-gpu-matrix.sh" --loops
fi
if [ "${ASYNCCOPY_GPU_WGMMA:-1}" != 0 ]; then
  "$here/utils/build-gpu-matrix.sh" --wgmma
fi
