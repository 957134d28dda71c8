// RUN: ac-opt %s -split-input-file | FileCheck %s
// Print, re-parse, print again: the two printed forms are identical.
// RUN: ac-opt %s -split-input-file | ac-opt -split-input-file | FileCheck %s
// The generic form re-parses into the same custom form.
// RUN: ac-opt %s -split-input-file -mlir-print-op-generic | ac-opt -split-input-file | FileCheck %s

// The ops asynccopy-select-implementation rewrites copies into: the syntax
// of asynccopy.copy, with the plan of the mechanism.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @tma
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[S:.*]]: memref<64x64xf16, #gpu.address_space<workgroup>>, %[[I:.*]]: index, %[[P:.*]]: i1)
func.func @tma(%A: memref<4096x4096xf16>, %S: !smem, %i: index, %p: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: asynccopy.tma.load %[[A]] to %[[S]] window [%[[I]], 0] [64, 64] barrier %{{.*}}[%{{.*}}] predicate %[[P]]
  // CHECK-SAME: {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>, swizzle = 128 : i64}
  // CHECK-SAME: : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] predicate %p
      {swizzle = 128 : i64, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
      : memref<4096x4096xf16> to !smem
  // CHECK: %{{.*}} = asynccopy.tma.store %[[S]] to %[[A]] window [%[[I]], %[[I]]] [64, 64]
  // CHECK-SAME: {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 4>}
  // CHECK-SAME: -> !asynccopy.token
  %t = asynccopy.tma.store %S to %A window [%i, %i] [64, 64]
      {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 4>}
      : !smem to memref<4096x4096xf16> -> !asynccopy.token
  // CHECK: asynccopy.tma.reduce %[[S]] to %[[A]] window [0, 0] [64, 64]
  // CHECK-SAME: reduction = #asynccopy<reduction add>
  %r = asynccopy.tma.reduce %S to %A window [0, 0] [64, 64]
      {reduction = #asynccopy<reduction add>,
       plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
      : !smem to memref<4096x4096xf16> -> !asynccopy.token
  // CHECK: asynccopy.tma.prefetch %[[A]] window [%[[I]], 0] [128, 64] predicate %[[P]]
  // CHECK-SAME: {plan = #asynccopy.tma_plan<box = [128, 64], issues = 1, bytes = 16384>}
  // CHECK-SAME: : memref<4096x4096xf16>
  asynccopy.tma.prefetch %A window [%i, 0] [128, 64] predicate %p
      {plan = #asynccopy.tma_plan<box = [128, 64], issues = 1, bytes = 16384>}
      : memref<4096x4096xf16>
  return
}

// -----

// The parts of a TMA plan printed only when they differ from the plain case:
// merged tensor-map dims, per-issue offsets, a multicast split and a leader
// that issues for its group.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @tma_plan_parts
func.func @tma_plan_parts(%A: memref<4096x4096xf16>, %C: memref<8x64x128xf16>, %S: !smem, %T: memref<8x1x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: asynccopy.tma.load
  // CHECK-SAME: plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = 4096>]>
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s]
      {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = 4096>]>}
      : memref<4096x4096xf16> to !smem
  // CHECK: asynccopy.tma.load
  // CHECK-SAME: plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 3>
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s]
      {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 3>}
      : memref<4096x4096xf16> to !smem
  // CHECK: asynccopy.tma.load
  // CHECK-SAME: plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only, descriptor = 3, descriptor_offset = 128>
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s]
      {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 3, descriptor_offset = 128, leader_only>}
      : memref<4096x4096xf16> to !smem
  // CHECK: asynccopy.tma.load
  // CHECK-SAME: plan = #asynccopy.tma_plan<box = [8, 64], issues = 1, bytes = 1024, dims = [<extent = 512, stride = 128, view = [0, 1], scale = [64, 1]>, <extent = 128, stride = 1, view = [2], scale = [1]>]>
  asynccopy.tma.load %C to %T window [0, %i, 0] [8, 1, 64] barrier %b[%s]
      {plan = #asynccopy.tma_plan<box = [8, 64], issues = 1, bytes = 1024, dims = [<extent = 512, stride = 128, view = [0, 1], scale = [64, 1]>, <extent = 128, stride = 1, view = [2], scale = [1]>]>}
      : memref<8x64x128xf16> to memref<8x1x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// CHECK-LABEL: func.func @bulk_and_dsmem
func.func @bulk_and_dsmem(%A: memref<65536xf32>, %S: memref<1024xf32, #gpu.address_space<workgroup>>,
                          %D: memref<1024xf32, #gpu.address_space<workgroup>>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // CHECK: asynccopy.bulk.load %{{.*}} to %{{.*}} window [%{{.*}}] [1024] barrier
  // CHECK-SAME: plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>
  asynccopy.bulk.load %A to %S window [%i] [1024] barrier %b[%s]
      {oob = #asynccopy<oob promise_in_bounds>,
       plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
      : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.bulk.store {{.*}} -> !asynccopy.token
  %t = asynccopy.bulk.store %S to %A window [%i] [1024]
      {oob = #asynccopy<oob promise_in_bounds>,
       plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
      : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
  // CHECK: asynccopy.dsmem.copy %{{.*}} to %{{.*}} remote %{{.*}} barrier %{{.*}}[%{{.*}}]
  // CHECK-SAME: {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
  asynccopy.dsmem.copy %S to %D remote %rank barrier %b[%s]
      {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
      : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// CHECK-LABEL: func.func @per_thread
func.func @per_thread(%A: memref<128x64xf32>, %S: memref<32x64xf32, #gpu.address_space<workgroup>>,
                      %D: memref<32x64xf32, #gpu.address_space<workgroup>>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // CHECK: asynccopy.cp_async.copy %{{.*}} to %{{.*}} window [%{{.*}}, 0] [32, 64]
  // CHECK-SAME: {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>}
  %t = asynccopy.cp_async.copy %A to %S window [%i, 0] [32, 64]
      {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>}
      : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: asynccopy.sync.copy %{{.*}} to %{{.*}} window [%{{.*}}, 0] [32, 64]
  // CHECK-SAME: {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 4>, reduction = #asynccopy<reduction max>}
  %u = asynccopy.sync.copy %S to %A window [%i, 0] [32, 64]
      {reduction = #asynccopy<reduction max>,
       plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 4>}
      : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
  // The per-thread fallback of a copy to another CTA.
  // CHECK: asynccopy.sync.copy %{{.*}} to %{{.*}} remote %{{.*}} barrier
  asynccopy.sync.copy %S to %D remote %rank barrier %b[%s]
      {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 8192, vector_bytes = 16>}
      : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x64xf32, #gpu.address_space<workgroup>>
  return
}
