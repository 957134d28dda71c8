// tma_swizzle_128 with descriptor-mode=scratch (build-gpu-tests.sh compiles
// modules whose name ends in _scratch that way): the tensor maps reach the
// kernel through device scratch memory instead of __grid_constant__
// parameters. TMA load of a 64x64 f16 tile with 128-B swizzle, the SMEM
// image dumped linearly to %smem_image (the harness checks the swizzle
// pattern), and a TMA store of the tile back to %out (the round trip).
// RUN: %gpu_tests tma_swizzle_128_scratch | FileCheck %s
// CHECK: tma_swizzle_128_scratch: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<256x64xf16>, %out: memref<256x64xf16>, %smem_image: memref<4x4096xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c4096 = arith.constant 4096 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %bx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<256x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x64xf16, #gpu.address_space<workgroup>> into memref<4096xf16, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c4096 step %nt {
        %v = memref.load %flat[%i] : memref<4096xf16, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%bx, %i] : memref<4x4096xf16>
      }
      %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_swizzle_128_scratch(%in: memref<256x64xf16>, %out: memref<256x64xf16>, %smem_image: memref<4x4096xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<256x64xf16>, %out : memref<256x64xf16>, %smem_image : memref<4x4096xf16>)
    return
  }
}
