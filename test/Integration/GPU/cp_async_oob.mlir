// cp.async zero fill on ragged edges: the tensor is a 100x98 f32 view with
// row stride 128 (16-B aligned rows: 4 x f32 per cp.async.cg), covered by
// 64x64 windows at (64y, 64x); three of the four run past it, and at column
// 98 a vector straddles the edge (2 elements in, 2 zero-filled). Each block
// fills its SMEM tile with the sentinel -1.0 first, copies with oob = zeros
// and dumps the SMEM image to %image (row 2y + x): the harness checks
// in-tensor elements are copied and out-of-tensor ones read 0.
// RUN: %gpu_tests cp_async_oob | FileCheck %s
// CHECK: cp_async_oob: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<100x98xf32, strided<[128, 1]>>, %smem_image: memref<4x4096xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %ctr = arith.constant 64 : index
      %ctc = arith.constant 64 : index
      %cn = arith.constant 4096 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %ctr : index
      %col = arith.muli %bx, %ctc : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x64xf32, #gpu.address_space<workgroup>> into memref<4096xf32, #gpu.address_space<workgroup>>
      %sentinel = arith.constant -1.0 : f32
      scf.for %i = %tid to %cn step %nt {
        memref.store %sentinel, %flat[%i] : memref<4096xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %t = asynccopy.copy %in to %tile window [%row, %col] [64, 64] {impl = #asynccopy<impl cp_async>, oob = #asynccopy<oob zeros>}
          : memref<100x98xf32, strided<[128, 1]>> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<4096xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x4096xf32>
      }
      gpu.return
    }
  }
  func.func @cp_async_oob(%in0: memref<100x98xf32, strided<[128, 1]>>, %image0: memref<4x4096xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in0 : memref<100x98xf32, strided<[128, 1]>>, %image0 : memref<4x4096xf32>)
    return
  }
}
