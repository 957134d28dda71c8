#!/usr/bin/env bash
# Builds the benchmarks ahead of time into build/bench/ (with the runtime
# next to the executables): the tiled copy once per descriptor mode, and the
# multicast panel broadcast, the DSMEM tile hand-off, the launch cost of
# tensor-map parameters, the pipelined persistent copies (TMA and the sm_80
# cp.async path, plus bench/triton_copy.py copied next to them) and the peer
# bandwidth benchmark (two GPUs), and the persistent-schedule diagnostic
# (bench/persistent_schedule_diag.cu, plain CUDA, when nvcc is there).
# Run on the GPU machine: build/bench/run-bench.sh, and from the repository
# root bench/run-peer-bench.sh (it reads build/bench/peer-bench).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/bench"
gen="$out/gen"
mkdir -p "$out"
# The generated benchmark modules and the tables their drivers include.
python3 "$here/bench/pipelined_copy_gen.py" "$gen"
python3 "$here/bench/dsmem_handoff_gen.py" "$gen"
for mode in param scratch; do
  "$here/utils/aot-compile.sh" -p "format=bin descriptor-mode=$mode" \
    --driver "$here/bench/tma_copy_bench.cpp" -o "$out/tma-copy-$mode" \
    "$here/bench/tma_copy.mlir"
done
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/multicast_bench.cpp" -o "$out/multicast-bench" \
  "$here/bench/multicast.mlir"
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/dsmem_handoff_bench.cpp" -I "$gen" \
  -o "$out/dsmem-handoff-bench" "$gen/dsmem_handoff.mlir"
"$here/utils/aot-compile.sh" -p "format=bin descriptor-mode=param" \
  --driver "$here/bench/launch_descriptors_bench.cpp" \
  -o "$out/launch-descriptors-bench" "$here/bench/launch_descriptors.mlir"
# Loops marked asynccopy.pipeline_stages (bench/pipelined_copy_gen.py
# writes both modules). The cp.async one on the sm_80 path: a fatbin whose sm_80
# PTX the driver JIT-compiles on sm_90 (an sm_80 cubin does not load there),
# and the same module compiled for sm_90 for comparison.
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/pipelined_copy_bench.cpp" -I "$gen" \
  -o "$out/pipelined-copy-bench" "$gen/pipelined_copy.mlir"
"$here/utils/aot-compile.sh" -p "format=fatbin chip=sm_80" \
  --driver "$here/bench/cp_async_copy_bench.cpp" -I "$gen" \
  -o "$out/cp-async-copy-bench" "$gen/cp_async_copy.mlir"
"$here/utils/aot-compile.sh" -p "format=bin" \
  --driver "$here/bench/cp_async_copy_bench.cpp" -I "$gen" \
  -o "$out/cp-async-copy-bench-sm90" "$gen/cp_async_copy.mlir"
cp "$here/bench/triton_copy.py" "$out/"
# PTX ISA 8.3: peer TMA copies acquire their maps with fence.proxy.tensormap.
"$here/utils/aot-compile.sh" -p "format=bin features=+ptx83" \
  --driver "$here/bench/peer_copy_bench.cpp" -o "$out/peer-bench" "$here/bench/peer_copy.mlir"
# Kernels written in upstream ops only (test/Integration/GPU/raise_*.mlir):
# as ac-opt compiles them (raised), and as upstream's
# gpu-lower-to-nvvm-pipeline does where it can (symbols renamed upstream_*).
# raise_upstream_built.inc lists the upstream builds that failed, with the
# first error, for the driver to print.
"$here/utils/build-raise-bench.sh" "$out"
# Diagnostic (plain CUDA): per-SM throughput under static and dynamic
# schedules of persistent copies.
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$nvcc" ]; then
  "$nvcc" -O3 -arch=sm_90a -o "$out/persistent-schedule-diag" \
    "$here/bench/persistent_schedule_diag.cu"
fi
cat > "$out/run-bench.sh" <<'RUN'
#!/usr/bin/env bash
# Runs both descriptor modes (GB/s and the ratio to memcpy), then the
# multicast benchmark (speedup over independent loads), the DSMEM hand-off
# (ratio gmem/dsmem) and the launch cost of tensor maps (ratio
# ptr_only/with_maps), then the pipelined copies: the headline
# configurations at 1 GiB and 4 GiB and the cp.async copy (ratio to
# memcpy), and Triton's pipelined copies against ours (needs PyTorch and
# Triton; skipped without them). Arguments: tma-copy iterations, multicast
# iterations, hand-off K, launches per launch-cost measurement, pipelined
# copy iterations.
dir=$(cd "$(dirname "$0")" && pwd)
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader || true
for mode in param scratch; do "$dir/tma-copy-$mode" "$mode" "${1:-50}"; done
"$dir/multicast-bench" "${2:-20}"
"$dir/dsmem-handoff-bench" "${3:-8192}" 10 2 66 3
"$dir/launch-descriptors-bench" "${4:-10000}" 7
# Headline: the grid-stride loop with a dynamic schedule and evict_last
# loads; the static loop follows for comparison.
PIPELINED_TMA="1g ${5:-20} 264 128 tma_1g_64x128_s3_dyn_le 5 all"
"$dir/pipelined-copy-bench" $PIPELINED_TMA
"$dir/pipelined-copy-bench" 4g "${5:-20}" 264 128 tma_4g_64x128_s3_dyn_le 5 first
"$dir/pipelined-copy-bench" 1g "${5:-20}" 132 128 tma_1g_64x128_s3 3 first
"$dir/cp-async-copy-bench" 1g "${5:-20}" 264 256 cpa_1g_64x128_s4_dyn 5 all
"$dir/cp-async-copy-bench" 1g "${5:-20}" 264 256 cpa_1g_64x128_s4 3 first
# Upstream-only kernels: ac-opt (raised) against upstream's pipeline.
"$dir/raise-upstream-bench" 200 7
if python3 -c "import torch, triton" 2>/dev/null; then
  python3 "$dir/triton_copy.py" --ours "$dir/pipelined-copy-bench $PIPELINED_TMA"
fi
RUN
chmod +x "$out/run-bench.sh"
echo "built $out"
