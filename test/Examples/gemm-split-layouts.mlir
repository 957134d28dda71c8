// The GEMM generator's deterministic split-K through DSMEM
// (`--split-mode cluster`) and MN-major operands (`--a-major mn`,
// `--b-major mn`) lower to PTX that ptxas accepts for sm_90a without a word
// (`--ptxas-messages`: no `// ptxas:` line, so no spill and no serialised
// wgmma). asynccopy-check-synchronization runs in the pipeline and accepts
// the exchange.
//
// Cluster split-K: the S CTAs of one tile form a cluster along z
// (`.reqnctapercluster CX, CY, S`); each computes its slice's partial f32
// tile; a CTA z > 0 stores each 128-B column part (32 f32 columns) of it
// into its own copy of its receive slot and sends the slot into the
// z-rank-0 CTA's with a DSMEM copy (`mapa`, then
// `cp.async.bulk.shared::cluster.shared::cta` completing on rank 0's
// barrier); rank 0 waits for the slots in the order z = 1 .. S-1, adds them
// to its accumulators (`ld.shared.v2` + add), acknowledges each with a
// remote arrival (`mbarrier.arrive.shared::cluster`, CTA scope), and stores
// C alone with plain TMA stores (no reduction: C needs no zeroing, any C
// type). Senders wait for their last acknowledgement before they exit.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --dtype bf16 \
// RUN:   --split-k 2 --split-mode cluster \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=SKC,SKC2
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --out f32 \
// RUN:   --split-k 4 --split-mode cluster \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=SKC,SKC4
// On 2x1 clusters multicasting B (clusters of 2 x 1 x 2), with a producer
// warpgroup.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --split-k 2 \
// RUN:   --split-mode cluster --cluster 2 1 --ws \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=SKCWS
// The kernel as the generator writes it.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --out f32 \
// RUN:   --split-k 4 --split-mode cluster | FileCheck %s --check-prefix=SKCIR
// With room for a receive slot per part (64x128 tiles: 4 parts of 8 KiB), a
// sender sends its whole partial tile without waiting for a slot to be read,
// and waits for the 4 acknowledgements before it exits.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 16 4096 4096 --bm 64 --bn 128 \
// RUN:   --stages 6 --dtype bf16 --split-k 2 --split-mode cluster \
// RUN:   | FileCheck %s --check-prefix=SKCALL
// RUN: %python %S/../../bench/gemm/gemm_gen.py 16 4096 4096 --bm 64 --bn 128 \
// RUN:   --stages 6 --dtype bf16 --split-k 2 --split-mode cluster \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=SKCALL-PTX
// With two slots (`--max-slots 2`), part 2 waits for part 0's slot.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 16 4096 4096 --bm 64 --bn 128 \
// RUN:   --stages 6 --dtype bf16 --split-k 2 --split-mode cluster --max-slots 2 \
// RUN:   | FileCheck %s --check-prefix=SKCR2
//
// MN-major operands (f16, bf16): A stored K x M, B K x N; each K tile is a
// [64, BM] ([64, BN]) window loaded with the 128-B swizzle in 64-column
// tiles (one 4-d TMA box) into [BM/64, 64, 64], read by wgmma through
// MN-major descriptors (leading byte offset 8 KiB between the 64-column
// blocks, stride byte offset 1 KiB between 8 K rows:
// 0x4000004002000000 = 4611686293338849280; K-major 0x4000004000010000 =
// 4611686293305360384) with wgmma's transpose flag (imm-trans-a, -b) set.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --a-major mn \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=AMN
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype bf16 --b-major mn \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=BMN
// Both, bf16; and f16 on 2x2 clusters multicasting both.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype bf16 \
// RUN:   --a-major mn --b-major mn \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=ABMN,ABMN-BF16
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --a-major mn --b-major mn \
// RUN:   --cluster 2 2 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=ABMN,ABMN-MC
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --a-major mn --b-major mn \
// RUN:   | FileCheck %s --check-prefix=MNIR
//
// MN-major 8-bit or tf32 operands, and a split cluster over 8 CTAs, are the
// generator's errors.
// RUN: not %python %S/../../bench/gemm/gemm_gen.py 512 512 512 --dtype e4m3 --a-major mn 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-MN
// RUN: not %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --split-k 4 \
// RUN:   --split-mode cluster --cluster 2 2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-CLUSTER

