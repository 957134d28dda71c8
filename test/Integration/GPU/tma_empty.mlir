// TMA copies of a tensor whose dynamic extent is 0 at run time: every window
// is out of bounds, so loads read the OOB fill and stores write nothing (the
// runtime's encoder points such maps at scratch memory; the driver rejects
// extent 0). %in and %out are memref<?x64xf32> with 0 rows whose base lies
// inside a guarded device buffer. The kernel fills two SMEM tiles with the
// sentinel -1.0, TMA-loads the window [0, 0] [16, 64] of %in into them with
// oob = zeros and oob = nan, dumps both to %smem_image (rows 0 and 1), then
// TMA-stores a tile of 7.0 to the same window of %out. The harness checks
// zeros, NaNs, and that no byte of the guarded buffer changed.
// RUN: %gpu_tests tma_empty | FileCheck %s
// CHECK: tma_empty: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<?x64xf32>, %out: memref<?x64xf32>, %smem_image: memref<2x1024xf32>)
        workgroup(%zeros : memref<16x64xf32, #gpu.address_space<workgroup>>,
                  %nans : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c1024 = arith.constant 1024 : index
      %false = arith.constant false
      %sentinel = arith.constant -1.0 : f32
      %seven = arith.constant 7.0 : f32
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %flat0 = memref.collapse_shape %zeros [[0, 1]] : memref<16x64xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      %flat1 = memref.collapse_shape %nans [[0, 1]] : memref<16x64xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c1024 step %nt {
        memref.store %sentinel, %flat0[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %sentinel, %flat1[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
      }
      asynccopy.fence_async_shared
      gpu.barrier
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
      asynccopy.copy %in to %zeros window [0, 0] [16, 64] barrier %bar[%c0]
          {impl = #asynccopy<impl tma>, oob = #asynccopy<oob zeros>}
          : memref<?x64xf32> to memref<16x64xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %in to %nans window [0, 0] [16, 64] barrier %bar[%c1]
          {impl = #asynccopy<impl tma>, oob = #asynccopy<oob nan>}
          : memref<?x64xf32> to memref<16x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<2>
      asynccopy.barrier.wait %bar[%c1], %false : !asynccopy.barrier<2>
      scf.for %i = %tid to %c1024 step %nt {
        %z = memref.load %flat0[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %z, %smem_image[%c0, %i] : memref<2x1024xf32>
        %n = memref.load %flat1[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %n, %smem_image[%c1, %i] : memref<2x1024xf32>
      }
      gpu.barrier
      scf.for %i = %tid to %c1024 step %nt {
        memref.store %seven, %flat0[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
      }
      asynccopy.fence_async_shared
      gpu.barrier
      %t = asynccopy.copy %zeros to %out window [0, 0] [16, 64] {impl = #asynccopy<impl tma>}
          : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<?x64xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_empty(%in: memref<?x64xf32>, %out: memref<?x64xf32>, %smem_image: memref<2x1024xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<?x64xf32>, %out : memref<?x64xf32>, %smem_image : memref<2x1024xf32>)
    return
  }
}
