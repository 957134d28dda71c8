// Tensor prefetch: each block prefetches its 64x64 f16 tile into L2
// (asynccopy.prefetch, cp.async.bulk.prefetch.tensor) before the TMA load
// of the same tile with 128-B swizzle; the harness checks the swizzled SMEM
// image and the TMA-store round trip, i.e. that the prefetch does not
// disturb the data.
// RUN: %gpu_tests tma_prefetch | FileCheck %s
// CHECK: tma_prefetch: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x128xf16>, %out: memref<128x128xf16>, %smem_image: memref<4x4096xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %cw = arith.constant 64 : index
      %cn = arith.constant 4096 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %cw : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      asynccopy.prefetch %in window [%row, %col] [64, 64] {swizzle = 128 : i64} : memref<128x128xf16>
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<128x128xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x64xf16, #gpu.address_space<workgroup>> into memref<4096xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<4096xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x4096xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64] {swizzle = 128 : i64}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_prefetch(%in: memref<128x128xf16>, %out: memref<128x128xf16>, %smem_image: memref<4x4096xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %gx = arith.constant 2 : index
    %gy = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x128xf16>, %out : memref<128x128xf16>, %smem_image : memref<4x4096xf16>)
    return
  }
}
