// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops=stages=2 | FileCheck %s --check-prefix=OPT
// The former name of the pass, kept for one release, is the same pass:
// RUN: ac-opt %s -split-input-file -asynccopy-pipeline | FileCheck %s

// Loops written with single-buffer semantics get N-stage buffers: a
// prologue of N-1 guarded loads, and iteration k refills stage (k-1) mod N
// with load k+N-1 after releasing it, then waits for stage k mod N.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// TMA loads (barrier-tracked), dynamic trip count, a TMA store of the tile.
// CHECK-LABEL: gpu.func @tma_three_stages
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<3x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[BAR:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: asynccopy.barrier.init %[[BAR]], 1 : !asynccopy.barrier<3>
// Prologue: loads j = 0, 1 into stages j, each under lb + j * step < %n.
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[TWO]] step
// CHECK:   %[[JS:.*]] = arith.muli %{{.*}}, %[[J]] : index
// CHECK:   %[[JIV:.*]] = arith.addi %{{.*}}, %[[JS]] : index
// CHECK:   %[[P0:.*]] = arith.cmpi slt, %[[JIV]], %[[N:.*]] : index
// CHECK:   scf.if %[[P0]] {
// CHECK:     %[[JROW:.*]] = arith.muli %[[JIV]]
// CHECK:     %[[S0:.*]] = memref.subview %[[BUF]][%[[J]], 0, 0] [1, 64, 64] [1, 1, 1]
// CHECK:     asynccopy.copy %{{.*}} to %[[S0]] window [%[[JROW]], 0] [64, 64] barrier %[[BAR]][%[[J]]]
// CHECK:   }
// CHECK: }
// The loop counts its loads in g, from 0: load g uses stage g mod 3 and
// phase (g / 3) mod 2.
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[N]] step %[[STEP:.*]] iter_args(%{{.*}} = %{{.*}}, %[[G:.*]] = %{{.*}}) -> (i1, index)
// CHECK:   %[[STAGE:.*]] = arith.remui %[[G]], %{{.*}} : index
// CHECK:   %[[ROUND:.*]] = arith.divui %[[G]], %{{.*}} : index
// CHECK:   %[[PAR:.*]] = arith.remui %[[ROUND]], %{{.*}} : index
// CHECK:   %[[PHASE:.*]] = arith.index_cast %[[PAR]] : index to i1
// CHECK:   %[[NEXTG:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:   %[[NEXT:.*]] = arith.remui %[[NEXTG]], %{{.*}} : index
// CHECK:   %[[CUR:.*]] = memref.subview %[[BUF]][%[[STAGE]], 0, 0]
// The store of iteration k-1 has read the stage before it is refilled.
// CHECK:   asynccopy.wait_group bulk 0 {read}
// CHECK-NOT: gpu.barrier
// CHECK:   %[[AHEAD:.*]] = arith.addi %[[IV]], %{{.*}} : index
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : index
// CHECK:   scf.if %[[MORE]] {
// CHECK:     %[[ROW:.*]] = arith.muli %[[AHEAD]]
// CHECK:     %[[DST:.*]] = memref.subview %[[BUF]][%[[NEXT]], 0, 0]
// CHECK:     asynccopy.copy %{{.*}} to %[[DST]] window [%[[ROW]], 0] [64, 64] barrier %[[BAR]][%[[NEXT]]] {swizzle = 128 : i64}
// CHECK:   }
// CHECK:   asynccopy.barrier.wait %[[BAR]][%[[STAGE]]], %[[PHASE]] : !asynccopy.barrier<3>
// CHECK:   asynccopy.copy %[[CUR]] to
// CHECK-NOT: asynccopy.wait %
// CHECK:   %[[G1:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:   scf.yield %{{.*}}, %[[G1]] : i1, index
// CHECK: }
// CHECK-NOT: asynccopy.pipeline_stages
// CHECK: asynccopy.wait_group bulk 0
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @tma_three_stages(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>, %n: index)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
          : !smem to memref<4096x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

