// TMA reduction (f32 add): each block TMA-loads the 64x64 tile (64y, 64x)
// of a 128x128 tensor %in into SMEM and reduce-stores it into the same
// window of %acc (cp.reduce.async.bulk.tensor .add); the harness checks
// acc = add(acc_init, in) for every element.
// RUN: %gpu_tests tma_reduce_add | FileCheck %s
// CHECK: tma_reduce_add: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x128xf32>, %acc: memref<128x128xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0]
          : memref<128x128xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %acc window [%row, %col] [64, 64] {reduction = #asynccopy<reduction add>}
          : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x128xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_reduce_add(%in: memref<128x128xf32>, %acc: memref<128x128xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x128xf32>, %acc : memref<128x128xf32>)
    return
  }
}
