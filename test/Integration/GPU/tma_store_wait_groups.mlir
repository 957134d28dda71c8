// Two SMEM tiles reused for four: each TMA store's buffer is loaded again
// once its store is waited on, while the other buffer's store is still in
// flight. asynccopy-assign-wait-groups turns each wait into
// `cp.async.bulk.wait_group 1` (the younger store may stay pending) except
// the last; tile i of %in goes to tile i of %out through buffer i % 2.
// RUN: %gpu_tests tma_store_wait_groups | FileCheck %s
// CHECK: tma_store_wait_groups: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<256x64xf16>, %out: memref<256x64xf16>)
        workgroup(%s0 : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %s1 : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
      asynccopy.copy %in to %s0 window [0, 0] [64, 64] barrier %bar[%c0]
          : memref<256x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %in to %s1 window [64, 0] [64, 64] barrier %bar[%c1]
          : memref<256x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<2>
      %t0 = asynccopy.copy %s0 to %out window [0, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x64xf16> -> !asynccopy.token
      asynccopy.barrier.wait %bar[%c1], %false : !asynccopy.barrier<2>
      %t1 = asynccopy.copy %s1 to %out window [64, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x64xf16> -> !asynccopy.token
      // wait_group 1: %t1 may stay in flight.
      asynccopy.wait %t0 : !asynccopy.token
      asynccopy.copy %in to %s0 window [128, 0] [64, 64] barrier %bar[%c0]
          : memref<256x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %true : !asynccopy.barrier<2>
      %t2 = asynccopy.copy %s0 to %out window [128, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x64xf16> -> !asynccopy.token
      // wait_group 1: %t2 may stay in flight.
      asynccopy.wait %t1 : !asynccopy.token
      asynccopy.copy %in to %s1 window [192, 0] [64, 64] barrier %bar[%c1]
          : memref<256x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c1], %true : !asynccopy.barrier<2>
      %t3 = asynccopy.copy %s1 to %out window [192, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x64xf16> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      asynccopy.wait %t3 : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_store_wait_groups(%in: memref<256x64xf16>, %out: memref<256x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<256x64xf16>, %out : memref<256x64xf16>)
    return
  }
}
