// RUN: ac-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)' | FileCheck %s
// Arithmetic on user-controlled extents, strides and offsets that overflowed
// int64_t (UBSan: signed-integer-overflow) before; found with targeted inputs
// next to the fuzzer (docs/robustness.md).

// A static window offset near INT64_MAX: the start-alignment analysis
// multiplied it by the element size. The window is simply out of bounds
// (oob = zeros), so it lowers.
// CHECK-LABEL: gpu.func @huge_offset
// CHECK-NOT: asynccopy.copy
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a">] {
    gpu.func @huge_offset(%A: memref<4096x4096xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [9223372036854775807, 0] [64, 64] barrier %b[%c0] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// The same on sm_80 (cp.async, a per-thread path): its static bound check
// added the window size to the offset (found by ac-fuzz under UBSan).
// CHECK-LABEL: gpu.func @huge_offset_sm80
// CHECK: nvgpu.device_async_copy
// CHECK-NOT: asynccopy.copy
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @huge_offset_sm80(%A: memref<4096x4096xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [9223372036854775807, 0] [64, 64] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// collapse_leading over a stride near INT64_MAX: the merged extent of the
// tensor view overflowed. Now there is no tensor view (no TMA), and the
// fallback declines with its reason, which selection reports.
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a">] {
    gpu.func @collapse_overflow(%A: memref<4096x4096xf16, strided<[4096, 9223372036854775807]>>) workgroup(%S : memref<4096xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+6 {{no implementation can perform this copy}}
      // expected-note @+5 {{tma: the transforms do not divide the GMEM tensor evenly}}
      // expected-note @+4 {{bulk: bulk copies take no transforms}}
      // expected-note @+3 {{dsmem: dsmem copies SMEM to another CTA of the cluster}}
      // expected-note @+2 {{cp_async: cp.async completes through commit/wait groups}}
      // expected-note @+1 {{sync: collapse_leading merges dims whose strides do not decrease from outer to inner}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {transforms = [#asynccopy.collapse_leading<2>]} : memref<4096x4096xf16, strided<[4096, 9223372036854775807]>> to memref<4096xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
