// `replicated` over clusters of 2 along x (swizzle 128): the group leader
// loads the whole tile and multicasts it; the other CTA issues nothing.
// RUN: %gpu_tests tma_multicast_replicated | FileCheck %s
// CHECK: tma_multicast_replicated: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x128xf16>, %out: memref<128x128xf16>, %smem_image: memref<8x4096xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %ccx = arith.constant 2 : index
      %ccy = arith.constant 1 : index
      %cn = arith.constant 4096 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      // The CTAs of one cluster share the tile (by / 1, bx / 2).
      %tx = arith.divui %bx, %ccx : index
      %ty = arith.divui %by, %ccy : index
      %row = arith.muli %ty, %c64 : index
      %col = arith.muli %tx, %c64 : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // Every CTA's barrier is initialised before any peer multicasts to it.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.replicated, swizzle = 128 : i64}
          : memref<128x128xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x64xf16, #gpu.address_space<workgroup>> into memref<4096xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<4096xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<8x4096xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64] {swizzle = 128 : i64}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      // No CTA leaves while a peer may still multicast into the cluster.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
  func.func @tma_multicast_replicated(%in: memref<128x128xf16>, %out: memref<128x128xf16>, %smem_image: memref<8x4096xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %cx = arith.constant 2 : index
    %cy = arith.constant 1 : index
    %gx = arith.constant 4 : index
    %gy = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel clusters in (%cx, %cy, %c1) blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x128xf16>, %out : memref<128x128xf16>, %smem_image : memref<8x4096xf16>)
    return
  }
}
