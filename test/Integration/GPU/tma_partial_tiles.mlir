// Tiles that do not divide the tensor: each block TMA-loads a 64x128 f16
// window of a 100x200 tensor tiled by #asynccopy.tile<[64, 32]> (64-B
// swizzle columns, as an MN-major wgmma operand is loaded) into SMEM
// 4x64x32; neither 100 nor 200 is a multiple of its tile. Each tile is one
// TMA box of the plain tensor, which fills what lies past its end with
// zeros (block (x, y) takes the window at (64y, 128x)). The SMEM image is
// dumped to %smem_image; a TMA store with the same transform writes the
// tiles back to %out, and nothing past its end (the harness keeps guard
// rows after it and checks them).
// RUN: %gpu_tests tma_partial_tiles | FileCheck %s
// CHECK: tma_partial_tiles: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<100x200xf16>, %out: memref<100x200xf16>, %smem_image: memref<4x8192xf16>)
        workgroup(%tile : memref<4x64x32xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c8192 = arith.constant 8192 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c128 : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 32]>], swizzle = 64 : i64}
          : memref<100x200xf16> to memref<4x64x32xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1, 2]] : memref<4x64x32xf16, #gpu.address_space<workgroup>> into memref<8192xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c8192 step %nt {
        %v = memref.load %flat[%i] : memref<8192xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x8192xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 32]>], swizzle = 64 : i64}
          : memref<4x64x32xf16, #gpu.address_space<workgroup>> to memref<100x200xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_partial_tiles(%in: memref<100x200xf16>, %out: memref<100x200xf16>, %smem_image: memref<4x8192xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<100x200xf16>, %out : memref<100x200xf16>, %smem_image : memref<4x8192xf16>)
    return
  }
}
