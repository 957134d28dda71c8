// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// A remote copy (selected as dsmem): the elected thread maps the destination
// buffer and the barrier stage into CTA %rank, arrives there expecting the
// bytes (cluster scope) and issues one bulk copy that completes on it.
// CHECK-LABEL: gpu.func @to_peer
// CHECK-SAME: (%[[RANK:.*]]: i32)
// CHECK: %[[PRED:.*]] = arith.andi
// CHECK: scf.if %[[PRED]] {
// CHECK: %[[DST:.*]] = nvvm.mapa %{{.*}}, %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[BAR:.*]] = nvvm.mapa %{{.*}}, %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %[[BYTES]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
// CHECK: %[[BITS:.*]] = llvm.ptrtoint %[[BAR]] : !llvm.ptr<7> to i64
// CHECK: %[[BAR3:.*]] = llvm.inttoptr %[[BITS]] : i64 to !llvm.ptr<3>
// CHECK: nvvm.cp.async.bulk.shared.cluster.shared.cta %[[DST]], %{{.*}}, %[[BAR3]], %{{.*}} : <7>, <3>
// CHECK-NOT: asynccopy.copy

// PTX-LABEL: .entry to_peer(
// PTX-COUNT-2: mapa.shared::cluster.u64
// PTX: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [[[BARR:%rd[0-9]+]]], [[N:%r[0-9]+]];
// PTX: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [{{.*}}], [[N]], [[[BARR]]];
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @to_peer(%rank: i32)
        workgroup(%s : memref<256xf32, #gpu.address_space<workgroup>>,
                  %d : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0]
          : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// 6 B is not a bulk size: the copy takes the synchronous path (mapa stores
// and one remote arrival).
// CHECK-LABEL: gpu.func @odd_size
// CHECK-NOT: nvvm.cp.async.bulk
// CHECK: nvvm.mapa
// CHECK: llvm.store
// CHECK: nvvm.mbarrier.arrive
// PTX-LABEL: .entry odd_size(
// PTX-NOT: cp.async.bulk
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @odd_size(%rank: i32)
        workgroup(%s : memref<3xf16, #gpu.address_space<workgroup>>,
                  %d : memref<3xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0]
          : memref<3xf16, #gpu.address_space<workgroup>> to memref<3xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
