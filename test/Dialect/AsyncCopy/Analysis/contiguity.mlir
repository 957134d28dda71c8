// RUN: ac-opt %s -split-input-file -test-asynccopy-contiguity -o /dev/null 2>&1 | FileCheck %s
// RUN: ac-opt %s -split-input-file -test-asynccopy-contiguity=allow-runtime-checks -o /dev/null 2>&1 | FileCheck %s --check-prefix=RT

!smem_64x128 = memref<64x128xf16, #gpu.address_space<workgroup>>

// A window of whole rows is one chunk.
func.func @fully_contiguous(%A: memref<64x128xf16>, %S: !smem_64x128) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 2, chunk 16384 B, chunks 1, outer [], total 16384 B, start align 16 B | tma: rank 2, box [64, 128], issues 1, bytes 16384 | cp.async: vector 16 B | bulk: chunks 1
  %t = asynccopy.copy %A to %S window [0, 0] [64, 128] : memref<64x128xf16> to !smem_64x128 -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// A window narrower than the row: one 128-B chunk per row.
func.func @gap(%A: memref<4096x4096xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: remark: contiguous dims 1, chunk 128 B, chunks 64, outer [64], total 8192 B, start align 16 B | tma: rank 2, box [64, 64], issues 1, bytes 8192 | cp.async: vector 16 B | bulk: chunks 64
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Whole rows of a strided view: rows 512 B apart, so one chunk per row.
func.func @mismatched_outer_stride(%A: memref<64x128xf16, strided<[256, 1]>>, %S: memref<64x128xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 1, chunk 256 B, chunks 64, outer [64], total 16384 B, start align 16 B | tma: rank 2, box [64, 128], issues 1, bytes 16384 | cp.async: vector 16 B | bulk: chunks 64
  %t = asynccopy.copy %A to %S window [0, 0] [64, 128] : memref<64x128xf16, strided<[256, 1]>> to memref<64x128xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// Window offsets refine the start alignment: 4 f16 into the row is 8 B.
func.func @start_alignment(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 1, chunk 128 B, chunks 64, outer [64], total 8192 B, start align 8 B | tma: rank 2, box [64, 64], issues 1, bytes 8192 | cp.async: vector 8 B | bulk: declined: the window start or its row stride is not provably 16-B aligned
  %t = asynccopy.copy %A to %S window [%i, 4] [64, 64] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// Row-major is accepted everywhere; the same window column-major (by layout
// or by a transpose) has no contiguous run and every path but sync declines.
func.func @row_vs_column_major(%R: memref<64x128xf16>, %C: memref<64x128xf16, strided<[1, 64]>>, %T: memref<128x64xf16>, %S: memref<64x128xf16, #gpu.address_space<workgroup>>) {
  // CHECK: remark: contiguous dims 2, chunk 16384 B, chunks 1, outer [], total 16384 B, start align 16 B | tma: rank 2, box [64, 128], issues 1, bytes 16384 | cp.async: vector 16 B | bulk: chunks 1
  %t0 = asynccopy.copy %R to %S window [0, 0] [64, 128] : memref<64x128xf16> to memref<64x128xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: remark: contiguous dims 0, chunk 2 B, chunks 8192, outer [64, 128], total 16384 B, start align 16 B | tma: declined: the innermost dim of the GMEM view has stride 64, TMA needs it contiguous (stride 1) | cp.async: declined: contiguous runs of 2 B aligned to 2 B; cp.async needs 4-, 8- or 16-B aligned transfers | bulk: declined: contiguous runs are 2 B; bulk copies need multiples of 16 B
  %t1 = asynccopy.copy %C to %S window [0, 0] [64, 128] : memref<64x128xf16, strided<[1, 64]>> to memref<64x128xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: remark: contiguous dims 0, chunk 2 B, chunks 8192, outer [64, 128], total 16384 B, start align 16 B | tma: declined: the innermost dim of the GMEM view has stride 64, TMA needs it contiguous (stride 1) | cp.async: declined
  %t2 = asynccopy.copy %T to %S window [0, 0] [128, 64] {transforms = [#asynccopy.transpose<[1, 0]>]} : memref<128x64xf16> to memref<64x128xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

// Tiling a 64x128 window into two 64x64 tiles. The offsets are not known
// to be multiples of the tile, so only 2-B alignment is proven for the
// start, and a tensor map of the tiled view could stop each box at a tile's
// end: both tiled dims are addressed through the tensor's own coordinates,
// one box per tile (rank 2, 2 issues); with aligned offsets the tiled view
// is one rank-4 box (@tile_transform_aligned).
func.func @tile_transform(%A: memref<4096x4096xf16>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: remark: contiguous dims 1, chunk 128 B, chunks 128, outer [1, 2, 64], total 16384 B, start align 2 B | tma: rank 2, box [64, 64], issues 2, bytes 16384 | cp.async: declined: contiguous runs of 128 B aligned to 2 B; cp.async needs 4-, 8- or 16-B aligned transfers | bulk: declined: the window start or its row stride is not provably 16-B aligned
  asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// CHECK: tma: rank 4, box [1, 2, 64, 64], issues 1, bytes 16384 |
func.func @tile_transform_aligned(%A: memref<4096x4096xf16>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %row = arith.muli %i, %c64 : index
  %col = arith.muli %j, %c64 : index
  %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.copy %A to %S window [%row, %col] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Rank 6 with unit boxes merges down to rank 5.
func.func @rank6_merges(%A: memref<2x3x4x5x8x64xf16>, %i: index, %S: memref<8x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 6, chunk 1024 B, chunks 1, outer [], total 1024 B, start align 16 B | tma: rank 5, box [1, 1, 1, 8, 64], issues 1, bytes 1024 | cp.async: vector 16 B | bulk: chunks 1
  %t = asynccopy.copy %A to %S window [%i, %i, 0, 0, 0, 0] [1, 1, 1, 1, 8, 64] : memref<2x3x4x5x8x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

//===----------------------------------------------------------------------===//
// Each TMA limit, violated once
//===----------------------------------------------------------------------===//

// Rank 6 whose strides are dynamic: no dim can be merged.
func.func @rank_over_5(%A: memref<2x2x2x2x2x64xf16, strided<[?, ?, ?, ?, ?, 1]>>, %S: memref<2x2x2x2x2x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: rank 6 exceeds the TMA limit of 5 and dim 0 cannot be merged
  // RT: tma: declined: rank 6 exceeds the TMA limit of 5 and dim 0 cannot be merged
  %t = asynccopy.copy %A to %S window [0, 0, 0, 0, 0, 0] [2, 2, 2, 2, 2, 64] : memref<2x2x2x2x2x64xf16, strided<[?, ?, ?, ?, ?, 1]>> to memref<2x2x2x2x2x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// A box dim over 256 elements is split: two issues of 256 rows.
func.func @box_over_256(%A: memref<4096x4096xf16>, %i: index, %S: memref<512x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: rank 2, box [256, 64], issues 2, bytes 65536 |
  %t = asynccopy.copy %A to %S window [%i, 0] [512, 64] : memref<4096x4096xf16> to memref<512x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// ... unless no split into 16-B multiples exists (514 = 2 x 257 elements).
func.func @box_unsplittable(%A: memref<64x4096xf16>, %S: memref<1x514xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: box dim 1 of 514 elements has no even split into TMA boxes of <= 256 elements |
  %t = asynccopy.copy %A to %S window [0, 0] [1, 514] : memref<64x4096xf16> to memref<1x514xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// 256-B rows under a 128-B swizzle: the pieces of a row would start inside
// a 1024-B swizzle atom, so TMA declines.
func.func @inner_over_swizzle(%A: memref<4096x4096xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<8x128xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: declined: the innermost box dim spans 256 B, not the 128-B swizzle span; TMA swizzles dense boxes only when each row is one span |
  asynccopy.copy %A to %S window [%i, 0] [8, 128] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<8x128xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// 64-B rows under a 128-B swizzle: TMA would not lay them out densely (the
// H200 faults or skips rows); cp.async and sync place them.
func.func @inner_under_swizzle(%A: memref<4096x4096xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<8x16xf32, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: declined: the innermost box dim spans 64 B, not the 128-B swizzle span; TMA swizzles dense boxes only when each row is one span |
  asynccopy.copy %A to %S window [%i, 0] [8, 16] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x4096xf32> to memref<8x16xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// A tile that does not divide the tensor dim (with rounding = down on the
// window): the tiled view's last tile would alias the next rows, so the
// tensor map addresses the tile through the tensor's own dim of 100 rows
// (coordinate = tile index * 64 + row in the tile), and TMA fills what lies
// past it.
func.func @tile_down_partial_tensor(%A: memref<100x64xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<1x64x64xf32, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: rank 3, box [1, 64, 64], issues 1, bytes 16384 |
  asynccopy.copy %A to %S window [%i, 0] [100, 64] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64], rounding = down>]} : memref<100x64xf32> to memref<1x64x64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// An MN-major operand of a 1000 x 1496 GEMM in 64-B swizzle columns: 1496
// is not a multiple of the 32-element tile, so each of the window's four
// tiles is one box of the plain 2-D tensor (the last one partly out of
// bounds for the window at the tensor's edge).
func.func @partial_tiles_mn_major(%A: memref<1000x1496xf16>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<4x64x32xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: rank 2, box [64, 32], issues 4, bytes 16384 |
  asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 32]>], swizzle = 64 : i64} : memref<1000x1496xf16> to memref<4x64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Tiles in both dims, the column tiles partial (100 is not a multiple of
// 32): a box per column tile leaves the row tiles outside it, which lie
// further apart in SMEM than one box, so each (row tile, column tile) pair is
// a box of its own (the GPU copy matrix's load.tf.tile_ragged).
func.func @partial_tiles_grid(%A: memref<24x100xf16, strided<[104, 1], offset: 8>>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %row = arith.muli %i, %c8 : index
  %S = memref.alloc() : memref<2x2x8x32xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: rank 3, box [1, 8, 32], issues 4, bytes 2048 |
  asynccopy.copy %A to %S window [%row, %j] [16, 64] barrier %b[%c0] {transforms = [#asynccopy.tile<[8, 32]>], swizzle = 64 : i64} : memref<24x100xf16, strided<[104, 1], offset: 8>> to memref<2x2x8x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A 520-element row splits into 104-element (208-B) boxes; the second would
// start at SMEM byte 208, and TMA writes boxes at 128-B aligned addresses.
func.func @misaligned_boxes(%A: memref<4096x4096xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<1x520xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: tma: declined: the window needs 5 TMA boxes and one lands at SMEM byte offset 208; TMA writes a box at a 128-B aligned address |
  asynccopy.copy %A to %S window [%i, 0] [1, 520] barrier %b[%c0] : memref<4096x4096xf16> to memref<1x520xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @inner_box_not_16B(%A: memref<64x128xf16>, %S: memref<8x100xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: the innermost box dim spans 200 B; TMA needs a multiple of 16 B |
  %t = asynccopy.copy %A to %S window [0, 0] [8, 100] : memref<64x128xf16> to memref<8x100xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @global_stride_not_16B(%A: memref<64x100xf16>, %S: memref<8x96xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 1, chunk 192 B, chunks 8, outer [8], total 1536 B, start align 16 B | tma: declined: global stride 200 B of dim 0 is not a multiple of 16 B; TMA needs 16-B strides | cp.async: vector 8 B | bulk: declined: the window start or its row stride is not provably 16-B aligned
  %t = asynccopy.copy %A to %S window [0, 0] [8, 96] : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @base_misaligned(%A: memref<64x128xf16, strided<[128, 1], offset: 4>>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: start align 8 B | tma: declined: the memref offset of 8 B is not 16-B aligned; TMA needs a 16-B aligned base address | cp.async: vector 8 B |
  %t = asynccopy.copy %A to %S window [0, 0] [64, 64] : memref<64x128xf16, strided<[128, 1], offset: 4>> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// A dynamic row stride: declined for auto, a runtime check for impl = tma.
func.func @dynamic_stride(%A: memref<?x128xf16, strided<[?, 1]>>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: the stride of dim 0 is dynamic; TMA needs strides that are multiples of 16 B (impl = tma checks it at launch) |
  // RT: tma: rank 2, box [64, 64], issues 1, bytes 8192, runtime check |
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] : memref<?x128xf16, strided<[?, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @four_bit(%A: memref<64x128xi4>, %S: memref<64x128xi4, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: remark: contiguous dims 2, chunk 4096 B, chunks 1, outer [], total 4096 B, start align 1 B | tma: declined: TMA moves 1-, 2-, 4- or 8-byte elements, not 4-bit ones | cp.async: declined: cp.async moves whole bytes; sub-byte elements go the sync way | bulk: declined: bulk copies move whole bytes
  %t = asynccopy.copy %A to %S window [0, 0] [64, 128] : memref<64x128xi4> to memref<64x128xi4, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @global_dim_over_2_32(%A: memref<8589934592x16xi8>, %i: index, %S: memref<8x16xi8, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: dim 0 of the GMEM tensor has 8589934592 elements; TMA coordinates are signed 32-bit, so it addresses at most 2^31 - 256 elements per dim |
  %t = asynccopy.copy %A to %S window [%i, 0] [8, 16] : memref<8589934592x16xi8> to memref<8x16xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// Signed 32-bit coordinates: the largest extent TMA takes, and one more.
func.func @coordinate_limit(%A: memref<2147483391x16xi8>, %B: memref<2147483392x16xi8>, %i: index, %S: memref<8x16xi8, #gpu.address_space<workgroup>>) -> (!asynccopy.token, !asynccopy.token) {
  // CHECK: tma: rank 2, box [8, 16], issues 1, bytes 128 |
  %t = asynccopy.copy %A to %S window [%i, 0] [8, 16] : memref<2147483391x16xi8> to memref<8x16xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: tma: declined: dim 0 of the GMEM tensor has 2147483392 elements; TMA coordinates are signed 32-bit
  %u = asynccopy.copy %B to %S window [%i, 0] [8, 16] : memref<2147483392x16xi8> to memref<8x16xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t, %u : !asynccopy.token, !asynccopy.token
}

// -----

// An empty tensor: no tensor map exists for it; every window is out of
// bounds.
func.func @empty_tensor(%A: memref<0x64xf16>, %i: index, %S: memref<8x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // CHECK: tma: declined: dim 0 of the GMEM tensor view is empty (0 elements)
  %t = asynccopy.copy %A to %S window [%i, 0] [8, 64] : memref<0x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

//===----------------------------------------------------------------------===//
// Prefetches and remote copies
//===----------------------------------------------------------------------===//

func.func @prefetch(%A: memref<4096x4096xf16>, %i: index, %j: index) {
  // CHECK: remark: contiguous dims 1, chunk 128 B, chunks 64, outer [64], total 8192 B, start align 16 B | tma: rank 2, box [64, 64], issues 1, bytes 8192 |
  asynccopy.prefetch %A window [%i, %j] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16>
  return
}

// -----

func.func @remote(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: remark: SMEM -> SMEM copy of 16384 B: no GMEM layout
  asynccopy.copy %S to %D remote %rank barrier %b[%c0] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Prefetches of any element type verify; the analysis has no layout for them.
func.func @index_prefetch(%A: memref<64x64xindex>) {
  // CHECK: remark: no layout: elements must be integers or floats
  asynccopy.prefetch %A window [0, 0] [64, 64] : memref<64x64xindex>
  return
}

// -----

// A tile followed by another transform: a window offset not known to be a
// multiple of the tile leaves no tensor view TMA could start the box at.
// CHECK: tma: declined: the window's offset along a dim that a tile (not the last transform) tiles is not known to be a multiple of the tile, where a tensor map of the tiled view must start |
func.func @unaligned_tile_then_transpose(%A: memref<4096x4096xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %S = memref.alloc() : memref<2x1x64x64xf16, #gpu.address_space<workgroup>>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.copy %A to %S window [%i, 0] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>, #asynccopy.transpose<[1, 0, 2, 3]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<2x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}
