// RUN: ac-opt %s -split-input-file -asynccopy-assign-wait-groups | FileCheck %s

// A wait on a copy's token lets the groups of its kind closed after the copy
// stay in flight: N of them, counted on every path from the copy to the
// wait.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// Straight line: two stores close after %t0, one after %t1. A predicated
// store closes no group when it does not run, so it does not count.
// CHECK-LABEL: func.func @straight
// CHECK: %[[T0:.*]] = asynccopy.tma.store
// CHECK: %[[T1:.*]] = asynccopy.tma.store
// CHECK: %[[T2:.*]] = asynccopy.tma.store
// CHECK: %[[T3:.*]] = asynccopy.tma.store {{.*}} predicate
// CHECK-NEXT: asynccopy.wait_group bulk 2
// CHECK-NEXT: asynccopy.wait_group bulk 1
// CHECK-NEXT: asynccopy.wait_group bulk 0
// CHECK-NEXT: asynccopy.wait_group bulk 0
// CHECK-NOT: asynccopy.wait %
func.func @straight(%A: memref<4096x4096xf16>, %S0: !smem, %S1: !smem, %S2: !smem, %i: index, %p: i1) {
  %t0 = asynccopy.tma.store %S0 to %A window [%i, 0] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  %t1 = asynccopy.tma.store %S1 to %A window [%i, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  %t2 = asynccopy.tma.store %S2 to %A window [%i, 128] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  %t3 = asynccopy.tma.store %S0 to %A window [%i, 192] [64, 64] predicate %p {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  asynccopy.wait %t0 : !asynccopy.token
  asynccopy.wait %t1 : !asynccopy.token
  asynccopy.wait %t2 : !asynccopy.token
  asynccopy.wait %t3 : !asynccopy.token
  return
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// Branches count their poorer side (an scf.if without else: nothing); a
// loop with constant bounds its iterations, a dynamic one nothing; a wait
// inside a branch counts what precedes it there.
// CHECK-LABEL: func.func @regions
// CHECK: scf.if
// CHECK: scf.if
// CHECK: scf.for
// CHECK: scf.for
// CHECK: asynccopy.wait_group bulk 4
// CHECK: scf.if
// CHECK: asynccopy.tma.store
// CHECK-NEXT: asynccopy.wait_group bulk 5
func.func @regions(%A: memref<4096x4096xf16>, %S: !smem, %i: index, %n: index, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  // then: 2, else: 1 -> 1
  scf.if %p {
    %a = asynccopy.tma.store %S to %A window [%i, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
    %b = asynccopy.tma.store %S to %A window [%i, 128] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  } else {
    %a = asynccopy.tma.reduce %S to %A window [%i, 64] [64, 64] {reduction = #asynccopy<reduction add>, plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  }
  // no else -> 0
  scf.if %p {
    %a = asynccopy.tma.store %S to %A window [%i, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  }
  // 3 iterations -> 3
  scf.for %k = %c0 to %c3 step %c1 {
    %a = asynccopy.tma.store %S to %A window [%k, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  }
  // dynamic -> 0
  scf.for %k = %c0 to %n step %c1 {
    %a = asynccopy.tma.store %S to %A window [%k, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  }
  asynccopy.wait %t : !asynccopy.token
  scf.if %p {
    %a = asynccopy.tma.store %S to %A window [%i, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
  }
  return
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
!sf = memref<32x64xf32, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>
#chunks = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>

// Kinds are counted apart: the cp.async copy's group is the last of its
// kind however many bulk groups follow, and a cp.async copy closes its group
// on every thread even when its predicate skips the transfer. Copies with
// `{commit = false}` close nothing until commit_group; a token they make is
// left to wait_group 0, as is a sync copy's (a barrier) and one that comes
// back around a loop.
// CHECK-LABEL: func.func @kinds
// CHECK: %[[C0:.*]] = asynccopy.cp_async.copy
// CHECK: %[[C1:.*]] = asynccopy.cp_async.copy {{.*}} predicate
// CHECK: asynccopy.tma.store
// CHECK: asynccopy.commit_group bulk
// CHECK-NEXT: asynccopy.sync.copy
// CHECK-NEXT: asynccopy.wait_group cp_async 1
// CHECK-NEXT: asynccopy.wait_group cp_async 0
// CHECK-NEXT: asynccopy.wait_group bulk 1
// CHECK-NEXT: asynccopy.wait %{{.*}} : !asynccopy.token
// CHECK-NEXT: asynccopy.wait %{{.*}} : !asynccopy.token
// CHECK: scf.for
// CHECK: asynccopy.wait %{{.*}} : !asynccopy.token
func.func @kinds(%A: memref<4096x4096xf16>, %B: memref<128x64xf32>, %S: !smem, %F: !sf, %i: index, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = asynccopy.cp_async.copy %B to %F window [%i, 0] [32, 64] {plan = #chunks} : memref<128x64xf32> to !sf -> !asynccopy.token
  %b = asynccopy.cp_async.copy %B to %F window [%i, 0] [32, 64] predicate %p {plan = #chunks} : memref<128x64xf32> to !sf -> !asynccopy.token
  %s = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  %u = asynccopy.tma.store %S to %A window [%i, 64] [64, 64] {commit = false, plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
  asynccopy.commit_group bulk
  %y = asynccopy.sync.copy %F to %B window [%i, 0] [32, 64] {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>} : !sf to memref<128x64xf32> -> !asynccopy.token
  asynccopy.wait %a : !asynccopy.token
  asynccopy.wait %b : !asynccopy.token
  asynccopy.wait %s : !asynccopy.token
  asynccopy.wait %u : !asynccopy.token
  asynccopy.wait %y : !asynccopy.token
  %last = scf.for %k = %c0 to %c4 step %c1 iter_args(%prev = %s) -> (!asynccopy.token) {
    asynccopy.wait %prev : !asynccopy.token
    %n = asynccopy.tma.store %S to %A window [%k, 0] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
    scf.yield %n : !asynccopy.token
  }
  return
}

// -----

#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>
#chunks = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>
!stage = memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
!stage1 = memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
!sf = memref<32x64xf32, #gpu.address_space<workgroup>>

// A copy in flight still reads (a store) or writes (a cp.async load) its
// SMEM: the first access that conflicts with it and that no wait separates
// from it gets a wait_group in front. Reading what a store reads is no
// conflict, nor is the other stage of a double buffer; a wait on only one
// branch does not separate. A store only has to have read its SMEM before it
// is overwritten: its guard is a `{read}` wait.
// CHECK-LABEL: gpu.func @guards
// CHECK: asynccopy.cp_async.copy
// CHECK-NEXT: asynccopy.wait_group cp_async 0
// CHECK-NEXT: memref.load
// CHECK: %[[T0:.*]] = asynccopy.tma.store %[[S0:[^ ]*]]
// CHECK-NEXT: asynccopy.tma.store %[[S0]]
// CHECK-NEXT: asynccopy.tma.load {{.*}} to %[[S1:[^ ]*]] window
// CHECK-NEXT: scf.if
// CHECK: asynccopy.wait_group bulk 1
// CHECK: }
// CHECK-NEXT: asynccopy.wait_group bulk 0 {read}
// CHECK-NEXT: asynccopy.tma.load {{.*}} to %[[S0]] window
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @guards(%A: memref<4096x4096xf16>, %B: memref<128x64xf32>, %i: index, %p: i1)
        workgroup(%D : memref<2x64x64xf16, #gpu.address_space<workgroup>>, %F : !sf) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %l = asynccopy.cp_async.copy %B to %F window [%i, 0] [32, 64] {plan = #chunks} : memref<128x64xf32> to !sf -> !asynccopy.token
      %v = memref.load %F[%c0, %c0] : !sf
      %s0 = memref.subview %D[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to !stage
      %s1 = memref.subview %D[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to !stage1
      %t0 = asynccopy.tma.store %s0 to %A window [%i, 0] [64, 64] {plan = #plan} : !stage to memref<4096x4096xf16> -> !asynccopy.token
      %t1 = asynccopy.tma.store %s0 to %A window [%i, 64] [64, 64] {plan = #plan} : !stage to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.tma.load %A to %s1 window [%i, 128] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x4096xf16> to !stage1
      scf.if %p {
        asynccopy.wait %t0 : !asynccopy.token
      }
      asynccopy.tma.load %A to %s0 window [%i, 192] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x4096xf16> to !stage
      gpu.return
    }
  }
}

// -----

#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// In a loop, the next iteration's load overwrites the buffer the store of
// this one may still read: the wait goes before the load (the first
// iteration's finds nothing pending). A wait on the token in the body
// separates them instead.
// CHECK-LABEL: gpu.func @loops
// CHECK: scf.for
// CHECK-NEXT: asynccopy.wait_group bulk 0 {read}
// CHECK-NEXT: asynccopy.tma.load
// CHECK: scf.for
// CHECK-NOT: asynccopy.wait_group
// CHECK: asynccopy.tma.load
// CHECK: asynccopy.wait_group bulk 0
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @loops(%A: memref<4096x4096xf16>, %n: index) workgroup(%S : !smem) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      scf.for %k = %c0 to %n step %c1 {
        asynccopy.tma.load %A to %S window [%k, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x4096xf16> to !smem
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        %t = asynccopy.tma.store %S to %A window [%k, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
      }
      scf.for %k = %c0 to %n step %c1 {
        asynccopy.tma.load %A to %S window [%k, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x4096xf16> to !smem
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        %t = asynccopy.tma.store %S to %A window [%k, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
      }
      gpu.return
    }
  }
}

// -----

#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Threads write SMEM with ordinary stores (the generic proxy), then a TMA
// copy accesses it (the async proxy): every writer fences, then a CTA
// barrier. With no barrier in between, both go before the copy; with one,
// the fence goes before it; a fence already there is enough; a buffer the
// stores do not touch needs none.
// CHECK-LABEL: gpu.func @proxies
// CHECK: memref.store
// CHECK-NEXT: asynccopy.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asynccopy.tma.store %[[S:[^ ]*]]
// CHECK: memref.store
// CHECK-NEXT: asynccopy.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: arith.addi
// CHECK-NEXT: asynccopy.tma.load
// CHECK: memref.store
// CHECK-NEXT: asynccopy.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asynccopy.tma.store
// CHECK-NEXT: asynccopy.tma.store %[[T:[^ ]*]]
// CHECK-NOT: asynccopy.fence_async_shared
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @proxies(%A: memref<4096x4096xf16>, %i: index, %v: f16)
        workgroup(%S : !smem, %T : !smem) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      memref.store %v, %S[%c0, %c0] : !smem
      %t0 = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.wait %t0 : !asynccopy.token
      memref.store %v, %S[%c0, %c0] : !smem
      gpu.barrier
      %j = arith.addi %i, %i : index
      asynccopy.tma.load %A to %S window [%j, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x4096xf16> to !smem
      memref.store %v, %S[%c0, %c0] : !smem
      asynccopy.fence_async_shared
      gpu.barrier
      %t1 = asynccopy.tma.store %S to %A window [%i, 64] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
      %t2 = asynccopy.tma.store %T to %A window [%i, 128] [64, 64] {plan = #plan} : !smem to memref<4096x4096xf16> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

#plan = #asynccopy.tma_plan<box = [64, 128], issues = 1, bytes = 16384>
#chunks = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 16384, vector_bytes = 16>
!tile = memref<64x128xf16, #gpu.address_space<workgroup>>
!seq = memref<?x128xf16, strided<[128, 1], offset: ?>>

// The sync copy a store falls back to (here the tile crossing a clipped
// subview's end) reads SMEM that other threads wrote with ordinary stores:
// it gets the CTA barrier the TMA store in the other branch gets, unless one
// is between; a sync copy of SMEM the stores do not touch needs none.
// CHECK-LABEL: gpu.func @sync_copy_of_written_smem
// CHECK: scf.if
// CHECK-NEXT: asynccopy.fence_async_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asynccopy.tma.store
// CHECK: } else {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: asynccopy.sync.copy %[[OUT:[^ ]*]] to
// CHECK: gpu.barrier
// CHECK-NEXT: asynccopy.sync.copy %[[OUT]] to
// CHECK-NEXT: asynccopy.sync.copy %{{[^ ]*}} to
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sync_copy_of_written_smem(%Y: memref<4096x128xf16>, %Ys: !seq,
        %inside: i1, %v: f16) workgroup(%out : !tile, %other : !tile) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      memref.store %v, %out[%c0, %tid] : !tile
      %t = scf.if %inside -> (!asynccopy.token) {
        %s = asynccopy.tma.store %out to %Y window [%c0, 0] [64, 128] {plan = #plan} : !tile to memref<4096x128xf16> -> !asynccopy.token
        scf.yield %s : !asynccopy.token
      } else {
        %s = asynccopy.sync.copy %out to %Ys window [0, 0] [64, 128] {plan = #chunks} : !tile to !seq -> !asynccopy.token
        scf.yield %s : !asynccopy.token
      }
      asynccopy.wait %t : !asynccopy.token
      memref.store %v, %out[%c0, %tid] : !tile
      gpu.barrier
      %u = asynccopy.sync.copy %out to %Ys window [0, 0] [64, 128] {plan = #chunks} : !tile to !seq -> !asynccopy.token
      %w = asynccopy.sync.copy %other to %Ys window [0, 0] [64, 128] {plan = #chunks} : !tile to !seq -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A cp.async copy that completes on a barrier still commits its group on
// every thread: it counts as a younger group of the token copy before it.
!sf = memref<32x64xf32, #gpu.address_space<workgroup>>
#chunks = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>
// CHECK-LABEL: func.func @barrier_cp_async_counts
// CHECK: asynccopy.cp_async.copy {{.*}} -> !asynccopy.token
// CHECK-NEXT: asynccopy.cp_async.copy {{.*}} barrier
// CHECK-NEXT: asynccopy.wait_group cp_async 1
func.func @barrier_cp_async_counts(%B: memref<128x64xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %F = memref.alloc() : !sf
  %G = memref.alloc() : !sf
  %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %a = asynccopy.cp_async.copy %B to %F window [%i, 0] [32, 64] {plan = #chunks} : memref<128x64xf32> to !sf -> !asynccopy.token
  asynccopy.cp_async.copy %B to %G window [%i, 0] [32, 64] barrier %bar[%c0] {plan = #chunks} : memref<128x64xf32> to !sf
  asynccopy.wait %a : !asynccopy.token
  return
}
