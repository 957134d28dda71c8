#!/usr/bin/env bash
# Device run: where the time goes at 4096^3 (cuBLAS, 128x256_s4, _s4_p,
# _s4_p_ctabar, _s4_p_c2x1): warp states, scheduler, memory and
# per-SASS-instruction stall samples.
export ASYNCCOPY_LIB_DIR=$PWD/build/lib
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $OUT/gpu.txt
timeout 300 ncu --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
  --section SourceCounters --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
  --section LaunchStats --section Occupancy \
  -k 'regex:gemm|nvjet' -c 5 -o $OUT/prof \
  python3 bench/gemm/gemm.py --run build/gemm-bench --shapes 4096x4096x4096 --only 128x256_s4 --rounds 1 > $OUT/ncu_run.log 2>&1
echo "ncu rc=$?"; tail -5 $OUT/ncu_run.log
ncu -i $OUT/prof.ncu-rep --page details > $OUT/details.txt 2>&1; echo "details rc=$?"
ncu -i $OUT/prof.ncu-rep --page source --csv --print-source sass > $OUT/sass.csv 2>&1; echo "sass rc=$?"
timeout 200 python3 bench/gemm/gemm.py --run build/gemm-bench --shapes 4096x4096x4096 --json $OUT/gemm4096.json > $OUT/gemm4096.log 2>&1; echo "gemm rc=$?"; grep -i "JSON\|FAIL\|HANG" $OUT/gemm4096.log
ls -la $OUT
