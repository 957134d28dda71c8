// RUN: ac-opt %s -split-input-file -test-asynccopy-pipeline-plan -o %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNCHANGED < %t

// The pipeliner's plan of each marked loop (planPipelineLoop), printed by
// -test-asynccopy-pipeline-plan, which leaves the loops as they are.

// A TMA load whose tile a TMA store reads: the store's wait moves to the
// refill, which is the release. The test pass changes nothing.
// CHECK-LABEL: loop 0 in @tma_three_stages:
// CHECK-NEXT: stages: 3
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 1
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: wait_group bulk {read}
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no
// UNCHANGED-LABEL: gpu.func @tma_three_stages
// UNCHANGED-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>)
// UNCHANGED: asynccopy.pipeline_stages = 3 : i64

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

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

// cp.async loads complete through groups: `wait_group` releases.
// CHECK-LABEL: loop 0 in @cp_async_four_stages:
// CHECK-NEXT: stages: 4
// CHECK-NEXT: loads: 1, completing on cp.async groups
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: wait_group cp_async
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no

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

// A load multicast along y of 2x2 clusters: released on empty barriers by
// the CTA and its peer.
// CHECK-LABEL: loop 0 in @collective:
// CHECK-NEXT: stages: 3
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: empty barriers, one arrival per CTA (2 per phase)
// CHECK-NEXT: multicast group: 2 CTAs of a 2x2x1 cluster
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
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

// A loop in a loop carries the pipeline counter across its runs.
// CHECK-LABEL: loop 0 in @in_for:
// CHECK-NEXT: stages: 2
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 1
// CHECK-NEXT: counter: carried across runs
// CHECK-NEXT: release: wait_group bulk {read}
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

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

// An asynchronous wgmma consumer.
// CHECK-LABEL: loop 0 in @cta_barrier_release:
// CHECK-NEXT: stages: 3
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: CTA barrier
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: yes
// CHECK-NEXT: producer warpgroup: no

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
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

// A producer warpgroup, with a multicast load released per warp.
// CHECK-LABEL: loop 0 in @multicast:
// CHECK-NEXT: stages: 3
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: empty barriers, one arrival per warp (16 per phase)
// CHECK-NEXT: multicast group: 2 CTAs of a 2x1x1 cluster
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: after 256 consumer threads

#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  gpu.func @multicast(%A: memref<64x512xf16>, %out: memref<256xf16>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %tid = gpu.thread_id x
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          {collective = [#gpu<dim x>]} : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %row = arith.remui %tid, %c64 : index
      %x = memref.load %sa[%row, %c0] : memref<64x64xf16, #wg>
      memref.store %x, %out[%tid] : memref<256xf16>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// A producer warpgroup that walks the loop over tiles too.
// CHECK-LABEL: loop 0 in @persistent:
// CHECK-NEXT: stages: 2
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: carried across runs
// CHECK-NEXT: release: empty barriers, one arrival per warp (4 per phase)
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: after 128 consumer threads, walking the loop over tiles

#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  gpu.func @persistent(%A: memref<1024x512xf32>, %out: memref<1024xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %bx = gpu.block_id x
    %tid = gpu.thread_id x
    %trow = arith.remui %tid, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %bx to %c16 step %c4 {
      %row = arith.muli %t, %c64 : index
      %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, f32) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %x = memref.load %sa[%trow, %c0] : memref<64x64xf32, #wg>
        %n = arith.addf %s, %x : f32
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %n : i1, f32
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      %i = arith.addi %row, %trow : index
      memref.store %r#1, %out[%i] : memref<1024xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A grid-stride loop scheduled dynamically, with its three launches.
// CHECK-LABEL: loop 0 in @copy:
// CHECK-NEXT: stages: 3
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 1
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: wait_group bulk {read}
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: yes, 3 launches in the module
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>


module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>) workgroup(%tile : !smem) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r = scf.for %t = %bid to %c16 step %grid iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %t, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %st = asynccopy.copy %tile to %out window [%row, 0] [64, 64] : !smem to memref<1024x64xf16> -> !asynccopy.token
        asynccopy.wait %st : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>, %grid: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@copy blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
    gpu.wait [%t1]
    gpu.launch_func @kernels::@copy blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t2 = gpu.wait async
    %t3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %t2) -> (!gpu.async.token) {
      %tl = gpu.launch_func async [%t] @kernels::@copy blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
      scf.yield %tl : !gpu.async.token
    }
    gpu.wait [%t3]
    return
  }
}

// -----

// A feature the markers ask for but the plan declines.
// CHECK-LABEL: loop 0 in @not_grid_stride:
// CHECK-NEXT: stages: 2
// CHECK-NEXT: loads: 1, completing on barriers
// CHECK-NEXT: buffers: 1
// CHECK-NEXT: uses before the first load: no
// CHECK-NEXT: store waits moved to the refill: 0
// CHECK-NEXT: counter: from 0 in every run
// CHECK-NEXT: release: CTA barrier
// CHECK-NEXT: multicast group: none
// CHECK-NEXT: dynamic schedule: no
// CHECK-NEXT: async consumer: no
// CHECK-NEXT: producer warpgroup: no
// CHECK-NEXT: declined: scheduled statically: it is not a grid-stride loop from `gpu.block_id x` in steps of `gpu.grid_dim x`

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

gpu.module @kernels {
  gpu.func @not_grid_stride(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %c0 to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
}

// -----

// A loop that is not pipelined, and why.
// CHECK-LABEL: loop 0 in @view_destination: not pipelined: its SMEM destination is not a workgroup attribution or a memref.alloc itself (a view of one cannot get stages)

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
!big = memref<2x64x64xf16, #gpu.address_space<workgroup>>

gpu.module @kernels {
  gpu.func @view_destination(%in: memref<4096x64xf16>) workgroup(%buf : !big) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %tile = memref.subview %buf[0, 0, 0] [1, 64, 64] [1, 1, 1] : !big to !smem
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// A kernel that fails asynccopy-check-synchronization as written.
// CHECK-LABEL: loop 0 in @fails_the_check: not pipelined: its kernel fails asynccopy-check-synchronization as written (that pass reports why), and the pipelined loop would hide some of those hazards from it

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @fails_the_check(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}
