// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   -asynccopy-finalize-descriptor-params | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(asynccopy-finalize-descriptor-params,asynccopy-finalize-descriptor-params)' | FileCheck %s

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

// -----

// Launches pass each tensor map by value: a 128-B load of the host copy the
// encoder wrote.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[X:.*]]: i64, %[[MAP:.*]]: !llvm.ptr)
// CHECK: %[[BYTES:.*]] = llvm.load %[[MAP]] {alignment = 64 : i64} : !llvm.ptr -> !llvm.array<16 x i64>
// CHECK-NOT: llvm.load
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[X]] : i64, %[[BYTES]] : !llvm.array<16 x i64>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @k(%x: i64, %d: !llvm.ptr) attributes {asynccopy.grid_constants = 1 : i64, gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host(%x: i64, %map: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%x : i64, %map : !llvm.ptr)
    return
  }
}