// cp.async loads (token-tracked): {commit = false} issues and one commit
// per load step, so that wait_group N-2 completes load k.
// CHECK-LABEL: gpu.func @cp_async_four_stages
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<4x8x64xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[THREE]]
// CHECK:   scf.if
// CHECK:     asynccopy.copy {{.*}} {commit = false, impl = #asynccopy<impl cp_async>}{{.*}}-> !asynccopy.token
// CHECK:   }
// CHECK-NEXT: asynccopy.commit_group cp_async
// CHECK: }
// CHECK: scf.for
// CHECK:   asynccopy.wait_group cp_async 2
// CHECK-NOT: gpu.barrier
// CHECK:   scf.if
// CHECK:     asynccopy.copy {{.*}} {commit = false, impl = #asynccopy<impl cp_async>}
// CHECK:   }
// CHECK-NEXT: asynccopy.commit_group cp_async
// CHECK-NOT: asynccopy.wait %
// CHECK:   memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: }
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @cp_async_four_stages(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>)
      workgroup(%tile : memref<8x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c512 = arith.constant 512 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c512 step %c1 {
      %row = arith.muli %i, %c8 : index
      %t = asynccopy.copy %in to %tile window [%row, 0] [8, 64] {impl = #asynccopy<impl cp_async>}
          : memref<4096x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %v = memref.load %tile[%c0, %tid] : memref<8x64xf16, #gpu.address_space<workgroup>>
      memref.store %v, %out[%row, %tid] : memref<4096x64xf16>
    } {asynccopy.pipeline_stages = 4 : i64}
    gpu.return
  }
}

// -----

