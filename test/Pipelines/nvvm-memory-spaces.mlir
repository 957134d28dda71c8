// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s

// Numeric memory spaces are NVVM's, as upstream nvgpu code writes them
// (MLIR's sm90 integration tests): SMEM as `memref<..., 3>` in a
// memref.global, GMEM as `memref<..., 1>` or without a space.
// CHECK-LABEL: .entry nvvm_spaces(
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @k {
    memref.global "private" @tile : memref<64x64xf16, 3>
    gpu.func @nvvm_spaces(%A: memref<128x128xf16>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %S = memref.get_global @tile : memref<64x64xf16, 3>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<128x128xf16> to memref<64x64xf16, 3>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %S to %A window [%i, 64] [64, 64] {swizzle = 128 : i64}
          : memref<64x64xf16, 3> to memref<128x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
