// RUN: ac-opt %s -split-input-file -verify-diagnostics -convert-asynccopy-to-nvvm

// The conversion runs no other pass: IR that has not been through the passes
// before it is an error naming the pass it needs.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unselected(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.copy' op has no implementation; run asynccopy-select-implementation first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unpartitioned(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.copy' op is collective but has no cluster shape; run asynccopy-partition-collective first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], impl = #asynccopy<impl tma>, asynccopy.descriptor = 2 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unplanned(%B: memref<1024x1024xi32>, %i: index) kernel {
      // expected-error @+1 {{'asynccopy.prefetch' op has not been planned; run asynccopy-select-implementation first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.prefetch %B window [%i, 64] [64, 64] : memref<1024x1024xi32>
      gpu.return
    }
  }
}
