#!/usr/bin/env bash
# Compile time of one kernel with N TMA copies, to PTX: ac-opt
# --asynccopy-to-llvm="format=isa" on the asynccopy kernel next to MLIR's own
# TMA lowering (mlir-opt --gpu-lower-to-nvvm-pipeline) on the same kernel
# written in nvgpu ops (bench/compile-time-gen.py writes both). Prints the
# median wall time of REPEAT runs in ms and the peak memory of the last, per
# N; checks that both PTX hold N tensor copies.
#   bench/compile-time.sh                 # N = 1 16 256 1024 4096, 3 runs
#   SIZES="1024" REPEAT=5 bench/compile-time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
AC_OPT=${AC_OPT:-build/bin/ac-opt}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
SIZES=${SIZES:-1 16 256 1024 4096}
REPEAT=${REPEAT:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME CMD...: sets MS (median over REPEAT runs) and KB (peak RSS).
run() {
  local name=$1 times=() start end
  shift
  for _ in $(seq "$REPEAT"); do
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$tmp/$name.rss" "$@" -o "$tmp/$name.out"
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  MS=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((REPEAT + 1) / 2))p")
  KB=$(cat "$tmp/$name.rss")
  local copies
  copies=$(python3 utils/extract-ptx.py < "$tmp/$name.out" |
           grep -c 'cp.async.bulk.tensor' || true)
  [ "$copies" = "$N" ] || { echo "$name: $copies tensor copies in the PTX, expected $N" >&2; exit 1; }
}

echo "# ac-opt: $AC_OPT --asynccopy-to-llvm=format=isa"
echo "# upstream: $MLIR_OPT --gpu-lower-to-nvvm-pipeline=cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa"
printf '%6s  %12s  %12s  %14s  %14s\n' N asynccopy-ms upstream-ms asynccopy-MiB upstream-MiB
for N in $SIZES; do
  python3 bench/compile-time-gen.py asynccopy "$N" > "$tmp/asynccopy.mlir"
  python3 bench/compile-time-gen.py nvgpu "$N" > "$tmp/nvgpu.mlir"
  run asynccopy "$AC_OPT" "$tmp/asynccopy.mlir" --asynccopy-to-llvm=format=isa
  ac_ms=$MS ac_kb=$KB
  run nvgpu "$MLIR_OPT" "$tmp/nvgpu.mlir" \
    --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa"
  printf '%6s  %12s  %12s  %14s  %14s\n' "$N" "$ac_ms" "$MS" \
    "$((ac_kb / 1024))" "$((KB / 1024))"
done
