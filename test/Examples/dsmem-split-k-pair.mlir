// A complete kernel of the kind docs/ir.md describes, first written from
// docs/ alone: two partial tiles summed through DSMEM in a 1 x 1 x 2
// cluster. Each CTA loads its tile with TMA; CTA 1 sends its tile into CTA
// 0's receive buffer (a DSMEM copy completing on CTA 0's barrier; the peer's
// rank computed as 1 - z); CTA 0 waits, adds and stores C, then
// acknowledges with a remote arrival on CTA 1's barrier, which CTA 1 waits
// for before it exits. The checker accepts it (it once rejected the
// computed rank: docs/robustness.md N15), and the PTX assembles.
// RUN: ac-opt %s -verify-diagnostics -asynccopy-check-synchronization -o /dev/null
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s
// CHECK: .reqnctapercluster 1, 1, 2
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mapa.shared::cluster.u64
// CHECK: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64
// CHECK: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64
// CHECK-NOT: // ptxas:
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @handoff {
    gpu.func @split_k_pair(%P: memref<2x128x64xf32>, %C: memref<128x64xf32>)
        workgroup(%own: memref<128x64xf32, #wg>, %recv: memref<128x64xf32, #wg>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>,
                           known_cluster_size = array<i32: 1, 1, 2>} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c8192 = arith.constant 8192 : index
      %false = arith.constant false
      %r0 = arith.constant 0 : i32
      %r1 = arith.constant 1 : i32

      %z = gpu.cluster_block_id z
      %tid = gpu.thread_id x
      %zi = arith.index_cast %z : index to i32
      %peer = arith.subi %r1, %zi : i32

      // Barriers: %ldb for this CTA's own TMA load, %rcvb for the DSMEM copy
      // a peer sends into this CTA, %ackb for the peer's acknowledgement
      // (every thread of CTA 0 arrives once: 128 arrivals).
      %ldb = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %rcvb = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %ackb = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %ldb, 1 : !asynccopy.barrier<1>
      asynccopy.barrier.init %rcvb, 1 : !asynccopy.barrier<1>
      asynccopy.barrier.init %ackb, 128 : !asynccopy.barrier<1>
      // Publish the inits to the cluster before any remote use.
      nvvm.cluster.arrive
      nvvm.cluster.wait

      // Each CTA loads its partial tile P[z] with TMA.
      asynccopy.copy %P to %own window [%z, 0, 0] [1, 128, 64] barrier %ldb[%c0]
          : memref<2x128x64xf32> to memref<128x64xf32, #wg>
      asynccopy.barrier.wait %ldb[%c0], %false : !asynccopy.barrier<1>

      %is0 = arith.cmpi eq, %z, %c0 : index
      scf.if %is0 {
        // CTA 0: wait for CTA 1's tile, add own + received, store to C.
        asynccopy.barrier.wait %rcvb[%c0], %false : !asynccopy.barrier<1>
        scf.for %i = %tid to %c8192 step %c128 {
          %row = arith.divui %i, %c64 : index
          %col = arith.remui %i, %c64 : index
          %a = memref.load %own[%row, %col] : memref<128x64xf32, #wg>
          %b = memref.load %recv[%row, %col] : memref<128x64xf32, #wg>
          %s = arith.addf %a, %b : f32
          memref.store %s, %C[%row, %col] : memref<128x64xf32>
        }
        // Acknowledge: every thread arrives once on CTA 1's %ackb.
        %ack1 = asynccopy.barrier.remote %ackb, %r1 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
        asynccopy.barrier.arrive %ack1[%c0] : !asynccopy.barrier<1, remote>
      } else {
        // CTA 1: send its tile into CTA 0's %recv, completing on CTA 0's %rcvb,
        // then wait for CTA 0's acknowledgement before exiting.
        asynccopy.copy %own to %recv remote %peer barrier %rcvb[%c0]
            : memref<128x64xf32, #wg> to memref<128x64xf32, #wg>
        asynccopy.barrier.wait %ackb[%c0], %false : !asynccopy.barrier<1>
      }
      gpu.return
    }
  }
}
