#!/usr/bin/env bash
# Builds the GPU smoke test of libAsyncCopyRuntime into
# ${ASYNCCOPY_BUILD_DIR:-build}/runtime-gpu-smoke (after the runtime is built):
#  - rt_smoke: calls the C ABI directly on hand-written PTX kernels (PTX JIT
#    and cubin loading, launches, clusters, >48 KiB dynamic SMEM, streams,
#    events, memory, host registration, TMA loads through maps from both
#    encoders, many threads, and the failure messages);
#  - e2e: host code lowered by MLIR 22 itself (gpu-lower-to-nvvm-pipeline,
#    mlir-translate, llc; cubin and PTX), including a token carried through
#    scf.for.
# Needs ptxas (CUDA) and MLIR 22; the result needs only the NVIDIA driver.
# Carry the folder to a GPU machine and run run.sh there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
build=${ASYNCCOPY_BUILD_DIR:-$root/build}
out="$build/runtime-gpu-smoke"
llvm=/usr/lib/llvm-22/bin
cuda_bin=${CUDA_BIN:-/usr/local/cuda/bin}
export PATH="$PATH:$cuda_bin" # gpu-module-to-binary runs ptxas from PATH
mkdir -p "$out"
cp "$build/lib/libAsyncCopyRuntime.so" "$here/kernels.ptx" "$here/run.sh" "$out/"
"$cuda_bin/ptxas" -arch=sm_90a "$here/kernels.ptx" -o "$out/kernels.cubin"
c++ -std=c++17 -O1 -Wall -Wextra -I"$root/include" "$here/rt_smoke.cpp" \
  -L"$out" -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' -pthread -o "$out/rt_smoke"

objects=()
for fmt in bin isa; do
  "$llvm/mlir-opt" "$here/e2e.mlir" --convert-scf-to-cf |
    "$llvm/mlir-opt" --pass-pipeline="builtin.module(gpu-lower-to-nvvm-pipeline{cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=$fmt opt-level=2})" |
    "$llvm/mlir-translate" --mlir-to-llvmir |
    sed "s/@run(/@run_$fmt(/; s/@run_loop(/@run_loop_$fmt(/" > "$out/e2e_$fmt.ll"
  "$llvm/llc" -O2 -filetype=obj -relocation-model=pic "$out/e2e_$fmt.ll" -o "$out/e2e_$fmt.o"
  objects+=("$out/e2e_$fmt.o")
done
cc -O1 -c "$here/e2e_main.c" -o "$out/e2e_main.o"
c++ "$out/e2e_main.o" "${objects[@]}" -L"$out" -lAsyncCopyRuntime \
  -Wl,-rpath,'$ORIGIN' -o "$out/e2e"
echo "built $out (run run.sh there on a GPU machine)"
