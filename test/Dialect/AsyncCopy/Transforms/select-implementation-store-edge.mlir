// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation | FileCheck %s
// Selecting again changes nothing (the guarded TMA store is not guarded twice).
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-select-implementation | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// The guarded stores compile through ptxas:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// TMA stores write whole 16-B pieces of the innermost dim. A bf16 view with
// 119 columns (238 B) ends inside a piece: windows that may reach columns
// 112..118 are stored by TMA only when they end at or before column 112, and
// by the sync fallback otherwise.
// CHECK-LABEL: gpu.func @ragged_bf16
// CHECK-SAME: (%[[OUT:.*]]: memref<64x119xbf16, strided<[128, 1]>>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[END:.*]] = arith.addi %[[J]], %[[C64]] : index
// CHECK: %[[E:.*]] = arith.constant 119 : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[REM:.*]] = arith.remui %[[E]], %[[C8]] : index
// CHECK: %[[ALIGNED:.*]] = arith.subi %[[E]], %[[REM]] : index
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[END]], %[[ALIGNED]] : index
// CHECK: %[[T:.*]] = scf.if %[[FITS]] -> (!asynccopy.token) {
// CHECK:   %[[TMA:.*]] = asynccopy.tma.store %{{.*}} to %[[OUT]] window [%[[I]], %[[J]]] [16, 64]
// CHECK:   scf.yield %[[TMA]] : !asynccopy.token
// CHECK: } else {
// CHECK:   %[[SYNC:.*]] = asynccopy.sync.copy %{{.*}} to %[[OUT]] window [%[[I]], %[[J]]] [16, 64]
// CHECK:   scf.yield %[[SYNC]] : !asynccopy.token
// CHECK: } {asynccopy.store_edge_guard}
// CHECK: asynccopy.wait %[[T]]
// A window that provably ends at column 112 needs no guard:
// CHECK: %[[U:.*]] = asynccopy.tma.store %{{.*}} to %[[OUT]] window [%[[I]], 48] [16, 64]
// CHECK: asynccopy.wait %[[U]]
// One that provably reaches column 119 is guarded (the guard folds later):
// CHECK: scf.if
// CHECK: asynccopy.tma.store {{.*}}window [%[[I]], 56] [16, 64]
// CHECK: asynccopy.sync.copy {{.*}}window [%[[I]], 56] [16, 64]
// EXPLAIN: remark: tma: accepted (1 issue, 2048 B; windows reaching the partial 16-B piece at the end of the inner dim are written by sync)
// EXPLAIN: remark: tma: accepted (1 issue, 2048 B)
// PTX-LABEL: .entry ragged_bf16(
// PTX-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX-DAG: st.global
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @ragged_bf16(%out: memref<64x119xbf16, strided<[128, 1]>>, %i: index, %j: index)
        workgroup(%tile : memref<16x64xbf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %tile to %out window [%i, %j] [16, 64]
          : memref<16x64xbf16, #gpu.address_space<workgroup>> to memref<64x119xbf16, strided<[128, 1]>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %tile to %out window [%i, 48] [16, 64]
          : memref<16x64xbf16, #gpu.address_space<workgroup>> to memref<64x119xbf16, strided<[128, 1]>> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      %v = asynccopy.copy %tile to %out window [%i, 56] [16, 64]
          : memref<16x64xbf16, #gpu.address_space<workgroup>> to memref<64x119xbf16, strided<[128, 1]>> -> !asynccopy.token
      asynccopy.wait %v : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A dynamic inner extent (explicit TMA reduction on a plain dynamic tensor):
// the guard reads it with memref.dim.
// CHECK-LABEL: gpu.func @dynamic_reduction
// CHECK-SAME: (%[[OUT:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[END:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[DIM:.*]] = memref.dim %[[OUT]], %[[C1]] : memref<?x?xf32>
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[REM:.*]] = arith.remui %[[DIM]], %[[C4]] : index
// CHECK: %[[ALIGNED:.*]] = arith.subi %[[DIM]], %[[REM]] : index
// CHECK: arith.cmpi sle, %[[END]], %[[ALIGNED]] : index
// CHECK: asynccopy.tma.reduce {{.*}}reduction = #asynccopy<reduction add>
// CHECK: asynccopy.sync.copy {{.*}}reduction = #asynccopy<reduction add>
// PTX-LABEL: .entry dynamic_reduction(
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX-DAG: {{red|atom}}.global.add.f32
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @dynamic_reduction(%out: memref<?x?xf32>, %i: index, %j: index)
        workgroup(%tile : memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %tile to %out window [%i, %j] [16, 32] {reduction = #asynccopy<reduction add>, impl = #asynccopy<impl tma>}
          : memref<16x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// An inner dim of 16-B multiples needs no guard; loads never do.
// CHECK-LABEL: gpu.func @no_guard
// CHECK-NOT: scf.if
// CHECK: asynccopy.tma.store
// CHECK-NOT: scf.if
// CHECK: asynccopy.tma.load
// CHECK-NOT: scf.if
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @no_guard(%out: memref<64x120xbf16>, %in: memref<64x119xbf16, strided<[128, 1]>>, %i: index, %j: index)
        workgroup(%tile : memref<16x64xbf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%i, %j] [16, 64]
          : memref<16x64xbf16, #gpu.address_space<workgroup>> to memref<64x120xbf16> -> !asynccopy.token
      asynccopy.copy %in to %tile window [%i, %j] [16, 64] barrier %b[%c0]
          : memref<64x119xbf16, strided<[128, 1]>> to memref<16x64xbf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// An inner dim shorter than 16 B: TMA could never store there, sync does.
// EXPLAIN: remark: tma: declined: TMA stores write whole 16-B pieces of the innermost dim, which holds 12 B, so a store would write past its end
// CHECK-LABEL: gpu.func @too_narrow
// CHECK: asynccopy.sync.copy
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @too_narrow(%out: memref<1024x3xf32, strided<[4, 1]>>, %i: index)
        workgroup(%tile : memref<16x4xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %tile to %out window [%i, 0] [16, 4]
          : memref<16x4xf32, #gpu.address_space<workgroup>> to memref<1024x3xf32, strided<[4, 1]>> -> !asynccopy.token
      gpu.return
    }
  }
}
