// RUN: ac-opt %s -split-input-file -asynccopy-partition-collective | FileCheck %s
// RUN: ac-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(asynccopy-partition-collective,asynccopy-partition-collective)' | FileCheck %s

// The cluster shape comes from the kernel's launches (constant `clusters in`)
// and is recorded on every collective copy; other copies are left alone.
// CHECK-LABEL: gpu.func @from_launch
// CHECK: asynccopy.copy {{.*}}asynccopy.cluster_shape = array<i64: 2, 1, 1>{{.*}}collective = [#gpu<dim x>]
// CHECK: asynccopy.copy
// CHECK-NOT: asynccopy.cluster_shape
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @from_launch(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %T : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %T window [64, 0] [64, 64] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@from_launch clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<4096x4096xf16>)
    gpu.launch_func @kernels::@from_launch clusters in (%c2, %c1, %c1) blocks in (%c128, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<4096x4096xf16>)
    return
  }
}

// -----

// `known_cluster_size` on the kernel wins; it needs no launch in the module.
// A group of 4 along x and y (2x2): a 64-row window splits into 16-row
// pieces; `replicated` and collective dims of extent 1 need no split.
// CHECK-LABEL: gpu.func @from_attribute
// CHECK: asynccopy.cluster_shape = array<i64: 2, 2, 1>{{.*}}collective = [#gpu<dim x>, #gpu<dim y>]
// CHECK: asynccopy.cluster_shape = array<i64: 2, 2, 1>{{.*}}collective = [#gpu<dim x>], partition = #asynccopy.replicated
// CHECK: asynccopy.cluster_shape = array<i64: 2, 2, 1>{{.*}}collective = [#gpu<dim z>]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @from_attribute(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 2, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>, #gpu<dim y>], swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.replicated}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim z>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
