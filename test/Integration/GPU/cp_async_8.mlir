// cp.async with 8-B transfers: rows of 132 f16 (264 B) make only 8-B
// alignment provable, so 4 x f16 per cp.async.ca. Block (x, y) copies the
// window [16y, 64x] [16, 64] of a 64x132 tensor into SMEM 16x64 and dumps the
// SMEM image to %image (row 2y + x); the harness checks every element.
// RUN: %gpu_tests cp_async_8 | FileCheck %s
// CHECK: cp_async_8: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<64x132xf16>, %smem_image: memref<8x1024xf16>)
        workgroup(%tile : memref<16x64xf16, #gpu.address_space<workgroup>>) kernel {
      %ctr = arith.constant 16 : index
      %ctc = arith.constant 64 : index
      %cn = arith.constant 1024 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %ctr : index
      %col = arith.muli %bx, %ctc : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<16x64xf16, #gpu.address_space<workgroup>> into memref<1024xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %in to %tile window [%row, %col] [16, 64] {impl = #asynccopy<impl cp_async>}
          : memref<64x132xf16> to memref<16x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<1024xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<8x1024xf16>
      }
      gpu.return
    }
  }
  func.func @cp_async_8(%in0: memref<64x132xf16>, %image0: memref<8x1024xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in0 : memref<64x132xf16>, %image0 : memref<8x1024xf16>)
    return
  }
}
