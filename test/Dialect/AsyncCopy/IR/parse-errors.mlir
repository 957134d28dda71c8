// Malformed input gives a located error and a clean non-zero exit: `not`
// fails on a crash or an abort, so this also proves ac-opt never crashes here.
// RUN: not ac-opt %s -split-input-file 2>&1 | FileCheck %s --implicit-check-not=error:

// Malformed syntax: each case must give a located error (file:line:col) and
// no crash. Every chunk of the split input is checked in order.

func.func @unknown_op() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:3: error: custom op 'asynccopy.bogus' is unknown
  asynccopy.bogus
  return
}

// -----

func.func @unknown_attr(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:92: error: unknown attribute `bogus` in dialect `asynccopy`
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.bogus<1>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @unknown_type() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:45: error: unknown{{ +}}type `bogus` in dialect `asynccopy`
  %b = asynccopy.barrier.alloc : !asynccopy.bogus
  return
}

// -----

func.func @bad_oob_enum(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+2]]:88: error: expected ::mlir::asynccopy::OOBMode to be one of: undefined, promise_in_bounds, zeros, nan
  // CHECK: parse-errors.mlir:[[@LINE+1]]:93: error: failed to parse AsyncCopy_OOBModeAttr parameter 'value'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob maybe>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bad_reduction_enum(%S: memref<64x64xf32, #gpu.address_space<workgroup>>, %B: memref<1024x1024xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+2]]:89: error: expected ::mlir::asynccopy::ReductionKind to be one of: add, min, max, inc, dec, and, or, xor
  // CHECK: parse-errors.mlir:[[@LINE+1]]:92: error: failed to parse AsyncCopy_ReductionKindAttr parameter 'value'
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction mul>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  return
}

// -----

func.func @bad_rounding(%A: memref<4096x4096xf16>, %S: memref<1x1x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+2]]:118: error: expected one of [none, down, up] {{.*}}, got: sideways
  // CHECK: parse-errors.mlir:[[@LINE+1]]:126: error: failed to parse AsyncCopy_TileAttr parameter 'rounding'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64], rounding = sideways>]} : memref<4096x4096xf16> to memref<1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bad_group_kind() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:24: error: custom op 'asynccopy.wait_group' expected {{.*}} enum values for attribute 'kind' [cp_async, bulk]
  asynccopy.wait_group tma 0
  return
}

// -----

func.func @i32_stage_index(%s: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // CHECK: parse-errors.mlir:[[@LINE+1]]:31: error: use of value '%s' expects different type than prior uses: 'index' vs 'i32'
  asynccopy.barrier.arrive %b[%s] : !asynccopy.barrier<2>
  return
}

// -----

func.func @i32_stage_index_in_copy(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %s: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // CHECK: parse-errors.mlir:[[@LINE+1]]:62: error: use of value '%s' expects different type than prior uses: 'index' vs 'i32'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @i64_window_offset(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: i64) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:35: error: use of value '%i' expects different type than prior uses: 'index' vs 'i64'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @missing_to(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:21: error: custom op 'asynccopy.copy' expected 'to'
  asynccopy.copy %A %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @missing_to_between_types(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:89: error: custom op 'asynccopy.copy' expected 'to'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] : memref<4096x4096xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @missing_window_sizes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:41: error: expected '['
  asynccopy.copy %A to %S window [%i, 0] barrier %b[%s] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @unclosed_stage(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:64: error: expected ']'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @missing_types(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // CHECK: parse-errors.mlir:[[@LINE+1]]:65: error: expected ':'
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
  return
}

// -----

func.func @truncated_barrier_type() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:52: error: unbalanced '<' character in pretty dialect name
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<
  return
}

// -----

func.func @unclosed_barrier_type() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:52: error: unbalanced '<' character in pretty dialect name
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2, remote
  return
}

// -----

func.func @barrier_local() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:56: error: expected 'remote'
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2, local>
  return
}

// -----

func.func @barrier_stages_not_an_integer() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:53: error: expected integer value
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<two>
  return
}
