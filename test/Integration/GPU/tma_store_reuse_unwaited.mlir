// One SMEM tile for two TMA stores, the program waiting only at the end:
// the second load would overwrite the tile while the first store may still
// read it. asynccopy-assign-wait-groups puts `cp.async.bulk.wait_group.read
// 0` (the store has read its SMEM; its GMEM writes may still be in flight)
// before that load. Tile i of %in goes to tile i of %out.
// RUN: %gpu_tests tma_store_reuse_unwaited | FileCheck %s
// CHECK: tma_store_reuse_unwaited: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
        workgroup(%s : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %s window [0, 0] [64, 64] barrier %bar[%c0]
          : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t0 = asynccopy.copy %s to %out window [0, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.copy %in to %s window [64, 0] [64, 64] barrier %bar[%c0]
          : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %true : !asynccopy.barrier<1>
      %t1 = asynccopy.copy %s to %out window [64, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.wait %t1 : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_store_reuse_unwaited(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x64xf16>, %out : memref<128x64xf16>)
    return
  }
}
