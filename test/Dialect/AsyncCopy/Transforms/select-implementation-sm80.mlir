// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-select-implementation | FileCheck %s
// On a module for a pre-Hopper chip, TMA, bulk and DSMEM decline and the
// copies fall back to cp.async or sync (sync alone before sm_80): every legal
// copy still compiles.

// CHECK-LABEL: gpu.func @ampere
// CHECK: asynccopy.cp_async.copy
// CHECK: asynccopy.sync.copy
// CHECK-NOT: asynccopy.prefetch
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @ampere(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      %u = asynccopy.copy %S to %A window [%i, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.prefetch %A window [%i, 0] [64, 64] : memref<4096x4096xf16>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_86">] {
    gpu.func @explicit_tma(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: TMA needs sm_90 or newer; this GPU module targets sm_86; use impl = sync}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.func @turing
// CHECK: asynccopy.sync.copy
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    gpu.func @turing(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    gpu.func @explicit_cp_async(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      // expected-error @+1 {{impl = cp_async cannot perform this copy: cp.async needs sm_80 or newer; this GPU module targets sm_75; use impl = sync}}
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}
