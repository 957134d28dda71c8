// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops -verify-diagnostics | FileCheck %s

// A pipelined loop that runs more than once between two inits of its
// barriers (inside scf.for, scf.while, ...) continues the pipeline counter g
// (the loads since the inits) from run to run: a per-thread variable that
// restarts at 0 after the inits, is read before each run (the prologue loads
// g0 .. g0+N-2 into stages (g0+j) mod N) and stored after it. Waits use
// stage g mod N and phase (g / N) mod 2, the phase the stage is really in.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @in_for
// CHECK: %[[STATE:.*]] = memref.alloca() : memref<1xi64>
// CHECK: %[[BAR:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.init %[[BAR]], 1 : !asynccopy.barrier<2>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[ZERO]], %[[STATE]][%[[C0]]] : memref<1xi64>
// CHECK: scf.for %[[O:.*]] =
// CHECK:   %[[G0W:.*]] = memref.load %[[STATE]][%{{.*}}] : memref<1xi64>
// CHECK:   %[[G0:.*]] = arith.index_castui %[[G0W]] : i64 to index
// CHECK:   scf.for %[[J:.*]] =
// CHECK:     %[[GJ:.*]] = arith.addi %[[G0]], %[[J]] : index
// CHECK:     %[[SJ:.*]] = arith.remui %[[GJ]], %{{.*}} : index
// CHECK:     scf.if
// CHECK:       asynccopy.copy {{.*}} barrier %[[BAR]][%[[SJ]]]
// CHECK:   %[[RES:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[G:.*]] = %[[G0]]) -> (i1, index)
// CHECK:     %[[S:.*]] = arith.remui %[[G]], %{{.*}} : index
// CHECK:     %[[ROUND:.*]] = arith.divui %[[G]], %{{.*}} : index
// CHECK:     %[[PAR:.*]] = arith.remui %[[ROUND]], %{{.*}} : index
// CHECK:     %[[PHASE:.*]] = arith.index_cast %[[PAR]] : index to i1
// CHECK:     asynccopy.barrier.wait %[[BAR]][%[[S]]], %[[PHASE]]
// CHECK:     %[[G1:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:     scf.yield %{{.*}}, %[[G1]] : i1, index
// CHECK:   }
// CHECK:   asynccopy.wait_group bulk 0
// CHECK:   %[[GW:.*]] = arith.index_castui %[[RES]]#1 : index to i64
// CHECK:   memref.store %[[GW]], %[[STATE]][%{{.*}}] : memref<1xi64>
// CHECK:   scf.yield %[[RES]]#0
gpu.module @kernels {
  gpu.func @in_for(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>, %n: index, %m: index)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %ro = scf.for %o = %c0 to %m step %c1 iter_args(%ph0 = %false) -> (i1) {
      %base = arith.muli %o, %n : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %ph0) -> (i1) {
        %t = arith.addi %base, %i : index
        %row = arith.muli %t, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
            : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %tk = asynccopy.copy %tile to %out window [%row, 0] [64, 64]
            : !smem to memref<4096x64xf16> -> !asynccopy.token
        asynccopy.wait %tk : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 2 : i64}
      scf.yield %r : i1
    }
    gpu.return
  }
}

// -----

// Inside scf.while: the same counter.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @in_while
// CHECK: %[[STATE:.*]] = memref.alloca() : memref<1xi64>
// CHECK: asynccopy.barrier.init
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: memref.store %[[ZERO]], %[[STATE]]
// CHECK: scf.while
// CHECK: } do {
// CHECK:   %[[G0W:.*]] = memref.load %[[STATE]]
// CHECK:   %[[G0:.*]] = arith.index_castui %[[G0W]] : i64 to index
// CHECK:   %[[RES:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[G0]]) -> (i1, index)
// CHECK:   %[[GW:.*]] = arith.index_castui %[[RES]]#1 : index to i64
// CHECK:   memref.store %[[GW]], %[[STATE]]
gpu.module @kernels {
  gpu.func @in_while(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>, %n: index, %m: index)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %w:2 = scf.while (%o = %c0, %ph0 = %false) : (index, i1) -> (index, i1) {
      %go = arith.cmpi slt, %o, %m : index
      scf.condition(%go) %o, %ph0 : index, i1
    } do {
    ^bb0(%o: index, %ph0: i1):
      %base = arith.muli %o, %n : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %ph0) -> (i1) {
        %t = arith.addi %base, %i : index
        %row = arith.muli %t, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
            : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %tk = asynccopy.copy %tile to %out window [%row, 0] [64, 64]
            : !smem to memref<4096x64xf16> -> !asynccopy.token
        asynccopy.wait %tk : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 3 : i64}
      %o1 = arith.addi %o, %c1 : index
      scf.yield %o1, %r : index, i1
    }
    gpu.return
  }
}

// -----

// Under scf.if only (the loop runs at most once per init), and a loop whose
// barrier is initialised anew in each outer iteration (it restarts with its
// barrier): no counter, the run starts at 0.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @once_per_init
// CHECK-NOT: memref.alloca
// CHECK: scf.if
// CHECK:   %[[G0:.*]] = arith.constant 0 : index
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[G0]]) -> (i1, index)
// CHECK: scf.for
// CHECK:   asynccopy.barrier.init %[[B:.*]], 1 : !asynccopy.barrier<2>
// CHECK:   %[[H0:.*]] = arith.constant 0 : index
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[H0]]) -> (i1, index)
// CHECK-NOT: memref.store
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @once_per_init(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>, %n: index, %p: i1)
      workgroup(%tile : !smem, %tile2 : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.if %p {
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %i, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
            : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %tk = asynccopy.copy %tile to %out window [%row, 0] [64, 64]
            : !smem to memref<4096x64xf16> -> !asynccopy.token
        asynccopy.wait %tk : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 2 : i64}
    }
    scf.for %o = %c0 to %c4 step %c1 {
      %b2 = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b2, 1 : !asynccopy.barrier<1>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %i, %c64 : index
        asynccopy.copy %in to %tile2 window [%row, 0] [64, 64] barrier %b2[%c0]
            : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %b2[%c0], %phase : !asynccopy.barrier<1>
        %tk = asynccopy.copy %tile2 to %out window [%row, 0] [64, 64]
            : !smem to memref<4096x64xf16> -> !asynccopy.token
        asynccopy.wait %tk : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 2 : i64}
    }
    gpu.return
  }
}

