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
# errors are in build/multigpu-tests/obj/<name>.log) and the harness reports
# its tests as not built.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/multigpu-tests"
allow_skip=${ASYNCCOPY_MULTIGPU_ALLOW_SKIP:-0}
mkdir -p "$out/obj"
objects=()
skipped=()
# Peer TMA copies acquire their tensor maps with fence.proxy.tensormap (PTX
# ISA 8.3); the other modules get the same target.
options="format=bin features=+ptx83"
for m in "$here"/test/Integration/MultiGPU/*.mlir; do
  name=$(basename "$m" .mlir)
  rm -f "$out/obj/$name.o"
  if "$here/utils/aot-compile.sh" -p "$options" -o "$out/obj/$name.o" "$m" \
      > "$out/obj/$name.log" 2>&1; then
    objects+=("$out/obj/$name.o")
  elif [ "$allow_skip" = 1 ]; then
    echo "build-multigpu-tests: SKIPPED $name (see $out/obj/$name.log):" >&2
    head -n 2 "$out/obj/$name.log" | sed 's/^/    /' >&2
    skipped+=("$name")
  else
    cat "$out/obj/$name.log" >&2
    echo "build-multigpu-tests: $name does not compile (set" \
      "ASYNCCOPY_MULTIGPU_ALLOW_SKIP=1 to leave such modules out)" >&2
    exit 1
  fi
done
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
