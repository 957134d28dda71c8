// RUN: ac-opt %s -split-input-file -test-asynccopy-pipeline-plan=apply -verify-diagnostics -o %t
// RUN: FileCheck %s < %t
// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops -verify-diagnostics | diff %t -

// pipelineLoop, the C++ entry point (PipelineLoops.h), called on each marked
// loop alone by -test-asynccopy-pipeline-plan=apply, rewrites it as the pass
// does: the outputs are the same.

// CHECK-LABEL: gpu.func @tma_three_stages
// CHECK-SAME: workgroup(%{{.*}} : memref<3x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: asynccopy.wait_group bulk 0 {read}
// CHECK-NOT: asynccopy.pipeline_stages
// CHECK: gpu.return

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

// A dynamic schedule: the loop becomes an scf.while over claimed tiles.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: %{{.*}}: !llvm.ptr
// CHECK: scf.while
// CHECK-NOT: scf.for
// CHECK: gpu.return

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

// A producer warpgroup.
// CHECK-LABEL: gpu.func @multicast
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232

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

// The loops the entry point leaves alone, with their reasons.
// CHECK-LABEL: gpu.func @view_destination
// CHECK-NOT: asynccopy.pipeline_stages

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
    // expected-remark @below {{not pipelined: its SMEM destination is not a workgroup attribution or a memref.alloc itself}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @fails_the_check
// CHECK-NOT: asynccopy.pipeline_stages

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
    // expected-remark @below {{not pipelined: its kernel fails asynccopy-check-synchronization as written}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}
