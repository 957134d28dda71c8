// TMA load of 64x16 f16 tiles (32-B rows) with 32-B swizzle from a 128x32
// tensor (block (x, y) takes the tile at (64y, 16x)), the SMEM image dumped
// linearly to %smem_image (the harness checks the swizzle pattern), and a
// TMA store of each tile back to %out (the harness checks the round trip).
// RUN: %gpu_tests tma_swizzle_32 | FileCheck %s
// CHECK: tma_swizzle_32: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x32xf16>, %out: memref<128x32xf16>, %smem_image: memref<4x1024xf16>)
        workgroup(%tile : memref<64x16xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %cw = arith.constant 16 : index
      %cn = arith.constant 1024 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %cw : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 16] barrier %bar[%c0] {swizzle = 32 : i64}
          : memref<128x32xf16> to memref<64x16xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x16xf16, #gpu.address_space<workgroup>> into memref<1024xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<1024xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x1024xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 16] {swizzle = 32 : i64}
          : memref<64x16xf16, #gpu.address_space<workgroup>> to memref<128x32xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_swizzle_32(%in: memref<128x32xf16>, %out: memref<128x32xf16>, %smem_image: memref<4x1024xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %gx = arith.constant 2 : index
    %gy = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x32xf16>, %out : memref<128x32xf16>, %smem_image : memref<4x1024xf16>)
    return
  }
}
