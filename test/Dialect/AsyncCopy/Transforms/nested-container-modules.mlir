// GPU modules nested in a module inside the top-level one: selection,
// cluster shapes and tensor maps reach their kernels, and every launch is
// resolved in the symbol table that holds it (the inner modules reuse the
// names @kernels::@k with different cluster shapes).
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-host-to-llvm)' \
// RUN:   | FileCheck %s
// The conversion prepares (selection, partition, tensor maps) and lowers them
// on its own too.
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s --check-prefix=CONVERT
// Every pass run twice gives the same IR.
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,asynccopy-materialize-tma-descriptors,convert-asynccopy-host-to-llvm)' \
// RUN:   | FileCheck %s
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm,convert-asynccopy-to-nvvm)' \
// RUN:   | FileCheck %s --check-prefix=CONVERT

// CHECK-LABEL: module @top
// CHECK: gpu.func @k(%{{.*}}: memref<128x128xf16>, %{{.*}}: !llvm.ptr)
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [64, 64]
// CHECK: func.func @host
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%{{.*}} : memref<128x128xf16>, %{{.*}} : !llvm.ptr)
// CHECK-LABEL: module @pair
// CHECK: gpu.func @k(%{{.*}}: memref<4096x4096xf16>, %{{.*}}: !llvm.ptr)
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [32, 64]
// CHECK: asynccopy.tma.load {{.*}}asynccopy.cluster_shape = array<i64: 2, 1, 1>{{.*}}descriptor = 1>
// CHECK: func.func @host
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit
// CHECK: gpu.launch_func @kernels::@k clusters in
// CHECK-SAME: args(%{{.*}} : memref<4096x4096xf16>, %{{.*}} : !llvm.ptr)
// CHECK-LABEL: module @quad
// CHECK: gpu.func @k(%{{.*}}: memref<4096x4096xf16>, %{{.*}}: !llvm.ptr)
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [16, 64]
// CHECK: asynccopy.tma.load {{.*}}asynccopy.cluster_shape = array<i64: 4, 1, 1>{{.*}}descriptor = 1>
// CHECK: func.func @host
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit
// CHECK: gpu.launch_func @kernels::@k clusters in
// CHECK-SAME: args(%{{.*}} : memref<4096x4096xf16>, %{{.*}} : !llvm.ptr)

// CONVERT-LABEL: module @top
// CONVERT: gpu.func @k
// CONVERT: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CONVERT-LABEL: module @pair
// CONVERT: gpu.func @k
// CONVERT: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask
// CONVERT-LABEL: module @quad
// CONVERT: gpu.func @k
// CONVERT: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask
module @top attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<128x128xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<128x128xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @host(%A: memref<128x128xf16>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<128x128xf16>)
    return
  }

  module @pair attributes {gpu.container_module} {
    gpu.module @kernels {
      gpu.func @k(%A: memref<4096x4096xf16>)
          workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
        %c0 = arith.constant 0 : index
        %false = arith.constant false
        %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
        asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
        asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        gpu.return
      }
    }
    func.func @host(%A: memref<4096x4096xf16>) {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c128 = arith.constant 128 : index
      gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%A : memref<4096x4096xf16>)
      return
    }
  }

  module @quad attributes {gpu.container_module} {
    gpu.module @kernels {
      gpu.func @k(%A: memref<4096x4096xf16>)
          workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
        %c0 = arith.constant 0 : index
        %false = arith.constant false
        %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
        asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
        asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        gpu.return
      }
    }
    func.func @host(%A: memref<4096x4096xf16>) {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      gpu.launch_func @kernels::@k clusters in (%c4, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%A : memref<4096x4096xf16>)
      return
    }
  }
}
