// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops -verify-diagnostics | FileCheck %s

// `asynccopy.pipeline_dynamic_schedule` on a grid-stride loop: the kernel
// takes a counter pointer and gets a ring of N tile ids; thread 0 claims the
// first N tiles, the prologue loads the first N-1 from the ring, and the loop
// becomes an scf.while over the claimed tile that claims the tile of
// iteration k+N, publishes it after the stage release and ends at the first
// tile past the bound. Every launch allocates and zeroes a counter on its
// stream and frees it after the launch.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[IN:.*]]: memref<1024x64xf16>, %[[OUT:.*]]: memref<1024x64xf16>, %[[CTR:.*]]: !llvm.ptr)
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<3x64x64xf16, #gpu.address_space<workgroup>>, %[[RING:.*]] : memref<3xi64, #gpu.address_space<workgroup>>)
// CHECK: %[[BAR:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: %[[GCTR:.*]] = llvm.addrspacecast %[[CTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: scf.if %[[FIRST:.*]] {
// CHECK:   %[[C0:.*]] = llvm.atomicrmw add %[[GCTR]], %{{.*}} monotonic : !llvm.ptr<1>, i64
// CHECK:   memref.store %[[C0]], %[[RING]][%{{.*}}]
// CHECK:   llvm.atomicrmw add %[[GCTR]]
// CHECK:   llvm.atomicrmw add %[[GCTR]]
// CHECK-NOT: llvm.atomicrmw
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[PID:.*]] = memref.load %[[RING]][%[[J]]]
// CHECK:   %[[PT:.*]] = arith.index_castui %[[PID]] : i64 to index
// CHECK:   %[[PIN:.*]] = arith.cmpi slt, %[[PT]], %[[N:.*]] : index
// CHECK:   scf.if %[[PIN]] {
// CHECK:     asynccopy.copy %[[IN]] to %{{.*}} barrier %[[BAR]][%[[J]]]
// CHECK: %[[T0ID:.*]] = memref.load %[[RING]][%{{.*}}]
// CHECK: %[[T0:.*]] = arith.index_castui %[[T0ID]] : i64 to index
// CHECK: scf.while (%[[T:.*]] = %[[T0]], %[[PH:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) : (index, i1, index) -> (index, i1, index) {
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[T]], %[[N]] : index
// CHECK:   scf.condition(%[[MORE]]) %[[T]], %[[PH]], %[[K]]
// CHECK: } do {
// CHECK: ^bb0(%[[T:.*]]: index, %{{.*}}: i1, %[[K:.*]]: index):
// CHECK:   %[[CLAIM:.*]] = scf.if %[[FIRST]] -> (i64) {
// CHECK:     llvm.atomicrmw add %[[GCTR]]
// CHECK:   %[[S:.*]] = arith.remui %[[K]], %{{.*}} : index
// CHECK:   %[[NK:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:   %[[NS:.*]] = arith.remui %[[NK]], %{{.*}} : index
// CHECK:   %[[ROW:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:   asynccopy.wait_group bulk 0 {read}
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %[[CLAIM]], %[[RING]][%[[S]]]
// CHECK:   %[[AID:.*]] = memref.load %[[RING]][%[[NS]]]
// CHECK:   %[[AT:.*]] = arith.index_castui %[[AID]] : i64 to index
// CHECK:   %[[AIN:.*]] = arith.cmpi slt, %[[AT]], %[[N]] : index
// CHECK:   scf.if %[[AIN]] {
// CHECK:     asynccopy.copy %[[IN]] to %{{.*}} barrier %[[BAR]][%[[NS]]]
// CHECK:   asynccopy.barrier.wait %[[BAR]][%[[S]]]
// CHECK:   asynccopy.copy %{{.*}} to %[[OUT]] window [%[[ROW]], 0]
// CHECK:   %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:   %[[S1:.*]] = arith.remui %[[K1]], %{{.*}} : index
// CHECK:   %[[NID:.*]] = memref.load %[[RING]][%[[S1]]]
// CHECK:   %[[NT:.*]] = arith.index_castui %[[NID]] : i64 to index
// CHECK:   scf.yield %[[NT]], %{{.*}}, %[[K1]] : index, i1, index
// CHECK: }
// The last CTA to finish claiming zeroes the counter for the next launch.
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK:   %[[DONE:.*]] = llvm.getelementptr %[[GCTR]][1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i64
// CHECK:   %[[BEFORE:.*]] = llvm.atomicrmw add %[[DONE]], %{{.*}} acq_rel : !llvm.ptr<1>, i64
// CHECK:   %[[CTAS:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK:   %[[AFTER:.*]] = arith.addi %[[BEFORE]], %{{.*}} : i64
// CHECK:   %[[LAST:.*]] = arith.cmpi eq, %[[AFTER]], %[[CTAS]] : i64
// CHECK:   scf.if %[[LAST]] {
// CHECK:     llvm.store %[[ZERO:.*]], %[[GCTR]] : i64, !llvm.ptr<1>
// CHECK:     llvm.store %[[ZERO]], %[[DONE]] : i64, !llvm.ptr<1>
// CHECK: asynccopy.wait_group bulk 0
// CHECK-NOT: asynccopy.pipeline
// CHECK: gpu.return

// CHECK-LABEL: func.func @launch
// CHECK: %[[W:.*]] = gpu.wait async
// CHECK: %[[C:.*]], %[[A:.*]] = gpu.alloc async [%[[W]]] () : memref<4xi32>
// CHECK: %[[Z:.*]] = gpu.memset async [%[[A]]] %[[C]], %{{.*}} : memref<4xi32>, i32
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[C]]
// CHECK: %[[L:.*]] = gpu.launch_func async [%[[Z]]] @kernels::@copy {{.*}} args(%{{.*}} : memref<1024x64xf16>, %{{.*}} : memref<1024x64xf16>, %{{.*}} : !llvm.ptr)
// CHECK: %[[F:.*]] = gpu.dealloc async [%[[L]]] %[[C]] : memref<4xi32>
// CHECK: gpu.wait [%[[F]]]
// A synchronous launch: the host waits for the memset, frees after.
// CHECK: %[[C2:.*]], %[[A2:.*]] = gpu.alloc async [%{{.*}}] () : memref<4xi32>
// CHECK: %[[Z2:.*]] = gpu.memset async [%[[A2]]] %[[C2]]
// CHECK: gpu.wait [%[[Z2]]]
// CHECK: gpu.launch_func @kernels::@copy
// CHECK: %[[W2:.*]] = gpu.wait async
// CHECK: %[[F2:.*]] = gpu.dealloc async [%[[W2]]] %[[C2]]
// CHECK: gpu.wait [%[[F2]]]
// Launches chained through a loop's token share one counter, zeroed before
// the loop and freed after it.
// CHECK: %[[W3:.*]] = gpu.wait async
// CHECK: %[[C3:.*]], %[[A3:.*]] = gpu.alloc async [%[[W3]]] () : memref<4xi32>
// CHECK: %[[Z3:.*]] = gpu.memset async [%[[A3]]] %[[C3]]
// CHECK: %[[P3:.*]] = llvm.inttoptr
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[T:.*]] = %[[Z3]])
// CHECK-NOT: gpu.alloc
// CHECK:   %[[L3:.*]] = gpu.launch_func async [%[[T]]] @kernels::@copy {{.*}}, %[[P3]] : !llvm.ptr)
// CHECK:   scf.yield %[[L3]]
// CHECK: %[[F3:.*]] = gpu.dealloc async [%[[LOOP]]] %[[C3]] : memref<4xi32>
// CHECK: gpu.wait [%[[F3]]]
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

