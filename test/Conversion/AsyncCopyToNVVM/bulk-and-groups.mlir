// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// A bulk load of a window with 4 contiguous rows of 512 B: one elected
// thread arrives expecting 2048 B and issues one cp.async.bulk per row into
// consecutive SMEM; a bulk store commits one bulk group.
// CHECK-LABEL: gpu.func @bulk
// CHECK: scf.if
// CHECK:   %[[BAR:.*]] = llvm.getelementptr
// CHECK:   %[[TX:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK:   nvvm.mbarrier.arrive.expect_tx %[[BAR]], %[[TX]]
// CHECK:   %[[SIZE:.*]] = llvm.mlir.constant(512 : i32) : i32
// CHECK:   %[[G0:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<1>
// CHECK:   %[[D0:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:   nvvm.cp.async.bulk.shared.cluster.global %[[D0]], %[[G0]], %[[BAR]], %[[SIZE]] : !llvm.ptr<7>, <1>
// CHECK:   llvm.getelementptr %{{.*}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:   nvvm.cp.async.bulk.shared.cluster.global
// CHECK:   llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:   nvvm.cp.async.bulk.shared.cluster.global
// CHECK:   llvm.getelementptr %{{.*}}[1536] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:   nvvm.cp.async.bulk.shared.cluster.global
// CHECK-NOT: nvvm.cp.async.bulk.shared.cluster.global
// CHECK: }
// CHECK: scf.if
// CHECK:   %[[SIZE2:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK:   nvvm.cp.async.bulk.global.shared.cta %{{.*}}, %{{.*}}, %[[SIZE2]] : <1>, <3>
// CHECK:   nvvm.cp.async.bulk.commit.group
// CHECK: }

// PTX-LABEL: .entry bulk(
// PTX-COUNT-4: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX: cp.async.bulk.commit_group

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bulk(%A: memref<64x1024xf32>, %V: memref<8192xi8>, %i: index)
        workgroup(%S : memref<4x128xf32, #gpu.address_space<workgroup>>,
                  %W : memref<8192xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 128] [4, 128] barrier %b[%c0] {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
          : memref<64x1024xf32> to memref<4x128xf32, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %W to %V {impl = #asynccopy<impl bulk>}
          : memref<8192xi8, #gpu.address_space<workgroup>> to memref<8192xi8> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Group ops and fences. Bulk groups belong to the issuing thread, so their
// commit and wait run in the elected thread, then a CTA barrier publishes
// completion; cp.async groups are waited on by every thread.
// CHECK-LABEL: gpu.func @groups
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.commit.group
// CHECK: }
// CHECK: nvvm.cp.async.commit.group
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: }
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.wait_group 2
// CHECK: }
// CHECK: nvvm.barrier0
// CHECK: nvvm.cp.async.wait.group 1
// CHECK: nvvm.barrier0
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}

// PTX-LABEL: .entry groups(
// PTX: cp.async.bulk.commit_group
// PTX: cp.async.commit_group
// PTX: cp.async.bulk.wait_group.read 0
// PTX: cp.async.bulk.wait_group 2
// PTX: cp.async.wait_group 1
// PTX: fence.proxy.async.shared::cta

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @groups() kernel {
      asynccopy.commit_group bulk
      asynccopy.commit_group cp_async
      asynccopy.wait_group bulk 0 {read}
      asynccopy.wait_group bulk 2
      asynccopy.wait_group cp_async 1
      asynccopy.fence_async_shared
      gpu.return
    }
  }
}
