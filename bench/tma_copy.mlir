// Tiled copy benchmark: every CTA moves one 128x128 f16 tile (32 KiB) of a
// 16384x16384 f16 matrix with a TMA load into SMEM and a TMA store back.
// `@copy_tiles` launches the kernel `iters` times back to back on one stream.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_tile(%in: memref<16384x16384xf16>, %out: memref<16384x16384xf16>)
        workgroup(%tile : memref<128x128xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c128 : index
      %col = arith.muli %bx, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [128, 128] barrier %bar[%c0]
          : memref<16384x16384xf16> to memref<128x128xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [128, 128]
          : memref<128x128xf16, #gpu.address_space<workgroup>> to memref<16384x16384xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @copy_tiles(%in: memref<16384x16384xf16>, %out: memref<16384x16384xf16>, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@copy_tile
          blocks in (%c128, %c128, %c1) threads in (%c32, %c1, %c1)
          args(%in : memref<16384x16384xf16>, %out : memref<16384x16384xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}
