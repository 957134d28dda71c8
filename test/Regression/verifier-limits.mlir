// RUN: ac-opt %s -split-input-file -verify-diagnostics
// Inputs that verified but then hung, produced IR that upstream verifiers
// reject, or produced a negative memref size (docs/robustness.md).

// A barrier of INT64_MAX stages: barrier.init emitted one mbarrier.init per
// stage (an endless loop, killed for memory).
func.func @huge_barrier() {
  // expected-error @+1 {{barrier of 9223372036854775807 stages does not fit in shared memory (at most 29056 8-B mbarriers)}}
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<9223372036854775807>
  return
}

// -----

// wait_group's count is a 32-bit PTX immediate: a larger one made
// convert-asynccopy-to-nvvm emit an nvvm.cp.async.bulk.wait_group that does
// not verify.
func.func @huge_pending() {
  // expected-error @+1 {{pending group count must be in [0, 2^31), got 9223372036854775807}}
  asynccopy.wait_group bulk 9223372036854775807
  return
}

// -----

// A reversed GMEM view (negative stride): the lowering built a flat
// memref.reinterpret_cast of negative size, which upstream rejects.
func.func @negative_stride(%A: memref<4096x4096xf16, strided<[-4096, 1], offset: ?>>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: !asynccopy.barrier<1>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{source stride of dim 0 must be non-negative, got -4096}}
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x4096xf16, strided<[-4096, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @negative_stride_prefetch(%A: memref<4096x4096xf16, strided<[1, -4096], offset: ?>>) {
  // expected-error @+1 {{source stride of dim 1 must be non-negative, got -4096}}
  asynccopy.prefetch %A window [0, 0] [64, 64] : memref<4096x4096xf16, strided<[1, -4096], offset: ?>>
  return
}

// -----

// SMEM buffers whose byte size overflows int64_t: the verifier's own size
// check (and the analysis) multiplied extents unchecked (UBSan).
func.func @huge_smem(%A: memref<9223372036854775807x4xf16>, %S: memref<4611686018427387904x4xf16, #gpu.address_space<workgroup>>, %b: !asynccopy.barrier<1>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{destination 'memref<4611686018427387904x4xf16, #gpu.address_space<workgroup>>' does not fit in the 232448 B of shared memory a CTA has}}
  asynccopy.copy %A to %S window [0, 0] [4611686018427387904, 4] barrier %b[%c0] : memref<9223372036854775807x4xf16> to memref<4611686018427387904x4xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @huge_dsmem(%S: memref<9223372036854775807xf16, #gpu.address_space<workgroup>>, %D: memref<9223372036854775807xf16, #gpu.address_space<workgroup>>, %r: i32, %b: !asynccopy.barrier<1>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{source 'memref<9223372036854775807xf16, #gpu.address_space<workgroup>>' does not fit in the 232448 B of shared memory a CTA has}}
  asynccopy.copy %S to %D remote %r barrier %b[%c0] : memref<9223372036854775807xf16, #gpu.address_space<workgroup>> to memref<9223372036854775807xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A prefetch window whose size in bits overflows int64_t.
func.func @huge_prefetch(%A: memref<?x?xf16>) {
  // expected-error @+1 {{window of 4611686018427387904, 4 elements is too large (its size in bits overflows int64_t)}}
  asynccopy.prefetch %A window [0, 0] [4611686018427387904, 4] : memref<?x?xf16>
  return
}

// -----

// A tensor-map stride whose byte size overflows int64_t: the verifier's
// product wrapped to a 16-B multiple (accepted; UBSan: signed overflow).
// expected-error @+1 {{tensor-map strides are below 2^40 B, got 2305843009213693952 elements of 4 B}}
func.func @huge_map_stride() attributes {map = #asynccopy.tensor_map<arg = 0, element_type = f32, map_type = 7, dims = [4, 4], strides = [2305843009213693952, 1], box = [4, 4], swizzle = 0, oob = zeros, cache = normal>} {
  return
}
