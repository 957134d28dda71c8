// The kernel of bench/python_launch.py (launch overhead of the Python
// package): one CTA copies a 64x256 f16 tile with a TMA load into shared
// memory and a TMA store back out. Launched back to back, its run time is
// far below the host's launch cost, so the loop measures the launcher.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_tile(%in: memref<64x256xf16>, %out: memref<64x256xf16>)
        workgroup(%tile : memref<64x256xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%c0, %c0] [64, 256] barrier %bar[%c0]
          : memref<64x256xf16> to memref<64x256xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%c0, %c0] [64, 256]
          : memref<64x256xf16, #gpu.address_space<workgroup>> to memref<64x256xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
