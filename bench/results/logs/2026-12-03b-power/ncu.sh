#!/usr/bin/env bash
# ncu at 8192^3: the persistent kernel without and with 2x1 multicast.
export ASYNCCOPY_LIB_DIR=$PWD/build/lib
timeout 200 ncu --section SpeedOfLight --section WarpStateStats --section SourceCounters \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
  -k 'regex:^gemm$' -c 3 -o $OUT/prof8192 \
  python3 bench/gemm/gemm.py --run build/gemm-bench --shapes 8192x8192x8192 --only 128x256_s4_p --rounds 1 > $OUT/ncu8192_run.log 2>&1
echo "ncu rc=$?"
ncu -i $OUT/prof8192.ncu-rep --page details > $OUT/details8192.txt 2>&1
ncu -i $OUT/prof8192.ncu-rep --page source --csv --print-source sass > $OUT/sass8192.csv 2>&1
rm -f $OUT/prof8192.ncu-rep; gzip $OUT/sass8192.csv
grep -E "^  gemm|Duration|Compute \(SM\) Throughput|L2 Cache Throughput|L2 Hit Rate|DRAM Throughput" $OUT/details8192.txt
