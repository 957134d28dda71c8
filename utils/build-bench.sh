#!/usr/bin/env bash
# Builds the benchmarks ahead of time into build/bench/ (with the runtime
# next to the executables): the tiled copy once per descriptor mode, and the
# multicast panel broadcast, the DSMEM tile hand-off, the launch cost of
# tensor-map parameters, and the peer bandwidth benchmark (two GPUs).
# Run on the GPU machine: build/bench/run-bench.sh, and from the repository
# root bench/run-peer-bench.sh (it reads build/bench/peer-bench).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/bench"
mkdir -p "$out"
for mode in param scratch; do
  "$here/utils/aot-compile.sh" -p "format=bin descriptor-mode=$mode" \
    --driver "$here/bench/tma_copy_bench.cpp" -o "$out/tma-copy-$mode" \
    "$here/bench/tma_copy.mlir"
done
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/multicast_bench.cpp" -o "$out/multicast-bench" \
  "$here/bench/multicast.mlir"
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/dsmem_handoff_bench.cpp" -o "$out/dsmem-handoff-bench" \
  "$here/bench/dsmem_handoff.mlir"
"$here/utils/aot-compile.sh" -p "format=bin descriptor-mode=param" \
  --driver "$here/bench/launch_descriptors_bench.cpp" \
  -o "$out/launch-descriptors-bench" "$here/bench/launch_descriptors.mlir"
# PTX ISA 8.3: peer TMA copies acquire their maps with fence.proxy.tensormap.
"$here/utils/aot-compile.sh" -p "format=bin features=+ptx83" \
  --driver "$here/bench/peer_copy_bench.cpp" -o "$out/peer-bench" "$here/bench/peer_copy.mlir"
cat > "$out/run-bench.sh" <<'RUN'
#!/usr/bin/env bash
# Runs both descriptor modes (GB/s and the ratio to memcpy), then the
# multicast benchmark (speedup over independent loads), the DSMEM hand-off
# (ratio gmem/dsmem) and the launch cost of tensor maps (ratio
# ptr_only/with_maps). Arguments: tma-copy iterations, multicast
# iterations, hand-off K, launches per launch-cost measurement.
dir=$(cd "$(dirname "$0")" && pwd)
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader || true
for mode in param scratch; do "$dir/tma-copy-$mode" "$mode" "${1:-50}"; done
"$dir/multicast-bench" "${2:-20}"
"$dir/dsmem-handoff-bench" "${3:-8192}" 10 2 66 3
"$dir/launch-descriptors-bench" "${4:-10000}" 7
RUN
chmod +x "$out/run-bench.sh"
echo "built $out"
