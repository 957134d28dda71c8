#!/usr/bin/env bash
# Builds raise-upstream-bench into OUT (default build/bench): the kernels
# written in upstream ops only (test/Integration/GPU/raise_*.mlir) compiled
# by ac-opt (asynccopy-raise-upstream raises their copies) and, renamed
# upstream_*, by upstream's `mlir-opt --gpu-lower-to-nvvm-pipeline` (sm_90a,
# PTX 8.0, cubin) where that compiles them; bench/raise_upstream_bench.cpp
# times both and checks their results. The upstream builds that fail are
# listed with their first error in OUT/obj-raise/raise_upstream_built.inc
# (and the log next to it), which the driver prints.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/build/bench}
bin=${ASYNCCOPY_BUILD_DIR:-$here/build}
llvm=/usr/lib/llvm-22/bin
work="$out/obj-raise"
mkdir -p "$work"
export PATH="$PATH:/usr/local/cuda/bin"
objects=()
: > "$work/raise_upstream_built.inc"
for m in "$here"/test/Integration/GPU/raise_*.mlir; do
  name=$(basename "$m" .mlir)
  "$here/utils/aot-compile.sh" -o "$work/$name.o" "$m"
  objects+=("$work/$name.o")
  sed 's/raise_/upstream_raise_/g' "$m" > "$work/upstream_$name.mlir"
  if "$llvm/mlir-opt" "$work/upstream_$name.mlir" \
       --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=bin" \
       -o "$work/upstream_$name.llvm.mlir" 2> "$work/upstream_$name.log" &&
     "$llvm/mlir-translate" --mlir-to-llvmir "$work/upstream_$name.llvm.mlir" \
       -o "$work/upstream_$name.ll" 2>> "$work/upstream_$name.log" &&
     "$llvm/llc" -O2 -filetype=obj -relocation-model=pic \
       "$work/upstream_$name.ll" -o "$work/upstream_$name.o" 2>> "$work/upstream_$name.log"; then
    objects+=("$work/upstream_$name.o")
  else
    why=$(grep -m1 'error' "$work/upstream_$name.log" | sed 's/.*error: //; s/\\/\\\\/g; s/"/\\"/g')
    echo "{\"$name\", \"$why\"}," >> "$work/raise_upstream_built.inc"
    echo "build-raise-bench: upstream's pipeline does not compile $name: $why" >&2
  fi
done
c++ -O2 -std=c++17 -I"$here/include" -I"$here/bench" \
  -I"$here/test/Integration/GPU" -I"$work" \
  "$here/bench/raise_upstream_bench.cpp" "${objects[@]}" -L"$bin/lib" \
  -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN' -o "$out/raise-upstream-bench"
cp "$bin/lib/libAsyncCopyRuntime.so" "$out/"
echo "built $out/raise-upstream-bench"