// Two loads into two memref.allocs complete on one barrier (initialised
// with 2 arrivals); the loop starts at 2 with step 3, and the consumer only reads through the
// generic proxy, so a CTA barrier releases the stage.
// CHECK-LABEL: gpu.func @two_loads_allocs
// CHECK-DAG: %[[A:.*]] = memref.alloc() {alignment = 1024 : i64} : memref<2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[B:.*]] = memref.alloc() : memref<2x64x32xf32, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BAR:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: scf.if
// CHECK:   asynccopy.copy {{.*}} barrier %[[BAR]]
// CHECK:   asynccopy.copy {{.*}} barrier %[[BAR]]
// CHECK: scf.for %[[IV:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:.*]] iter_args(%{{.*}} = %{{.*}}, %[[G:.*]] = %{{.*}}) -> (i1, index) {
// CHECK:   arith.remui %[[G]]
// CHECK:   gpu.barrier
// CHECK:   scf.if
// CHECK:     asynccopy.copy
// CHECK:     asynccopy.copy
// CHECK:   }
// CHECK:   asynccopy.barrier.wait %[[BAR]]
// CHECK-NOT: memref.alloc
gpu.module @kernels {
  gpu.func @two_loads_allocs(%a: memref<1024x64xf16>, %b: memref<1024x32xf32>, %o: memref<1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %ta = memref.alloc() {alignment = 1024 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
    %tb = memref.alloc() : memref<64x32xf32, #gpu.address_space<workgroup>>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    %true = arith.constant true
    %r = scf.for %i = %c2 to %c16 step %c3 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %a to %ta window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<1024x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %b to %tb window [%row, 0] [64, 32] barrier %bar[%c0]
          : memref<1024x32xf32> to memref<64x32xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %v = memref.load %tb[%c0, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %o[%i] : memref<1024xf32>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Without a marker only `stages=N` pipelines a loop; a marker of 1 is
// removed and changes nothing.
// CHECK-LABEL: gpu.func @unmarked
// CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>)
// CHECK-NOT: asynccopy.pipeline_stages
// OPT-LABEL: gpu.func @unmarked
// OPT-SAME: workgroup(%{{.*}} : memref<2x64x64xf16, #gpu.address_space<workgroup>>)
// OPT: asynccopy.barrier<2>
// OPT-LABEL: gpu.func @one_stage
// OPT-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>)
gpu.module @kernels {
  gpu.func @unmarked(%in: memref<4096x64xf16>, %out: memref<4096x64xf16>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %true = arith.constant true
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    }
    gpu.return
  }
  gpu.func @one_stage(%in: memref<4096x64xf16>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %c8 step %c1 {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 1 : i64}
    gpu.return
  }
}

// -----

// Collective loads over clusters of 2x2 CTAs, shared along y: per-stage
// empty barriers count one arrival per CTA of the group (2); after using a
// stage the first thread frees it on both CTAs of its column with remote
// arrivals, and then refills the previous stage, after waiting on its own
// empty stage (every refill of the run but the first), with the parity the
// loop's mask of empty phases holds for that stage.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @collective
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: asynccopy.barrier.init %[[FULL]], 1 : !asynccopy.barrier<3>
// CHECK-NEXT: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 2 : !asynccopy.barrier<3>
// CHECK: %[[G0:.*]] = arith.constant 0 : index
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for
// CHECK:   asynccopy.copy {{.*}} barrier %[[FULL]]{{.*}}collective = [#gpu<dim y>]
// CHECK: scf.for {{.*}} iter_args(%[[G:.*]] = %[[G0]], %[[BITS:.*]] = %{{.*}}) -> (index, i64)
// CHECK-NOT: gpu.barrier
// CHECK:   asynccopy.barrier.wait %[[FULL]][%[[STAGE:.*]]], %{{.*}} : !asynccopy.barrier<3>
// At the end of the iteration: free this stage on the group, then refill
// the previous one.
// CHECK:   gpu.barrier
// CHECK:   scf.if
// The group's ranks: x + 2y and x + 2((y + 1) mod 2).
// CHECK:     %[[X:.*]] = gpu.cluster_block_id x
// CHECK:     %[[Y:.*]] = gpu.cluster_block_id y
// CHECK:     %[[Y2:.*]] = arith.muli %[[Y]], %{{.*}} : index
// CHECK:     %[[O0:.*]] = arith.addi %[[X]], %[[Y2]] : index
// CHECK:     %[[R0:.*]] = arith.index_cast %[[O0]] : index to i32
// CHECK:     %[[YN:.*]] = arith.addi %[[Y]], %{{.*}} : index
// CHECK:     %[[YM:.*]] = arith.remui %[[YN]], %{{.*}} : index
// CHECK:     %[[YM2:.*]] = arith.muli %[[YM]], %{{.*}} : index
// CHECK:     %[[O1:.*]] = arith.addi %[[X]], %[[YM2]] : index
// CHECK:     %[[R1:.*]] = arith.index_cast %[[O1]] : index to i32
// CHECK:     %[[V0:.*]] = asynccopy.barrier.remote %[[EMPTY]], %[[R0]]
// CHECK:     asynccopy.barrier.arrive %[[V0]][%[[STAGE]]] {asynccopy.cta_release} : !asynccopy.barrier<3, remote>
// CHECK:     %[[V1:.*]] = asynccopy.barrier.remote %[[EMPTY]], %[[R1]]
// CHECK:     asynccopy.barrier.arrive %[[V1]][%[[STAGE]]] {asynccopy.cta_release} : !asynccopy.barrier<3, remote>
// CHECK:   }
// CHECK:   %[[NOTFIRST:.*]] = arith.cmpi ne, %[[G]], %[[G0]] : index
// CHECK:   %[[REFILLS:.*]] = arith.andi %{{.*}}, %[[NOTFIRST]] : i1
// CHECK:   %[[BIT:.*]] = arith.shli %{{.*}}, %{{.*}} : i64
// CHECK:   %[[SET:.*]] = arith.andi %[[BITS]], %[[BIT]] : i64
// CHECK:   %[[PARITY:.*]] = arith.cmpi ne, %[[SET]], %{{.*}} : i64
// CHECK:   scf.if %[[REFILLS]] {
// CHECK:     asynccopy.barrier.wait %[[EMPTY]][%[[NEXT:.*]]], %[[PARITY]] : !asynccopy.barrier<3>
// CHECK:   }
// CHECK:   %[[FLIP:.*]] = arith.xori %[[BITS]], %[[BIT]] : i64
// CHECK:   %[[NBITS:.*]] = arith.select %[[REFILLS]], %[[FLIP]], %[[BITS]] : i64
// CHECK:   scf.if
// CHECK:     asynccopy.copy {{.*}} barrier %[[FULL]][%[[NEXT]]] {{.*}}
// CHECK-NEXT: }
// CHECK:   scf.yield %{{.*}}, %[[NBITS]] : index, i64
// CHECK-NEXT: }
// No CTA goes on while its last multicasts may still land in a peer.
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @collective(%in: memref<4096x64xf16>, %n: index)
      workgroup(%tile : !smem) kernel attributes {known_cluster_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c64 : index
      %parity = arith.remui %i, %c2 : index
      %phase = arith.index_cast %parity : index to i1
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64, collective = [#gpu<dim y>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

// `asynccopy.pipeline_empty_barrier`: stages are released on an empty
// barrier instead of a CTA barrier. With a known block size (128 threads:
// 4 warps) each warp's first lane arrives once its lanes are done; the
// refill at the end of the iteration waits on the stage's empty barrier.
!smem = memref<32x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @empty_per_warp
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 4 : !asynccopy.barrier<2>
// CHECK-NOT: nvvm.cluster
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK:   asynccopy.barrier.wait %[[FULL]][%[[STAGE:.*]]], %{{.*}} : !asynccopy.barrier<2>
// CHECK:   memref.load
// CHECK:   nvvm.bar.warp.sync
// CHECK:   %[[LANE:.*]] = gpu.lane_id
// CHECK:   scf.if
// CHECK-NEXT: asynccopy.barrier.arrive %[[EMPTY]][%[[STAGE]]] : !asynccopy.barrier<2>
// CHECK:   scf.if
// CHECK-NEXT: asynccopy.barrier.wait %[[EMPTY]]
// CHECK:   scf.if
// CHECK:     asynccopy.copy {{.*}} barrier %[[FULL]]
// CHECK-NOT: asynccopy.pipeline_empty_barrier
gpu.module @kernels {
  gpu.func @empty_per_warp(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
      workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %c8 step %c1 {
      %row = arith.muli %i, %c32 : index
      %parity = arith.remui %i, %c2 : index
      %phase = arith.index_cast %parity : index to i1
      asynccopy.copy %in to %tile window [%row, 0] [32, 64] barrier %bar[%c0] : memref<256x64xf32> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %v = memref.load %tile[%c0, %tid] : !smem
      memref.store %v, %out[%row, %tid] : memref<256x64xf32>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier}
    gpu.return
  }
}

// -----

// Collective loads in a loop marked `asynccopy.pipeline_empty_barrier`,
// with a known block size: each warp of every CTA of the group frees the
// stage (2 CTAs x 4 warps = 8 arrivals per phase), so no CTA barrier is
// left in the loop; the cluster barriers around the run stay.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @collective_per_warp
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK-NEXT: asynccopy.barrier.init %[[FULL]], 1 : !asynccopy.barrier<3>
// CHECK-NEXT: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 8 : !asynccopy.barrier<3>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK:   asynccopy.barrier.wait
// CHECK:   nvvm.bar.warp.sync
// CHECK:   %[[LANE:.*]] = gpu.lane_id
// CHECK:   %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]]
// CHECK:   %[[ARRIVES:.*]] = arith.andi %{{.*}}, %[[LANE0]] : i1
// CHECK:   scf.if %[[ARRIVES]] {
// CHECK:     asynccopy.barrier.remote %[[EMPTY]]
// CHECK:     asynccopy.barrier.arrive {{.*}} {asynccopy.cta_release} : !asynccopy.barrier<3, remote>
// CHECK:     asynccopy.barrier.remote %[[EMPTY]]
// CHECK:     asynccopy.barrier.arrive {{.*}} {asynccopy.cta_release} : !asynccopy.barrier<3, remote>
// CHECK:   }
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
gpu.module @kernels {
  gpu.func @collective_per_warp(%in: memref<4096x64xf16>, %n: index)
      workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_cluster_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c64 : index
      %parity = arith.remui %i, %c2 : index
      %phase = arith.index_cast %parity : index to i1
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64, collective = [#gpu<dim y>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_empty_barrier}
    gpu.return
  }
}

// -----

// Without a known block size: one arrival per CTA, after a CTA barrier.
!smem = memref<32x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @empty_per_cta
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 1 : !asynccopy.barrier<2>
// CHECK: scf.for
// CHECK:   gpu.barrier
// CHECK:   gpu.thread_id x
// CHECK:   scf.if
// CHECK-NEXT: asynccopy.barrier.arrive %[[EMPTY]]
gpu.module @kernels {
  gpu.func @empty_per_cta(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %c8 step %c1 {
      %row = arith.muli %i, %c32 : index
      %parity = arith.remui %i, %c2 : index
      %phase = arith.index_cast %parity : index to i1
      asynccopy.copy %in to %tile window [%row, 0] [32, 64] barrier %bar[%c0] : memref<256x64xf32> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %v = memref.load %tile[%c0, %tid] : !smem
      memref.store %v, %out[%row, %tid] : memref<256x64xf32>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier}
    gpu.return
  }
}

// -----

// The body reads the tile before loading the next one: in single-buffer
// semantics that is the tile of the iteration before, so the reads use
// stage (g-1) mod N, which still holds it; the release (a CTA barrier) and
// the refill of that stage follow them.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @read_before_load
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<3x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[G:.*]] = %{{.*}}) -> (i1, index)
// CHECK:   %[[S:.*]] = arith.remui %[[G]], %{{.*}} : index
// CHECK:   %[[NG:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK:   %[[PREV:.*]] = arith.remui %[[NG]], %{{.*}} : index
// CHECK:   %[[CUR:.*]] = memref.subview %[[BUF]][%[[S]], 0, 0]
// CHECK:   %[[OLD:.*]] = memref.subview %[[BUF]][%[[PREV]], 0, 0]
// CHECK:   %[[V:.*]] = memref.load %[[OLD]][%{{.*}}, %{{.*}}]
// CHECK:   gpu.barrier
// CHECK:   scf.if
// CHECK:     %[[DST:.*]] = memref.subview %[[BUF]][%[[PREV]], 0, 0]
// CHECK:     asynccopy.copy %{{.*}} to %[[DST]]
// CHECK:   }
// CHECK:   asynccopy.barrier.wait
// CHECK:   %[[W:.*]] = memref.load %[[CUR]][%{{.*}}, %{{.*}}]
// CHECK:   arith.addf %[[W]], %[[V]]
gpu.module @kernels {
  gpu.func @read_before_load(%in: memref<4096x64xf16>, %out: memref<4096xf16>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      %prev = memref.load %tile[%c0, %tid] : !smem
      gpu.barrier
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %cur = memref.load %tile[%c0, %tid] : !smem
      %sum = arith.addf %cur, %prev : f16
      memref.store %sum, %out[%i] : memref<4096xf16>
      gpu.barrier
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

// A GEMM main loop: each iteration loads a K tile of A, takes the wgmma
// descriptor of a subview per K step and accumulates in an iter_arg. The
// subviews of the buffer are retyped for the stage view they now cut
// (dynamic offset); the descriptor takes any layout.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @wgmma_main_loop
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<3x1x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[G:.*]] = %{{.*}}) -> (i1, i64, index)
// CHECK:   %[[S:.*]] = arith.remui %[[G]]
// CHECK:   %[[CUR:.*]] = memref.subview %[[BUF]][%[[S]], 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<3x1x64x64xf16, #gpu.address_space<workgroup>> to memref<1x64x64xf16, strided<[4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   asynccopy.barrier.wait
// CHECK:   %[[K1:.*]] = memref.subview %[[CUR]][0, 0, 16] [1, 64, 16] [1, 1, 1] : memref<1x64x64xf16, strided<[4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   asynccopy.wgmma_descriptor %[[K1]] major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @wgmma_main_loop(%A: memref<64x512xf16>, %out: memref<64xi64>)
      workgroup(%sa : memref<1x64x64xf16, #wg>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0 : i64
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, i64) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x512xf16> to memref<1x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 0, 16] [1, 64, 16] [1, 1, 1]
          : memref<1x64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %sum = arith.addi %acc, %d : i64
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %sum : i1, i64
    } {asynccopy.pipeline_stages = 3 : i64}
    %tid = gpu.thread_id x
    memref.store %r#1, %out[%tid] : memref<64xi64>
    gpu.return
  }
}

