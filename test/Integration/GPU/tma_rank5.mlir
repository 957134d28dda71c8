// Rank-5 window with 64-B swizzle: block (x, y, z) TMA-loads the window
// [x, 2y, 2(z / 2), 8(z % 2), 0] [1, 2, 2, 8, 32] of a 2x4x4x16x32 f16 tensor
// into SMEM 1x2x2x8x32 (one rank-5 TMA issue), dumps the SMEM image linearly
// to %smem_image (row (2z + y) * 2 + x; the harness checks the swizzle
// pattern) and stores the window back to %out (the round trip).
// RUN: %gpu_tests tma_rank5 | FileCheck %s
// CHECK: tma_rank5: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<2x4x4x16x32xf16>, %out: memref<2x4x4x16x32xf16>, %smem_image: memref<16x1024xf16>)
        workgroup(%tile : memref<1x2x2x8x32xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c1024 = arith.constant 1024 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %d1 = arith.muli %by, %c2 : index
      %zh = arith.divui %bz, %c2 : index
      %zl = arith.remui %bz, %c2 : index
      %d2 = arith.muli %zh, %c2 : index
      %d3 = arith.muli %zl, %c8 : index
      %z2 = arith.muli %bz, %c2 : index
      %zy = arith.addi %z2, %by : index
      %zy2 = arith.muli %zy, %c2 : index
      %blk = arith.addi %zy2, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%bx, %d1, %d2, %d3, 0] [1, 2, 2, 8, 32] barrier %bar[%c0] {swizzle = 64 : i64}
          : memref<2x4x4x16x32xf16> to memref<1x2x2x8x32xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1, 2, 3, 4]] : memref<1x2x2x8x32xf16, #gpu.address_space<workgroup>> into memref<1024xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c1024 step %nt {
        %v = memref.load %flat[%i] : memref<1024xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<16x1024xf16>
      }
      %t = asynccopy.copy %tile to %out window [%bx, %d1, %d2, %d3, 0] [1, 2, 2, 8, 32] {swizzle = 64 : i64}
          : memref<1x2x2x8x32xf16, #gpu.address_space<workgroup>> to memref<2x4x4x16x32xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_rank5(%in: memref<2x4x4x16x32xf16>, %out: memref<2x4x4x16x32xf16>, %smem_image: memref<16x1024xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c4) threads in (%c128, %c1, %c1)
        args(%in : memref<2x4x4x16x32xf16>, %out : memref<2x4x4x16x32xf16>, %smem_image : memref<16x1024xf16>)
    return
  }
}