// -----

// cp.async loads have no barrier: the counter restarts at the function's
// entry.
// CHECK-LABEL: gpu.func @cp_async_in_for
// CHECK: %[[STATE:.*]] = memref.alloca() : memref<1xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[ZERO]], %[[STATE]][%[[C0]]]
// CHECK: scf.for
// CHECK:   memref.load %[[STATE]]
// CHECK:   scf.for
// CHECK:     asynccopy.copy {{.*}} {commit = false
// CHECK:     asynccopy.commit_group cp_async
// CHECK:   %[[RES:.*]] = scf.for {{.*}} -> (index)
// CHECK:     asynccopy.wait_group cp_async 1
// CHECK:   %[[GW:.*]] = arith.index_castui %[[RES]] : index to i64
// CHECK:   memref.store %[[GW]], %[[STATE]]
gpu.module @kernels {
  gpu.func @cp_async_in_for(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>, %n: index)
      workgroup(%tile : memref<8x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    scf.for %o = %c0 to %c3 step %c1 {
      %base = arith.muli %o, %n : index
      scf.for %i = %c0 to %n step %c1 {
        %t = arith.addi %base, %i : index
        %row = arith.muli %t, %c8 : index
        %tk = asynccopy.copy %in to %tile window [%row, 0] [8, 64] {impl = #asynccopy<impl cp_async>}
            : memref<4096x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
        asynccopy.wait %tk : !asynccopy.token
        %v = memref.load %tile[%c0, %tid] : memref<8x64xf16, #gpu.address_space<workgroup>>
        memref.store %v, %out[%row, %tid] : memref<4096x64xf16>
        gpu.barrier
      } {asynccopy.pipeline_stages = 3 : i64}
    }
    gpu.return
  }
}

// -----

// Collective loads in a loop nest: the empty barrier is initialised with the
// full one, and the mask of empty phases is kept with g between runs. One
// cluster barrier after the inits publishes the barriers; the one after
// each run has every CTA of the group done with its stages before the next
// run's prologue refills them, so runs need no cluster barrier before them.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @collective_in_for
// CHECK: %[[STATE:.*]] = memref.alloca() : memref<2xi64>
// CHECK: asynccopy.barrier.init %[[FULL:.*]], 1 : !asynccopy.barrier<2>
// CHECK-NEXT: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 2 : !asynccopy.barrier<2>
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for
// CHECK:   %[[G0W:.*]] = memref.load %[[STATE]][%{{.*}}]
// CHECK:   %[[G0:.*]] = arith.index_castui %[[G0W]] : i64 to index
// CHECK:   %[[BITS0:.*]] = memref.load %[[STATE]][%{{.*}}]
// CHECK-NOT: nvvm.cluster.arrive
// CHECK:   %[[RES:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[G0]], %{{.*}} = %[[BITS0]]) -> (index, i64)
// CHECK:     scf.yield %{{.*}}, %{{.*}} : index, i64
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK:   memref.store %{{.*}}, %[[STATE]]
// CHECK:   memref.store %[[RES]]#1, %[[STATE]]
// CHECK-NOT: nvvm.cluster.arrive
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @collective_in_for(%in: memref<4096x64xf16>, %n: index)
      workgroup(%tile : !smem) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    scf.for %o = %c0 to %c2 step %c1 {
      %base = arith.muli %o, %n : index
      scf.for %i = %c0 to %n step %c1 {
        %t = arith.addi %base, %i : index
        %row = arith.muli %t, %c64 : index
        %parity = arith.remui %t, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
            {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      } {asynccopy.pipeline_stages = 2 : i64}
    }
    gpu.return
  }
}

// -----

// Per-warp release in a loop nest: a CTA barrier before every run, since a
// slow warp may still read a stage that the run's prologue refills.
!smem = memref<32x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @per_warp_in_for
// CHECK: scf.for
// CHECK:   memref.load
// CHECK:   gpu.barrier
// CHECK-NOT: asynccopy.copy
// CHECK:   scf.for
// CHECK:     asynccopy.copy
// CHECK:   scf.for {{.*}} -> (index, i64)
// CHECK:     nvvm.bar.warp.sync
gpu.module @kernels {
  gpu.func @per_warp_in_for(%in: memref<256x64xf32>, %out: memref<256x64xf32>, %n: index)
      workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %o = %c0 to %c3 step %c1 {
      %base = arith.muli %o, %n : index
      scf.for %i = %c0 to %n step %c1 {
        %t = arith.addi %base, %i : index
        %row = arith.muli %t, %c32 : index
        %parity = arith.remui %t, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.copy %in to %tile window [%row, 0] [32, 64] barrier %bar[%c0]
            : memref<256x64xf32> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %v = memref.load %tile[%c0, %tid] : !smem
        memref.store %v, %out[%row, %tid] : memref<256x64xf32>
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier}
    }
    gpu.return
  }
}
