// RUN: not ac-opt %s --pass-pipeline='builtin.module(gpu.module(asynccopy-materialize-tma-descriptors{mode=scratch}))' 2>&1 | FileCheck %s --check-prefix=SCRATCH
// RUN: not ac-opt %s --pass-pipeline='builtin.module(gpu.module(asynccopy-materialize-tma-descriptors{mode=global}))' 2>&1 | FileCheck %s --check-prefix=MODE

// SCRATCH: error: asynccopy-materialize-tma-descriptors: mode=scratch needs the host-side runtime support
// MODE: error: asynccopy-materialize-tma-descriptors: mode must be `param` or `scratch`, got `global`
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
