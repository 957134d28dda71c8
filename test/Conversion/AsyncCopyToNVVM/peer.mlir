// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa features=+ptx83" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// `peer %pe` copies: every mechanism translates the GMEM address through the
// runtime's table __asynccopy_symm (.const, one per GPU module):
//   peer = peerBase[pe] + (ptr - localBase)
// after checking that the bytes lie in the heap and that pe < numPes
// (one trap), then that PE pe is mapped (another trap). A bulk copy's
// descriptor is re-based once by the issuing thread; every chunk then
// addresses the peer.
// CHECK: llvm.mlir.global external @__asynccopy_symm() {addr_space = 4 : i32, alignment = 8 : i64} : !llvm.struct<(i64, i64, i32, i32, array<128 x i64>)>
// CHECK:   llvm.mlir.zero
// CHECK-LABEL: gpu.func @peer_bulk
// CHECK-SAME: %[[PE:[a-z0-9]+]]: i32
// CHECK: scf.if
// CHECK:   %[[ALIGNED:.*]] = llvm.extractvalue %[[DESC:.*]][1]
// CHECK:   %[[START:.*]] = llvm.getelementptr %[[ALIGNED]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:   %[[TABLE:.*]] = llvm.mlir.addressof @__asynccopy_symm : !llvm.ptr<4>
// CHECK:   %[[LBP:.*]] = llvm.getelementptr %[[TABLE]][0, 0]
// CHECK:   %[[LB:.*]] = llvm.load %[[LBP]] : !llvm.ptr<4> -> i64
// CHECK:   %[[SIZE:.*]] = llvm.load %{{.*}} : !llvm.ptr<4> -> i64
// CHECK:   %[[ADDR:.*]] = llvm.ptrtoint %[[START]] : !llvm.ptr to i64
// CHECK:   %[[OFF:.*]] = llvm.sub %[[ADDR]], %[[LB]] : i64
// CHECK:   llvm.icmp "ule" %[[OFF]], %[[SIZE]] : i64
// CHECK:   %[[ROOM:.*]] = llvm.sub %[[SIZE]], %[[OFF]] : i64
// CHECK:   llvm.icmp "ule" %{{.*}}, %[[ROOM]] : i64
// CHECK:   %[[NPES:.*]] = llvm.load %{{.*}} : !llvm.ptr<4> -> i32
// CHECK:   llvm.icmp "ult" %[[PE]], %[[NPES]] : i32
// CHECK:   scf.if
// CHECK-NEXT: llvm.intr.trap
// CHECK:   %[[IDX:.*]] = llvm.zext %[[PE]] : i32 to i64
// CHECK:   %[[BASEP:.*]] = llvm.getelementptr %{{.*}}[0, 4, %[[IDX]]]
// CHECK:   %[[BASE:.*]] = llvm.load %[[BASEP]] : !llvm.ptr<4> -> i64
// CHECK:   llvm.icmp "ne" %[[BASE]], %{{.*}} : i64
// CHECK:   scf.if
// CHECK-NEXT: llvm.intr.trap
// CHECK:   %[[SUM:.*]] = llvm.add %[[BASE]], %[[OFF]] : i64
// CHECK:   %[[PEER:.*]] = llvm.inttoptr %[[SUM]] : i64 to !llvm.ptr
// CHECK:   %[[PA:.*]] = llvm.getelementptr %[[PEER]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:   %[[D1:.*]] = llvm.insertvalue %[[PA]], %[[DESC]][0]
// CHECK:   %[[D2:.*]] = llvm.insertvalue %[[PA]], %[[D1]][1]
// CHECK:   nvvm.mbarrier.arrive.expect_tx
// CHECK:   %[[P0:.*]] = llvm.extractvalue %[[D2]][1]
// CHECK:   %[[G0:.*]] = llvm.getelementptr %[[P0]]
// CHECK:   %[[G1:.*]] = llvm.addrspacecast %[[G0]] : !llvm.ptr to !llvm.ptr<1>
// CHECK:   nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %[[G1]]
// CHECK: scf.if
// CHECK:   llvm.intr.trap
// CHECK:   llvm.intr.trap
// CHECK:   %[[S2:.*]] = llvm.insertvalue %{{.*}}[1]
// CHECK:   llvm.extractvalue %[[S2]][1]
// CHECK:   nvvm.cp.async.bulk.global.shared.cta
// CHECK:   nvvm.cp.async.bulk.commit.group

