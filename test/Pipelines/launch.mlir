// A gpu.launch body is a kernel too: both pipelines outline it first (upstream
// gpu-kernel-outlining), so its TMA copy of a memref the body captures gets a
// tensor map like any kernel argument.
// RUN: ac-opt %s -asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @copy_tile
// CHECK-NOT: gpu.launch blocks
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit
// CHECK: gpu.launch_func @copy_tile_kernel::@copy_tile_kernel
// CHECK: gpu.module @copy_tile_kernel [#nvvm.target<chip = "sm_90a", features = "+ptx81">]
// CHECK: llvm.func @copy_tile_kernel
// CHECK-SAME: nvvm.grid_constant
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global

// PTX-LABEL: .entry copy_tile_kernel(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
module attributes {gpu.container_module} {
  func.func @copy_tile(%in: memref<256x256xf16>, %out: memref<64x64xf16>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
               workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %phase = arith.constant false
      %row = arith.muli %bx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.terminator
    }
    return
  }
}
