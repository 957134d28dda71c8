// The tiled TMA kernel for Blackwell: chip=sm_100a gets the lowest PTX version
// that chip accepts (8.6; LLVM aborts on the +ptx81 that suits sm_90a) and the
// PTX assembles with ptxas -arch=sm_100a.
// RUN: ac-opt %s -asynccopy-to-llvm="chip=sm_100a format=isa" \
// RUN:   | %extract_ptx_sm100a | FileCheck %s

// CHECK: .version 8.6
// CHECK: .target sm_100a
// CHECK-LABEL: .entry tiled_copy(
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity
// CHECK: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_copy(%in: memref<16384x16384xf16>, %out: memref<16384x16384xf16>)
        workgroup(%tile : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %phase = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<16384x16384xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<16384x16384xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
