// bench/gemm/sweep.py --list (issue 41's sweep): every entry with the
// kernel bench/gemm/chooser.py chooses for it (the bf16 and fp8 sets with
// two more candidates), its part, the entries per set and the estimated
// device time, in about a second, compiling nothing. --run needs a DIR.
// RUN: %python %S/../../bench/gemm/sweep.py --list --parts 3 | FileCheck %s
// RUN: not %python %S/../../bench/gemm/sweep.py --run 2>&1 | FileCheck %s --check-prefix=NODIR
// CHECK: bf16/16x4096x4096/bf16-bf16/kk{{ +[1-3] +[0-9.]+ +}}gemm_16x4096x4096_{{[0-9]+}}x{{[0-9]+}}_s{{[0-9].*}}_bf16_bf16{{.*}} (+2)
// CHECK: f16/16384x8192x28672/f16-f16/kk{{ +[1-3] +[0-9.]+ +}}gemm_16384x8192x28672_
// CHECK: fp8/16x4096x4096/e4m3-bf16/kk {{.*}}_e4m3_bf16{{.*}} (+2)
// CHECK: i8/16x4096x4096/i8-s32/kk {{.*}}_i8_s32
// CHECK: mn/8192x8192x8192/bf16-bf16/mn
// CHECK: entries: bf16 56, f16 56, squares 10, fp8 56, tf32 8, i8 8, mn 12 (206 in all;
// CHECK: kernels: {{[0-9]+}} distinct
// CHECK: estimated device time: {{[0-9]+}} s
// CHECK: parts (--parts 3): {{[0-9]+, [0-9]+, [0-9]+}} s
// NODIR: error: argument --run: expected one argument