// SKC-LABEL: .entry gemm(
// SKC2: .reqnctapercluster 1, 1, 2
// SKC4: .reqnctapercluster 1, 1, 4
// SKC: mov.u32 %r{{[0-9]+}}, %ctaid.z;
// SKC: barrier.cluster.arrive;
// SKC-NEXT: barrier.cluster.wait;
// SKC2-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// SKC4-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// SKC: wgmma.wait_group.sync.aligned 0;
// A sender: each part stored into its slot, fenced, sent; from the second
// part on after rank 0 acknowledged the one before (one slot per sender).
// SKC-COUNT-8: st.shared.v2.b32
// SKC: fence.proxy.async.shared::cta;
// SKC-NEXT: bar.sync 0;
// SKC: mapa.shared::cluster.u64
// SKC: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64
// SKC-NEXT: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKC: mbarrier.try_wait.parity.shared.b64
// SKC-COUNT-8: st.shared.v2.b32
// SKC: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKC-COUNT-6: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKC-NOT: cp.async.bulk.shared::cluster.shared::cta
// SKC: mbarrier.try_wait.parity.shared.b64
// Rank 0: per part and sender, wait, load the slot, add, acknowledge.
// SKC: mapa.shared::cluster.u64
// SKC: mbarrier.try_wait.parity.shared.b64
// SKC-COUNT-8: ld.shared.v2.b32
// SKC: mbarrier.arrive.shared::cluster.b64
// S = 2: then the part converted to bf16 into the whole C tile.
// SKC2-COUNT-8: cvt.rn.bf16x2.f32
// S = 4: z = 2 and 3 in order, then the f32 part into a quarter C buffer.
// SKC4: mapa.shared::cluster.u64
// SKC4: mbarrier.try_wait.parity.shared.b64
// SKC4-COUNT-8: ld.shared.v2.b32
// SKC4: mbarrier.arrive.shared::cluster.b64
// SKC4: mapa.shared::cluster.u64
// SKC4: mbarrier.try_wait.parity.shared.b64
// SKC4-COUNT-8: ld.shared.v2.b32
// SKC4: mbarrier.arrive.shared::cluster.b64
// SKC4-COUNT-8: st.shared.v2.b32
// SKC4: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SKC4: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SKC4: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SKC: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SKC-NOT: cp.async.bulk.tensor.4d.global
// SKC-NOT: cp.reduce.async.bulk
// SKC-NOT: // ptxas:

// SKCWS: .maxntid 384, 1, 1
// SKCWS: .reqnctapercluster 2, 1, 2
// SKCWS: setmaxnreg.dec.sync.aligned.u32 40;
// SKCWS: multicast::cluster
// SKCWS: setmaxnreg.inc.sync.aligned.u32 232;
// SKCWS-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// SKCWS: barrier.cluster.arrive;
// SKCWS-NEXT: barrier.cluster.wait;
// SKCWS-COUNT-8: st.shared.v2.b32
// SKCWS: bar.sync 1, 256;
// SKCWS: mapa.shared::cluster.u64
// SKCWS: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKCWS-COUNT-7: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKCWS: mbarrier.try_wait.parity.shared.b64
// SKCWS-COUNT-8: ld.shared.v2.b32
// SKCWS: mbarrier.arrive.shared::cluster.b64
// SKCWS-COUNT-8: cvt.rn.f16x2.f32
// SKCWS: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SKCWS-NOT: cp.reduce.async.bulk
// SKCWS-NOT: // ptxas:

// SKCIR: // C = A @ B^T, 512 x 512 x 4096, f16 in, f32 accumulation, f32 out; tile 128 x 256 x 64, 3 stages; K in 4 slices, summed in order in z-rank 0 of each cluster (49152 B receive slots).
// SKCIR-NEXT: // Launch: grid 4 x 2 x 4, block 256, cluster 1 x 1 x 4, 229376 B of shared memory.
// SKCIR: workgroup(%sa : memref<128x64xf16, #gpu.address_space<workgroup>>, %sb : memref<256x64xf16, #gpu.address_space<workgroup>>, %sc : memref<2x128x32xf32, #gpu.address_space<workgroup>>, %sr : memref<3x128x32xf32, #gpu.address_space<workgroup>>)
// SKCIR-NEXT: attributes {known_block_size = array<i32: 256, 1, 1>, known_cluster_size = array<i32: 1, 1, 4>} {
// SKCIR: %full = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// SKCIR: nvvm.cluster.wait
// SKCIR: %is_rank0 = arith.cmpi eq, %bz, %c0 : index
// SKCIR: asynccopy.barrier.wait %full[%c0], %false
// SKCIR: asynccopy.barrier.wait %full[%c1], %false
// SKCIR: asynccopy.barrier.wait %full[%c2], %false
// SKCIR: asynccopy.copy %sc to %C window [%m0, %n0] [128, 64] {swizzle = 128 : i64, transforms = [#asynccopy.tile<[128, 32]>]}
// SKCIR: } else {
// SKCIR: asynccopy.copy %xv0 to %xv0 remote %rank0i barrier %full[%xslot0]
// SKCIR-NOT: reduction

