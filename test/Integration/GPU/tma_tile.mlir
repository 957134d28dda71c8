// Tile transform: each block TMA-loads a 64x128 f16 window of a 128x256
// tensor tiled by #asynccopy.tile<[64, 64]> with 128-B swizzle into SMEM
// 2x64x64 (block (x, y) takes the window at (64y, 128x)). The SMEM image is
// dumped linearly to %smem_image: element (t, r, c) = in[64y + r][128x + 64t
// + c], swizzled by address. A TMA store with the same transform writes the
// tiles back to %out (the harness checks the round trip).
// RUN: %gpu_tests tma_tile | FileCheck %s
// CHECK: tma_tile: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x256xf16>, %out: memref<128x256xf16>, %smem_image: memref<4x8192xf16>)
        workgroup(%tile : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
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
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<128x256xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1, 2]] : memref<2x64x64xf16, #gpu.address_space<workgroup>> into memref<8192xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c8192 step %nt {
        %v = memref.load %flat[%i] : memref<8192xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x8192xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<128x256xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_tile(%in: memref<128x256xf16>, %out: memref<128x256xf16>, %smem_image: memref<4x8192xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x256xf16>, %out : memref<128x256xf16>, %smem_image : memref<4x8192xf16>)
    return
  }
}
