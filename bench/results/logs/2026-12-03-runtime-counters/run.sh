#!/usr/bin/env bash
# Device run: Python dynamic-schedule kernels and the GEMM bench.
export ASYNCCOPY_LIB_DIR=$PWD/build/lib
cs="compute-sanitizer --target-processes all --error-exitcode 3"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $OUT/gpu.txt
timeout 120 python3 python/tests/gpu_run.py --run build/pyrun > $OUT/pyrun.log 2>&1; echo "pyrun rc=$?"; tail -2 $OUT/pyrun.log
ASYNCCOPY_NATIVE_LAUNCH=0 timeout 120 python3 python/tests/gpu_run.py --run build/pyrun > $OUT/pyrun_nonative.log 2>&1; echo "pyrun nonative rc=$?"; tail -1 $OUT/pyrun_nonative.log
timeout 200 python3 bench/gemm/gemm.py --run build/gemm-bench --json $OUT/gemm.json > $OUT/gemm.log 2>&1; echo "gemm rc=$?"; grep -i "ratio\|fail\|hung\|_d" $OUT/gemm.log | tail -30
for t in memcheck racecheck; do
  timeout 150 $cs --tool $t python3 python/tests/gpu_run.py --run build/pyrun > $OUT/pyrun_$t.log 2>&1; echo "pyrun $t rc=$?"; tail -2 $OUT/pyrun_$t.log
done
for t in memcheck racecheck synccheck; do
  timeout 150 $cs --tool $t python3 bench/gemm/gemm.py --run build/gemm-bench --small --only _d > $OUT/gemm_small_$t.log 2>&1; echo "gemm small $t rc=$?"; tail -3 $OUT/gemm_small_$t.log
done
