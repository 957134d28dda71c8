// RUN: ac-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-asynccopy-to-nvvm))'

// Run on a gpu.module alone, the conversion cannot materialise tensor maps
// (that needs the host's launches): TMA copies without one are an error.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_map(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op has no tensor map; run asynccopy-materialize-tma-descriptors first}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A hand-written tensor-map index past the kernel's parameters.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bad_index(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op names tensor-map parameter 7, which its kernel does not have}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 7>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
