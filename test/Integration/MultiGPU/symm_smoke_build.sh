#!/usr/bin/env bash
# Builds the symmetric-heap GPU smoke test (symm_smoke.cpp) into
# ${ASYNCCOPY_BUILD_DIR:-build}/symm-smoke, after the runtime is built: the
# program, libAsyncCopyRuntime.so (found through an $ORIGIN rpath) and
# symm_smoke_run.sh. Needs only a C++ compiler (no CUDA, no MLIR); the result
# needs the NVIDIA driver. Carry build/symm-smoke to a multi-GPU machine and
# run symm_smoke_run.sh there. Also checks the kernel's PTX with ptxas when
# there is one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${ASYNCCOPY_BUILD_DIR:-$root/build}
out="$build/symm-smoke"
mkdir -p "$out"
cp "$build/lib/libAsyncCopyRuntime.so" "$here/symm_smoke_run.sh" "$out/"
c++ -std=c++17 -O1 -Wall -Wextra -I"$root/include" "$here/symm_smoke.cpp" \
  -L"$out" -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' -o "$out/symm_smoke"
ptxas=${CUDA_BIN:-/usr/local/cuda/bin}/ptxas
if [ -x "$ptxas" ]; then
  sed -n '/^\.version/,/^}/p' "$here/symm_smoke.cpp" > "$out/peer_read.ptx"
  "$ptxas" -arch=sm_90 "$out/peer_read.ptx" -o /dev/null
fi
echo "built $out (run symm_smoke_run.sh there on a machine with 2+ GPUs)"
