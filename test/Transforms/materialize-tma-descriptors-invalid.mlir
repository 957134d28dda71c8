// RUN: not ac-opt %s -asynccopy-materialize-tma-descriptors="mode=global" 2>&1 | FileCheck %s

// CHECK: error: asynccopy-materialize-tma-descriptors: mode must be `param` or `scratch`, got `global`
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
