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
      // expected-error @+1 {{'asynccopy.tma.load' op is collective but has no cluster shape; run asynccopy-partition-collective first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// An explicit `impl` is selection's to honour: the conversion lowers the op
// selection rewrites the copy into.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @explicit_impl(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.copy' op has not been rewritten into its mechanism op; run asynccopy-select-implementation first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl bulk>}
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
