// Rank-3 window with 128-B swizzle: each block TMA-loads the window
// [2y, 16x, 0] [2, 16, 64] of an 8x32x64 f16 tensor into SMEM 2x16x64
// (grid 2x4), dumps the SMEM image linearly to %smem_image (row 2y + x; the
// harness checks the swizzle pattern: element (a, b, c) = in[2y + a][16x +
// b][c]) and stores the window back to %out (the round trip).
// RUN: %gpu_tests tma_rank3 | FileCheck %s
// CHECK: tma_rank3: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<8x32x64xf16>, %out: memref<8x32x64xf16>, %smem_image: memref<8x2048xf16>)
        workgroup(%tile : memref<2x16x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %c2048 = arith.constant 2048 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %d0 = arith.muli %by, %c2 : index
      %d1 = arith.muli %bx, %c16 : index
      %blk = arith.addi %d0, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%d0, %d1, 0] [2, 16, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<8x32x64xf16> to memref<2x16x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1, 2]] : memref<2x16x64xf16, #gpu.address_space<workgroup>> into memref<2048xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c2048 step %nt {
        %v = memref.load %flat[%i] : memref<2048xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<8x2048xf16>
      }
      %t = asynccopy.copy %tile to %out window [%d0, %d1, 0] [2, 16, 64] {swizzle = 128 : i64}
          : memref<2x16x64xf16, #gpu.address_space<workgroup>> to memref<8x32x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_rank3(%in: memref<8x32x64xf16>, %out: memref<8x32x64xf16>, %smem_image: memref<8x2048xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<8x32x64xf16>, %out : memref<8x32x64xf16>, %smem_image : memref<8x2048xf16>)
    return
  }
}
