#!/usr/bin/env bash
# Builds every GPU integration test (test/Integration/GPU/*.mlir) ahead of
# time into one executable, build/gpu-tests/asynccopy-gpu-tests, next to the
# runtime it needs. Modules whose name ends in _scratch use descriptor-mode=
# scratch. Carry build/gpu-tests to a GPU machine and run
# utils/run-gpu-tests.sh there.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/gpu-tests"
mkdir -p "$out/obj"
objects=()
for m in "$here"/test/Integration/GPU/*.mlir; do
  name=$(basename "$m" .mlir)
  options="format=bin"
  [[ "$name" == *_scratch ]] && options="format=bin descriptor-mode=scratch"
  "$here/utils/aot-compile.sh" -p "$options" -o "$out/obj/$name.o" "$m"
  objects+=("$out/obj/$name.o")
done
c++ -O2 -std=c++17 "$here/test/Integration/GPU/harness.cpp" "${objects[@]}" \
  -L"$here/build/lib" -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' \
  -o "$out/asynccopy-gpu-tests"
cp "$here/build/lib/libAsyncCopyRuntime.so" "$out/"
cp "$here/utils/run-gpu-tests.sh" "$out/"
echo "built $out/asynccopy-gpu-tests (${#objects[@]} test modules)"
