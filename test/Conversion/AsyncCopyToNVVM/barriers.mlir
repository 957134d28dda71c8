// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// The barrier ops of a kernel, through the whole NVVM pipeline into ptxas:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// CHECK: llvm.mlir.global internal @__asynccopy_barrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<2 x i64>
// CHECK-LABEL: gpu.func @local_barriers
// CHECK-SAME: (%[[S:.*]]: index, %[[P:.*]]: i1)
// CHECK: %[[SI:.*]] = builtin.unrealized_conversion_cast %[[S]] : index to i64
// CHECK: %[[B:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
//
// init: one elected thread (warp 0, elect.sync) initialises every stage.
// CHECK: %[[E:.*]] = nvvm.elect.sync -> i1
// CHECK: %[[ELECTED:.*]] = arith.andi %{{.*}}, %[[E]] : i1
// CHECK: scf.if %[[ELECTED]] {
// CHECK:   %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:   %[[P0:.*]] = llvm.getelementptr %[[B]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK:   nvvm.mbarrier.init %[[P0]], %[[C1]] : !llvm.ptr<3>, i32
// CHECK:   %[[P1:.*]] = llvm.getelementptr %[[B]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK:   nvvm.mbarrier.init %[[P1]], %[[C1]] : !llvm.ptr<3>, i32
// CHECK:   nvvm.fence.mbarrier.init
// CHECK: }
// CHECK: nvvm.barrier0
//
// arrive: every thread, CTA-local form.
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[B]][%[[SI]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK: nvvm.mbarrier.arrive %[[A0]] : !llvm.ptr<3> -> i64
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[B]][%[[SI]]]
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: nvvm.mbarrier.arrive %[[A1]], %[[TWO]] : !llvm.ptr<3> -> i64
//
// arrive_expect_tx: one elected thread.
// CHECK: scf.if
// CHECK:   %[[TX:.*]] = llvm.getelementptr %[[B]][%[[SI]]]
// CHECK:   %[[BYTES:.*]] = llvm.mlir.constant(16384 : i32) : i32
// CHECK:   nvvm.mbarrier.arrive.expect_tx %[[TX]], %[[BYTES]] : !llvm.ptr<3>, i32
// CHECK: }
//
// wait: try_wait.parity loop on the stage.
// CHECK: %[[W:.*]] = llvm.getelementptr %[[B]][%[[SI]]]
// CHECK: %[[PH:.*]] = llvm.zext %{{.*}} : i1 to i32
// CHECK: nvvm.mbarrier.try_wait.parity %[[W]], %[[PH]], %{{.*}} : !llvm.ptr<3>, i32, i32

// PTX-LABEL: .entry local_barriers
// PTX: elect.sync
// PTX: mbarrier.init.shared.b64
// PTX: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster
// PTX: bar.sync 0
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.arrive.expect_tx.shared.b64
// PTX: mbarrier.try_wait.parity.shared.b64

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @local_barriers(%s: index, %phase: i1) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
      asynccopy.barrier.arrive %b[%s] : !asynccopy.barrier<2>
      asynccopy.barrier.arrive %b[%s], 2 : !asynccopy.barrier<2>
      asynccopy.barrier.arrive_expect_tx %b[%s], 16384 : !asynccopy.barrier<2>
      asynccopy.barrier.wait %b[%s], %phase : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// A remote view is the mapa of the owner-local barrier; arrivals on it use
// the shared::cluster form with cluster scope, never the CTA-local form.
// CHECK-LABEL: gpu.func @remote_arrive
// CHECK-SAME: (%[[S:.*]]: index, %[[R:.*]]: i32)
// CHECK: %[[SI:.*]] = builtin.unrealized_conversion_cast %[[S]] : index to i64
// CHECK: %[[B:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
// CHECK: %[[RB:.*]] = nvvm.mapa %[[B]], %[[R]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[RB]][%[[SI]]] : (!llvm.ptr<7>, i64) -> !llvm.ptr<7>, i64
// CHECK: nvvm.mbarrier.arrive %[[P]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// CHECK-NOT: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK: scf.if
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32

// PTX-LABEL: .entry remote_arrive
// PTX: mapa.shared::cluster
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64
// PTX-NOT: mbarrier.arrive.shared.b64
// PTX: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @remote_arrive(%s: index, %rank: i32) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
      asynccopy.barrier.arrive %r[%s] : !asynccopy.barrier<2, remote>
      asynccopy.barrier.arrive_expect_tx %r[%s], 128 : !asynccopy.barrier<2, remote>
      gpu.return
    }
  }
}

// -----

