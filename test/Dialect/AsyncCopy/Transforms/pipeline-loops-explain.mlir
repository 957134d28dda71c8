// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops=explain=true -o /dev/null

// With `explain`, each pipelined loop says in a remark what it became (a
// loop left alone always says why). Without it nothing is said: the other
// pipeline-loops tests verify their diagnostics without these remarks.

#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  gpu.func @plain(%A: memref<4096x64xf16>) workgroup(%tile : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{pipelined: 3 stages}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %A to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      gpu.barrier
      %n = arith.xori %ph, %true : i1
      scf.yield %n : i1
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

// Attention's two streams with a producer warpgroup.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  gpu.func @streams(%K: memref<256x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>,
                %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{pipelined: 2 stages, a producer warpgroup after 128 consumer threads, 2 streams released on their own, released on empty barriers}}
    %r:3 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero, %o = %zero)
        -> (i1, !acc, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [%n0, 0] [16, 16] barrier %vbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %o1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %dv, %o, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1, %o1 : i1, !acc, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}
