// RUN: ac-opt %s -asynccopy-select-implementation=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: ac-opt %s -asynccopy-select-implementation | FileCheck %s

// An unsigned reduction TMA cannot take (no tensor map for a function
// argument) falls back to the sync path, whose atomics compare unsigned.
// EXPLAIN: remark: tma: declined: the GMEM operand is not a kernel argument
// EXPLAIN: remark: sync: accepted
// CHECK-LABEL: func.func @unsigned_reduction
// CHECK: asynccopy.sync.copy
func.func @unsigned_reduction(%S: memref<64x64xui32, #gpu.address_space<workgroup>>, %B: memref<1024x1024xui32>, %i: index) -> !asynccopy.token {
  %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction max>} : memref<64x64xui32, #gpu.address_space<workgroup>> to memref<1024x1024xui32> -> !asynccopy.token
  return %t : !asynccopy.token
}
