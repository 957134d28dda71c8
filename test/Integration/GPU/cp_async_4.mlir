// cp.async with 4-B transfers: @copy_f32 copies windows [16y, 0] [16, 64] of a
// 64x65 f32 tensor (260-B rows: one f32 per cp.async.ca), @copy_i8 windows
// [16y, 0] [16, 64] of a 64x68 i8 tensor (68-B rows: 4 x i8 per cp.async.ca),
// each into SMEM 16x64 and dumped to its image (row y); the harness checks
// every element of both.
// RUN: %gpu_tests cp_async_4 | FileCheck %s
// CHECK: cp_async_4: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_f32(%in: memref<64x65xf32>, %smem_image: memref<4x1024xf32>)
        workgroup(%tile : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
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
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<16x64xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %in to %tile window [%row, %col] [16, 64] {impl = #asynccopy<impl cp_async>}
          : memref<64x65xf32> to memref<16x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x1024xf32>
      }
      gpu.return
    }
    gpu.func @copy_i8(%in: memref<64x68xi8>, %smem_image: memref<4x1024xi8>)
        workgroup(%tile : memref<16x64xi8, #gpu.address_space<workgroup>>) kernel {
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
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<16x64xi8, #gpu.address_space<workgroup>> into memref<1024xi8, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %in to %tile window [%row, %col] [16, 64] {impl = #asynccopy<impl cp_async>}
          : memref<64x68xi8> to memref<16x64xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<1024xi8, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x1024xi8>
      }
      gpu.return
    }
  }
  func.func @cp_async_4(%in0: memref<64x65xf32>, %image0: memref<4x1024xf32>, %in1: memref<64x68xi8>, %image1: memref<4x1024xi8>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@copy_f32 blocks in (%c1, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in0 : memref<64x65xf32>, %image0 : memref<4x1024xf32>)
    gpu.launch_func @kernels::@copy_i8 blocks in (%c1, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in1 : memref<64x68xi8>, %image1 : memref<4x1024xi8>)
    return
  }
}
