#!/usr/bin/env bash
# Device run: one cluster barrier per run of a carried collective loop
# (GPU tests plainly and under the sanitizers), sustained GEMMs with the SM
# clock and power (bench/gemm/power.py), the GEMM bench, ncu at 8192^3.
export ASYNCCOPY_LIB_DIR=$PWD/build/lib
cs="compute-sanitizer --target-processes all --error-exitcode 3"
W=build/gpu-tests/wgmma/asynccopy-gpu-matrix
P=build/gpu-tests/pipelines/asynccopy-gpu-matrix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit --format=csv > $OUT/gpu.txt
timeout 100 $W --timeout 60 > $OUT/wgmma.log 2>&1; echo "wgmma rc=$?"; tail -n 1 $OUT/wgmma.log
timeout 60 $P --timeout 30 > $OUT/pipelines.log 2>&1; echo "pipelines rc=$?"; tail -n 1 $OUT/pipelines.log
S="--only 128x256_s4 --only 128x256_s4_g16 --only 128x256_s4_p --only 128x256_s4_p_g16 --only 128x256_s4_p_c2x1 --only 128x256_s4_p_c2x1_d"
for shape in 4096x4096x4096 8192x8192x8192; do
  n=${shape%%x*}
  timeout 100 python3 bench/gemm/power.py --run build/gemm-bench --shape $shape $S --seconds 3 --rounds 2 --json $OUT/power$n.json > $OUT/power$n.log 2>&1; echo "power $shape rc=$?"; tail -n 8 $OUT/power$n.log
done
timeout 200 python3 bench/gemm/gemm.py --run build/gemm-bench --json $OUT/gemm.json > $OUT/gemm.log 2>&1; echo "gemm rc=$?"; grep "JSON" $OUT/gemm.log | cut -c1-300
for t in memcheck racecheck synccheck; do
  timeout 70 $cs --tool $t $W --filter 'gemm.*(c2x1|c1x2|c2x2).*p[0-9]' --timeout 60 > $OUT/wgmma_$t.log 2>&1; echo "wgmma $t rc=$?"; tail -n 2 $OUT/wgmma_$t.log | head -n 1; tail -n 1 $OUT/wgmma_$t.log
done
