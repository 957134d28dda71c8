// bench/gemm/exchange.py --build (issue 41: what a cluster split-K exchange
// costs): for a small-M shape, the kernel without a split, the cluster
// splits over S = 2, 3, 4 CTAs with one receive slot per sender, two, and
// as many as fit (no suffix: one per part where they fit), and the
// reduce-add splits into an f32 C, each compiled with a cubin and listed in
// the manifest with its slot count. --run needs a GPU.
// RUN: rm -rf %t && %python %S/../../bench/gemm/exchange.py --build %t \
// RUN:   --shapes 16x4096x4096 | FileCheck %s
// RUN: %python -c "import json,sys; k=json.load(open(sys.argv[1]))['kernels']; print(*sorted('%%s %%d' %% (n, v['slots']) for n, v in k.items()), sep='\n')" \
// RUN:   %t/manifest.json | FileCheck %s --check-prefix=SLOTS
// RUN: test -f %t/gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2_r1/module.cubin
// RUN: not %python %S/../../bench/gemm/exchange.py 2>&1 | FileCheck %s --check-prefix=NODIR
// CHECK: built gemm_16x4096x4096_64x128_s6_bf16_bf16
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2_r1
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2_r2
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_f32_sk2
// CHECK: built gemm_16x4096x4096_64x128_s6_bf16_bf16_skc4_r1
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_bf16_skc4
// CHECK-NEXT: built gemm_16x4096x4096_64x128_s6_bf16_f32_sk4
// SLOTS: gemm_16x4096x4096_64x128_s6_bf16_bf16 0
// SLOTS-NEXT: gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2 4
// SLOTS-NEXT: gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2_r1 1
// SLOTS-NEXT: gemm_16x4096x4096_64x128_s6_bf16_bf16_skc2_r2 2
// SLOTS-NEXT: gemm_16x4096x4096_64x128_s6_bf16_bf16_skc3 4
// SLOTS: gemm_16x4096x4096_64x128_s6_bf16_bf16_skc4 2
// NODIR: error: give --build DIR or --run DIR
