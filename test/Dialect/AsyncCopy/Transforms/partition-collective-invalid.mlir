// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-partition-collective

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_big(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 4, 4, 2>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.copy' op is collective in a cluster of 4x4x2 CTAs; clusters hold 1 to 16 CTAs}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

