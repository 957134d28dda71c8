//===- cp_async_copy_bench.cpp - pipelined cp.async copy vs memcpy --------===//
//
// The driver of pipelined_copy_bench.cpp over the kernels of
// bench/cp_async_copy.mlir (compiled with chip=sm_80): same arguments, same
// output.
//
//   cp-async-copy-bench <1g|4g> [iters] [grids] [threads] [filter] [reps]
//                       [check]
//
//===----------------------------------------------------------------------===//

#define CONFIGS_INC "cp_async_copy_configs.inc"
#define BENCH_NAME "cp_async_copy (cp.async + 16-B ld/st, sm_80)"
#include "pipelined_copy_bench.cpp"