// SKCALL: workgroup({{.*}}, %sr : memref<4x64x32xf32, #gpu.address_space<workgroup>>)
// SKCALL: %empty = asynccopy.barrier.alloc : !asynccopy.barrier<4>
// SKCALL: asynccopy.barrier.wait %full[%c3], %false
// SKCALL: } else {
// SKCALL-NOT: asynccopy.barrier.wait
// SKCALL: asynccopy.copy %xv3 to %xv3 remote %rank0i barrier %full[%xslot3]
// SKCALL-NEXT: asynccopy.barrier.wait %empty[%c0], %false
// SKCALL-NEXT: asynccopy.barrier.wait %empty[%c1], %false
// SKCALL-NEXT: asynccopy.barrier.wait %empty[%c2], %false
// SKCALL-NEXT: asynccopy.barrier.wait %empty[%c3], %false
// SKCALL-NEXT: }

// SKCR2: %sr : memref<2x64x32xf32, #gpu.address_space<workgroup>>)
// SKCR2: } else {
// SKCR2: asynccopy.copy %xv1 to %xv1 remote %rank0i barrier %full[%xslot1]
// SKCR2-NEXT: asynccopy.barrier.wait %empty[%c0], %false
// SKCR2: asynccopy.copy %xv2 to %xv2 remote %rank0i barrier %full[%xslot0]
// SKCR2-NEXT: asynccopy.barrier.wait %empty[%c1], %false
// SKCR2: asynccopy.copy %xv3 to %xv3 remote %rank0i barrier %full[%xslot1]
// SKCR2-NEXT: asynccopy.barrier.wait %empty[%c0], %true
// SKCR2-NEXT: asynccopy.barrier.wait %empty[%c1], %true

// SKCALL-PTX: .reqnctapercluster 1, 1, 2
// SKCALL-PTX-COUNT-4: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// SKCALL-PTX-NOT: cp.async.bulk.shared::cluster
// SKCALL-PTX-NOT: // ptxas:

// AMN: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// AMN: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// AMN: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293338849280;
// AMN: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293305360384;
// AMN-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, p, 1, 1, 1, 0;
// AMN-NOT: wgmma.mma_async
// AMN-NOT: // ptxas:

// BMN: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// BMN: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// BMN: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293305360384;
// BMN: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293338849280;
// BMN-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
// BMN-NOT: wgmma.mma_async
// BMN-NOT: // ptxas:

// ABMN-MC: .reqnctapercluster 2, 2, 1
// ABMN-BF16: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// ABMN-BF16: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// ABMN-MC-COUNT-2: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// ABMN-NOT: cp.async.bulk.tensor.2d
// ABMN-COUNT-2: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293338849280;
// ABMN-BF16-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 1, 1;
// ABMN-MC-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, p, 1, 1, 1, 1;
// ABMN-NOT: wgmma.mma_async
// ABMN-NOT: // ptxas:

// MNIR: gpu.func @gemm(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>)
// MNIR-NEXT: workgroup(%sa : memref<2x64x64xf16, #gpu.address_space<workgroup>>, %sb : memref<4x64x64xf16, #gpu.address_space<workgroup>>
// MNIR: asynccopy.copy %A to %sa window [%k0, %m0] [64, 128] barrier %bar[%c0] {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
// MNIR: asynccopy.copy %B to %sb window [%k0, %n0] [64, 256] barrier %bar[%c0] {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
// MNIR: %va0 = memref.subview %sa[%wg, 0, 0] [1, 16, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<1x16x64xf16, strided<[4096, 64, 1], offset: ?>, #gpu.address_space<workgroup>>
// MNIR: %vb0 = memref.subview %sb[0, 0, 0] [4, 16, 64] [1, 1, 1] : memref<4x64x64xf16, #gpu.address_space<workgroup>> to memref<4x16x64xf16, strided<[4096, 64, 1], offset: 0>, #gpu.address_space<workgroup>>
// MNIR: asynccopy.wgmma_descriptor %va0 major mn
// MNIR: asynccopy.wgmma_descriptor %vb0 major mn
// MNIR: A [<f16>, <one>, <col>], B [<f16>, <one>, <row>]
// MNIR: %vb1 = memref.subview %sb[0, 16, 0] [4, 16, 64] [1, 1, 1] : memref<4x64x64xf16, #gpu.address_space<workgroup>> to memref<4x16x64xf16, strided<[4096, 64, 1], offset: 1024>, #gpu.address_space<workgroup>>
// MNIR-COUNT-3: A [<f16>, <one>, <col>], B [<f16>, <one>, <row>]

// ERR-MN: error: --a-major mn needs --dtype f16 or bf16: wgmma reads only 16-bit operands MN-major (transposed), not e4m3
// ERR-CLUSTER: error: --split-k 4 --split-mode cluster: a cluster of 2 x 2 x 4 = 16 CTAs, at most 8
