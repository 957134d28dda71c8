// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)' | FileCheck %s
// The kernels through the whole pipeline and ptxas -arch=sm_90a:
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// `asynccopy.wgmma_register_a` becomes `wgmma.mma_async` with A in
// registers in an `llvm.inline_asm`: the accumulator's registers written ($0
// on) and read (tied), then A's four registers, B's descriptor and the
// scale-d predicate; scale-a, scale-b and, for f16 and bf16, B's transpose
// as immediates. f16 and bf16 with f32 D at N = 64, 128, 256, B K-major and
// MN-major (128-B swizzle); e4m3; an f16 D; the attention step of
// docs/ir.md.

!acc8 = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
!acc32 = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!acc64 = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!acc128 = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!acc16i = !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // B K-major: imm-trans-b 0; the result chained into nvvm.wgmma.mma_async
    // (B's tile read as A too) in the same group.
    // CHECK-LABEL: gpu.func @f16_k_n64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, $69, 1, 1, 0;", "{{(=f,){32}([0-9]+,){32}r}},r,r,r,l,b"
    // PTX-LABEL: .entry f16_k_n64
    // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 0;
    // PTX-NEXT: end inline asm
    // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, {{.*}};
    // PTX: wgmma.commit_group.sync.aligned;
    gpu.func @f16_k_n64(%B: memref<64x64xf16>, %D: memref<128xf32>) workgroup(%sb : memref<1x64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<1x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 0, 16] [1, 64, 16] [1, 1, 1]
          : memref<1x64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc32
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <col>] : !acc32
      %r2 = nvvm.wgmma.mma_async %db, %db, %r, #nvvm.shape<m = 64, n = 64, k = 16>,
          D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !acc32 -> !acc32
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r2[0] : !acc32
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // B MN-major: imm-trans-b 1.
    // CHECK-LABEL: gpu.func @bf16_mn_n64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, $69, 1, 1, 1;", "{{(=f,){32}([0-9]+,){32}r}},r,r,r,l,b"
    // PTX-LABEL: .entry bf16_mn_n64
    // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
    gpu.func @bf16_mn_n64(%B: memref<64x64xbf16>, %D: memref<128xf32>) workgroup(%sb : memref<1x64x64xbf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xbf16> to memref<1x64x64xbf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 16, 0] [1, 16, 64] [1, 1, 1]
          : memref<1x64x64xbf16, #wg> to memref<1x16x64xbf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major mn : memref<1x16x64xbf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc32
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>,
          D[<f32>, %true], A[<bf16>, <one>], B[<bf16>, <one>, <row>] : !acc32
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc32
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // A negated: imm-scale-a -1.
    // CHECK-LABEL: gpu.func @bf16_k_n128
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, $133, -1, 1, 0;", "{{(=f,){64}([0-9]+,){64}r}},r,r,r,l,b"
    // PTX-LABEL: .entry bf16_k_n128
    // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, -1, 1, 0;
    gpu.func @bf16_k_n128(%B: memref<128x64xbf16>, %D: memref<128xf32>) workgroup(%sb : memref<1x128x64xbf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [128, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[128, 64]>], swizzle = 128 : i64}
          : memref<128x64xbf16> to memref<1x128x64xbf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 0, 16] [1, 128, 16] [1, 1, 1]
          : memref<1x128x64xbf16, #wg> to memref<128x16xbf16, strided<[64, 1], offset: 16>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major k : memref<128x16xbf16, strided<[64, 1], offset: 16>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc64
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 128, k = 16>,
          D[<f32>, %true], A[<bf16>, <neg>], B[<bf16>, <one>, <col>] : !acc64
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc64
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @f16_mn_n128
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, $133, 1, 1, 1;", "{{(=f,){64}([0-9]+,){64}r}},r,r,r,l,b"
    // PTX-LABEL: .entry f16_mn_n128
    // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
    gpu.func @f16_mn_n128(%B: memref<64x128xf16>, %D: memref<128xf32>) workgroup(%sb : memref<2x64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x128xf16> to memref<2x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 16, 0] [2, 16, 64] [1, 1, 1]
          : memref<2x64x64xf16, #wg> to memref<2x16x64xf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major mn : memref<2x16x64xf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc64
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 128, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc64
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc64
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @f16_k_n256
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {$0, {{.*}}, $127}, {$256, $257, $258, $259}, $260, $261, 1, 1, 0;", "{{(=f,){128}([0-9]+,){128}r}},r,r,r,l,b"
    // PTX-LABEL: .entry f16_k_n256
    // PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 0;
    gpu.func @f16_k_n256(%B: memref<256x64xf16>, %D: memref<128xf32>) workgroup(%sb : memref<1x256x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [256, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[256, 64]>], swizzle = 128 : i64}
          : memref<256x64xf16> to memref<1x256x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 0, 16] [1, 256, 16] [1, 1, 1]
          : memref<1x256x64xf16, #wg> to memref<256x16xf16, strided<[64, 1], offset: 16>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major k : memref<256x16xf16, strided<[64, 1], offset: 16>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc128
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 256, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <col>] : !acc128
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc128
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @bf16_mn_n256
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {$0, {{.*}}, $127}, {$256, $257, $258, $259}, $260, $261, 1, 1, 1;", "{{(=f,){128}([0-9]+,){128}r}},r,r,r,l,b"
    // PTX-LABEL: .entry bf16_mn_n256
    // PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
    gpu.func @bf16_mn_n256(%B: memref<64x256xbf16>, %D: memref<128xf32>) workgroup(%sb : memref<4x64x64xbf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 256] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x256xbf16> to memref<4x64x64xbf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 16, 0] [4, 16, 64] [1, 1, 1]
          : memref<4x64x64xbf16, #wg> to memref<4x16x64xbf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major mn : memref<4x16x64xbf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc128
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 256, k = 16>,
          D[<f32>, %true], A[<bf16>, <one>], B[<bf16>, <one>, <row>] : !acc128
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc128
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // fp8: no transpose immediate.
    // CHECK-LABEL: gpu.func @e4m3_k_n128
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, $133, 1, 1;", "{{(=f,){64}([0-9]+,){64}r}},r,r,r,l,b"
    // PTX-LABEL: .entry e4m3_k_n128
    // PTX: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1;
    gpu.func @e4m3_k_n128(%B: memref<128x128xf8E4M3FN>, %D: memref<128xf32>) workgroup(%sb : memref<1x128x128xf8E4M3FN, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [128, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[128, 128]>], swizzle = 128 : i64}
          : memref<128x128xf8E4M3FN> to memref<1x128x128xf8E4M3FN, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 0, 32] [1, 128, 32] [1, 1, 1]
          : memref<1x128x128xf8E4M3FN, #wg> to memref<128x32xf8E4M3FN, strided<[128, 1], offset: 32>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major k : memref<128x32xf8E4M3FN, strided<[128, 1], offset: 32>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc64
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 128, k = 32>,
          D[<f32>, %true], A[<e4m3>, <one>], B[<e4m3>, <one>, <col>] : !acc64
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc64
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // An f16 D: N/4 registers of f16 pairs ("=r").
    // CHECK-LABEL: gpu.func @f16_acc_f16_mn_n64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {$0, {{.*}}, $15}, {$32, $33, $34, $35}, $36, $37, 1, 1, 1;", "{{(=r,){16}([0-9]+,){16}r}},r,r,r,l,b"
    // PTX-LABEL: .entry f16_acc_f16_mn_n64
    // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
    gpu.func @f16_acc_f16_mn_n64(%B: memref<64x64xf16>, %D: memref<128xf32>) workgroup(%sb : memref<1x64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<1x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 16, 0] [1, 16, 64] [1, 1, 1]
          : memref<1x64x64xf16, #wg> to memref<1x16x64xf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major mn : memref<1x16x64xf16, strided<[4096, 64, 1], offset: 1024>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc16i
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>,
          D[<f16>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc16i
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc16i
      %y = llvm.bitcast %x : i32 to f32
      memref.store %y, %D[%tid] : memref<128xf32>
      gpu.return
    }

    // The attention step of docs/ir.md on one block of 16 keys (head dim
    // 16): S = Q K^T through descriptors; P = S in f16 pairs, A's register i
    // S's registers 2i and 2i + 1 (softmax elided); O += P V, V MN-major.
    // CHECK-LABEL: gpu.func @attention_step
    // CHECK: nvvm.wgmma.mma_async
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, {{.*}}, $7}, {$16, $17, $18, $19}, $20, $21, 1, 1, 1;"
    // PTX-LABEL: .entry attention_step
    // PTX: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, {{.*}};
    // PTX: cvt.rn.f16x2.f32
    // PTX: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
    gpu.func @attention_step(%Q: memref<64x16xf16>, %K: memref<16x16xf16>, %V: memref<16x16xf16>, %O: memref<128xf32>)
        workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>, %sv : memref<16x16xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 3 : !asynccopy.barrier<1>
      asynccopy.copy %Q to %sq window [0, 0] [64, 16] barrier %bar[%c0] {swizzle = 32 : i64}
          : memref<64x16xf16> to memref<64x16xf16, #wg>
      asynccopy.copy %K to %sk window [0, 0] [16, 16] barrier %bar[%c0] {swizzle = 32 : i64}
          : memref<16x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [0, 0] [16, 16] barrier %bar[%c0] {swizzle = 32 : i64}
          : memref<16x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      %zs = llvm.mlir.zero : !acc8
      nvvm.wgmma.fence.aligned
      %s = nvvm.wgmma.mma_async %dq, %dk, %zs, #nvvm.shape<m = 64, n = 16, k = 16>,
          D[<f32>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !acc8 -> !acc8
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %s0 = llvm.extractvalue %s[0] : !acc8
      %s1 = llvm.extractvalue %s[1] : !acc8
      %v0 = vector.from_elements %s0, %s1 : vector<2xf32>
      %h0 = arith.truncf %v0 : vector<2xf32> to vector<2xf16>
      %p0 = llvm.bitcast %h0 : vector<2xf16> to i32
      %s2 = llvm.extractvalue %s[2] : !acc8
      %s3 = llvm.extractvalue %s[3] : !acc8
      %v1 = vector.from_elements %s2, %s3 : vector<2xf32>
      %h1 = arith.truncf %v1 : vector<2xf32> to vector<2xf16>
      %p1 = llvm.bitcast %h1 : vector<2xf16> to i32
      %s4 = llvm.extractvalue %s[4] : !acc8
      %s5 = llvm.extractvalue %s[5] : !acc8
      %v2 = vector.from_elements %s4, %s5 : vector<2xf32>
      %h2 = arith.truncf %v2 : vector<2xf32> to vector<2xf16>
      %p2 = llvm.bitcast %h2 : vector<2xf16> to i32
      %s6 = llvm.extractvalue %s[6] : !acc8
      %s7 = llvm.extractvalue %s[7] : !acc8
      %v3 = vector.from_elements %s6, %s7 : vector<2xf32>
      %h3 = arith.truncf %v3 : vector<2xf32> to vector<2xf16>
      %p3 = llvm.bitcast %h3 : vector<2xf16> to i32
      %zo = llvm.mlir.zero : !acc8
      nvvm.wgmma.fence.aligned
      %o = asynccopy.wgmma_register_a [%p0, %p1, %p2, %p3], %dv, %zo, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc8
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %o[0] : !acc8
      %tid = gpu.thread_id x
      memref.store %x, %O[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
