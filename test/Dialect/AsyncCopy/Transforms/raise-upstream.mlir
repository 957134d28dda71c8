// RUN: ac-opt %s -split-input-file -asynccopy-raise-upstream | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-raise-upstream=chip=sm_80 | FileCheck %s --check-prefix=SM80

// A load at the kernel's top level runs once: a barrier of its own, phase 0.
// The chain of unit-step subviews becomes the window of the memref it is
// cut from; the rank-reducing one drops its unit dim.
// CHECK-LABEL: gpu.func @load_once
// CHECK-SAME: (%[[A:[^:]*]]: memref<8x128x128xf16>)
// CHECK-SAME: workgroup(%[[S:.*]] : memref<64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<1>
// CHECK: asynccopy.barrier.init %[[B]], 1
// CHECK: %[[ROW:.*]] = arith.addi %[[I:.*]], %[[C16:.*]] : index
// CHECK: asynccopy.copy %[[A]] to %[[S]] window [%[[N:.*]], %[[ROW]], 32] [1, 64, 64] barrier %[[B]][%[[C0:.*]]] {asynccopy.launch_checked, transforms = [#asynccopy.drop_unit_dims<[0]>]}
// CHECK: asynccopy.barrier.wait %[[B]][%[[C0]]], %false
// CHECK-NOT: memref.copy
// SM80-LABEL: gpu.func @load_once
// SM80-NOT: asynccopy.barrier
// SM80: %[[T:.*]] = asynccopy.copy {{.*}} window {{.*}} [1, 64, 64] {asynccopy.launch_checked, transforms = [#asynccopy.drop_unit_dims<[0]>]} : {{.*}} -> !asynccopy.token
// SM80: asynccopy.wait %[[T]]
gpu.module @kernels {
  gpu.func @load_once(%A: memref<8x128x128xf16>)
      workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : index
    %n = gpu.block_id y
    %i = gpu.block_id x
    %plane = memref.subview %A[%n, %i, 0] [1, 96, 128] [1, 1, 1] : memref<8x128x128xf16> to memref<96x128xf16, strided<[128, 1], offset: ?>>
    %tile = memref.subview %plane[%c16, 32] [64, 64] [1, 1] : memref<96x128xf16, strided<[128, 1], offset: ?>> to memref<64x64xf16, strided<[128, 1], offset: ?>>
    memref.copy %tile, %S : memref<64x64xf16, strided<[128, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// A window at a row every thread reads from one address (a sequence's start
// in `cu_seqlens`) is the same in every thread: raised.
// CHECK-LABEL: gpu.func @loaded_row
// CHECK: %[[S32:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<9xi32>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[S32]] : i32 to index
// CHECK: asynccopy.copy %{{.*}} window [%[[ROW]], 0] [64, 64] barrier
// CHECK-NOT: memref.copy
gpu.module @kernels {
  gpu.func @loaded_row(%A: memref<1024x64xf16>, %cu: memref<9xi32>)
      workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %seq = gpu.block_id x
    %s32 = memref.load %cu[%seq] : memref<9xi32>
    %start = arith.index_cast %s32 : i32 to index
    %tile = memref.subview %A[%start, 0] [64, 64] [1, 1] : memref<1024x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>>
    memref.copy %tile, %S : memref<64x64xf16, strided<[64, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// In a loop the phase flips per wait, in a per-thread variable. The kernel
// writes GMEM with ordinary stores, so the load's CTA barrier is preceded
// by fence.proxy.async.global. The store SMEM -> GMEM completes through a
// token.
// CHECK-LABEL: gpu.func @loop_and_store
// CHECK-SAME: (%[[IN:[^:]*]]: memref<1024x64xf32>, %[[OUT:[^:]*]]: memref<1024x64xf32>, %[[N:[^:]*]]: index)
// CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<1>
// CHECK: asynccopy.barrier.init %[[B]], 1
// CHECK: %[[PH:.*]] = memref.alloca() : memref<i1>
// CHECK: memref.store %false, %[[PH]][]
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[ROW:.*]] = arith.muli %[[I]]
// CHECK:   nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: gpu.barrier
// CHECK:   asynccopy.copy %[[IN]] to %[[S:.*]] window [%[[ROW]], 0] [32, 64] barrier %[[B]][%[[C0:.*]]] {asynccopy.launch_checked} :
// CHECK:   %[[P:.*]] = memref.load %[[PH]][]
// CHECK:   asynccopy.barrier.wait %[[B]][%[[C0]]], %[[P]]
// CHECK:   %[[F:.*]] = arith.xori %[[P]], %true
// CHECK:   memref.store %[[F]], %[[PH]][]
// CHECK:   %[[T:.*]] = asynccopy.copy %[[S]] to %[[OUT]] window [%[[ROW]], 0] [32, 64] {asynccopy.launch_checked} : {{.*}} -> !asynccopy.token
// CHECK:   asynccopy.wait %[[T]] : !asynccopy.token
// CHECK-NOT: memref.copy
gpu.module @kernels {
  gpu.func @loop_and_store(%in: memref<1024x64xf32>, %out: memref<1024x64xf32>, %n: index)
      workgroup(%S : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c32 : index
      %src = memref.subview %in[%row, 0] [32, 64] [1, 1] : memref<1024x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
      %dst = memref.subview %out[%row, 0] [32, 64] [1, 1] : memref<1024x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
      memref.copy %src, %S : memref<32x64xf32, strided<[64, 1], offset: ?>> to memref<32x64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %S[%tid, %c0] : memref<32x64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %in[%tid, %c0] : memref<1024x64xf32>
      gpu.barrier
      memref.copy %S, %dst : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    }
    gpu.return
  }
}

// -----

// What transform.structured.promote makes: a workgroup memref.alloc in host
// code used by one gpu.launch, and linalg.copy inside it. The allocation
// becomes the launch's workgroup attribution (its dealloc goes); the copy
// is raised.
// CHECK-LABEL: func.func @promoted
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[S:.*]] : memref<16x32xf32, #gpu.address_space<workgroup>>)
// CHECK: asynccopy.copy %{{.*}} to %[[S]] window [%{{.*}}, 0] [16, 32] barrier
// CHECK-NOT: linalg.copy
// CHECK-NOT: memref.dealloc
func.func @promoted(%A: memref<128x32xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<16x32xf32, #gpu.address_space<workgroup>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c64, %ny = %c1, %nz = %c1) {
    %row = arith.muli %bx, %c16 : index
    %tile = memref.subview %A[%row, 0] [16, 32] [1, 1] : memref<128x32xf32> to memref<16x32xf32, strided<[32, 1], offset: ?>>
    gpu.barrier
    linalg.copy ins(%tile : memref<16x32xf32, strided<[32, 1], offset: ?>>) outs(%buf : memref<16x32xf32, #gpu.address_space<workgroup>>)
    gpu.barrier
    gpu.terminator
  }
  memref.dealloc %buf : memref<16x32xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// A workgroup memref.alloc in a loop of a kernel (promote with
// memory_space) and an uninitialised workgroup global of host code.
// CHECK-LABEL: func.func @alloc_in_loop
// CHECK-NOT: memref.global
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[G:.*]] : memref<64xf32, #gpu.address_space<workgroup>>, %[[L:.*]] : memref<256xi8, #gpu.address_space<workgroup>>)
// CHECK: asynccopy.copy %{{.*}} to %[[G]]
// CHECK: scf.for
// CHECK:   %[[V:.*]] = memref.view %[[L]][%{{.*}}][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// CHECK:   asynccopy.copy %{{.*}} to %[[V]]
// CHECK-NOT: memref.dealloc
memref.global "private" @smem : memref<64xf32, #gpu.address_space<workgroup>>
func.func @alloc_in_loop(%A: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c64, %ny = %c1, %nz = %c1) {
    %g = memref.get_global @smem : memref<64xf32, #gpu.address_space<workgroup>>
    memref.copy %A, %g : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c4 step %c1 {
      %raw = memref.alloc() : memref<256xi8, #gpu.address_space<workgroup>>
      %v = memref.view %raw[%c0][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      linalg.copy ins(%A : memref<64xf32>) outs(%v : memref<64xf32, #gpu.address_space<workgroup>>)
      memref.dealloc %raw : memref<256xi8, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// nvgpu cp.async copies that every thread runs alike: each becomes a
// {commit = false} copy of its row, a group a commit_group, a wait a
// wait_group of the same depth.
// CHECK-LABEL: gpu.func @device_async
// CHECK-SAME: (%[[A:[^:]*]]: memref<64x64xf16>)
// CHECK-SAME: workgroup(%[[S:.*]] : memref<64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[C:.*]] =
// CHECK:   %[[ROW:.*]] = memref.subview %[[S]][%[[R:.*]], %[[C]]] [1, 8] [1, 1] : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<8xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   asynccopy.copy %[[A]] to %[[ROW]] window [%[[R]], %[[C]]] [1, 8] {commit = false, oob = #asynccopy<oob promise_in_bounds>} : {{.*}} -> !asynccopy.token
// CHECK: asynccopy.commit_group cp_async
// CHECK: asynccopy.copy
// CHECK: asynccopy.commit_group cp_async
// CHECK: asynccopy.wait_group cp_async 1
// CHECK: asynccopy.wait_group cp_async 0
// CHECK-NOT: nvgpu.device_async
gpu.module @kernels {
  gpu.func @device_async(%A: memref<64x64xf16>)
      workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %r = gpu.block_id x
    scf.for %c = %c0 to %c64 step %c8 {
      %t = nvgpu.device_async_copy %A[%r, %c], %S[%r, %c], 8 : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    }
    %g0 = nvgpu.device_async_create_group {}
    %t1 = nvgpu.device_async_copy %A[%c0, %c0], %S[%c0, %c0], 8 : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    %g1 = nvgpu.device_async_create_group %t1
    nvgpu.device_async_wait %g0 {numGroups = 1 : i32}
    nvgpu.device_async_wait %g1
    gpu.return
  }
}

// -----

// What transform.nvgpu.rewrite_copy_as_tma makes of a linalg.copy: a host
// tensor map, an mbarrier that every thread arrives on (thread 0 with the
// box's bytes). The load becomes a TMA copy issued by the guard's threads;
// the other threads' arrivals are replaced by a CTA barrier; the tensor map
// goes.
// CHECK-LABEL: func.func @rewritten_tma
// CHECK-SAME: (%[[A:[^:]*]]: memref<64x8xf32>
// CHECK-NOT: nvgpu.tma.create.descriptor
// CHECK: gpu.launch
// CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<1>
// CHECK: asynccopy.barrier.init %[[B]], 1
// CHECK: %[[P:.*]] = arith.cmpi eq
// CHECK: asynccopy.copy %[[A]] to %[[S:.*]] window [0, 0] [64, 8] barrier %[[B]][%[[C0:.*]]] predicate %[[P]] {impl = #asynccopy<impl tma>}
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: scf.if
// CHECK: asynccopy.barrier.wait %[[B]][%[[C0]]], %{{.*}} : !asynccopy.barrier<1>
// CHECK-NOT: nvgpu.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @rewritten_tma(%A: memref<64x8xf32>, %out: memref<64x8xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %cast = memref.cast %A : memref<64x8xf32> to memref<*xf32>
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c8] : memref<*xf32> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : memref<64x8xf32, #gpu.address_space<workgroup>>) {
    %mbar = nvgpu.mbarrier.create -> !mbar
    %c0 = arith.constant 0 : index
    %c128_0 = arith.constant 128 : index
    nvgpu.mbarrier.init %mbar[%c0], %c128_0 : !mbar
    gpu.barrier
    %tid = gpu.thread_id x
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %c0_1 = arith.constant 0 : index
      nvgpu.tma.async.load %d[%c0_1, %c0_1], %mbar[%c0_1] to %S : !desc, !mbar -> memref<64x8xf32, #gpu.address_space<workgroup>>
      %c2048 = arith.constant 2048 : index
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0_1], %c2048 : !mbar
    } else {
      %c0_1 = arith.constant 0 : index
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0_1], %c0_1 : !mbar
    }
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    %v = memref.load %S[%tx, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx, %c0] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The form MLIR's sm90 integration tests write: the mbarrier initialised
// with `gpu.block_dim x` (the block is 128 x 1 x 1, so every thread
// arrives once), the issuing thread reading the buffers before it issues
// the loads. Those reads keep running first, in an scf.if of their own in
// front of the copies, which keep the loads' order.
// CHECK-LABEL: func.func @sm90_test_form
// CHECK-SAME: (%[[A:[^:]*]]: memref<64x8xf32>, %[[B2:[^:]*]]: memref<8x128xf32>
// CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<1>
// CHECK: asynccopy.barrier.init %[[B]], 2
// CHECK: %[[P:.*]] = arith.cmpi eq
// CHECK: scf.if %[[P]] {
// CHECK-NEXT: memref.load %[[S:[^\[]*]]
// CHECK-NEXT: gpu.printf
// CHECK-NEXT: }
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: asynccopy.copy %[[A]] to %[[S]] window [0, 0] [64, 8] barrier %[[B]]{{.*}} predicate %[[P]]
// CHECK-NEXT: asynccopy.copy %[[B2]] to %{{.*}} window [0, 0] [8, 128] barrier %[[B]]{{.*}} predicate %[[P]]
// CHECK-NEXT: gpu.barrier
// CHECK: asynccopy.barrier.wait %[[B]]
// CHECK-NOT: nvgpu.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!desc2 = !nvgpu.tensormap.descriptor<tensor = memref<8x128xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @sm90_test_form(%A: memref<64x8xf32>, %B: memref<8x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c6144 = arith.constant 6144 : index
  %cast = memref.cast %A : memref<64x8xf32> to memref<*xf32>
  %cast2 = memref.cast %B : memref<8x128xf32> to memref<*xf32>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c8] : memref<*xf32> -> !desc
  %d2 = nvgpu.tma.create.descriptor %cast2 box[%c8, %c128] : memref<*xf32> -> !desc2
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : memref<64x8xf32, #gpu.address_space<workgroup>>, %S2 : memref<8x128xf32, #gpu.address_space<workgroup>>) {
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %mbar = nvgpu.mbarrier.create -> !mbar
    nvgpu.mbarrier.init %mbar[%c0], %n : !mbar
    gpu.barrier
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c6144 : !mbar
      %before = memref.load %S[%c0, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
      gpu.printf "before %f\0A", %before : f32
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> memref<64x8xf32, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %d2[%c0, %c0], %mbar[%c0] to %S2 : !desc2, !mbar -> memref<8x128xf32, #gpu.address_space<workgroup>>
    } else {
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c0 : !mbar
    }
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

