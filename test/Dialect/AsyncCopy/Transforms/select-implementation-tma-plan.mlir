// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-partition-collective | FileCheck %s
// Partitioning first (selection then splits the recorded group), and
// partitioning twice, record the same plans.
// RUN: ac-opt %s -asynccopy-partition-collective -asynccopy-select-implementation | FileCheck %s
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-partition-collective | FileCheck %s

// The TMA plan records every decision the lowering and the tensor map need,
// so neither plans again: where each of several issues goes, the tensor-map
// dims when they are not the window's, and how a collective group shares the
// box.

// CHECK-LABEL: gpu.func @plans
// A 512-element row exceeds a 256-element box: two boxes per row, each row
// looped so the pieces land densely in SMEM.
// CHECK: asynccopy.tma.load
// CHECK-SAME: plan = #asynccopy.tma_plan<box = [1, 256], issues = 4, bytes = 2048, issue_offsets = [<view = [0, 0], smem = 0>, <view = [0, 256], smem = 512>, <view = [1, 0], smem = 1024>, <view = [1, 256], smem = 1536>]>
// Rank 6: dims 0 and 1 (box 1) merge into one tensor-map dim whose
// coordinate is view dim 1 + 2 * view dim 0.
// CHECK: asynccopy.tma.load
// CHECK-SAME: plan = #asynccopy.tma_plan<box = [1, 1, 2, 8, 64], issues = 1, bytes = 2048, dims = [<extent = 4, stride = 2048, view = [1, 0], scale = [1, 2]>, <extent = 2, stride = 1024, view = [2], scale = [1]>, <extent = 2, stride = 512, view = [3], scale = [1]>, <extent = 8, stride = 64, view = [4], scale = [1]>, <extent = 64, stride = 1, view = [5], scale = [1]>]>
// A group of 2 CTAs: each issues 32 of the 64 rows (4096 B apart in SMEM)
// and multicasts them; every barrier still expects the whole 8192 B.
// CHECK: asynccopy.tma.load
// CHECK-SAME: plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>]>
// replicated: the group's first CTA issues the whole box for both.
// CHECK: asynccopy.tma.load
// CHECK-SAME: plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only>
// A collective dim of extent 1 is a group of one: no split.
// CHECK: asynccopy.tma.load
// CHECK-SAME: plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @plans(%A: memref<4096x4096xf16>, %M: memref<2x2x2x2x8x64xf16>, %i: index)
        workgroup(%S : memref<2x512xf16, #gpu.address_space<workgroup>>,
                  %T : memref<1x1x1x2x8x64xf16, #gpu.address_space<workgroup>>,
                  %U : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [2, 512] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<2x512xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %M to %T window [0, 0, 0, 0, 0, 0] [1, 1, 1, 2, 8, 64] barrier %b[%c0]
          : memref<2x2x2x2x8x64xf16> to memref<1x1x1x2x8x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %U window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %U window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.replicated}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %U window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim y>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
