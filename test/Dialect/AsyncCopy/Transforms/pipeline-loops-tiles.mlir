// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops -verify-diagnostics | FileCheck %s

// A persistent kernel's loop over tiles, marked
// `asynccopy.pipeline_dynamic_schedule` and not pipelined itself, with a
// pipelined loop in its body: the tiles are claimed from the launch's
// counter (docs/pipelining.md, "Dynamic schedule of a loop over tiles").
// Over CTAs: thread 0 claims the first tile into a two-entry ring and a
// CTA barrier publishes it; the loop becomes an scf.while over the claimed
// tile that claims the next one first thing, publishes it at the end of the
// iteration before a CTA barrier and reads it back; the loop inside is
// pipelined in the scf.while, its counter carried from tile to tile.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @tiles
// CHECK-SAME: (%[[IN:.*]]: memref<4096x64xf16>, %[[OUT:.*]]: memref<64x64xf32>, %[[CTR:.*]]: !llvm.ptr)
// CHECK-SAME: workgroup(%{{.*}} : memref<3x64x64xf16, #gpu.address_space<workgroup>>, %[[RING:.*]] : memref<2xi64, #gpu.address_space<workgroup>>)
// CHECK: %[[GCTR:.*]] = llvm.addrspacecast %[[CTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: gpu.thread_id z
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK-NOT: gpu.cluster_block_id
// CHECK: %[[C0:.*]] = scf.if %[[FIRST]] -> (i64) {
// CHECK:   llvm.atomicrmw add %[[GCTR]], %{{.*}} monotonic : !llvm.ptr<1>, i64
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[C0]], %[[RING]][%{{.*}}]
// CHECK: gpu.barrier
// CHECK: %[[T0ID:.*]] = memref.load %[[RING]][%{{.*}}]
// CHECK: %[[T0:.*]] = arith.index_castui %[[T0ID]] : i64 to index
// CHECK: scf.while (%[[T:.*]] = %[[T0]], %[[K:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index, i1, f32) -> (index, index, i1, f32) {
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[T]], %{{.*}} : index
// CHECK:   scf.condition(%[[MORE]])
// CHECK: } do {
// CHECK: ^bb0(%[[T:.*]]: index, %[[K:.*]]: index, %{{.*}}: i1, %{{.*}}: f32):
// CHECK:   %[[NEXT:.*]] = scf.if %[[FIRST]] -> (i64) {
// CHECK:     llvm.atomicrmw add %[[GCTR]]
// CHECK:   %[[ROW0:.*]] = arith.muli %[[T]], %{{.*}} : index
// The pipelined loop, its counter carried from tile to tile.
// CHECK:   scf.for {{.*}} -> (i1, f32, index)
// CHECK:     asynccopy.copy %[[IN]]
// CHECK:   }
// CHECK:   %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:   %[[SLOT:.*]] = arith.remui %[[K1]], %{{.*}} : index
// CHECK:   scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[NEXT]], %[[RING]][%[[SLOT]]]
// CHECK:   gpu.barrier
// CHECK:   %[[NID:.*]] = memref.load %[[RING]][%[[SLOT]]]
// CHECK:   %[[NT:.*]] = arith.index_castui %[[NID]] : i64 to index
// CHECK:   scf.yield %[[NT]], %[[K1]]
// CHECK: }
// Every CTA counts itself finished; the last zeroes the counter.
// CHECK: scf.if %[[FIRST]] {
// CHECK:   llvm.atomicrmw add %{{.*}}, %{{.*}} acq_rel : !llvm.ptr<1>, i64
// CHECK-NOT: asynccopy.pipeline
// CHECK-LABEL: func.func @launch
// CHECK: gpu.memset async
// CHECK: gpu.launch_func async {{.*}} @kernels::@tiles {{.*}} !llvm.ptr)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiles(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r:2 = scf.for %t = %bid to %c16 step %grid iter_args(%ph0 = %false, %s0 = %zero) -> (i1, f32) {
        %base = arith.muli %t, %c512 : index
        %k:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0, %s = %s0) -> (i1, f32) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          %xf = arith.extf %x : f16 to f32
          %n = arith.addf %s, %xf : f32
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph, %n : i1, f32
        } {asynccopy.pipeline_stages = 3 : i64}
        scf.yield %k#0, %k#1 : i1, f32
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %t = gpu.wait async
    %l = gpu.launch_func async [%t] @kernels::@tiles blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    gpu.wait [%l]
    return
  }
}

// -----