// The count-1 form hand-written nvgpu kernels use: the predicate's thread
// initialises, loads and expects the bytes. The coordinates are innermost
// first in nvgpu, outermost first in the window.
// CHECK-LABEL: func.func @predicated_tma
// CHECK-SAME: (%[[A:[^:]*]]: memref<256x128xf16>
// CHECK: %[[B:.*]] = asynccopy.barrier.alloc
// CHECK: asynccopy.barrier.init %[[B]], 1
// CHECK: asynccopy.copy %[[A]] to %{{.*}} window [%[[Y:.*]], %[[X:.*]]] [64, 64] barrier %[[B]][%{{.*}}] predicate %[[P:.*]] {impl = #asynccopy<impl tma>, swizzle = 128 : i64}
// CHECK-NOT: gpu.barrier
// CHECK: asynccopy.barrier.wait
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @predicated_tma(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    %x = arith.muli %bx, %c64 : index
    %y = arith.muli %by, %c64 : index
    nvgpu.tma.async.load %d[%x, %y], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %c8192 = arith.constant 8192 : index
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

// nvgpu cp.async as compilers emit it: each of the 128 threads copies its
// own 16-B run, row tid / 8 and column (tid mod 8) * 8 of a 16-row slab at
// the block's rows (arith), or the same through affine.apply. The runs tile
// the 16x64 window; it becomes one copy of it into the SMEM rows the
// threads wrote, at the shared part of the indices plus the smallest
// thread's.
// CHECK-LABEL: gpu.func @per_thread_runs
// CHECK-SAME: (%[[A:[^:]*]]: memref<1024x64xf16>
// CHECK-SAME: workgroup(%[[S:[^ ]*]] :
// CHECK: %[[ROW0:.*]] = arith.muli %{{.*}}, %c16
// CHECK: %[[BASE:.*]] = arith.addi %{{.*}}, %[[ROW0]] : index
// CHECK: %[[VIEW:.*]] = memref.subview %[[S]][0, 0] [16, 64] [1, 1]
// CHECK: asynccopy.copy %[[A]] to %[[VIEW]] window [%[[BASE]], 0] [16, 64] {commit = false, oob = #asynccopy<oob promise_in_bounds>}
// CHECK: asynccopy.commit_group cp_async
// CHECK: asynccopy.wait_group cp_async 0
// CHECK-NOT: nvgpu.
// CHECK-LABEL: gpu.func @per_thread_affine
// CHECK: %[[B:.*]] = gpu.block_id x
// CHECK: %[[ROWS:.*]] = affine.apply #{{.*}}()[%[[B]]]
// CHECK: asynccopy.copy %{{.*}} window [%{{.*}}, 0] [16, 64] {commit = false
// CHECK-NOT: nvgpu.
#rows = affine_map<(d0)[s0] -> (d0 floordiv 8 + s0 * 16)>
#cols = affine_map<(d0) -> ((d0 mod 8) * 8)>
gpu.module @kernels {
  gpu.func @per_thread_runs(%A: memref<1024x64xf16>)
      workgroup(%S : memref<16x64xf16, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %row0 = arith.muli %bid, %c16 : index
    %r = arith.divui %tid, %c8 : index
    %m = arith.remui %tid, %c8 : index
    %c = arith.muli %m, %c8 : index
    %gr = arith.addi %row0, %r : index
    %t = nvgpu.device_async_copy %A[%gr, %c], %S[%r, %c], 8 : memref<1024x64xf16> to memref<16x64xf16, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.return
  }
  gpu.func @per_thread_affine(%A: memref<1024x64xf16>)
      workgroup(%S : memref<16x64xf16, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gr = affine.apply #rows(%tid)[%bid]
    %r = affine.apply affine_map<(d0) -> (d0 floordiv 8)>(%tid)
    %c = affine.apply #cols(%tid)
    %t = nvgpu.device_async_copy %A[%gr, %c], %S[%r, %c], 8 : memref<1024x64xf16> to memref<16x64xf16, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.return
  }
}