// PTX: .visible .const .align 8 .b8 __asynccopy_symm[1048];
// PTX-LABEL: .entry peer_bulk(
// PTX: ld.const.b64 {{.*}}[__asynccopy_symm];
// PTX: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX: trap;

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @peer_bulk(%A: memref<1024x1024xf16>, %i: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>} : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %S to %A window [%i, 0] [64, 64] peer %pe {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Per-thread copies (sync loads, stores and atomic reductions, cp.async
// loads) address the peer view: the re-based descriptor goes back to a memref
// that the thread loop flattens; every thread translates (and checks) once.
// CHECK: llvm.mlir.global external @__asynccopy_symm()
// CHECK-LABEL: gpu.func @peer_per_thread
// CHECK: llvm.intr.trap
// CHECK: %[[D:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[M:.*]] = builtin.unrealized_conversion_cast %[[D]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<1024x1024xf16>
// CHECK: %[[F:.*]] = memref.reinterpret_cast %[[M]]
// CHECK: scf.for
// CHECK:   memref.load %[[F]]
// CHECK: llvm.intr.trap
// CHECK: %[[M2:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1024x1024xf16>
// CHECK: %[[F2:.*]] = memref.reinterpret_cast %[[M2]]
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[F2]]
// CHECK: llvm.intr.trap
// CHECK: %[[M3:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1024x1024xf16>
// CHECK: %[[F3:.*]] = memref.reinterpret_cast %[[M3]]
// CHECK: scf.for
// CHECK:   memref.atomic_rmw addf %{{.*}}, %[[F3]]
// CHECK: llvm.intr.trap
// CHECK: %[[M4:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1024x1024xf16>
// CHECK: %[[F4:.*]] = memref.reinterpret_cast %[[M4]]
// CHECK: scf.for
// CHECK:   nvgpu.device_async_copy %[[F4]]

// PTX-LABEL: .entry peer_per_thread(
// PTX: atom.add.noftz.f16
// PTX: cp.async.cg.shared.global
// PTX: trap;

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @peer_per_thread(%A: memref<1024x1024xf16>, %i: index, %j: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t0 = asynccopy.copy %A to %S window [%i, %j] [64, 64] peer %pe {impl = #asynccopy<impl sync>} : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t0 : !asynccopy.token
      %t1 = asynccopy.copy %S to %A window [%i, %j] [64, 64] peer %pe {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %t1 : !asynccopy.token
      %t2 = asynccopy.copy %S to %A window [%i, %j] [64, 64] peer %pe {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      %t3 = asynccopy.copy %A to %S window [%i, 0] [64, 64] peer %pe {impl = #asynccopy<impl cp_async>} : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t3 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// TMA: the kernel parameter of a peer copy points at numPes tensor maps; the
// issuing thread checks pe, takes map pe and acquires it for the tensor-map
// proxy (the host wrote it) before its first TMA instruction.
// CHECK: llvm.mlir.global external @__asynccopy_symm()
// CHECK-LABEL: gpu.func @peer_tma
// CHECK-SAME: %[[PE:[a-z0-9]+]]: i32, %[[MAPS:[a-z0-9]+]]: !llvm.ptr
// CHECK: scf.if
// CHECK:   llvm.icmp "ult" %[[PE]], %{{.*}} : i32
// CHECK:   llvm.intr.trap
// CHECK:   llvm.intr.trap
// CHECK:   %[[PE64:.*]] = llvm.zext %[[PE]] : i32 to i64
// CHECK:   %[[BYTES:.*]] = llvm.mul %[[PE64]], %{{.*}} : i64
// CHECK:   %[[MAP:.*]] = llvm.getelementptr %[[MAPS]][%[[BYTES]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:   nvvm.fence.proxy.acquire <sys> %[[MAP]], %{{.*}}
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]]
// CHECK: scf.if
// CHECK:   %[[MAP2:.*]] = llvm.getelementptr %[[MAPS]]
// CHECK:   nvvm.fence.proxy.acquire <sys> %[[MAP2]]
// CHECK:   nvvm.cp.async.bulk.tensor.global.shared.cta %[[MAP2]]
// CHECK: scf.if
// CHECK:   %[[MAP3:.*]] = llvm.getelementptr %[[MAPS]]
// CHECK:   nvvm.fence.proxy.acquire <sys> %[[MAP3]]
// CHECK:   nvvm.cp.async.bulk.tensor.reduce %[[MAP3]]

// PTX-LABEL: .entry peer_tma(
// PTX: fence.proxy.tensormap::generic.acquire.sys [[[MAP:%rd[0-9]+]]], 128;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [[[MAP]], {
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
    gpu.func @peer_tma(%A: memref<1024x1024xf16>, %i: index, %j: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%c0] peer %pe : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %S to %A window [%i, %j] [64, 64] peer %pe : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %r = asynccopy.copy %S to %A window [%i, %j] [64, 64] peer %pe {reduction = #asynccopy<reduction add>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %r : !asynccopy.token
      gpu.return
    }
  }
}
