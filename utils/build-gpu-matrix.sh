#!/usr/bin/env bash
# Builds the differential GPU matrix (test/Integration/GPU/matrix/) ahead of
# time into build/gpu-tests/matrix/: matrix.py generates the configurations,
# asks selection which explicit implementations accept each, compiles those
# (libmatrix*.so) and writes the manifest and reference data; the runner
# asynccopy-gpu-matrix runs them on a GPU (utils/run-gpu-tests.sh does).
# With --loops, the pipelining matrix instead
# (test/Integration/GPU/loops/loops.py: loop kernels, unpipelined and with
# 2, 3, 4 and the most stages) into build/gpu-tests/loops/; with --wgmma, the wgmma operand tests
# (test/Integration/GPU/wgmma/wgmma.py) into build/gpu-tests/wgmma/; both in
# the same format for the same runner. Intermediate files go to
# build/gpu-<name>-obj/ (not carried).
# Extra arguments go to the generator (e.g. --subset smoke, --family remote).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${ASYNCCOPY_BUILD_DIR:-$here/build}
name=matrix
case "${1:-}" in
  --loops|--wgmma) name=${1#--}; shift ;;
esac
out="$build/gpu-tests/$name"
src="$here/test/Integration/GPU"
[ -f "$build/lib/libAsyncCopyRuntime.so" ] || { echo "build-gpu-$name: build the project first" >&2; exit 1; }
mkdir -p "$out"
python3 "$src/$name/$name.py" --out "$out" --build "$build" --work "$build/gpu-$name-obj" "$@"
c++ -O2 -std=c++17 "$src/matrix/runner.cpp" -L"$build/lib" -lAsyncCopyRuntime -ldl \
  -Wl,-rpath,'$ORIGIN/..' -o "$out/asynccopy-gpu-matrix"
cp "$build/lib/libAsyncCopyRuntime.so" "$build/gpu-tests/"
cp "$here/utils/run-gpu-tests.sh" "$build/gpu-tests/"
echo "built $out/asynccopy-gpu-matrix ($(ls "$out"/libmatrix*.so | wc -l) libraries," \
  "$(du -sh "$build/gpu-tests" | cut -f1) in build/gpu-tests)"