// Only waits on a barrier other CTAs arrive on remotely acquire at cluster
// scope (the arrivals may release their stores); a wait on another barrier
// of the kernel keeps CTA scope.
// CHECK-LABEL: gpu.func @scoped_acquire
// CHECK: %[[F:.*]] = llvm.mlir.addressof @__asynccopy_barrier :
// CHECK: %[[E:.*]] = llvm.mlir.addressof @__asynccopy_barrier_0 :
// CHECK: %[[RE:.*]] = nvvm.mapa %[[E]]
// CHECK: %[[RP:.*]] = llvm.getelementptr %[[RE]]
// CHECK: nvvm.mbarrier.arrive %[[RP]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// CHECK: %[[FP:.*]] = llvm.getelementptr %[[F]]
// CHECK: nvvm.mbarrier.try_wait.parity %[[FP]], %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK: %[[EP:.*]] = llvm.getelementptr %[[E]]
// CHECK: nvvm.mbarrier.try_wait %[[EP]], %{{.*}}, %{{.*}} {scope = #nvvm.mem_scope<cluster>}
// PTX-LABEL: .entry scoped_acquire
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: mbarrier.try_wait.parity.acquire.cluster.shared.b64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scoped_acquire(%s: index, %rank: i32, %phase: i1) kernel {
      %full = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %empty = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %r = asynccopy.barrier.remote %empty, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
      asynccopy.barrier.arrive %r[%s] : !asynccopy.barrier<2, remote>
      asynccopy.barrier.wait %full[%s], %phase : !asynccopy.barrier<2>
      asynccopy.barrier.wait %empty[%s], %phase : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// A consumer release (`asynccopy.cta_release`, from asynccopy-pipeline-loops)
// arrives at CTA scope, and waits on its barrier keep CTA scope.
// CHECK-LABEL: gpu.func @consumer_release
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<7>
// CHECK-NOT: mem_scope<cluster>
// CHECK: nvvm.mbarrier.try_wait.parity
// PTX-LABEL: .entry consumer_release
// PTX: mbarrier.arrive.shared::cluster.b64
// PTX-NOT: .cluster.shared
// PTX: mbarrier.try_wait.parity.shared.b64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @consumer_release(%s: index, %rank: i32, %phase: i1) kernel {
      %empty = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %r = asynccopy.barrier.remote %empty, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
      asynccopy.barrier.arrive %r[%s] {asynccopy.cta_release} : !asynccopy.barrier<2, remote>
      asynccopy.barrier.wait %empty[%s], %phase : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// Two allocations get two globals; before Hopper (no elect.sync) thread 0
// issues single-thread instructions.
// CHECK: llvm.mlir.global internal @__asynccopy_barrier_0() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<1 x i64>
// CHECK: llvm.mlir.global internal @__asynccopy_barrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<3 x i64>
// CHECK-LABEL: gpu.func @two_barriers_sm80
// CHECK-NOT: nvvm.elect.sync
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK-NOT: nvvm.elect.sync
// PTX-LABEL: .entry two_barriers_sm80(
// PTX-NOT: elect.sync
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @two_barriers_sm80() kernel {
      %a = asynccopy.barrier.alloc : !asynccopy.barrier<3>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %a, 1 : !asynccopy.barrier<3>
      asynccopy.barrier.init %b, 4 : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// Other CTAs store into this kernel's SMEM and release its barrier at cluster
// scope (a sync-path remote copy): its waits acquire at cluster scope, in a
// loop around nvvm.mbarrier.try_wait with cluster scope (the parity form's
// op acquires at CTA scope); their generic-proxy stores are fenced for the
// async proxy after the wait.
// CHECK-LABEL: gpu.func @remote_stores
// CHECK: scf.while : () -> () {
// CHECK:   %[[DONE:.*]] = nvvm.mbarrier.try_wait %{{.*}}, %{{.*}}, %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<3>, i32, i32 -> i1
// CHECK:   %[[PENDING:.*]] = arith.xori %[[DONE]], %{{.*}} : i1
// CHECK:   scf.condition(%[[PENDING]])
// CHECK: } do {
// CHECK:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// PTX-LABEL: .entry remote_stores(
// PTX: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64
// PTX: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// PTX: fence.proxy.async.shared::cta;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @remote_stores(%rank: i32, %p: i1)
        workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>,
                  %d : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0] {impl = #asynccopy<impl sync>}
          : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// Only async-proxy writes (a DSMEM bulk copy): complete_tx makes them
// visible, the CTA-scope wait suffices.
// CHECK-LABEL: gpu.func @remote_bulk
// CHECK-NOT: acquire.cluster
// CHECK: nvvm.mbarrier.try_wait.parity
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @remote_bulk(%rank: i32, %p: i1)
        workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>,
                  %d : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0]
          : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
