// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   -asynccopy-finalize-descriptor-params | FileCheck %s

// The trailing tensor-map parameters become 128-B, 64-B aligned byval
// __grid_constant__ parameters; the others are untouched.
// CHECK-LABEL: llvm.func @k
// CHECK-SAME: (%{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>, nvvm.grid_constant})
// CHECK-NOT: asynccopy.grid_constants
gpu.module @kernels {
  llvm.func @k(%x: i64, %p: !llvm.ptr, %d: !llvm.ptr) attributes {asynccopy.grid_constants = 1 : i64, nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{has tensor-map parameters but is not an LLVM function yet}}
  gpu.func @k(%d: !llvm.ptr) kernel attributes {asynccopy.grid_constants = 1 : i64} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{tensor-map parameter 0 is not a pointer}}
  llvm.func @k(%x: i64) attributes {asynccopy.grid_constants = 1 : i64, nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{declares 3 tensor-map parameters but has only 1 parameters}}
  llvm.func @k(%x: !llvm.ptr) attributes {asynccopy.grid_constants = 3 : i64, nvvm.kernel} {
    llvm.return
  }
}
