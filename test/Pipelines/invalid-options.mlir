// Bad pipeline options are refused before any pass runs (LLVM would abort on
// an unknown chip; gpu-module-to-binary only reports a bad format, without
// failing).
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=foo" 2>&1 | FileCheck %s --check-prefix=CHECK-CHIP
// RUN: not ac-opt %s -asynccopy-to-nvvm="chip=sm_90x" 2>&1 | FileCheck %s --check-prefix=CHECK-SUFFIX
// RUN: not ac-opt %s -asynccopy-to-llvm="opt-level=9" 2>&1 | FileCheck %s --check-prefix=CHECK-OPT
// RUN: not ac-opt %s -asynccopy-to-llvm="format=ptx" 2>&1 | FileCheck %s --check-prefix=CHECK-FORMAT
// RUN: not ac-opt %s -asynccopy-to-nvvm="descriptor-mode=global" 2>&1 | FileCheck %s --check-prefix=CHECK-MODE

// CHECK-CHIP: error: asynccopy-to-llvm: chip 'foo' is not an NVIDIA GPU architecture; expected sm_<N> with an optional a/f suffix (e.g. sm_90a, sm_80)
// CHECK-SUFFIX: error: asynccopy-to-nvvm: chip 'sm_90x' is not an NVIDIA GPU architecture
// CHECK-OPT: error: asynccopy-to-llvm: opt-level must be 0, 1, 2 or 3, got 9
// CHECK-FORMAT: error: asynccopy-to-llvm: format must be `isa` (PTX), `bin` (cubin) or `fatbin`, got `ptx`
// CHECK-MODE: error: asynccopy-to-nvvm: descriptor-mode must be `param` or `scratch`, got `global`
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
