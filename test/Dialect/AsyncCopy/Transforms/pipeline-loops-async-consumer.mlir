// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops -asynccopy-check-synchronization -o /dev/null

// Loops marked `asynccopy.pipeline_async_consumer`: one wgmma group stays in
// flight across iterations; stage (g-1) mod N is released and refilled
// after the body's wgmma wait, which becomes `wait.group 1`; `wait.group 0`
// follows the loop. The pipelined loops pass the synchronization check.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @cta_barrier_release
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   asynccopy.copy
// CHECK: %[[R:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[G:.*]] = %{{.*}})
// CHECK:   %[[S:.*]] = arith.remui %[[G]], %{{.*}} : index
// CHECK:   %[[PLUS:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:   %[[PREV:.*]] = arith.remui %[[PLUS]], %{{.*}} : index
// CHECK-NOT: asynccopy.copy
// CHECK:   asynccopy.barrier.wait %{{.*}}[%[[S]]]
// CHECK:   asynccopy.wgmma_descriptor
// CHECK:   nvvm.wgmma.mma_async
// CHECK:   nvvm.wgmma.commit.group.sync.aligned
// CHECK:   nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[STEP]], %[[C2]] : index
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[K]], %[[D]] : index
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[AHEAD]]
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK:        memref.subview %{{.*}}[%[[PREV]], 0, 0]
// CHECK:        asynccopy.copy
// CHECK:      }
// CHECK:   scf.yield
// CHECK-NOT: asynccopy.pipeline_async_consumer
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: llvm.extractvalue %[[R]]#1[0]
gpu.module @kernels {
  gpu.func @cta_barrier_release(%A: memref<64x512xf16>, %out: memref<128xf32>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 16] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer}
    %x = llvm.extractvalue %r#1[0] : !acc
    %tid = gpu.thread_id x
    memref.store %x, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// With empty barriers (one warpgroup: 4 warps arrive per phase), the
// release of stage (g-1) mod N comes right after the wgmma wait, guarded by
// the refill's bound, and the refill waits for it on the same stage.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @empty_barrier_release
// CHECK: asynccopy.barrier.init %{{.*}}, 1 : !asynccopy.barrier<3>
// CHECK: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: asynccopy.barrier.init %[[EMPTY]], 4
// CHECK: scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}, %[[G:.*]] = %{{.*}}, %[[BITS:.*]] = %{{.*}}) -> (i1, !llvm.struct<{{.*}}>, index, i64)
// CHECK:   %[[PLUS:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:   %[[PREV:.*]] = arith.remui %[[PLUS]], %{{.*}} : index
// CHECK:   nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:   %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:   nvvm.bar.warp.sync
// CHECK:   scf.if %{{.*}} {
// CHECK-NEXT: asynccopy.barrier.arrive %[[EMPTY]][%[[PREV]]]
// CHECK:   scf.if %{{.*}} {
// CHECK-NEXT: asynccopy.barrier.wait %[[EMPTY]][%[[PREV]]]
// CHECK:   scf.if %{{.*}} {
// CHECK:     asynccopy.copy
// CHECK:   scf.yield
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
gpu.module @kernels {
  gpu.func @empty_barrier_release(%A: memref<64x512xf16>, %out: memref<128xf32>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 16] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_empty_barrier, asynccopy.pipeline_async_consumer}
    %x = llvm.extractvalue %r#1[0] : !acc
    %tid = gpu.thread_id x
    memref.store %x, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// Where the attribute cannot be honoured, the loop is pipelined with
// synchronous wgmma groups and a remark says why: here the body has no
// wgmma wait (it reads the tile itself). (A body that keeps `wait.group 1`
// on its single buffer fails the synchronization check as written:
// check-synchronization-invalid.mlir.)
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @no_wgmma_wait
// CHECK: scf.for
// CHECK:   gpu.barrier
// CHECK:   scf.if
// CHECK:     asynccopy.copy
// CHECK:   asynccopy.barrier.wait
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @no_wgmma_wait(%A: memref<64x512xf16>, %out: memref<128xf16>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %f0 = arith.constant 0.0 : f16
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{wgmma groups kept synchronous: its body does not wait for its wgmma groups once, at its top level, with `nvvm.wgmma.wait.group.sync.aligned 0`}}
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %s = %f0) -> (i1, f16) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %x = memref.load %sa[%c0, %c0] : memref<64x64xf16, #wg>
      %sum = arith.addf %s, %x : f16
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %sum : i1, f16
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer}
    %tid = gpu.thread_id x
    memref.store %r#1, %out[%tid] : memref<128xf16>
    gpu.return
  }
}

// -----

// A use of the buffer before its load (the tile of the iteration before)
// keeps wgmma groups synchronous.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @use_before_load
// CHECK: scf.for
// CHECK:   nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:   scf.yield
gpu.module @kernels {
  gpu.func @use_before_load(%A: memref<64x512xf16>, %out: memref<128xf32>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    // expected-remark @below {{wgmma groups kept synchronous: its body uses an SMEM buffer before loading it}}
    %r:3 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero, %f = %zero) -> (i1, !acc, !acc) {
      %prev = memref.load %sa[%c0, %c0] : memref<64x64xf16, #wg>
      %col = arith.muli %kt, %c64 : index
      gpu.barrier
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 16] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next, %f : i1, !acc, !acc
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer}
    %x = llvm.extractvalue %r#1[0] : !acc
    %tid = gpu.thread_id x
    memref.store %x, %out[%tid] : memref<128xf32>
    gpu.return
  }
}

// -----

// Two warpgroups and the single-buffer loop's own CTA barrier at the end of
// the body (as examples/gemm writes it): the stage release takes over its
// job, so it moves after the loop (after `wait.group 0`), where it still
// orders the last wgmma's reads before what follows; one CTA barrier is left
// in the loop, the release's.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @trailing_barrier
// CHECK: scf.for
// CHECK:   nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:   gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// CHECK: memref.store
gpu.module @kernels {
  gpu.func @trailing_barrier(%A: memref<128x512xf16>, %out: memref<256xf32>)
      workgroup(%sa : memref<128x64xf16, #wg>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %wg = arith.divui %tid, %c128 : index
    %row = arith.muli %wg, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<128x512xf16> to memref<128x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[%row, 16] [64, 16] [1, 1] : memref<128x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: ?>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #wg>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer}
    %x = llvm.extractvalue %r#1[0] : !acc
    memref.store %x, %out[%tid] : memref<256xf32>
    gpu.return
  }
}
