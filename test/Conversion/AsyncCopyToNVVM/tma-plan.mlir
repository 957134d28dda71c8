// RUN: ac-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-asynccopy-to-nvvm,canonicalize,cse))' | FileCheck %s

// The TMA lowering issues what the plan records, without planning again:
// plans written here by hand (as selection and partitioning would) for
// several issues, a multicast split, a leader that issues for its group and
// merged tensor-map dims.

// Four issues: each at its SMEM byte offset, the barrier expecting all
// 2048 B once.
// CHECK-LABEL: gpu.func @issues
// CHECK-SAME: (%{{.*}}: memref<4096x4096xf16>, %[[I:.*]]: index, %[[MAP:.*]]: !llvm.ptr)
// CHECK-DAG: %[[BYTES:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %[[BYTES]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %[[BAR]], box[%{{.*}}, %{{.*}}]
// CHECK: llvm.getelementptr %[[SMEM:.*]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %[[BAR]], box[%[[C256:.*]], %{{.*}}]
// CHECK: llvm.getelementptr %[[SMEM]][1024]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: llvm.getelementptr %[[SMEM]][1536]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %[[BAR]], box[%[[C256]], %{{.*}}]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @issues(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<2x512xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.tma.load %A to %S window [%i, 0] [2, 512] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [1, 256], issues = 4, bytes = 2048, issue_offsets = [<view = [0, 0], smem = 0>, <view = [0, 256], smem = 512>, <view = [1, 0], smem = 1024>, <view = [1, 256], smem = 1536>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<2x512xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A split over 2 CTAs along x: this CTA's piece index is its x coordinate
// in the cluster (mod 2); its rows start 32 * k further and its piece lands
// 4096 * k bytes into SMEM; the mask names both CTAs (0b11) shifted to its
// group.
// CHECK-LABEL: gpu.func @multicast
// CHECK-SAME: (%{{.*}}: memref<4096x4096xf16>, %[[I:.*]]: index, %[[MAP:.*]]: !llvm.ptr)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[BYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %[[BYTES]]
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.x
// CHECK: %[[MASK32:.*]] = arith.shli %[[C3]], %{{.*}} : i32
// CHECK: %[[MASK:.*]] = arith.trunci %[[MASK32]] : i32 to i16
// CHECK: %[[K:.*]] = arith.remui %[[X]], %[[C2]] : i32
// CHECK: %[[KI:.*]] = arith.index_castui %[[K]] : i32 to index
// CHECK: %[[ROWS:.*]] = arith.muli %[[KI]], %[[C32]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %[[ROWS]] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[K]], %[[C4096]] : i32
// CHECK: %[[PIECE:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]]
// CHECK: arith.minsi %[[ROW]]
// CHECK: %[[DST:.*]] = llvm.addrspacecast %[[PIECE]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %[[MAP]], %[[BAR]], box[%{{.*}}, %{{.*}}] multicast_mask = %[[MASK]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @multicast(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], asynccopy.cluster_shape = array<i64: 2, 1, 1>, plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// leader_only: only the group's first CTA issues, the whole box, for both.
// CHECK-LABEL: gpu.func @leader
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.x
// CHECK: %[[MASK:.*]] = arith.trunci
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[X]], %[[ZERO]] : i32
// CHECK: scf.if %[[FIRST]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask = %[[MASK]]
// CHECK-NEXT: }
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @leader(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], asynccopy.cluster_shape = array<i64: 2, 1, 1>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only, descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Merged dims: the outermost coordinate is view dim 1 + 2 * view dim 0
// (both %i here), the other four are the window's origin.
// CHECK-LABEL: gpu.func @merged
// CHECK-SAME: (%{{.*}}: memref<2x2x2x2x8x64xf16>, %[[I:.*]]: index, %[[MAP:.*]]: !llvm.ptr)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[SCALED:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK: %[[SUM:.*]] = arith.addi %[[I]], %[[SCALED]] : index
// CHECK: %[[CLAMP:.*]] = arith.minsi %[[SUM]]
// CHECK: %[[SAT:.*]] = arith.maxsi %[[CLAMP]]
// CHECK: %[[OUTER:.*]] = arith.index_cast %[[SAT]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %{{.*}}, box[%[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[OUTER]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @merged(%M: memref<2x2x2x2x8x64xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%T : memref<1x1x1x2x8x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.tma.load %M to %T window [%i, %i, 0, 0, 0, 0] [1, 1, 1, 2, 8, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [1, 1, 2, 8, 64], issues = 1, bytes = 2048, dims = [<extent = 4, stride = 2048, view = [1, 0], scale = [1, 2]>, <extent = 2, stride = 1024, view = [2], scale = [1]>, <extent = 2, stride = 512, view = [3], scale = [1]>, <extent = 8, stride = 64, view = [4], scale = [1]>, <extent = 64, stride = 1, view = [5], scale = [1]>], descriptor = 2>}
          : memref<2x2x2x2x8x64xf16> to memref<1x1x1x2x8x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
