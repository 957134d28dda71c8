// RUN: ac-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm,asynccopy-merge-issue-regions)' \
// RUN:   | FileCheck %s

// The conversion gives every single-thread instruction its own elected
// region; a straight line of them becomes one region (one elect.sync), and
// each region that a side effect closes ends its block, so that scf-to-cf
// and the NVPTX back end stay linear in the number of copies.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @straight_line
// CHECK: nvvm.elect.sync
// CHECK: scf.if
// CHECK: nvvm.mbarrier.init
// CHECK: }
// CHECK-NEXT: cf.br ^[[COPIES:.*]]
// CHECK: ^[[COPIES]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.elect.sync
// CHECK-NOT: nvvm.elect.sync
// CHECK: scf.if
// CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^[[WAIT:.*]]
// CHECK: ^[[WAIT]]:
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.elect.sync
// CHECK: scf.if
// CHECK-NEXT: llvm.getelementptr
// CHECK-NOT: scf.if
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @straight_line(%A: memref<4096x4096xf16>) workgroup(%S : !smem) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 3 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %bar[%c0] : memref<4096x4096xf16> to !smem
      asynccopy.copy %A to %S window [0, 64] [64, 64] barrier %bar[%c0] : memref<4096x4096xf16> to !smem
      asynccopy.copy %A to %S window [64, 0] [64, 64] barrier %bar[%c0] : memref<4096x4096xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [64, 64] [64, 64] barrier %bar[%c0] : memref<4096x4096xf16> to !smem
      gpu.return
    }
  }
}

// -----

// A user predicate merges with itself only; a loop body keeps its one block.
// CHECK-LABEL: gpu.func @predicates
// CHECK: scf.for
// CHECK: scf.if %[[P:[^ ]*]] {
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NEXT: }
// CHECK: scf.if %[[Q:[^ ]*]] {
// CHECK-NEXT: llvm.getelementptr
// CHECK-NOT: cf.br
// CHECK: gpu.return
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @predicates(%A: memref<4096x4096xf16>, %p: i1, %q: i1) workgroup(%S : !smem) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      scf.for %i = %c0 to %c4 step %c1 {
        asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %bar[%c0] predicate %p : memref<4096x4096xf16> to !smem
        asynccopy.copy %A to %S window [%i, 64] [64, 64] barrier %bar[%c0] predicate %p : memref<4096x4096xf16> to !smem
        asynccopy.copy %A to %S window [%i, 128] [64, 64] barrier %bar[%c0] predicate %q : memref<4096x4096xf16> to !smem
      }
      gpu.return
    }
  }
}
