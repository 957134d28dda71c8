#!/usr/bin/env bash
# Builds the differential GPU matrix (test/Integration/GPU/matrix/) ahead of
# time into build/gpu-tests/matrix/: matrix.py generates the configurations,
# asks selection which explicit implementations accept each, compiles those
# (libmatrix*.so) and writes the manifest and reference data; the runner
# asynccopy-gpu-matrix runs them on a GPU (utils/run-gpu-tests.sh does).
# Intermediate files go to build/gpu-matrix-obj/ (not carried). Extra
# arguments go to matrix.py (e.g. --subset smoke, --family remote).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${ASYNCCOPY_BUILD_DIR:-$here/build}
out="$build/gpu-tests/matrix"
src="$here/test/Integration/GPU/matrix"
[ -f "$build/lib/libAsyncCopyRuntime.so" ] || { echo "build-gpu-matrix: build the project first" >&2; exit 1; }
mkdir -p "$out"
python3 "$src/matrix.py" --out "$out" --build "$build" --work "$build/gpu-matrix-obj" "$@"
c++ -O2 -std=c++17 "$src/runner.cpp" -L"$build/lib" -lAsyncCopyRuntime -ldl \
  -Wl,-rpath,'$ORIGIN/..' -o "$out/asynccopy-gpu-matrix"
cp "$build/lib/libAsyncCopyRuntime.so" "$build/gpu-tests/"
cp "$here/utils/run-gpu-tests.sh" "$build/gpu-tests/"
echo "built $out/asynccopy-gpu-matrix ($(ls "$out"/libmatrix*.so | wc -l) libraries," \
  "$(du -sh "$build/gpu-tests" | cut -f1) in build/gpu-tests)"