// -----

// Loads shared along different cluster dims, as a GEMM multicasts A along
// y and B along x on 2x2 clusters: a stage of this CTA is written by its
// row (B) and its column (A), so it is free once those 3 CTAs (the CTA,
// the one beside it in x, the one beside it in y) have used it; each of
// them arrives on the other two and on itself.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @row_and_column_groups
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK-NEXT: asynccopy.barrier.init %[[FULL]], 2 : !asynccopy.barrier<2>
// CHECK-NEXT: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 3 : !asynccopy.barrier<2>
// CHECK: scf.for
// CHECK:   asynccopy.copy {{.*}}collective = [#gpu<dim y>]
// CHECK:   asynccopy.copy {{.*}}collective = [#gpu<dim x>]
// CHECK: scf.for
// CHECK:   scf.if
// CHECK:     %[[X:.*]] = gpu.cluster_block_id x
// CHECK:     %[[Y:.*]] = gpu.cluster_block_id y
// CHECK:     %[[Y2:.*]] = arith.muli %[[Y]], %[[C2:.*]] : index
// CHECK:     %[[SELF:.*]] = arith.addi %[[X]], %[[Y2]] : index
// CHECK:     arith.index_cast %[[SELF]] : index to i32
// CHECK:     %[[YN:.*]] = arith.addi %[[Y]], %{{.*}} : index
// CHECK:     %[[YM:.*]] = arith.remui %[[YN]], %{{.*}} : index
// CHECK:     %[[YM2:.*]] = arith.muli %[[YM]], %{{.*}} : index
// CHECK:     %[[COLUMN:.*]] = arith.addi %[[X]], %[[YM2]] : index
// CHECK:     arith.index_cast %[[COLUMN]] : index to i32
// CHECK:     %[[XN:.*]] = arith.addi %[[X]], %{{.*}} : index
// CHECK:     %[[XM:.*]] = arith.remui %[[XN]], %{{.*}} : index
// CHECK:     %[[Y2B:.*]] = arith.muli %[[Y]], %{{.*}} : index
// CHECK:     %[[ROW:.*]] = arith.addi %[[XM]], %[[Y2B]] : index
// CHECK:     arith.index_cast %[[ROW]] : index to i32
// CHECK-COUNT-3: asynccopy.barrier.arrive %{{.*}} {asynccopy.cta_release} : !asynccopy.barrier<2, remote>
// CHECK-NOT: asynccopy.barrier.arrive
// CHECK:   }
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
gpu.module @kernels {
  gpu.func @row_and_column_groups(%in: memref<4096x64xf16>)
      workgroup(%a : !smem, %b : !smem) kernel attributes {known_cluster_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %a window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64, collective = [#gpu<dim y>]} : memref<4096x64xf16> to !smem
      asynccopy.copy %in to %b window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64, collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %next = arith.xori %ph, %true : i1
      scf.yield %next : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// A collective load and a load of this CTA alone (a GEMM on 2x1 clusters
// multicasts B, not A) share the stage: the group is the CTA and its
// neighbour in x, and the empty barrier expects 2 arrivals.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @one_load_collective
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK-NEXT: asynccopy.barrier.init %[[FULL]], 2 : !asynccopy.barrier<3>
// CHECK-NEXT: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK-NEXT: asynccopy.barrier.init %[[EMPTY]], 2 : !asynccopy.barrier<3>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for
// CHECK:   %[[X:.*]] = gpu.cluster_block_id x
// CHECK:   %[[SELF:.*]] = arith.index_cast %[[X]] : index to i32
// CHECK:   %[[XN:.*]] = arith.addi %[[X]], %{{.*}} : index
// CHECK:   %[[XM:.*]] = arith.remui %[[XN]], %{{.*}} : index
// CHECK:   %[[PEER:.*]] = arith.index_cast %[[XM]] : index to i32
// CHECK:   asynccopy.barrier.remote %[[EMPTY]], %[[SELF]]
// CHECK:   asynccopy.barrier.remote %[[EMPTY]], %[[PEER]]
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
gpu.module @kernels {
  gpu.func @one_load_collective(%in: memref<4096x64xf16>)
      workgroup(%a : !smem, %b : !smem) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %a window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
      asynccopy.copy %in to %b window [%row, 0] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64, collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %next = arith.xori %ph, %true : i1
      scf.yield %next : i1
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

// The single-buffer loop's CTA barrier at the end of the body: with only
// reads besides the load it moves after the loop (the release barrier
// before each refill protects the stages); a body that also writes memory
// keeps it, since it may order those writes too.
!smem = memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @trailing_barrier_reads
// CHECK: scf.for
// CHECK:   gpu.barrier
// CHECK:   scf.if
// CHECK:     asynccopy.copy
// CHECK:   memref.load
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @trailing_barrier_writes
// CHECK: scf.for
// CHECK:   memref.store
// CHECK-NEXT: gpu.barrier
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @trailing_barrier_reads(%in: memref<4096x64xf32>, %out: memref<128xf32>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%ph = %false, %sum = %zero) -> (i1, f32) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf32> to !smem
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.load %tile[%c0, %tid] : !smem
      %s = arith.addf %sum, %v : f32
      gpu.barrier
      %n = arith.xori %ph, %true : i1
      scf.yield %n, %s : i1, f32
    } {asynccopy.pipeline_stages = 3 : i64}
    memref.store %r#1, %out[%tid] : memref<128xf32>
    gpu.return
  }

  gpu.func @trailing_barrier_writes(%in: memref<4096x64xf32>, %out: memref<8x128xf32>)
      workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf32> to !smem
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.load %tile[%c0, %tid] : !smem
      memref.store %v, %out[%i, %tid] : memref<8x128xf32>
      gpu.barrier
      %n = arith.xori %ph, %true : i1
      scf.yield %n : i1
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}
