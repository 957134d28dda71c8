// Transpose transform: each block TMA-loads the window [0, 8x, 0] [4, 8, 64]
// of a 4x32x64 f32 tensor through #asynccopy.transpose<[1, 0, 2]> into SMEM
// 8x4x64: smem[i][j][k] = in[j][8x + i][k]. The SMEM image is dumped
// linearly to %smem_image and a TMA store with the same transform writes the
// window back to %out (the harness checks both).
// RUN: %gpu_tests tma_transpose | FileCheck %s
// CHECK: tma_transpose: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<4x32x64xf32>, %out: memref<4x32x64xf32>, %smem_image: memref<4x2048xf32>)
        workgroup(%tile : memref<8x4x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c2048 = arith.constant 2048 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %i0 = arith.muli %bx, %c8 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [0, %i0, 0] [4, 8, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.transpose<[1, 0, 2]>]}
          : memref<4x32x64xf32> to memref<8x4x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1, 2]] : memref<8x4x64xf32, #gpu.address_space<workgroup>> into memref<2048xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c2048 step %nt {
        %v = memref.load %flat[%i] : memref<2048xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%bx, %i] : memref<4x2048xf32>
      }
      %t = asynccopy.copy %tile to %out window [0, %i0, 0] [4, 8, 64]
          {transforms = [#asynccopy.transpose<[1, 0, 2]>]}
          : memref<8x4x64xf32, #gpu.address_space<workgroup>> to memref<4x32x64xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_transpose(%in: memref<4x32x64xf32>, %out: memref<4x32x64xf32>, %smem_image: memref<4x2048xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<4x32x64xf32>, %out : memref<4x32x64xf32>, %smem_image : memref<4x2048xf32>)
    return
  }
}
