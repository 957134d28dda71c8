// Bad pipeline options are refused before any pass runs (LLVM would abort on
// an unknown chip or a PTX version below the chip's; gpu-module-to-binary only
// reports a bad format, without failing).
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=foo" 2>&1 | FileCheck %s --check-prefix=CHECK-CHIP
// RUN: not ac-opt %s -asynccopy-to-nvvm="chip=sm_90x" 2>&1 | FileCheck %s --check-prefix=CHECK-SUFFIX
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=sm_999" 2>&1 | FileCheck %s --check-prefix=CHECK-UNKNOWN
// RUN: not ac-opt %s -asynccopy-to-nvvm="chip=sm_91a" 2>&1 | FileCheck %s --check-prefix=CHECK-UNKNOWN-A
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=sm_100a features=+ptx80" 2>&1 | FileCheck %s --check-prefix=CHECK-PTX-CHIP
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=sm_120 features=+ptx86" 2>&1 | FileCheck %s --check-prefix=CHECK-PTX-120
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=sm_80 features=+ptx70" 2>&1 | FileCheck %s --check-prefix=CHECK-PTX-FLOOR
// RUN: not ac-opt %s -asynccopy-to-llvm="chip=sm_90a features=+ptx99" 2>&1 | FileCheck %s --check-prefix=CHECK-PTX-UNKNOWN
// RUN: not ac-opt %s -asynccopy-to-nvvm="features=+sm_90a" 2>&1 | FileCheck %s --check-prefix=CHECK-FEATURE
// RUN: not ac-opt %s -asynccopy-to-llvm="opt-level=9" 2>&1 | FileCheck %s --check-prefix=CHECK-OPT
// RUN: not ac-opt %s -asynccopy-to-llvm="format=ptx" 2>&1 | FileCheck %s --check-prefix=CHECK-FORMAT
// RUN: not ac-opt %s -asynccopy-to-nvvm="descriptor-mode=global" 2>&1 | FileCheck %s --check-prefix=CHECK-MODE
// RUN: not ac-opt %s -asynccopy-to-nvvm="stages=-1" 2>&1 | FileCheck %s --check-prefix=CHECK-STAGES
// RUN: not ac-opt %s -asynccopy-to-nvvm="fallbacks=loud" 2>&1 | FileCheck %s --check-prefix=CHECK-FALLBACKS
// The default PTX version follows the chip; an explicit one that is new
// enough is kept.
// RUN: ac-opt %s -asynccopy-to-nvvm="chip=sm_100f" | FileCheck %s --check-prefix=CHECK-DEFAULT
// RUN: ac-opt %s -asynccopy-to-nvvm="chip=sm_80" | FileCheck %s --check-prefix=CHECK-DEFAULT-80
// RUN: ac-opt %s -asynccopy-to-nvvm="chip=sm_90a features=+ptx83" | FileCheck %s --check-prefix=CHECK-EXPLICIT

// CHECK-FALLBACKS: error: asynccopy-to-nvvm: fallbacks must be `warn`, `error` or `silent`, got `loud`
// CHECK-CHIP: error: asynccopy-to-llvm: chip 'foo' is not an NVIDIA GPU architecture; expected sm_<N> with an optional a/f suffix (e.g. sm_90a)
// CHECK-SUFFIX: error: asynccopy-to-nvvm: chip 'sm_90x' is not an NVIDIA GPU architecture
// CHECK-UNKNOWN: error: asynccopy-to-llvm: chip 'sm_999' is not a chip LLVM's NVPTX back end knows (sm_20, sm_21, {{.*}}, sm_90a, sm_100, {{.*}}, sm_121f)
// CHECK-UNKNOWN-A: error: asynccopy-to-nvvm: chip 'sm_91a' is not a chip LLVM's NVPTX back end knows
// CHECK-PTX-CHIP: error: asynccopy-to-llvm: features '+ptx80' select PTX 8.0, but chip 'sm_100a' needs PTX 8.6 or newer; use +ptx86 or leave `features` out
// CHECK-PTX-120: error: asynccopy-to-llvm: features '+ptx86' select PTX 8.6, but chip 'sm_120' needs PTX 8.7 or newer; use +ptx87 or leave `features` out
// CHECK-PTX-FLOOR: error: asynccopy-to-llvm: features '+ptx70' select PTX 7.0, but the asynccopy lowering needs PTX 8.0 or newer; use +ptx80 or leave `features` out
// CHECK-PTX-UNKNOWN: error: asynccopy-to-llvm: features '+ptx99' must be a comma-separated list of +ptx<N> with a PTX version the NVPTX back end knows (e.g. +ptx86); `+ptx99` is not
// CHECK-FEATURE: error: asynccopy-to-nvvm: features '+sm_90a' must be a comma-separated list of +ptx<N>
// CHECK-OPT: error: asynccopy-to-llvm: opt-level must be 0, 1, 2 or 3, got 9
// CHECK-FORMAT: error: asynccopy-to-llvm: format must be `isa` (PTX), `bin` (cubin) or `fatbin`, got `ptx`
// CHECK-MODE: for the --descriptor-mode option: Cannot find option named 'global'!
// CHECK-STAGES: error: asynccopy-to-nvvm: stages must be 0 (only loops marked asynccopy.pipeline_stages) or more, got -1
// CHECK-DEFAULT: gpu.module @kernels [#nvvm.target<chip = "sm_100f", features = "+ptx88">]
// CHECK-DEFAULT-80: gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx81">]
// CHECK-EXPLICIT: gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx83">]
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
