// Tensor maps are materialised once: a second run in another mode would
// reinterpret the kernel's parameters (a scratch pointer as a 128-B map, or
// the reverse), so it is an error naming both modes.
// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors{descriptor-mode=param},asynccopy-materialize-tma-descriptors{descriptor-mode=scratch})'
// RUN: not ac-opt %s \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors{descriptor-mode=scratch},asynccopy-materialize-tma-descriptors{descriptor-mode=param})' \
// RUN:   2>&1 | FileCheck %s --check-prefix=REVERSE

// REVERSE: error: 'gpu.func' op already has its tensor maps in mode `scratch`, which cannot be changed to mode `param`
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op already has its tensor maps in mode `param`, which cannot be changed to mode `scratch`: run asynccopy-materialize-tma-descriptors with one mode}}
    gpu.func @k(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<4096x4096xf16>)
    return
  }
}