// A loop the dynamic schedule does not fit is still pipelined, statically
// (every grid-th tile), and gets a remark saying why.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @not_grid_stride
// CHECK-NOT: scf.while
// CHECK: scf.for
// CHECK-NOT: asynccopy.pipeline_dynamic_schedule
// CHECK-LABEL: gpu.func @nested
// CHECK-NOT: scf.while
// CHECK-LABEL: gpu.func @result_used
// CHECK-NOT: scf.while
// CHECK-LABEL: gpu.func @reads_block_id
// CHECK-NOT: scf.while
// CHECK-LABEL: gpu.func @empty_barrier
// CHECK-NOT: scf.while
// CHECK-LABEL: gpu.func @two_blocks
// CHECK-NOT: scf.while
// CHECK-LABEL: gpu.func @not_pipelined
// CHECK-NOT: asynccopy.pipeline_dynamic_schedule
// CHECK-LABEL: gpu.func @no_launches
// CHECK-NOT: scf.while
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @not_grid_stride(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: it is not a grid-stride loop from `gpu.block_id x` in steps of `gpu.grid_dim x`}}
    scf.for %t = %c0 to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
  gpu.func @nested(%in: memref<1024x64xf16>, %n: index, %p: i1) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.if %p {
      // expected-remark @below {{scheduled statically: it is not at the top level of a kernel's one-block body, so a CTA may run it more or less than once}}
      scf.for %t = %bid to %n step %grid {
        asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    }
    gpu.return
  }
  gpu.func @result_used(%in: memref<1024x64xf16>, %n: index, %out: memref<i1>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: its results are used, and they would depend on the tiles the CTA claimed}}
    %last = scf.for %t = %bid to %n step %grid iter_args(%phase = %false) -> (i1) {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    memref.store %last, %out[] : memref<i1>
    gpu.return
  }
  gpu.func @reads_block_id(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: its body reads the CTA's id, so an iteration depends on the CTA that runs it}}
    scf.for %t = %bid to %n step %grid {
      %y = gpu.block_id y
      %row = arith.addi %t, %y : index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
  gpu.func @empty_barrier(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: its stages are released on empty barriers, not by the CTA barrier that publishes the claimed tiles}}
    scf.for %t = %bid to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
  gpu.func @two_blocks(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: it is not at the top level of a kernel's one-block body, so a CTA may run it more or less than once}}
    scf.for %t = %bid to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    cf.br ^bb1
  ^bb1:
    gpu.return
  }
  gpu.func @not_pipelined(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not scheduled dynamically: only a pipelined loop is (mark it `asynccopy.pipeline_stages = N`, N >= 2, or pass `stages=N`)}}
    scf.for %t = %bid to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_dynamic_schedule}
    // expected-remark @below {{not scheduled dynamically: only a pipelined loop is}}
    scf.for %t = %bid to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 1 : i64, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
  gpu.func @no_launches(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %bid = gpu.block_id x
    %grid = gpu.grid_dim x
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{scheduled statically: the kernel's launches are not in this module (each passes a zeroed counter)}}
    scf.for %t = %bid to %n step %grid {
      asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
    gpu.return
  }
}

// -----

// A launch with rows of CTAs in y: each row runs every tile, which one
// counter would split between the rows.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @two_rows
// CHECK-NOT: scf.while
// CHECK-LABEL: func.func @launch_rows
// CHECK-NOT: gpu.alloc
// CHECK-NOT: gpu.memset
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_rows(%in: memref<1024x64xf16>, %n: index) workgroup(%tile : !smem) kernel {
      %c0 = arith.constant 0 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @below {{scheduled statically: a launch of the kernel may have more than one block in y or z, whose rows would share one counter}}
      scf.for %t = %bid to %n step %grid {
        asynccopy.copy %in to %tile window [%t, 0] [64, 64] barrier %bar[%c0] : memref<1024x64xf16> to !smem
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch_rows(%in: memref<1024x64xf16>, %n: index, %rows: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@two_rows blocks in (%c1, %rows, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %n : index)
    return
  }
}

// -----

// cp.async loads: the release is the `wait_group cp_async N-2` (with its
// CTA barrier), after which the claim is published; every thread still
// commits one group per load step.

!smem = memref<16x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @cp_async
// CHECK-SAME: %{{.*}}: !llvm.ptr)
// CHECK: scf.while
// CHECK: } do {
// CHECK: ^bb0(%[[T:.*]]: index, %[[K:.*]]: index):
// CHECK:   %[[CLAIM:.*]] = scf.if %[[FIRST:.*]] -> (i64) {
// CHECK:   %[[S:.*]] = arith.remui %[[K]], %{{.*}} : index
// CHECK:   asynccopy.wait_group cp_async 2
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %[[CLAIM]], %{{.*}}[%[[S]]]
// CHECK:   scf.if
// CHECK:     asynccopy.copy {{.*}}commit = false
// CHECK:   asynccopy.commit_group cp_async
// CHECK-LABEL: func.func @launch_cp_async
// CHECK: gpu.memset
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cp_async(%in: memref<512x64xf16>, %out: memref<512x64xf16>) workgroup(%tile : !smem) kernel {
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %tid = gpu.thread_id x
      scf.for %i = %bid to %c32 step %grid {
        %row = arith.muli %i, %c16 : index
        %t = asynccopy.copy %in to %tile window [%row, 0] [16, 64] {impl = #asynccopy<impl cp_async>}
            : memref<512x64xf16> to !smem -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
        %v = memref.load %tile[%c16, %tid] : !smem
        memref.store %v, %out[%row, %tid] : memref<512x64xf16>
      } {asynccopy.pipeline_stages = 4 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @launch_cp_async(%in: memref<512x64xf16>, %out: memref<512x64xf16>, %grid: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@cp_async blocks in (%grid, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<512x64xf16>, %out : memref<512x64xf16>)
    return
  }
}
