#!/usr/bin/env bash
# Device run: the empty-barrier refill waited for in the first warp only.
# GPU tests (wgmma, pipelining templates with empty barriers), the GEMM at a
# sustained load with clock and power (the build before the change in
# build/gemm-old, after it in build/gemm-bench), the GEMM bench, sanitizers.
export ASYNCCOPY_LIB_DIR=$PWD/build/lib
cs="compute-sanitizer --target-processes all --error-exitcode 3"
W=build/gpu-tests/wgmma/asynccopy-gpu-matrix
P=build/gpu-tests/pipelines/asynccopy-gpu-matrix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit --format=csv > $OUT/gpu.txt
timeout 100 $W --timeout 60 > $OUT/wgmma.log 2>&1; echo "wgmma rc=$?"; tail -n 1 $OUT/wgmma.log
timeout 60 $P --timeout 30 > $OUT/pipelines.log 2>&1; echo "pipelines rc=$?"; tail -n 1 $OUT/pipelines.log
S="--only 128x256_s4 --only 128x256_s4_p --only 128x256_s4_p_c2x1"
timeout 100 python3 bench/gemm/power.py --run build/gemm-old --run build/gemm-bench --shape 4096x4096x4096 $S --seconds 3 --rounds 2 --json $OUT/power4096.json > $OUT/power4096.log 2>&1; echo "power4096 rc=$?"; tail -n 8 $OUT/power4096.log
timeout 100 python3 bench/gemm/power.py --run build/gemm-old --run build/gemm-bench --shape 8192x8192x8192 $S --seconds 3 --rounds 2 --json $OUT/power8192.json > $OUT/power8192.log 2>&1; echo "power8192 rc=$?"; tail -n 8 $OUT/power8192.log
timeout 200 python3 bench/gemm/gemm.py --run build/gemm-bench --json $OUT/gemm.json > $OUT/gemm.log 2>&1; echo "gemm rc=$?"; grep "JSON" $OUT/gemm.log | cut -c1-400
for t in memcheck racecheck synccheck; do
  timeout 100 $cs --tool $t $W --filter 'gemm.*(s4|p3|c2x1)' --timeout 90 > $OUT/wgmma_$t.log 2>&1; echo "wgmma $t rc=$?"; tail -n 3 $OUT/wgmma_$t.log
done
