// RUN: ac-opt %s -split-input-file -verify-diagnostics

// Every verifier and custom-parser error of the asynccopy dialect. Each case
// is otherwise valid, so it fails only through the rule it names.

//===----------------------------------------------------------------------===//
// asynccopy.copy: operands
//===----------------------------------------------------------------------===//

func.func @copy_element_types_differ(%A: memref<4096x4096xf32>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{source element type 'f32' and destination element type 'f16' differ}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf32> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_index_elements(%A: memref<4096x4096xindex>, %S: memref<64x64xindex, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{copies move integer or floating-point elements of 1, 2, 4 or 8 bytes, got 'index'}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xindex> to memref<64x64xindex, #gpu.address_space<workgroup>>
  return
}

// -----

// Numeric memory spaces are NVVM's: 2 is neither global (1) nor shared (3).
func.func @copy_numeric_space_2(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, 2>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{destination must be in GMEM or in SMEM (#gpu.address_space<workgroup>), got 'memref<64x64xf16, 2>'}}
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] : memref<4096x4096xf16> to memref<64x64xf16, 2> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @copy_private_memory(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<private>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{destination must be in GMEM or in SMEM (#gpu.address_space<workgroup>)}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<private>>
  return
}

// -----

func.func @copy_source_private_memory(%P: memref<64x64xf16, #gpu.address_space<private>>, %B: memref<4096x4096xf16>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{source must be in GMEM or in SMEM (#gpu.address_space<workgroup>), got 'memref<64x64xf16, #gpu.address_space<private>>'}}
  %t = asynccopy.copy %P to %B window [%i, 0] [64, 64] : memref<64x64xf16, #gpu.address_space<private>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @copy_gmem_to_gmem(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{GMEM -> GMEM copies are not supported}}
  %t = asynccopy.copy %A to %B window [%i, 0] [64, 64] : memref<4096x4096xf16> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @copy_smem_to_smem_without_remote(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM -> SMEM copies must name the destination CTA with `remote %rank`}}
  asynccopy.copy %S to %D barrier %b[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_non_contiguous_smem(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{the SMEM operand must be a contiguous buffer with a static shape}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_dynamic_smem(%A: memref<4096x4096xf16>, %S: memref<?x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{the SMEM operand must be a contiguous buffer with a static shape}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<?x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: remote (DSMEM) copies
//===----------------------------------------------------------------------===//

func.func @remote_with_window(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no window}}
  asynccopy.copy %S to %D window [0, 0] [128, 64] remote %rank barrier %b[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_shapes_differ(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<64x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy needs two SMEM buffers (or strided views) of the same static shape}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_not_strided(%S: memref<128x64xf16, affine_map<(d0, d1) -> (d0 * 64 + d1 floordiv 2)>, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy needs two SMEM buffers (or strided views) of the same static shape}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] : memref<128x64xf16, affine_map<(d0, d1) -> (d0 * 64 + d1 floordiv 2)>, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_without_barrier(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  // expected-error @+1 {{a `remote` (DSMEM) copy needs a barrier}}
  asynccopy.copy %S to %D remote %rank : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_with_swizzle(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `swizzle`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {swizzle = 128 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_with_peer(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32, %pe: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `peer`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] peer %pe : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_with_reduction(%S: memref<128x64xf32, #gpu.address_space<workgroup>>, %D: memref<128x64xf32, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `reduction`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {reduction = #asynccopy<reduction add>} : memref<128x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_with_transforms(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `transforms`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64]>]} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_with_collective(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `collective`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {collective = [#gpu<dim x>]} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_on_gmem_to_smem(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`remote` needs both sides in SMEM; use `peer` for another GPU's GMEM}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] remote %rank barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_on_smem_to_gmem(%S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>, %i: index, %rank: i32) -> !asynccopy.token {
  // expected-error @+1 {{`remote` needs both sides in SMEM}}
  %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] remote %rank : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @impl_dsmem_on_window_copy(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{impl = dsmem needs an SMEM -> SMEM copy with `remote`}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {impl = #asynccopy<impl dsmem>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: barriers and completion
//===----------------------------------------------------------------------===//

func.func @copy_on_remote_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a copy cannot complete on a remote barrier view}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %r[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_copy_on_remote_barrier(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a copy cannot complete on a remote barrier view; pass the local barrier}}
  asynccopy.copy %S to %D remote %rank barrier %r[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_stage_out_of_range(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 2 : index
  // expected-error @+1 {{stage index 2 is out of range for '!asynccopy.barrier<2>' (2 stages: use 0 to 1)}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_stage_negative(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant -1 : index
  // expected-error @+1 {{stage index -1 is out of range}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_load_without_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{TMA GMEM -> SMEM copies need a barrier: `barrier %b[%stage]`}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_load_with_token_without_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{TMA GMEM -> SMEM copies need a barrier}}
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @bulk_load_without_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{TMA GMEM -> SMEM copies need a barrier}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl bulk>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @auto_load_without_barrier_or_token(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{a GMEM -> SMEM copy needs a barrier (TMA and bulk loads complete on an mbarrier) or a token result}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @cp_async_load_without_barrier_or_token(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{a GMEM -> SMEM copy needs a barrier (TMA and bulk loads complete on an mbarrier) or a token result}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @store_with_barrier(%S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM -> GMEM copies take no barrier}}
  asynccopy.copy %S to %B window [%i, 0] [64, 64] barrier %b[%s] : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: collective, partition, reduction
//===----------------------------------------------------------------------===//

func.func @collective_on_store(%S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{collective copies must be GMEM -> SMEM}}
  %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {collective = [#gpu<dim x>]} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @partition_without_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`partition` needs `collective`: name the cluster dims that share the window (collective = [#gpu<dim x>]) or drop `partition`}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {partition = #asynccopy.partitioned<0>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @replicated_without_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`partition` needs `collective`: name the cluster dims that share the window (collective = [#gpu<dim x>]) or drop `partition`}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {partition = #asynccopy.replicated} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collective_not_a_dim(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`collective` holds cluster dims (#gpu<dim x>), got 0 : i64}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [0 : i64]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collective_duplicated_dim(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`collective` names cluster dim #gpu<dim y> twice}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim y>, #gpu<dim x>, #gpu<dim y>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collective_empty(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`collective` needs at least one cluster dim, e.g. collective = [#gpu<dim x>]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = []} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @reduction_on_load(%A: memref<1024x1024xf32>, %S: memref<64x64xf32, #gpu.address_space<workgroup>>, %i: index, %j: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{reductions apply only to SMEM -> GMEM copies}}
  asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%s] {reduction = #asynccopy<reduction add>} : memref<1024x1024xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: swizzle and oob
//===----------------------------------------------------------------------===//

func.func @swizzle_48(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 (bytes), got 48}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {swizzle = 48 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @swizzle_sub_byte_elements(%A: memref<4096x4096xi4>, %S: memref<64x128xi4, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle 64 B needs byte-sized elements, got 'i4'; use swizzle = 0}}
  asynccopy.copy %A to %S window [%i, 0] [64, 128] barrier %b[%s] {swizzle = 64 : i64} : memref<4096x4096xi4> to memref<64x128xi4, #gpu.address_space<workgroup>>
  return
}

// -----

// A 48 x f16 = 96 B inner dim is neither at most 64 B nor a multiple of it.
func.func @swizzle_span_incompatible(%A: memref<4096x4096xf16>, %S: memref<64x48xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle span of 64 B is incompatible with the innermost SMEM dim of 96 B (48 x 'f16')}}
  asynccopy.copy %A to %S window [%i, 0] [64, 48] barrier %b[%s] {swizzle = 64 : i64} : memref<4096x4096xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// 96 x f16 = 192 B is more than 128 B and not a multiple of it.
func.func @swizzle_on_store(%S: memref<64x96xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>, %i: index) -> !asynccopy.token {
  // expected-error @+1 {{swizzle span of 128 B is incompatible with the innermost SMEM dim of 192 B (96 x 'f16')}}
  %t = asynccopy.copy %S to %B window [%i, 0] [64, 96] {swizzle = 128 : i64} : memref<64x96xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @oob_nan_on_integer(%A: memref<4096x4096xi32>, %S: memref<64x64xi32, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{oob = nan needs a floating-point element type with a NaN, got 'i32'; use oob = zeros}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob nan>} : memref<4096x4096xi32> to memref<64x64xi32, #gpu.address_space<workgroup>>
  return
}

// -----

// f4E2M1FN has no NaN encoding.
func.func @oob_nan_without_nan(%A: memref<4096x4096xf4E2M1FN>, %S: memref<64x64xf4E2M1FN, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{oob = nan needs a floating-point element type with a NaN, got 'f4E2M1FN'; use oob = zeros}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob nan>} : memref<4096x4096xf4E2M1FN> to memref<64x64xf4E2M1FN, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: window and SMEM shape
//===----------------------------------------------------------------------===//

func.func @window_rank_mismatch(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window has 3 offsets and 3 sizes but the GMEM operand has rank 2}}
  asynccopy.copy %A to %S window [0, %i, 0] [1, 64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @window_offsets_and_sizes_differ(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window has 1 offsets and 2 sizes but the GMEM operand has rank 2}}
  asynccopy.copy %A to %S window [%i] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Only the generic form can disagree on the number of dynamic offsets.
func.func @window_dynamic_offset_count(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{expected 1 dynamic window offset values}}
  "asynccopy.copy"(%A, %S, %b, %s) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 64, 64>}> : (memref<4096x4096xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, !asynccopy.barrier<2>, index) -> ()
  return
}

// -----

func.func @window_size_zero(%A: memref<4096x4096xf16>, %S: memref<0x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window size of dim 0 must be positive, got 0}}
  asynccopy.copy %A to %S window [%i, 0] [0, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<0x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @window_size_negative(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window size of dim 1 must be positive, got -64}}
  asynccopy.copy %A to %S window [%i, 0] [64, -64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @no_window_dynamic_gmem(%A: memref<?x64xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{without a `window` the whole GMEM operand is copied, which needs a static shape; got 'memref<?x64xf16>'}}
  asynccopy.copy %A to %S barrier %b[%s] : memref<?x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @gmem_not_strided(%A: memref<4096x4096xf16, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{GMEM operand needs a strided layout, got 'memref<4096x4096xf16, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>'; use the identity layout or strided<[...], offset: ...>}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @smem_shape_mismatch(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %j: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM shape [64, 64] does not match the transformed window shape [1, 2, 64, 64] (leading unit dims may be omitted)}}
  asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Only leading unit dims may be omitted: a trailing unit dim may not.
func.func @smem_shape_non_leading_unit(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM shape [64] does not match the transformed window shape [64, 1]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 1] barrier %b[%s] : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @smem_shape_mismatch_no_window(%A: memref<64x32xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM shape [64, 64] does not match the transformed window shape [64, 32]}}
  asynccopy.copy %A to %S barrier %b[%s] : memref<64x32xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: transforms
//===----------------------------------------------------------------------===//

func.func @transforms_not_a_transform(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`transforms` must hold GMEM transforms (#asynccopy.tile, transpose, collapse_leading, drop_unit_dims), got #asynccopy.replicated}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.replicated]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_does_not_divide(%A: memref<4096x4096xf16>, %S: memref<1x2x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transforms do not apply to the window: tile size 64 does not divide window dim 1 of size 96 (add `rounding = down` or `rounding = up`)}}
  asynccopy.copy %A to %S window [%i, 0] [64, 96] barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64]>]} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_rounding_down_window_smaller_than_tile(%A: memref<4096x4096xf16>, %S: memref<1x1x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window dim 1 of size 32 is smaller than its tile 64; `rounding = down` leaves nothing to copy}}
  asynccopy.copy %A to %S window [%i, 0] [64, 32] barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64], rounding = down>]} : memref<4096x4096xf16> to memref<1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_rank_exceeds_window(%A: memref<4096x4096xf16>, %S: memref<1x1x1x1x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{tile of rank 3 cannot apply to a rank-2 window}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.tile<[1, 64, 64]>]} : memref<4096x4096xf16> to memref<1x1x1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @transpose_rank_mismatch(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transpose of rank 3 cannot apply to a rank-2 window}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[2, 1, 0]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collapse_leading_exceeds_rank(%A: memref<4096x4096xf16>, %S: memref<4096xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{collapse_leading<3> cannot apply to a rank-2 window}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.collapse_leading<3>]} : memref<4096x4096xf16> to memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @drop_unit_dims_non_unit(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims: window dim 0 has size 64, not 1}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @drop_unit_dims_out_of_range(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims: dim 2 is out of range for a rank-2 window}}
  asynccopy.copy %A to %S window [%i, 0] [1, 64] barrier %b[%s] {transforms = [#asynccopy.drop_unit_dims<[0, 2]>]} : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The second transform sees the shape the first one produced: after the
// transpose, dim 0 is 64, not 1.
func.func @transform_sequence(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims: window dim 0 has size 64, not 1}}
  asynccopy.copy %A to %S window [0, %i] [1, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[1, 0]>, #asynccopy.drop_unit_dims<[0]>]} : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Transform attribute verifiers (reported where the attribute is parsed)
//===----------------------------------------------------------------------===//

func.func @transpose_not_a_permutation(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transpose needs a permutation of [0, 2), got [0, 0]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[0, 0]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @transpose_out_of_range(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transpose needs a permutation of [0, 2), got [2, 0]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[2, 0]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @transpose_negative(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transpose needs a permutation of [0, 2), got [-1, 0]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[-1, 0]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collapse_leading_zero(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{collapse_leading needs a positive dim count, got 0}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.collapse_leading<0>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @drop_unit_dims_not_increasing(%A: memref<4096x4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims needs strictly increasing dims, got [1, 0]}}
  asynccopy.copy %A to %S window [0, 0, %i] [1, 1, 64] barrier %b[%s] {transforms = [#asynccopy.drop_unit_dims<[1, 0]>]} : memref<4096x4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @drop_unit_dims_duplicated(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims needs strictly increasing dims, got [0, 0]}}
  asynccopy.copy %A to %S window [0, %i] [1, 64] barrier %b[%s] {transforms = [#asynccopy.drop_unit_dims<[0, 0]>]} : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @drop_unit_dims_negative(%A: memref<4096x4096xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{drop_unit_dims needs non-negative dims, got -1}}
  asynccopy.copy %A to %S window [0, %i] [1, 64] barrier %b[%s] {transforms = [#asynccopy.drop_unit_dims<[-1]>]} : memref<4096x4096xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_size_zero(%A: memref<4096x4096xf16>, %S: memref<1x1x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{tile sizes must be positive, got 0}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.tile<[0, 64]>]} : memref<4096x4096xf16> to memref<1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_size_negative(%A: memref<4096x4096xf16>, %S: memref<1x1x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{tile sizes must be positive, got -64}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.tile<[64, -64]>]} : memref<4096x4096xf16> to memref<1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// TileAttr::verify also rejects an empty tile ("tile needs at least one tile
// size"), but the `[$tiling]` syntax cannot spell one: the parser stops first.
func.func @tile_empty(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+2 {{expected integer value}}
  // expected-error @+1 {{failed to parse AsyncCopy_TileAttr parameter 'tiling'}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.tile<[]>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.copy: custom syntax
//===----------------------------------------------------------------------===//

func.func @duplicate_window_clause(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{duplicate `window` clause}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @duplicate_barrier_clause(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{duplicate `barrier` clause}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @duplicate_predicate_clause(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %p: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{duplicate `predicate` clause}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] predicate %p predicate %p : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @duplicate_remote_clause(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{duplicate `remote` clause}}
  asynccopy.copy %S to %D remote %rank remote %rank barrier %b[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @duplicate_peer_clause(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %pe: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{duplicate `peer` clause}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] peer %pe peer %pe : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dynamic_window_size(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %n: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window sizes must be static integers}}
  asynccopy.copy %A to %S window [%i, 0] [64, %n] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The barrier's type is not spelled in the syntax; a value of another type
// reaches the operand type constraint.
func.func @barrier_operand_not_a_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %s = arith.constant 0 : index
  // expected-error @+1 {{operand #3 must be N mbarriers (pipeline stages) in SMEM, or a view of another CTA's, but got 'index'}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %i[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @barrier_operand_unresolvable(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{custom op 'asynccopy.copy' cannot resolve %b}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b#1[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.prefetch
//===----------------------------------------------------------------------===//

func.func @prefetch_smem(%S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{prefetches a GMEM tensor, got 'memref<64x64xf16, #gpu.address_space<workgroup>>'}}
  asynccopy.prefetch %S window [0, 0] [64, 64] : memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @prefetch_swizzle_48(%A: memref<4096x4096xf16>, %i: index, %j: index) {
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 (bytes), got 48}}
  asynccopy.prefetch %A window [%i, %j] [64, 64] {swizzle = 48 : i64} : memref<4096x4096xf16>
  return
}

// -----

func.func @prefetch_window_rank_mismatch(%A: memref<4096x4096xf16>, %i: index) {
  // expected-error @+1 {{window has 1 offsets and 1 sizes but the GMEM operand has rank 2}}
  asynccopy.prefetch %A window [%i] [64] : memref<4096x4096xf16>
  return
}

// -----

func.func @prefetch_no_window_dynamic_gmem(%A: memref<?x?xf16>) {
  // expected-error @+1 {{without a `window` the whole GMEM operand is copied, which needs a static shape}}
  asynccopy.prefetch %A : memref<?x?xf16>
  return
}

// -----

func.func @prefetch_tile_does_not_divide(%A: memref<4096x4096xf16>, %i: index, %j: index) {
  // expected-error @+1 {{tile size 64 does not divide window dim 1 of size 96}}
  asynccopy.prefetch %A window [%i, %j] [64, 96] {transforms = [#asynccopy.tile<[64, 64]>]} : memref<4096x4096xf16>
  return
}

// -----

func.func @prefetch_dynamic_window_size(%A: memref<4096x4096xf16>, %i: index, %n: index) {
  // expected-error @+1 {{window sizes must be static integers}}
  asynccopy.prefetch %A window [%i, 0] [%n, 64] : memref<4096x4096xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Barrier types and ops
//===----------------------------------------------------------------------===//

func.func @barrier_zero_stages() {
  // expected-error @+1 {{barrier needs at least one stage, got 0}}
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<0>
  return
}

// -----

func.func @barrier_negative_stages() {
  // expected-error @+1 {{barrier needs at least one stage, got -1}}
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<-1, remote>
  return
}

// -----

func.func @barrier_alloc_remote() {
  // expected-error @+1 {{cannot allocate a remote barrier view; use asynccopy.barrier.remote on a local barrier}}
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2, remote>
  return
}

// -----

func.func @barrier_init_remote(%rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  // expected-error @+1 {{a remote barrier view cannot be initialized}}
  asynccopy.barrier.init %r, 1 : !asynccopy.barrier<2, remote>
  return
}

// -----

func.func @barrier_init_count_zero() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // expected-error @+1 {{arrival count must be in [1, 1048575], got 0}}
  asynccopy.barrier.init %b, 0 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_init_count_too_large() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // expected-error @+1 {{arrival count must be in [1, 1048575], got 1048576}}
  asynccopy.barrier.init %b, 1048576 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_count_zero() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{arrival count must be in [1, 1048575], got 0}}
  asynccopy.barrier.arrive %b[%s], 0 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_count_too_large() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{arrival count must be in [1, 1048575], got 2097152}}
  asynccopy.barrier.arrive %b[%s], 2097152 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_stage_out_of_range() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 2 : index
  // expected-error @+1 {{stage index 2 is out of range for '!asynccopy.barrier<2>' (2 stages: use 0 to 1)}}
  asynccopy.barrier.arrive %b[%s] : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_remote_stage_out_of_range(%rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<4>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<4> -> !asynccopy.barrier<4, remote>
  %s = arith.constant 4 : index
  // expected-error @+1 {{stage index 4 is out of range for '!asynccopy.barrier<4, remote>' (4 stages: use 0 to 3)}}
  asynccopy.barrier.arrive %r[%s] : !asynccopy.barrier<4, remote>
  return
}

// -----

func.func @barrier_arrive_expect_tx_negative_bytes() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{expected transaction bytes must be in [0, 1048575], got -1}}
  asynccopy.barrier.arrive_expect_tx %b[%s], -1 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_expect_tx_too_many_bytes() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{expected transaction bytes must be in [0, 1048575], got 1048576}}
  asynccopy.barrier.arrive_expect_tx %b[%s], 1048576 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_arrive_expect_tx_stage_out_of_range() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 3 : index
  // expected-error @+1 {{stage index 3 is out of range for '!asynccopy.barrier<2>' (2 stages: use 0 to 1)}}
  asynccopy.barrier.arrive_expect_tx %b[%s], 16384 : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_wait_stage_out_of_range(%phase: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 2 : index
  // expected-error @+1 {{stage index 2 is out of range for '!asynccopy.barrier<2>' (2 stages: use 0 to 1)}}
  asynccopy.barrier.wait %b[%s], %phase : !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_wait_remote(%rank: i32, %phase: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a remote barrier view cannot be waited on}}
  asynccopy.barrier.wait %r[%s], %phase : !asynccopy.barrier<2, remote>
  return
}

// -----

func.func @barrier_remote_of_remote(%rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  // expected-error @+1 {{cannot be applied to a remote view; apply it to the local barrier instead}}
  %rr = asynccopy.barrier.remote %r, %rank : !asynccopy.barrier<2, remote> -> !asynccopy.barrier<2, remote>
  return
}

// -----

func.func @barrier_remote_result_not_remote(%rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // expected-error @+1 {{result must be '!asynccopy.barrier<2, remote>', got '!asynccopy.barrier<2>'}}
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2>
  return
}

// -----

func.func @barrier_remote_result_wrong_stages(%rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // expected-error @+1 {{result must be '!asynccopy.barrier<2, remote>', got '!asynccopy.barrier<4, remote>'}}
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<4, remote>
  return
}

// -----

//===----------------------------------------------------------------------===//
// asynccopy.wait_group
//===----------------------------------------------------------------------===//

func.func @wait_group_negative_pending() {
  // expected-error @+1 {{pending group count must be in [0, 2^31), got -1}}
  asynccopy.wait_group bulk -1
  return
}

// -----

func.func @wait_group_cp_async_read() {
  // expected-error @+1 {{`read` applies only to bulk groups}}
  asynccopy.wait_group cp_async 0 {read}
  return
}

// -----

//===----------------------------------------------------------------------===//
// The same rules inside a kernel
//===----------------------------------------------------------------------===//

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tma_store_with_barrier(%B: memref<1024x1024xf32>) kernel {
      %S = memref.alloca() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %s = arith.constant 0 : index
      %bx = gpu.block_id x
      // expected-error @+1 {{SMEM -> GMEM copies take no barrier}}
      %t = asynccopy.copy %S to %B window [%bx, 0] [64, 64] barrier %b[%s] {impl = #asynccopy<impl tma>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Reductions, partitions, remote copies: the finer rules
//===----------------------------------------------------------------------===//

// Reductions are legal where TMA or the sync fallback's atomics can do them;
// bitwise ones and inc/dec need integers, and floats are f16, bf16, f32, f64.
func.func @reduction_xor_f16(%B: memref<1024x1024xf16>) {
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{reduction 'xor' is not available for 'f16' elements; it supports 8- to 64-bit integers}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction xor>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
  return
}

// -----

func.func @reduction_inc_f32(%B: memref<1024x1024xf32>) {
  %S = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
  // expected-error @+1 {{reduction 'inc' is not available for 'f32' elements; it supports 8- to 64-bit integers}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction inc>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  return
}

// -----

func.func @reduction_add_fp8(%B: memref<1024x1024xf8E4M3FN>) {
  %S = memref.alloc() : memref<64x64xf8E4M3FN, #gpu.address_space<workgroup>>
  // expected-error @+1 {{reduction 'add' is not available for 'f8E4M3FN' elements; it supports 8- to 64-bit integers, f16, bf16, f32 or f64}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf8E4M3FN, #gpu.address_space<workgroup>> to memref<1024x1024xf8E4M3FN> -> !asynccopy.token
  return
}

// -----

// f80 and odd-sized integers have no NVPTX memory type.
func.func @copy_f80_elements(%A: memref<256x256xf80>, %S: memref<16x16xf80, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{copies move integer or floating-point elements of 1, 2, 4 or 8 bytes, got 'f80'}}
  %t = asynccopy.copy %A to %S window [0, 0] [16, 16] : memref<256x256xf80> to memref<16x16xf80, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @copy_i24_elements(%A: memref<256x256xi24>, %S: memref<16x16xi24, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{copies move integer or floating-point elements of 1, 2, 4 or 8 bytes, got 'i24'}}
  %t = asynccopy.copy %A to %S window [0, 0] [16, 16] : memref<256x256xi24> to memref<16x16xi24, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @reduction_cp_async(%B: memref<1024x1024xf32>) {
  %S = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
  // expected-error @+1 {{reductions need impl = tma (or auto), got cp_async}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction add>, impl = #asynccopy<impl cp_async>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  return
}

// -----

func.func @partition_axis_out_of_range(%A: memref<4096x4096xf16>, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{partition axis 2 is out of range for the rank-2 transformed window (use 0 to 1)}}
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<2>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collective_without_barrier(%A: memref<4096x4096xf16>) {
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{collective copies multicast through TMA and need a barrier}}
  %t = asynccopy.copy %A to %S window [0, 0] [64, 64] {collective = [#gpu<dim x>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @remote_cp_async(%rank: i32, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %D = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{impl = cp_async cannot copy SMEM to another CTA; use auto, dsmem or sync}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {impl = #asynccopy<impl cp_async>} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_token(%rank: i32, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %D = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{a `remote` copy completes on the barrier and returns no token}}
  %t = asynccopy.copy %S to %D remote %rank barrier %b[%s] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @remote_oob(%rank: i32, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %D = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `oob`}}
  asynccopy.copy %S to %D remote %rank barrier %b[%s] {oob = #asynccopy<oob zeros>} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @collapse_overflow(%A: memref<?x?x?xf16>, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{collapse_leading<3>: the merged window extent overflows}}
  asynccopy.copy %A to %S window [0, 0, 0] [4611686018427387904, 4, 1] barrier %b[%s] {transforms = [#asynccopy.collapse_leading<3>]} : memref<?x?x?xf16> to memref<64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @offsets_without_sizes(%A: memref<4096x4096xf16>, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{a window needs both offsets and sizes}}
  "asynccopy.copy"(%A, %S, %b, %s) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>}> : (memref<4096x4096xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, !asynccopy.barrier<2>, index) -> ()
  return
}

// -----

func.func @smem_too_large(%A: memref<4096x4096xf32>, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %S = memref.alloc() : memref<256x256xf32, #gpu.address_space<workgroup>>
  // expected-error @+1 {{the SMEM buffer holds 262144 B, more than the 232448 B of shared memory a CTA can have}}
  asynccopy.copy %A to %S window [0, 0] [256, 256] barrier %b[%s] : memref<4096x4096xf32> to memref<256x256xf32, #gpu.address_space<workgroup>>
  return
}

//===----------------------------------------------------------------------===//
// oob = promise_in_bounds with a window statically outside the tensor
//===----------------------------------------------------------------------===//

// -----

func.func @promise_past_the_end(%A: memref<128x256xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // expected-error @+1 {{promises an in-bounds window (oob = promise_in_bounds), but in dim 0 its 64 elements from offset 96 leave the tensor's [0, 128); use oob = zeros or move the window}}
  asynccopy.copy %A to %S window [96, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob promise_in_bounds>} : memref<128x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @promise_negative_offset(%A: memref<128x256xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{in dim 1 its 64 elements from offset -8 leave the tensor's [0, 256)}}
  %t = asynccopy.copy %S to %A window [0, -8] [64, 64] {oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x256xf16> -> !asynccopy.token
  return
}

// -----

func.func @promise_window_larger_than_tensor(%A: memref<32x256xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // expected-error @+1 {{promises an in-bounds window (oob = promise_in_bounds), but its 64 elements in dim 0 exceed the tensor's 32; use oob = zeros or a smaller window}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob promise_in_bounds>} : memref<32x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @prefetch_promise_past_the_end(%A: memref<128x256xf16>) {
  // expected-error @+1 {{'asynccopy.prefetch' op promises an in-bounds window (oob = promise_in_bounds), but in dim 1 its 64 elements from offset 9223372036854775807 leave the tensor's [0, 256)}}
  asynccopy.prefetch %A window [0, 9223372036854775807] [64, 64] {oob = #asynccopy<oob promise_in_bounds>} : memref<128x256xf16>
  return
}

//===----------------------------------------------------------------------===//
// Placement: asynccopy ops run only where GPU threads execute them
//===----------------------------------------------------------------------===//

// -----

module attributes {gpu.container_module} {
  func.func @host(%A: memref<256x256xf16>) {
    %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'asynccopy.copy' op is in host function @host, which no GPU thread executes; move it into a kernel or device function of a gpu.module, or into a gpu.launch body}}
    %t = asynccopy.copy %A to %S window [0, 0] [64, 64] : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
    return
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host_llvm() {
    // expected-error @+1 {{'asynccopy.fence_async_shared' op is in host function @host_llvm}}
    asynccopy.fence_async_shared
    llvm.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'asynccopy.barrier.alloc' op is outside any function (in 'gpu.module'), where no GPU thread executes it; put it in a kernel or device function of a gpu.module, or in a gpu.launch body}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  }
}

// -----

// expected-error @+1 {{'asynccopy.fence_async_shared' op is outside any function (in 'builtin.module')}}
asynccopy.fence_async_shared

// -----

gpu.module @kernels {
  llvm.mlir.global internal @g() : i32 {
    // expected-error @+1 {{'asynccopy.fence_async_shared' op is outside any function (in 'llvm.mlir.global')}}
    asynccopy.fence_async_shared
    %c = llvm.mlir.constant(0 : i32) : i32
    llvm.return %c : i32
  }
}

//===----------------------------------------------------------------------===//
// asynccopy.wgmma_descriptor
//===----------------------------------------------------------------------===//

// -----

func.func @wgmma_descriptor_global(%a: memref<64x16xf16>) -> i64 {
  // expected-error @+1 {{reads its operand from SMEM: the view must be in `#gpu.address_space<workgroup>`}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 128 : memref<64x16xf16>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_f64(%a: memref<64x4xf64, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{has element type 'f64', which wgmma does not read from SMEM}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 32 : memref<64x4xf64, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_swizzle(%a: memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 bytes, got 16}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 16 : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

// Rows 128 B apart are one 128-B swizzle row, not a 64-B one.
func.func @wgmma_descriptor_row_bytes(%a: memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{cannot describe this view as a k-major wgmma operand with 64-B swizzle: its rows must be 64 bytes apart (one swizzle row), not 128}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 64 : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_k_extent(%a: memref<64x32xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{its K dim must hold one instruction's 32 contiguous bytes (16 elements)}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 128 : memref<64x32xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_plain_rows(%a: memref<64x16xf16, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{a K-major operand without swizzle is a [2, MN, 8] view: the two 16-B halves of K}}
  %d = asynccopy.wgmma_descriptor %a major k swizzle 0 : memref<64x16xf16, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_mn_fp8(%a: memref<32x128xf8E4M3FN, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{only f16 and bf16 operands may be MN-major (wgmma transposes no others)}}
  %d = asynccopy.wgmma_descriptor %a major mn swizzle 128 : memref<32x128xf8E4M3FN, #gpu.address_space<workgroup>>
  return %d : i64
}

// -----

func.func @wgmma_descriptor_mn_rows(%a: memref<2x16x64xf16, strided<[2048, 128, 1]>, #gpu.address_space<workgroup>>) -> i64 {
  // expected-error @+1 {{its K rows must be 128 bytes apart, not 256}}
  %d = asynccopy.wgmma_descriptor %a major mn swizzle 128 : memref<2x16x64xf16, strided<[2048, 128, 1]>, #gpu.address_space<workgroup>>
  return %d : i64
}

//===----------------------------------------------------------------------===//
// asynccopy.wgmma_register_a
//===----------------------------------------------------------------------===//

// -----

// f16 A with bf16 B: no such form.
func.func @wgmma_register_a_types(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has no register-A form for f32 += f16 * bf16: the forms are f16/f32 += f16 * f16, f32 += bf16 * bf16, f32 += tf32 * tf32, f16/f32 += fp8 * fp8 (e4m3, e5m2), s32 += 8-bit * 8-bit (s8, u8)}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<bf16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

// bf16 accumulates in f32 only.
func.func @wgmma_register_a_bf16_f16_d(%a: i32, %db: i64, %acc: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>, %p: i1) -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)> {
  // expected-error @+1 {{has no register-A form for f16 += bf16 * bf16}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f16>, %p], A[<bf16>, <one>], B[<bf16>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  return %r : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
}

// -----

func.func @wgmma_register_a_m(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has M = 128: wgmma's M is 64}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 128, n = 64, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

func.func @wgmma_register_a_k(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has K = 32, but one wgmma with f16 A consumes K = 16}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 32>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

func.func @wgmma_register_a_k_fp8(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has K = 16, but one wgmma with e4m3 A consumes K = 32}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %p], A[<e4m3>, <one>], B[<e5m2>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

func.func @wgmma_register_a_n_odd(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has N = 12: N is a multiple of 8 from 8 to 256}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 12, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
}

// -----

func.func @wgmma_register_a_n_large(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has N = 264: N is a multiple of 8 from 8 to 256}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 264, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

// 8-bit integers: multiples of 16 above 32.
func.func @wgmma_register_a_n_int8(%a: i32, %db: i64, %acc: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>, %p: i1) -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)> {
  // expected-error @+1 {{has N = 40: N is a multiple of 8 from 8 to 256, and of 16 above 32 for 8-bit integers}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 40, k = 32>, D[<s32>, %p], A[<s8>, <one>], B[<u8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  return %r : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
}

// -----

func.func @wgmma_register_a_a_registers(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{takes A as 4 32-bit registers per thread, got 2}}
  %r = asynccopy.wgmma_register_a [%a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

// Only 16-bit B may be MN-major.
func.func @wgmma_register_a_mn_fp8(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{reads B MN-major (<row>), but wgmma transposes only f16 and bf16 operands, not e4m3; give B <col>}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 32>, D[<f32>, %p], A[<e4m3>, <one>], B[<e4m3>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

func.func @wgmma_register_a_scale_s32(%a: i32, %db: i64, %acc: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>, %p: i1) -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)> {
  // expected-error @+1 {{negates A or B, which wgmma cannot with an s32 D}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 32>, D[<s32>, %p], A[<s8>, <neg>], B[<s8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  return %r : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
}

// -----

// m64n64 with f32 D: 32 f32 registers per thread.
func.func @wgmma_register_a_acc_size(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{has accumulator '!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>', but an m64n64 f32 D is 32 registers of 'f32' per thread}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

// An f16 D is N/4 registers of f16 pairs (i32, as for nvvm.wgmma.mma_async).
func.func @wgmma_register_a_acc_f16(%a: i32, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %p: i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> {
  // expected-error @+1 {{but an m64n64 f16 D is 16 registers of 'i32' per thread (f16 pairs)}}
  %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %acc, <m = 64, n = 64, k = 16>, D[<f16>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  return %r : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
}

// -----

// A constant CTA rank outside the kernel's clusters (known_cluster_size):
// `mapa` of it is undefined.
gpu.module @kernels {
  gpu.func @remote_rank_outside_cluster(%S: memref<1024xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_cluster_size = array<i32: 1, 1, 2>} {
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %c0 = arith.constant 0 : index
    %r2 = arith.constant 2 : i32
    // expected-error @+1 {{'asynccopy.copy' op targets CTA rank 2, but the kernel's clusters have 2 CTAs (known_cluster_size = array<i32: 1, 1, 2>): ranks are 0 to 1}}
    asynccopy.copy %S to %S remote %r2 barrier %b[%c0] : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @remote_barrier_outside_cluster() kernel
      attributes {known_cluster_size = array<i32: 2, 2, 1>} {
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %r4 = arith.constant 4 : i32
    // expected-error @+1 {{'asynccopy.barrier.remote' op targets CTA rank 4, but the kernel's clusters have 4 CTAs (known_cluster_size = array<i32: 2, 2, 1>): ranks are 0 to 3}}
    %r = asynccopy.barrier.remote %b, %r4 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
    gpu.return
  }
}

// -----

func.func @remote_rank_negative() {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %m1 = arith.constant -1 : i32
  // expected-error @+1 {{'asynccopy.barrier.remote' op targets CTA rank -1 of the cluster; ranks are 0 or more}}
  %r = asynccopy.barrier.remote %b, %m1 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
  return
}
