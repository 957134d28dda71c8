// RUN: ac-opt %s -split-input-file -canonicalize -cse | FileCheck %s
// Copies, barrier ops, waits and fences declare memory effects: generic
// clean-ups must neither drop, merge nor reorder them.

// Two identical copies, an unused token, identical barrier ops and
// identical waits all survive, in program order.
// CHECK-LABEL: func.func @not_merged_not_dropped
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<4096x4096xf16>, %[[P:.*]]: i1)
func.func @not_merged_not_dropped(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %phase: i1) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: %[[BAR:.*]] = asynccopy.barrier.alloc
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK-NEXT: asynccopy.barrier.init %[[BAR]], 1
  asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
  // CHECK-NEXT: asynccopy.barrier.arrive_expect_tx %[[BAR]][%{{.*}}], 8192
  asynccopy.barrier.arrive_expect_tx %b[%c0], 8192 : !asynccopy.barrier<1>
  // CHECK-NEXT: asynccopy.copy %[[A]] to %[[S:.*]] window [0, 0] [64, 64] barrier %[[BAR]]
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
      : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: asynccopy.copy %[[A]] to %[[S]] window [0, 0] [64, 64] barrier %[[BAR]]
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
      : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT: asynccopy.barrier.wait %[[BAR]][%{{.*}}], %[[P]]
  asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
  // CHECK-NEXT: asynccopy.barrier.wait %[[BAR]][%{{.*}}], %[[P]]
  asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
  // CHECK-NEXT: asynccopy.fence_async_shared
  asynccopy.fence_async_shared
  // CHECK-NEXT: asynccopy.copy %[[S]] to %[[B]] window [64, 0] [64, 64] :
  %t0 = asynccopy.copy %S to %B window [64, 0] [64, 64]
      : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  // CHECK-NEXT: asynccopy.copy %[[S]] to %[[B]] window [64, 0] [64, 64] :
  %t1 = asynccopy.copy %S to %B window [64, 0] [64, 64]
      : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  // CHECK-NEXT: asynccopy.commit_group bulk
  asynccopy.commit_group bulk
  // CHECK-NEXT: asynccopy.wait_group bulk 0 {read}
  asynccopy.wait_group bulk 0 {read}
  // CHECK-NEXT: asynccopy.wait_group bulk 0 {read}
  asynccopy.wait_group bulk 0 {read}
  // CHECK-NEXT: asynccopy.prefetch %[[A]]
  asynccopy.prefetch %A window [128, 0] [64, 64] : memref<4096x4096xf16>
  // CHECK-NEXT: asynccopy.prefetch %[[A]]
  asynccopy.prefetch %A window [128, 0] [64, 64] : memref<4096x4096xf16>
  // CHECK-NEXT: return
  return
}

// -----

// A barrier allocation nobody uses may go; a remote view is a pure address
// computation and identical views are merged.
// CHECK-LABEL: func.func @pure_views
// CHECK-SAME: (%[[R:.*]]: i32)
func.func @pure_views(%rank: i32) {
  %c0 = arith.constant 0 : index
  // CHECK-NOT: asynccopy.barrier.alloc : !asynccopy.barrier<4>
  %unused = asynccopy.barrier.alloc : !asynccopy.barrier<4>
  // CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // CHECK: %[[V:.*]] = asynccopy.barrier.remote %[[B]], %[[R]]
  // CHECK-NOT: asynccopy.barrier.remote
  %v0 = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  %v1 = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  // CHECK: asynccopy.barrier.arrive %[[V]]
  // CHECK: asynccopy.barrier.arrive %[[V]]
  asynccopy.barrier.arrive %v0[%c0] : !asynccopy.barrier<2, remote>
  asynccopy.barrier.arrive %v1[%c0] : !asynccopy.barrier<2, remote>
  return
}

// -----

// A copy whose token nobody waits on is still executed; a copy inside a loop
// is not hoisted out of it.
// CHECK-LABEL: func.func @in_loop
func.func @in_loop(%A: memref<4096x4096xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK-NOT: asynccopy.copy
  // CHECK: scf.for
  // CHECK-NEXT: asynccopy.copy
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asynccopy.copy %A to %S window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>}
        : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  }
  return
}
