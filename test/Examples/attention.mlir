// The attention example is the generator's output, pipelines with one ring
// of 2 stages for K and V (each on its own full barrier; one CTA barrier per
// key block releases the stage the block before read, which is refilled as
// the block starts), and lowers to
// PTX that ptxas accepts for sm_90a: per key block, 8 m64n128k16 wgmma for
// S = Q K^T from SMEM, the online softmax (quad shuffles, ex2.approx.ftz),
// P converted in registers (cvt.rn.f16x2.f32) and 8 register-A m64n128k16
// wgmma for O += P V; then O / l through Q's tile and one TMA store, and the
// log-sum-exp by one lane per row.
// RUN: %python %S/../../bench/attention/attention_gen.py 4 16 16 4096 128 | diff - %S/../../examples/attention/attention_hd128.mlir
// RUN: ac-opt %S/../../examples/attention/attention_hd128.mlir -asynccopy-pipeline-loops -verify-diagnostics \
// RUN:   | FileCheck %s --check-prefix=LOOP
// RUN: ac-opt %S/../../examples/attention/attention_hd128.mlir -asynccopy-check-synchronization -o /dev/null
// RUN: ac-opt %S/../../examples/attention/attention_hd128.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s
// Causal, ragged S (1000 = 7 key blocks and 104 keys): the blocks that cross
// the diagonal or the sequence's end are masked under a uniform branch.
// RUN: %python %S/../../bench/attention/attention_gen.py 2 4 4 1000 128 --causal \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=CAUSAL
// A producer warpgroup (`--ws`, GQA 8 query heads per K/V head): Q's load
// stays before the split, the producer keeps 40 registers and issues K's and
// V's loads once the consumers' warps have released the stage (empty
// barriers); the consumers take 232 and synchronise among themselves.
// RUN: %python %S/../../bench/attention/attention_gen.py 1 8 1 512 128 --ws \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=WS
// Ping-pong consumers with GQA K/V multicast (4 query heads per K/V head,
// clusters of the CTAs of 2 query heads): the turns on named barriers 2
// and 3, K's and V's loads multicast by the producer, a cluster barrier
// before the split and after the consumers' loop.
// RUN: %python %S/../../bench/attention/attention_gen.py 1 8 2 512 128 --ws --pingpong --multicast \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PP
// A packed varlen batch (`--varlen`: cu_seqlens, each CTA's sequence a
// subview of the packed tensors): Q's, K's, V's and O's windows move by TMA
// inside the sequence (on the packed tensors' maps) and by per-thread
// copies where they cross its end, which zero-fill or skip past it.
// RUN: %python %S/../../bench/attention/attention_gen.py 4 8 2 256 128 --varlen --causal \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" -verify-diagnostics | %extract_ptx | FileCheck %s --check-prefix=VARLEN
// The same with a producer warpgroup: its loads read the packed tensors
// (rows past the sequence are the next one's, masked like keys past S, and
// TMA reads zeros past the batch's token count, known at launch), so one
// thread issues each; the loop's trip count comes from cu_seqlens, read
// before the split by every thread; only O's store clips at the sequence.
// RUN: %python %S/../../bench/attention/attention_gen.py 4 8 2 256 128 --varlen --ws --causal \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" -verify-diagnostics | %extract_ptx | FileCheck %s --check-prefix=VARLENWS
// The overlapped loop (`--overlap`): V loaded one block behind K, S(j)
// committed before O += P(j-1) V(j-1), `wait.group 1` before the softmax of
// S(j); ptxas keeps the wgmma asynchronous. With a producer warpgroup and
// pingpong consumers, the turn ends at `wait.group 1`, where K's stage is
// released (V's after `wait.group 0`).
// RUN: %python %S/../../bench/attention/attention_gen.py 1 2 2 512 128 --overlap \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=OV
// RUN: %python %S/../../bench/attention/attention_gen.py 1 4 2 512 128 --overlap --ws --pingpong --causal \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=OVPP
// Head dims 64 and 256 (bf16), key blocks of 128 and 64.
// RUN: %python %S/../../bench/attention/attention_gen.py 1 2 2 256 64 --dtype bf16 --stages 3 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=D64
// RUN: %python %S/../../bench/attention/attention_gen.py 1 2 2 256 256 --dtype bf16 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=D256

// LOOP-LABEL: gpu.func @attention
// LOOP-SAME: workgroup(%{{.*}} : memref<2x128x64xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x2x128x64xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x2x128x64xf16, #gpu.address_space<workgroup>>)
// LOOP: %[[KFULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// LOOP: %[[VFULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// LOOP: scf.for
// LOOP: gpu.barrier
// LOOP: asynccopy.copy {{.*}} barrier %[[KFULL]]
// LOOP: asynccopy.copy {{.*}} barrier %[[VFULL]]
// LOOP: asynccopy.barrier.wait %[[KFULL]]
// LOOP: nvvm.wgmma.wait.group.sync.aligned 0
// LOOP: asynccopy.barrier.wait %[[VFULL]]
// LOOP-COUNT-8: asynccopy.wgmma_register_a
// LOOP: nvvm.wgmma.wait.group.sync.aligned 0
// LOOP-NOT: gpu.barrier
// LOOP: scf.yield
// LOOP: gpu.barrier

