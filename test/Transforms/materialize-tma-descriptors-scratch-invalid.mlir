// RUN: ac-opt %s -verify-diagnostics -asynccopy-materialize-tma-descriptors="mode=scratch"

// Scratch buffers are freed after the launch: only synchronous launches.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    // expected-error @+1 {{mode=scratch supports synchronous launches only}}
    %t = gpu.launch_func async [%t0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<4096x4096xf16>)
    gpu.wait [%t]
    return
  }
}