// Over 2x1 clusters, the loads multicast: the cluster's first CTA (thread
// 0 of cluster block 0) claims the tile and writes it into the ring of both
// CTAs through `mapa` and `st.shared::cluster`; cluster barriers publish
// it, the first one after every CTA of the cluster has started.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @cluster_tiles
// CHECK: gpu.cluster_block_id x
// CHECK: gpu.cluster_block_id y
// CHECK: gpu.cluster_block_id z
// CHECK: %[[LEADER:.*]] = arith.andi
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: %[[C0:.*]] = scf.if %[[LEADER]] -> (i64) {
// CHECK:   llvm.atomicrmw add
// CHECK: scf.if %[[LEADER]] {
// CHECK:   memref.extract_aligned_pointer_as_index
// CHECK:   %[[P0:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK:   llvm.store %[[C0]], %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<7>
// CHECK:   %[[P1:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK:   llvm.store %[[C0]], %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<7>
// CHECK: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.while
// CHECK: } do {
// CHECK:   scf.if %[[LEADER]] -> (i64) {
// CHECK:   asynccopy.copy {{.*}}collective = [#gpu<dim x>]
// CHECK:   scf.if %[[LEADER]] {
// CHECK-COUNT-2: nvvm.mapa
// CHECK:   llvm.store {{.*}} : i64, !llvm.ptr<7>
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.yield
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cluster_tiles(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>, known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %cid = gpu.cluster_id x
      %cdim = gpu.cluster_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r = scf.for %t = %cid to %c16 step %cdim iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              {swizzle = 128 : i64, collective = [#gpu<dim x>]}
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@cluster_tiles clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    return
  }
}

// -----

// Not scheduled dynamically, each with a remark; the loops inside are
// still pipelined.
// Not a loop over CTAs or clusters.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @not_grid_stride
// CHECK: scf.for
// CHECK-NOT: scf.while
// CHECK-NOT: asynccopy.pipeline_dynamic_schedule
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_grid_stride(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: it is not a loop from `gpu.block_id x` in steps of `gpu.grid_dim x`, nor one from `gpu.cluster_id x` in steps of `gpu.cluster_dim x`}}
      %r = scf.for %t = %c0 to %c16 step %c1 iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@not_grid_stride blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    return
  }
}

// -----

// The kernel's launches are not in the module.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @no_launch
// CHECK-NOT: scf.while
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: the kernel's launches are not in this module (each passes a zeroed counter)}}
      %r = scf.for %t = %bid to %c16 step %grid iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
}

// -----

// A launch with two rows of CTAs.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @two_rows
// CHECK-NOT: scf.while
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_rows(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: a launch of the kernel may have more than one block in y or z, whose rows would share one counter}}
      %r = scf.for %t = %bid to %c16 step %grid iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@two_rows blocks in (%c4, %c2, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    return
  }
}

// -----

// The body reads the CTA's id.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @reads_block_id
// CHECK-NOT: scf.while
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reads_block_id(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: its body reads the CTA's id, so an iteration depends on the CTA that runs it}}
      %r = scf.for %t = %bid to %c16 step %grid iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %who = gpu.block_id y
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@reads_block_id blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    return
  }
}

// -----

// Over clusters of a kernel whose cluster shape is unknown.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @unknown_cluster
// CHECK-NOT: scf.while
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unknown_cluster(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %true = arith.constant true
      %tid = gpu.thread_id x
      %cid = gpu.cluster_id x
      %cdim = gpu.cluster_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: the cluster shape of its kernel is unknown (set `known_cluster_size` or launch it with one constant `clusters in`)}}
      %r = scf.for %t = %cid to %c16 step %cdim iter_args(%ph0 = %false) -> (i1) {
        %base = arith.muli %t, %c512 : index
        %k = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %ph0) -> (i1) {
          %row0 = arith.muli %kt, %c64 : index
          %row = arith.addi %base, %row0 : index
          asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
              : memref<4096x64xf16> to !smem
          asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
          %x = memref.load %tile[%tid, %c0] : !smem
          gpu.barrier
          %nph = arith.xori %ph, %true : i1
          scf.yield %nph : i1
        } {asynccopy.pipeline_stages = 2 : i64}
        scf.yield %k : i1
      } {asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<4096x64xf16>, %out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %two = arith.addi %c1, %c1 : index
    gpu.launch_func @kernels::@unknown_cluster clusters in (%two, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<4096x64xf16>, %out : memref<64x64xf32>)
    return
  }
}
