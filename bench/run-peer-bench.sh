#!/usr/bin/env bash
# Peer bandwidth benchmark, run from the repository root on a machine with 2
# GPUs (after utils/build-bench.sh here; carry build/bench): peer-bench (TMA
# kernels and cuMemcpyPeerAsync), then bench/peer_nccl.py (NCCL through
# torch.distributed), then bench/peer_report.py writes peer-bandwidth.md and
# summary.json (bench/results/summary.json with the key
# peer_tma_vs_memcpy_peer updated) into ${OUT:-build/peer-bench}, next to
# the raw logs. To publish a run, copy those two files into bench/results/
# and add a run record (bench/results/README.md); raw logs stay out of the
# tree.
#
#   bench/run-peer-bench.sh [iters]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$here/build/peer-bench}
iters=${1:-20}
mkdir -p "$out"
status=0
nvidia-smi --query-gpu=index,name,clocks.max.memory --format=csv,noheader || true
nvidia-smi topo -m > "$out/peer-topology.log" 2>&1 || true
start=$SECONDS
"$here/build/bench/peer-bench" "$iters" 2>&1 | tee "$out/peer-bench.log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
echo "peer-bench: $((SECONDS - start)) s"
start=$SECONDS
python3 "$here/bench/peer_nccl.py" --iters "$iters" 2>&1 | tee "$out/peer-nccl.log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
echo "peer_nccl: $((SECONDS - start)) s"
python3 "$here/bench/peer_report.py" --bench "$out/peer-bench.log" \
  --nccl "$out/peer-nccl.log" --summary "$here/bench/results/summary.json" \
  --out "$out" || status=1
exit $status
