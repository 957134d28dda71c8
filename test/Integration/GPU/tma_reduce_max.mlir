// TMA reduction (signed i32 max): each block TMA-loads the 64x64 tile (64y, 64x)
// of a 128x128 tensor %in into SMEM and reduce-stores it into the same
// window of %acc (cp.reduce.async.bulk.tensor .max); the harness checks
// acc = max(acc_init, in) for every element.
// RUN: %gpu_tests tma_reduce_max | FileCheck %s
// CHECK: tma_reduce_max: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x128xi32>, %acc: memref<128x128xi32>)
        workgroup(%tile : memref<64x64xi32, #gpu.address_space<workgroup>>) kernel {
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
          : memref<128x128xi32> to memref<64x64xi32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %acc window [%row, %col] [64, 64] {reduction = #asynccopy<reduction max>}
          : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_reduce_max(%in: memref<128x128xi32>, %acc: memref<128x128xi32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x128xi32>, %acc : memref<128x128xi32>)
    return
  }
}
