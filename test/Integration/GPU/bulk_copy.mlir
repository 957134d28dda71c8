// Bulk copies (impl = bulk, no tensor map): each block loads the window
// [4y, 128x] [4, 128] of a 32x512 f32 tensor, four whole 512-B rows promised
// in bounds, with one cp.async.bulk per row into dense SMEM 4x128 (one
// barrier arrival expecting 2048 B), dumps the SMEM image to %smem_image
// (row 4y + x) and stores the window back to %out with bulk stores; the
// harness checks both.
// RUN: %gpu_tests bulk_copy | FileCheck %s
// CHECK: bulk_copy: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<32x512xf32>, %out: memref<32x512xf32>, %smem_image: memref<32x512xf32>)
        workgroup(%tile : memref<4x128xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %c512 = arith.constant 512 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c4 : index
      %col = arith.muli %bx, %c128 : index
      %blk = arith.addi %row, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [4, 128] barrier %bar[%c0]
          {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
          : memref<32x512xf32> to memref<4x128xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<4x128xf32, #gpu.address_space<workgroup>> into memref<512xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c512 step %nt {
        %v = memref.load %flat[%i] : memref<512xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<32x512xf32>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [4, 128]
          {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
          : memref<4x128xf32, #gpu.address_space<workgroup>> to memref<32x512xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @bulk_copy(%in: memref<32x512xf32>, %out: memref<32x512xf32>, %smem_image: memref<32x512xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c4, %c8, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<32x512xf32>, %out : memref<32x512xf32>, %smem_image : memref<32x512xf32>)
    return
  }
}
