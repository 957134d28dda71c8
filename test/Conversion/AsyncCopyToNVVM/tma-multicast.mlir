// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// Collective TMA loads (cluster 2x2x1 from the launch). Each CTA of a group
// issues one piece of the window with the group's multicast mask and
// expects the whole window on its own barrier.

// Group of 2 along x: rows [32 * k, 32 * k + 32) for group index k = ctaid.x;
// mask 0b11 shifted to the group's first rank (2 * ctaid.y).
// CHECK-LABEL: gpu.func @pair
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [32, 64]
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %[[BYTES]] :
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.x : i32
// CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.y : i32
// CHECK: arith.muli %[[Y]], %c2_i32
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: %[[MASK32:.*]] = arith.shli %[[C3]], %{{.*}} : i32
// CHECK: %[[MASK:.*]] = arith.trunci %[[MASK32]] : i32 to i16
// CHECK: %[[K:.*]] = arith.remui %{{.*}}, %{{.*}} : i32
// CHECK: %[[KI:.*]] = arith.index_castui %[[K]] : i32 to index
// CHECK: %[[ROW:.*]] = arith.muli %[[KI]], %{{.*}} : index
// CHECK: %[[COORD:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// CHECK: %[[SMEMOFF:.*]] = arith.muli %[[K]], %c4096_i32 : i32
// CHECK: %[[PIECE:.*]] = llvm.getelementptr %{{.*}}[%[[SMEMOFF]]]
// CHECK: %[[COORDMIN:.*]] = arith.minsi %[[COORD]], %{{.*}} : index
// CHECK: %[[COORDSAT:.*]] = arith.maxsi %[[COORDMIN]], %{{.*}} : index
// CHECK: %[[COORD32:.*]] = arith.index_cast %[[COORDSAT]] : index to i32
// CHECK: %[[DST:.*]] = llvm.addrspacecast %[[PIECE]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %{{.*}}, %[[BAR]], box[%{{.*}}, %[[COORD32]]] multicast_mask = %[[MASK]]

// Group of 4 over x and y, swizzled: 16-row pieces; mask 0b1111.
// CHECK-LABEL: gpu.func @quad
// CHECK: arith.constant 15 : i32
// CHECK: arith.muli %{{.*}}, %c16 : index
// CHECK: multicast_mask

// replicated: the group leader issues the whole window.
// CHECK-LABEL: gpu.func @replicated
// CHECK: %[[G:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[G]], %c0_i32
// CHECK: scf.if %[[LEAD]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask
// CHECK-NEXT: }

// PTX-LABEL: .entry pair(
// PTX: mov.u32 {{.*}}%cluster_ctaid.x;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}, {{{.*}}}], [{{.*}}], %rs{{[0-9]+}};
// PTX-LABEL: .entry quad(
// PTX: multicast::cluster
// PTX-LABEL: .entry replicated(
// PTX: multicast::cluster

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pair(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @quad(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>, #gpu<dim y>], swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @replicated(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.replicated}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>, %i: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@pair clusters in (%c2, %c2, %c1) blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1) args(%A : memref<4096x4096xf16>, %i : index)
    gpu.launch_func @kernels::@quad clusters in (%c2, %c2, %c1) blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1) args(%A : memref<4096x4096xf16>, %i : index)
    gpu.launch_func @kernels::@replicated clusters in (%c2, %c2, %c1) blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1) args(%A : memref<4096x4096xf16>, %i : index)
    return
  }
}

// -----

// A collective dim of cluster extent 1: a group of one CTA loads alone.
// CHECK-LABEL: gpu.func @alone
// CHECK-NOT: cluster.ctaid
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: multicast_mask
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @alone(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim y>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
