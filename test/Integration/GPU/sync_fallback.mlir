// Synchronous fallback (impl = sync, executed by the CTA's threads; a token
// and asynccopy.wait each): block (x, y) loads the window [32y, 64x] [32, 64]
// of a 128x128 f32 tensor into SMEM 32x64, dumps the SMEM image to
// %smem_image (row 2y + x) and stores the window back to %out with a sync
// store; the harness checks both.
// RUN: %gpu_tests sync_fallback | FileCheck %s
// CHECK: sync_fallback: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x128xf32>, %out: memref<128x128xf32>, %smem_image: memref<8x2048xf32>)
        workgroup(%tile : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c2048 = arith.constant 2048 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c32 : index
      %col = arith.muli %bx, %c64 : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %t0 = asynccopy.copy %in to %tile window [%row, %col] [32, 64] {impl = #asynccopy<impl sync>}
          : memref<128x128xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t0 : !asynccopy.token
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<32x64xf32, #gpu.address_space<workgroup>> into memref<2048xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c2048 step %nt {
        %v = memref.load %flat[%i] : memref<2048xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<8x2048xf32>
      }
      %t1 = asynccopy.copy %tile to %out window [%row, %col] [32, 64] {impl = #asynccopy<impl sync>}
          : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<128x128xf32> -> !asynccopy.token
      asynccopy.wait %t1 : !asynccopy.token
      gpu.return
    }
  }
  func.func @sync_fallback(%in: memref<128x128xf32>, %out: memref<128x128xf32>, %smem_image: memref<8x2048xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x128xf32>, %out : memref<128x128xf32>, %smem_image : memref<8x2048xf32>)
    return
  }
}
