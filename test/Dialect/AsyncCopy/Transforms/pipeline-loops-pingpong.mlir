// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops -asynccopy-check-synchronization -o /dev/null

// `asynccopy.pipeline_pingpong` on a warp-specialised loop: its consumer
// warpgroups take turns at the body's first wgmma group. Warpgroup w waits
// on named barrier 2 + w before the group's fence and, after the group's
// wait, arrives on 2 + (w + 1) mod 2 (the last warpgroup not in the last
// iteration); the last warpgroup arrives on barrier 2 once before the loop.
// Every barrier counts 256 threads.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @turns
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: } else {
// CHECK:   nvvm.setmaxregister increase 232
// CHECK:   %[[TID:.*]] = gpu.thread_id x
// CHECK:   %[[C128:.*]] = arith.constant 128 : index
// CHECK:   %[[WGI:.*]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK:   %[[WG:.*]] = arith.index_castui %[[WGI]] : index to i32
// CHECK:   %[[N256:.*]] = arith.constant 256 : i32
// CHECK:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK:   %[[LAST:.*]] = arith.cmpi eq, %[[WG]], %[[C1]] : i32
// CHECK:   %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// CHECK:   %[[FIRST:.*]] = arith.andi %[[LAST]], %[[RUNS]] : i1
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     %[[B2:.*]] = arith.constant 2 : i32
// CHECK:     nvvm.barrier.arrive id = %[[B2]] number_of_threads = %[[N256]]
// CHECK:   }
// CHECK:   scf.for %[[IV:.*]] = %{{.*}} to %[[UB:.*]] step %[[STEP:.*]] iter_args
// CHECK:     asynccopy.barrier.wait
// CHECK:     %[[MINE:.*]] = arith.addi %[[WG]], %{{.*}} : i32
// CHECK:     nvvm.barrier id = %[[MINE]] number_of_threads = %[[N256]]
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: %[[INC:.*]] = arith.addi %[[WG]]
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: %[[MOD:.*]] = arith.remui %[[INC]]
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[MOD]]
// CHECK-NEXT: %[[FOLLOW:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT: %[[MORE:.*]] = arith.cmpi slt, %[[FOLLOW]], %[[UB]] : index
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[NOTLAST:.*]] = arith.xori %[[LAST]], %[[TRUE]] : i1
// CHECK-NEXT: %[[HAND:.*]] = arith.ori %[[NOTLAST]], %[[MORE]] : i1
// CHECK-NEXT: scf.if %[[HAND]] {
// CHECK-NEXT:   nvvm.barrier.arrive id = %[[NEXT]] number_of_threads = %[[N256]]
// CHECK-NEXT: }
// The second wgmma group runs without turns.
// CHECK:     asynccopy.wgmma_register_a
// CHECK-NOT: nvvm.barrier
// CHECK:     scf.yield
gpu.module @kernels {
  gpu.func @turns(%Q: memref<128x16xf16>, %K: memref<256x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<128x16xf16, #wg>, %sk : memref<16x16xf16, #wg>,
                %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %zero = llvm.mlir.zero : !acc
    %tid = gpu.thread_id x
    %w = arith.divui %tid, %c128 : index
    %row = arith.muli %w, %c64 : index
    %qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %qbar, 1 : !asynccopy.barrier<1>
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %Q to %sq barrier %qbar[%c0] : memref<128x16xf16> to memref<128x16xf16, #wg>
    asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>
    %vq = memref.subview %sq[%row, 0] [64, 16] [1, 1]
        : memref<128x16xf16, #wg> to memref<64x16xf16, strided<[16, 1], offset: ?>, #wg>
    %r:3 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero, %o = %zero)
        -> (i1, !acc, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [%n0, 0] [16, 16] barrier %vbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %vq major k : memref<64x16xf16, strided<[16, 1], offset: ?>, #wg>
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
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize,
       asynccopy.pipeline_pingpong}
    gpu.return
  }
}

// -----

// Every reason the consumers do not take turns: the loop is still pipelined,
// with a remark.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  // No producer warpgroup.
  gpu.func @no_producer(%K: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{consumers do not take turns: only the consumers of a producer warpgroup take turns}}
    %r:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1 : i1, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_pingpong}
    gpu.return
  }

  // One consumer warpgroup.
  gpu.func @one_warpgroup(%K: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{consumers do not take turns: its kernel has one consumer warpgroup, so there is no one to take turns with}}
    %r:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1 : i1, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize,
       asynccopy.pipeline_pingpong}
    gpu.return
  }

  // No wgmma group at the body's top level.
  gpu.func @no_group(%K: memref<256x16xf16>, %out: memref<256xf16>)
      workgroup(%sk : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{consumers do not take turns: its body has no wgmma group to take turns at}}
    %r = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false) -> (i1) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize,
       asynccopy.pipeline_pingpong}
    gpu.return
  }

  // The kernel uses a named barrier the turns need.
  gpu.func @barrier_taken(%K: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %id = arith.constant 3 : i32
    %n = arith.constant 256 : i32
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{consumers do not take turns: its kernel uses named barrier 3, which the turns need (2 to 3)}}
    %r:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1 : i1, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize,
       asynccopy.pipeline_pingpong}
    nvvm.barrier id = %id number_of_threads = %n
    gpu.return
  }
}
