// The GEMM generator's kernels of other types (`--dtype`, `--out`) and
// split-K (`--split-k`) lower to PTX that ptxas accepts for sm_90a without a
// word: no spill, no serialised wgmma (`--ptxas-messages` prints what ptxas
// says after the PTX, `// ptxas:` lines, none expected). Every K tile is
// 128 B (64 f16/bf16, 128 e4m3/i8, 32 tf32 elements) loaded by TMA with the
// 128-B swizzle and read by four wgmma of the type's K (k16, k32, k8)
// accumulating in f32 (s32 for i8); the epilogue converts to the C type.
// A 2-byte C tile (64 KiB) fits beside 3 stages and is stored by one TMA
// store; a 4-byte one (f32, s32) goes through a buffer half its size in two
// stores, a quarter with 4 stages.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --out f32 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,F16,W
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype bf16 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BF16,BH
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype bf16 --out f32 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BF16,W
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype e4m3 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,E4M3,BH
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype e4m3 --out f16 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,E4M3,H
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype e4m3 --out f32 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,E4M3,W
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype tf32 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,TF32,W
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype i8 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,I8,W
// 4 stages of i8 (192 KiB): the 128 KiB s32 C tile in four 32 KiB parts.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype i8 --stages 4 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,I8,Q
// The kernel as the generator writes it: GMEM types, the K tile, wgmma
// types; tf32 in f32 memrefs.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype tf32 \
// RUN:   | FileCheck %s --check-prefix=TF32IR
// RUN: %python %S/../../bench/gemm/gemm_gen.py 4096 4096 4096 --dtype i8 \
// RUN:   | FileCheck %s --check-prefix=I8IR
//
// Split-K: grid z picks the slice of K tiles (16 of the 64 here), and the f32
// partial tile is added into C by TMA reduction stores, one per half.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --out f32 --split-k 4 \
// RUN:   | FileCheck %s --check-prefix=SKIR
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --out f32 --split-k 4 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SK,F16
// With e4m3, 2x1 clusters multicasting B and a producer warpgroup.
// RUN: %python %S/../../bench/gemm/gemm_gen.py 512 512 4096 --dtype e4m3 --out f32 \
// RUN:   --split-k 2 --cluster 2 1 --ws \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=SKWS
// What wgmma does not take, and empty slices, are the generator's errors.
// RUN: not %python %S/../../bench/gemm/gemm_gen.py 512 512 512 --dtype i8 --out f16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-TYPES
// RUN: not %python %S/../../bench/gemm/gemm_gen.py 512 512 512 --split-k 2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-OUT
// RUN: not %python %S/../../bench/gemm/gemm_gen.py 512 512 320 --out f32 --split-k 4 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-SLICES

// CHECK-LABEL: .entry gemm(
// SK: mov.u32 %r{{[0-9]+}}, %ctaid.z;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// F16-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// BF16-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// E4M3-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// TF32-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// I8-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.s8
// CHECK: wgmma.wait_group.sync.aligned 1
// CHECK: wgmma.wait_group.sync.aligned 0
// H-COUNT-64: cvt.rn.f16x2.f32
// BH-COUNT-64: cvt.rn.bf16x2.f32
// H: st.shared.b32
// BH: st.shared.b32
// H-NOT: cvt.rn
// BH-NOT: cvt.rn
// H: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// BH: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// W-NOT: cvt.rn
// W-COUNT-32: st.shared.v2.b32
// W: fence.proxy.async.shared::cta
// W: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// W-NEXT: cp.async.bulk.commit_group;
// W-NEXT: cp.async.bulk.wait_group.read 0;
// W-COUNT-32: st.shared.v2.b32
// W: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// Q-COUNT-16: st.shared.v2.b32
// Q: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// Q-NEXT: cp.async.bulk.commit_group;
// Q-NEXT: cp.async.bulk.wait_group.read 0;
// Q-COUNT-16: st.shared.v2.b32
// Q: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// Q-COUNT-16: st.shared.v2.b32
// Q: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// Q-COUNT-16: st.shared.v2.b32
// Q: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// SK-NOT: cvt.rn
// SK-COUNT-32: st.shared.v2.b32
// SK: fence.proxy.async.shared::cta
// SK: cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group
// SK-NEXT: cp.async.bulk.commit_group;
// SK-NEXT: cp.async.bulk.wait_group.read 0;
// SK-COUNT-32: st.shared.v2.b32
// SK: cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group
// CHECK-NOT: cp.async.bulk.tensor.4d.global
// CHECK-NOT: cp.reduce.async.bulk.tensor
// CHECK-NOT: // ptxas:

