// The GEMM example is the generator's output, pipelines with an
// asynchronous wgmma consumer, and lowers to PTX that ptxas accepts for
// sm_90a: a 3-stage TMA ring, four m64n256k16 wgmma per K tile with one
// group kept in flight, each warp releasing a stage on its empty barrier
// (no CTA barrier in the loop), the swizzled C tile stored by one TMA store, waited
// for only until it has read the tile.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 | diff - %S/../../examples/gemm/gemm_4096.mlir
// RUN: ac-opt %S/../../examples/gemm/gemm_4096.mlir -asynccopy-pipeline-loops -verify-diagnostics \
// RUN:   | FileCheck %s --check-prefix=LOOP
// RUN: ac-opt %S/../../examples/gemm/gemm_4096.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s
// The same on 2x2 clusters (A multicast along y, B along x): each warp
// frees a stage with 3 remote arrivals (the CTA, its row, its column; no
// CTA barrier in the loop), the refills multicast, and a cluster barrier
// follows the loop.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 512 --cluster 2 2 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=MC
// 4 stages of 128x256 (192 KiB) leave no room for the whole 64 KiB C tile:
// the epilogue stores it in two column halves through a 32 KiB buffer, the
// second after the first has been read.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --stages 4 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=S4
// LOOP-LABEL: gpu.func @gemm
// LOOP-SAME: memref<3x128x64xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x256x64xf16, #gpu.address_space<workgroup>>
// LOOP: nvvm.wgmma.wait.group.sync.aligned 1
// LOOP: nvvm.wgmma.wait.group.sync.aligned 0
// With a producer warpgroup (`--ws`): 384 threads, the producer keeps 40
// registers and issues the multicasts after waiting for the stage to be
// free; each consumer warp frees a stage with 3 remote arrivals after
// `wait.group 1` (the last stage after `wait.group 0`); the consumers'
// barriers, the epilogue's included, leave the producer out.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 512 --cluster 2 2 --ws \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=WS
// A persistent GEMM with a producer warpgroup (`--ws --persistent 4`, 2x1
// clusters): one cluster barrier before the split and one after the
// consumers' loop over tiles, none per tile; no register hand-over; the
// producer's load loop is nested in its own loop over tiles; the consumers'
// epilogue barriers leave the producer out.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 1024 1024 512 --cluster 2 1 --ws --persistent 4 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PWS
// CHECK-LABEL: .entry gemm(
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 1
// CHECK-NOT: bar.sync
// CHECK: bar.warp.sync -1;
// CHECK-NOT: bar.sync
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: bar.sync
// CHECK: wgmma.wait_group.sync.aligned 0
// CHECK: cvt.rn.f16x2.f32
// CHECK: st.shared.b32
// CHECK: fence.proxy.async.shared::cta
// CHECK: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// MC: .reqnctapercluster 2, 2, 1
// MC: barrier.cluster.arrive;
// MC-NEXT: barrier.cluster.wait;
// MC-COUNT-4: multicast::cluster
// MC: wgmma.wait_group.sync.aligned 1;
// MC-NOT: bar.sync
// MC: bar.warp.sync -1;
// MC-NOT: bar.sync
// MC-COUNT-3: mbarrier.arrive.shared::cluster.b64
// MC-NOT: mbarrier.arrive.shared::cluster.b64
// MC-NOT: bar.sync
// MC: multicast::cluster
// MC-NOT: bar.sync
// MC: multicast::cluster
// MC-NOT: bar.sync
// MC: wgmma.wait_group.sync.aligned 0;
// MC-NEXT: barrier.cluster.arrive;
// MC-NEXT: barrier.cluster.wait;
// WS: .maxntid 384, 1, 1
// WS: barrier.cluster.arrive;
// WS-NEXT: barrier.cluster.wait;
// WS: setmaxnreg.dec.sync.aligned.u32 40;
// WS: mbarrier.try_wait.parity.shared.b64
// WS: multicast::cluster
// WS: setmaxnreg.inc.sync.aligned.u32 232;
// WS: mbarrier.try_wait.parity.shared.b64
// WS: wgmma.wait_group.sync.aligned 1;
// WS: bar.warp.sync -1;
// WS-COUNT-3: mbarrier.arrive.shared::cluster.b64
// WS-NOT: multicast::cluster
// WS: wgmma.wait_group.sync.aligned 0;
// WS-NEXT: bar.warp.sync -1;
// WS-COUNT-3: mbarrier.arrive.shared::cluster.b64
// WS: barrier.cluster.arrive;
// WS-NEXT: barrier.cluster.wait;
// WS-NEXT: bar.sync 1, 256;
// WS-NOT: bar.sync 0;
// PWS: .maxntid 384, 1, 1
// PWS-NOT: setmaxnreg
// PWS: barrier.cluster.arrive;
// PWS-NEXT: barrier.cluster.wait;
// PWS-NOT: barrier.cluster
// PWS: mbarrier.try_wait.parity.shared.b64
// PWS-NOT: barrier.cluster
// PWS: multicast::cluster
// PWS-NOT: barrier.cluster
// PWS: wgmma.wait_group.sync.aligned 1;
// PWS-NOT: barrier.cluster
// PWS: mbarrier.arrive.shared::cluster.b64
// PWS-NOT: barrier.cluster
// PWS: wgmma.wait_group.sync.aligned 0;
// PWS-NOT: barrier.cluster
// PWS: bar.sync 1, 256;
// PWS-NOT: barrier.cluster
// PWS: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// PWS-NOT: barrier.cluster
// PWS: barrier.cluster.arrive;
// PWS-NEXT: barrier.cluster.wait;
// PWS-NOT: barrier.cluster
// PWS-NOT: setmaxnreg
// PWS-NOT: bar.sync 0;
// S4-LABEL: .entry gemm(
// S4: mbarrier.init.shared.b64
// S4: wgmma.wait_group.sync.aligned 0
// S4: st.shared.b32
// S4: fence.proxy.async.shared::cta
// S4: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// S4-NEXT: cp.async.bulk.commit_group;
// S4-NEXT: cp.async.bulk.wait_group.read 0;
// S4: st.shared.b32
// S4: fence.proxy.async.shared::cta
// S4: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// S4-NEXT: cp.async.bulk.commit_group;
// S4-NEXT: cp.async.bulk.wait_group.read 0;
// S4-NOT: cp.async.bulk.tensor
