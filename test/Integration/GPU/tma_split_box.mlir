// A window whose inner box dim is over the TMA limit of 256 elements: each
// block TMA-loads the window [2y, 512x] [2, 512] of a 64x1024 f32 tensor,
// which the lowering splits into several 256-element issues (one barrier
// arrival expecting all their bytes). The SMEM image (dense 2x512) is dumped
// to %smem_image (row 2y + x) and the window is stored back to %out with a
// split TMA store; the harness checks both.
// RUN: %gpu_tests tma_split_box | FileCheck %s
// CHECK: tma_split_box: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<64x1024xf32>, %out: memref<64x1024xf32>, %smem_image: memref<64x1024xf32>)
        workgroup(%tile : memref<2x512xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c512 = arith.constant 512 : index
      %c1024 = arith.constant 1024 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c2 : index
      %col = arith.muli %bx, %c512 : index
      %blk = arith.addi %row, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [2, 512] barrier %bar[%c0]
          : memref<64x1024xf32> to memref<2x512xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<2x512xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c1024 step %nt {
        %v = memref.load %flat[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<64x1024xf32>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [2, 512]
          : memref<2x512xf32, #gpu.address_space<workgroup>> to memref<64x1024xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_split_box(%in: memref<64x1024xf32>, %out: memref<64x1024xf32>, %smem_image: memref<64x1024xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c32, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<64x1024xf32>, %out : memref<64x1024xf32>, %smem_image : memref<64x1024xf32>)
    return
  }
}