// TF32IR: gpu.func @gemm(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>)
// TF32IR-NEXT: workgroup(%sa : memref<128x32xf32, #gpu.address_space<workgroup>>, %sb : memref<256x32xf32, #gpu.address_space<workgroup>>
// TF32IR: asynccopy.copy %A to %sa window [%m0, %k0] [128, 32]
// TF32IR-COUNT-4: #nvvm.shape<m = 64, n = 256, k = 8>, D [<f32>, <one>], A [<tf32>, <one>, <row>], B [<tf32>, <one>, <col>]
// I8IR: !acc = !llvm.struct<(i32, i32,
// I8IR: gpu.func @gemm(%A: memref<4096x4096xi8>, %B: memref<4096x4096xi8>, %C: memref<4096x4096xi32>)
// I8IR-NEXT: workgroup(%sa : memref<128x128xi8, #gpu.address_space<workgroup>>, %sb : memref<256x128xi8, #gpu.address_space<workgroup>>, %sc : memref<4x128x32xi32, #gpu.address_space<workgroup>>)
// I8IR: asynccopy.copy %B to %sb window [%n0, %k0] [256, 128]
// I8IR-COUNT-4: #nvvm.shape<m = 64, n = 256, k = 32>, D [<s32>, <one>], A [<s8>, <one>, <row>], B [<s8>, <one>, <col>]
// I8IR-NOT: arith.truncf
// I8IR: vector.store %{{.*}} : memref<4x128x32xi32, #gpu.address_space<workgroup>>, vector<2xi32>

// SKIR: // Launch: grid 4 x 2 x 4, block 256, cluster 1 x 1, 212992 B of shared memory.
// SKIR: %bz = gpu.block_id z
// SKIR: %[[BASE:.*]] = arith.muli %bz, %c16 : index
// SKIR: scf.for %[[KT:.*]] = %c0 to %c16 step %c1
// SKIR: %[[SLICE:.*]] = arith.addi %[[BASE]], %[[KT]] : index
// SKIR: %[[K0:.*]] = arith.muli %[[SLICE]], %c64 : index
// SKIR: asynccopy.copy %A to %sa window [%m0, %[[K0]]] [128, 64]
// SKIR-COUNT-2: asynccopy.copy %sc to %C window [%m0, %{{.*}}] [128, 128] {reduction = #asynccopy<reduction add>, swizzle = 128 : i64, transforms = [#asynccopy.tile<[128, 32]>]}

// SKWS: .maxntid 384, 1, 1
// SKWS: .reqnctapercluster 2, 1, 1
// SKWS: setmaxnreg.dec.sync.aligned.u32 40;
// SKWS: mov.u32 %r{{[0-9]+}}, %ctaid.z;
// SKWS: multicast::cluster
// SKWS: setmaxnreg.inc.sync.aligned.u32 232;
// SKWS-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// SKWS: wgmma.wait_group.sync.aligned 0;
// SKWS: barrier.cluster.arrive;
// SKWS-NEXT: barrier.cluster.wait;
// SKWS-NEXT: bar.sync 1, 256;
// SKWS: cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group
// SKWS: cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group
// SKWS-NOT: cp.async.bulk.tensor.4d.global
// SKWS-NOT: // ptxas:

// ERR-TYPES: error: no i8 x i8 -> f16 GEMM: wgmma gives f16 -> f16/f32, bf16 -> bf16/f32, e4m3 -> bf16/f16/f32, tf32 -> f32, i8 -> s32
// ERR-OUT: error: --split-k needs --out f32 and no --persistent
// ERR-SLICES: error: --split-k 4 leaves a slice of the 5 K tiles empty
