// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// Barriers and tokens are values like any other: carried by scf.for
// iter_args and scf.if results, passed to branch targets and to device
// functions. The conversion gives those carriers the converted types
// (barrier: !llvm.ptr<3>, token: i32) so that nothing of the dialect is left.

// CHECK-LABEL: gpu.func @iter_args
// CHECK: %[[B:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[BB:.*]] = %[[B]]) -> (!llvm.ptr<3>)
// CHECK:   %[[P:.*]] = llvm.getelementptr %[[BB]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK:   nvvm.mbarrier.arrive %[[P]] : !llvm.ptr<3> -> i64
// CHECK:   scf.yield %[[BB]] : !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[R]]
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: {{ asynccopy\.|!asynccopy}}
// CHECK: gpu.return
// PTX-LABEL: .entry iter_args
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.try_wait.parity.shared.b64
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @iter_args(%n: index, %phase: i1) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%bb = %b) -> (!asynccopy.barrier<2>) {
        asynccopy.barrier.arrive %bb[%c1] : !asynccopy.barrier<2>
        scf.yield %bb : !asynccopy.barrier<2>
      }
      asynccopy.barrier.wait %r[%c1], %phase : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// A TMA load on a barrier chosen by scf.if, then a wait on it.
// CHECK-LABEL: gpu.func @if_result
// CHECK: %[[SEL:.*]] = scf.if %{{.*}} -> (!llvm.ptr<3>) {
// CHECK:   scf.yield %{{.*}} : !llvm.ptr<3>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : !llvm.ptr<3>
// CHECK: }
// CHECK: %[[TX:.*]] = llvm.getelementptr %[[SEL]]
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[TX]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[TX]]
// CHECK-NOT: {{ asynccopy\.|!asynccopy}}
// CHECK: gpu.return
// PTX-LABEL: .entry if_result
// PTX: mbarrier.arrive.expect_tx.shared.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @if_result(%A: memref<128x64xf16>, %p: i1) workgroup(%s : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %x = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %y = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %x, 1 : !asynccopy.barrier<1>
      asynccopy.barrier.init %y, 1 : !asynccopy.barrier<1>
      %b = scf.if %p -> (!asynccopy.barrier<1>) {
        scf.yield %x : !asynccopy.barrier<1>
      } else {
        scf.yield %y : !asynccopy.barrier<1>
      }
      asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// A branch target whose block argument is the barrier a copy completes on
// (the copy's barrier operand is the block argument).
// CHECK-LABEL: gpu.func @branch
// CHECK: cf.br ^bb1(%{{.*}} : !llvm.ptr<3>)
// CHECK: ^bb1(%[[X:.*]]: !llvm.ptr<3>):
// CHECK: llvm.getelementptr %[[X]]
// CHECK: nvvm.cp.async.bulk.shared.cluster.global
// CHECK-NOT: {{ asynccopy\.|!asynccopy}}
// CHECK: gpu.return
// PTX-LABEL: .entry branch
// PTX: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @branch(%A: memref<128x64xf16>) workgroup(%s : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
      cf.br ^bb1(%b : !asynccopy.barrier<2>)
    ^bb1(%x: !asynccopy.barrier<2>):
      asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %x[%c1] {impl = #asynccopy<impl bulk>} : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %x[%c1], %false : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// A device function taking a barrier and a token and returning a token,
// called from a kernel.
// CHECK-LABEL: func.func private @stage
// CHECK-SAME: (%{{.*}}: memref<128x64xf16>, %{{.*}}: memref<64x64xf16, #gpu.address_space<workgroup>>, %[[B:.*]]: !llvm.ptr<3>, %{{.*}}: index, %{{.*}}: i1, %{{.*}}: i32) -> i32
// CHECK: nvvm.cp.async.bulk.wait_group 0
// CHECK: llvm.getelementptr %[[B]]
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.global.shared.cta
// CHECK: return %{{.*}} : i32
// CHECK-LABEL: gpu.func @kernel
// CHECK: %[[T:.*]] = func.call @stage(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<128x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, !llvm.ptr<3>, index, i1, i32) -> i32
// The returned token stands for the callee's bulk store: a bulk wait.
// CHECK: nvvm.cp.async.bulk.wait_group 0
// CHECK-NOT: {{ asynccopy\.|!asynccopy}}
// CHECK: gpu.return
// PTX: .func {{.*}}stage(
// PTX: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX-LABEL: .entry kernel
module attributes {gpu.container_module} {
  gpu.module @m {
    func.func private @stage(%A: memref<128x64xf16>, %s: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: !asynccopy.barrier<2>, %i: index, %phase: i1, %prev: !asynccopy.token) -> !asynccopy.token {
      asynccopy.wait %prev : !asynccopy.token
      asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %b[%i] {impl = #asynccopy<impl bulk>} : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%i], %phase : !asynccopy.barrier<2>
      %t = asynccopy.copy %s to %A window [64, 0] [64, 64] {impl = #asynccopy<impl bulk>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      return %t : !asynccopy.token
    }
    gpu.func @kernel(%A: memref<128x64xf16>) workgroup(%s : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %false = arith.constant false
      %true = arith.constant true
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
      %t0 = asynccopy.copy %s to %A window [64, 0] [64, 64] {impl = #asynccopy<impl bulk>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      %t1 = func.call @stage(%A, %s, %b, %c0, %false, %t0) : (memref<128x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, !asynccopy.barrier<2>, index, i1, !asynccopy.token) -> !asynccopy.token
      %t2 = func.call @stage(%A, %s, %b, %c1, %false, %t1) : (memref<128x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, !asynccopy.barrier<2>, index, i1, !asynccopy.token) -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A loop carrying a barrier and an SMEM view (8 B into its buffer): the
// loop is rewritten for the barrier while the copy inside still needs where
// the view starts, which the pass records before converting (8-B vectors).
// CHECK-LABEL: gpu.func @barrier_and_view
// CHECK: scf.for {{.*}} -> (!llvm.ptr<3>, memref<64x64xf32, #gpu.address_space<workgroup>>)
// CHECK: vector.store %{{.*}} {alignment = 8 : i64} : memref<4096xf32, strided<[1]>, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK-NOT: {{ asynccopy\.|!asynccopy}}
// CHECK: gpu.return
// PTX-LABEL: .entry barrier_and_view
// PTX: st.shared.v2.b32
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @barrier_and_view(%A: memref<128x64xf32>, %n: index) workgroup(%raw : memref<16392xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %v = memref.view %raw[%c8][] : memref<16392xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bb = %b, %cur = %v) -> (!asynccopy.barrier<1>, memref<64x64xf32, #gpu.address_space<workgroup>>) {
        asynccopy.copy %A to %cur window [0, 0] [64, 64] barrier %bb[%c0] {impl = #asynccopy<impl sync>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bb[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %cur to %A window [64, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
        scf.yield %bb, %cur : !asynccopy.barrier<1>, memref<64x64xf32, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}
