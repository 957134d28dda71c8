#!/usr/bin/env bash
# Builds the multi-GPU integration tests (test/Integration/MultiGPU) ahead of
# time into build/multigpu-tests/: every kernel module compiled by
# utils/aot-compile.sh and linked into libasynccopy-multigpu-kernels.so, the
# harness asynccopy-multigpu-tests (linked only against the runtime; it
# dlopens the kernel library, see harness.cpp), the runtime and
# run-multigpu-tests.sh. Carry build/multigpu-tests to a machine with 2 or
# more GPUs and run build/multigpu-tests/run-multigpu-tests.sh there.
#
# A module that fails to compile fails the build, unless
# ASYNCCOPY_MULTIGPU_ALLOW_SKIP=1: then it is left out with a message (its
# errors are in build/multigpu-tests/obj/<name>.log;
# utils/lib/compile-modules.sh) and the harness reports its tests as not
# built.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/utils/lib/compile-modules.sh"
out="$here/build/multigpu-tests"
# Peer TMA copies acquire their tensor maps with fence.proxy.tensormap (PTX
# ISA 8.3); the other modules get the same target.
module_options() { echo "format=bin features=+ptx83"; }
objects=()
built=()
skipped=()
compile_modules build-multigpu-tests "$out/obj" ASYNCCOPY_MULTIGPU_ALLOW_SKIP \
  "$here"/test/Integration/MultiGPU/*.mlir
runtime="$here/build/lib/libAsyncCopyRuntime.so"
c++ -shared ${objects[@]+"${objects[@]}"} -L"$here/build/lib" \
  -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' -o "$out/libasynccopy-multigpu-kernels.so"
c++ -O2 -std=c++17 -I"$here/include" "$here/test/Integration/MultiGPU/harness.cpp" \
  -L"$here/build/lib" -lAsyncCopyRuntime -ldl -pthread -Wl,-rpath,'$ORIGIN' \
  -o "$out/asynccopy-multigpu-tests"
cp "$runtime" "$out/"
cp "$here/utils/run-multigpu-tests.sh" "$out/"
echo "built $out (${#objects[@]} kernel modules)"
if [ ${#skipped[@]} -gt 0 ]; then
  echo "build-multigpu-tests: WARNING: skipped ${skipped[*]}" >&2
fi
