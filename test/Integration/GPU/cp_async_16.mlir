// cp.async with 16-B transfers (impl = cp_async; a token and asynccopy.wait):
// f16 rows of 64 elements (128 B, 16-B aligned), 8 x f16 per cp.async.cg.
// Block (0, y) copies the window [32y, 0] [32, 64] of a 128x64 tensor into
// SMEM 32x64 and dumps the SMEM image to %image (row y); the harness checks
// every element.
// RUN: %gpu_tests cp_async_16 | FileCheck %s
// CHECK: cp_async_16: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x64xf16>, %smem_image: memref<4x2048xf16>)
        workgroup(%tile : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %ctr = arith.constant 32 : index
      %ctc = arith.constant 64 : index
      %cn = arith.constant 2048 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %ctr : index
      %col = arith.muli %bx, %ctc : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<32x64xf16, #gpu.address_space<workgroup>> into memref<2048xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %in to %tile window [%row, %col] [32, 64] {impl = #asynccopy<impl cp_async>}
          : memref<128x64xf16> to memref<32x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<2048xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x2048xf16>
      }
      gpu.return
    }
  }
  func.func @cp_async_16(%in0: memref<128x64xf16>, %image0: memref<4x2048xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in0 : memref<128x64xf16>, %image0 : memref<4x2048xf16>)
    return
  }
}
