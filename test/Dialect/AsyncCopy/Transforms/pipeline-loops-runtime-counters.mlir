// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops=runtime-counters=true -verify-diagnostics | FileCheck %s

// With `runtime-counters` (the C API and the Python package), a runtime
// launches the kernels: a dynamic schedule's counter parameter is listed in
// the kernel's `asynccopy.launch_counters` (rows of CTAs in y and z that
// share it) for the runtime's launcher to pass zeroed, so a kernel whose
// launches are not in the module is scheduled dynamically too.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%{{.*}}: memref<1024x64xf16>, %{{.*}}: memref<1024x64xf16>, %[[CTR:.*]]: !llvm.ptr)
// CHECK-SAME: kernel attributes {asynccopy.launch_counters = [array<i64: 1, 1>]}
// CHECK: %[[GCTR:.*]] = llvm.addrspacecast %[[CTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.atomicrmw add %[[GCTR]]
// CHECK: scf.while
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
}

// -----

// The module's own launches still pass a counter they allocate and zero.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @launched
// CHECK-SAME: %[[CTR:.*]]: !llvm.ptr)
// CHECK-SAME: kernel attributes {asynccopy.launch_counters = [array<i64: 1, 1>]}
// CHECK-LABEL: func.func @launch
// CHECK: %[[C:.*]], %[[A:.*]] = gpu.alloc async [%{{.*}}] () : memref<4xi32>
// CHECK: %[[Z:.*]] = gpu.memset async [%[[A]]] %[[C]]
// CHECK: gpu.launch_func async [%[[Z]]] @kernels::@launched {{.*}} : !llvm.ptr)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @launched(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>) workgroup(%tile : !smem) kernel {
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
    %t1 = gpu.launch_func async [%t0] @kernels::@launched blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
    gpu.wait [%t1]
    return
  }
}

// -----

// A launch in the module with two rows of CTAs, which would share one
// counter: scheduled statically, as without the option.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @two_rows
// CHECK-NOT: launch_counters
// CHECK-NOT: scf.while
// CHECK-LABEL: func.func @launch
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_rows(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>) workgroup(%tile : !smem) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @+1 {{scheduled statically: a launch of the kernel may have more than one block in y or z, whose rows would share one counter}}
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
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@two_rows blocks in (%grid, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
    return
  }
}

// -----

// A loop over tiles handed to 1x2 clusters: its launches need two CTAs in
// y (the cluster's), one in z.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @cluster_tiles
// CHECK-SAME: %[[CTR:.*]]: !llvm.ptr)
// CHECK-SAME: asynccopy.launch_counters = [array<i64: 2, 1>]
// CHECK: scf.while
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cluster_tiles(%in: memref<4096x64xf16>, %out: memref<64x64xf32>)
        workgroup(%tile : !smem) kernel attributes {known_block_size = array<i32: 64, 1, 1>, known_cluster_size = array<i32: 1, 2, 1>} {
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
              {swizzle = 128 : i64, collective = [#gpu<dim y>]}
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