// CHECK-LABEL: .entry attention(
// CHECK: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, {{.*}};
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK-COUNT-64: ex2.approx.ftz.f32
// CHECK: cvt.rn.f16x2.f32
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.sync
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK: fence.proxy.async.shared::cta
// CHECK: cp.async.bulk.tensor.5d.global.shared::cta.tile.bulk_group
// CHECK: lg2.approx.ftz.f32
// CHECK: st.global.b32
// CHECK: cp.async.bulk.wait_group.read 0;

// CAUSAL-LABEL: .entry attention(
// CAUSAL-COUNT-64: selp.f32 {{.*}}, 0fFF800000, %p
// CAUSAL-NOT: selp.f32 {{.*}}, 0fFF800000, %p

// WS: .maxntid 384, 1, 1
// WS: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// WS: mbarrier.try_wait.parity.shared.b64
// WS: setmaxnreg.dec.sync.aligned.u32 40;
// WS-COUNT-2: cp.async.bulk.tensor.{{[45]}}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// WS: setmaxnreg.inc.sync.aligned.u32 232;
// WS-NOT: bar.sync
// WS: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
// WS-NOT: bar.sync
// WS: bar.warp.sync -1;
// WS: mbarrier.arrive.shared.b64
// WS: bar.sync 1, 256;
// WS-NOT: bar.sync 0;

// D64: .entry attention(
// D64-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// D64-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}

// D256: .entry attention(
// D256-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// D256-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}

// PP: .reqnctapercluster 1, 2, 1
// PP: barrier.cluster.arrive;
// PP-NEXT: barrier.cluster.wait;
// PP: setmaxnreg.dec.sync.aligned.u32 40;
// PP: multicast::cluster
// PP: setmaxnreg.inc.sync.aligned.u32 232;
// PP: bar.arrive 2, 256;
// PP: bar.sync %r{{[0-9]+}}, 256;
// PP: bar.arrive %r{{[0-9]+}}, 256;
// PP: barrier.cluster.arrive;
// PP-NEXT: barrier.cluster.wait;

// VARLEN-LABEL: .entry attention(
// VARLEN: ld.global{{.*}}.b32
// VARLEN: ld.global{{.*}}.b32
// VARLEN: cp.async.bulk.tensor.{{[45]}}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// VARLEN: ld.global{{.*}}.v4.b32
// VARLEN: st.shared.v4.b32
// VARLEN: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// VARLEN-DAG: cp.async.bulk.tensor.{{[45]}}d.global.shared::cta.tile.bulk_group
// VARLEN-DAG: st.global.v4.b32

// VARLENWS-LABEL: .entry attention(
// VARLENWS: ld.global.s32
// VARLENWS: ld.global.s32
// VARLENWS-NOT: ld.global
// VARLENWS: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// VARLENWS: setmaxnreg.dec.sync.aligned.u32 40;
// VARLENWS-COUNT-2: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// VARLENWS: setmaxnreg.inc.sync.aligned.u32 232;
// VARLENWS-NOT: ld.global
// VARLENWS-DAG: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// VARLENWS-DAG: st.global.v4.b32

// OV-LABEL: .entry attention(
// OV: mbarrier.try_wait.parity.shared.b64
// OV-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, {{.*}};
// OV: wgmma.commit_group.sync.aligned;
// OV: mbarrier.try_wait.parity.shared.b64
// OV-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 1;
// OV: wgmma.commit_group.sync.aligned;
// OV-NEXT: wgmma.wait_group.sync.aligned 1;
// OV-COUNT-66: ex2.approx.ftz.f32

// OVPP-LABEL: .entry attention(
// OVPP: setmaxnreg.inc.sync.aligned.u32 232;
// OVPP: bar.arrive 2, 256;
// OVPP: bar.sync %r{{[0-9]+}}, 256;
// OVPP: wgmma.commit_group.sync.aligned;
// OVPP: wgmma.commit_group.sync.aligned;
// OVPP-NEXT: wgmma.wait_group.sync.aligned 1;
// OVPP-NOT: wgmma.wait_group
// OVPP: bar.arrive %r{{[0-9]+}}, 256;
// OVPP-NOT: wgmma.wait_group
// OVPP: bar.warp.sync -1;
// OVPP-NEXT: @%p{{[0-9]+}} bra
// OVPP-NEXT: add.s64
// OVPP-NEXT: mbarrier.arrive.shared.b64
