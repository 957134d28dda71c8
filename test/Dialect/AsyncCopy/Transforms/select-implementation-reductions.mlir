// RUN: ac-opt %s -asynccopy-select-implementation=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors)' | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// TMA reductions take exactly the (operation, tensor-map type) pairs that run
// on the H200; the map type follows the operation (signless i64 adds and
// bitwise ops through u64 maps, signless min/max through s32/s64 maps,
// inc/dec through u32 maps). Every other pair goes to the sync fallback.
// Tensor-map element types: 2 = u32, 3 = s32, 4 = u64, 5 = s64, 8 = f64.
// CHECK-LABEL: gpu.func @reductions
// CHECK-SAME: asynccopy.tma_descriptors = [
// CHECK-SAME: element_type = i64, map_type = 4,
// CHECK-SAME: element_type = i64, map_type = 5,
// CHECK-SAME: element_type = i32, map_type = 2,
// CHECK-SAME: element_type = i32, map_type = 3,
// CHECK-SAME: element_type = f64, map_type = 8,
// CHECK-NOT: map_type
// CHECK-SAME: ]
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: accepted
// EXPLAIN: remark: tma: declined: TMA performs this reduction only on 32- and 64-bit integers, f16 and bf16, not on f32
// EXPLAIN: remark: sync: accepted
// EXPLAIN: remark: tma: declined: TMA performs this reduction only on 32- and 64-bit integers, f16, bf16, f32 and f64, not on i16
// EXPLAIN: remark: sync: accepted
// EXPLAIN: remark: tma: declined: TMA performs this reduction only on 32-bit unsigned or signless integers, not on i64
// EXPLAIN: remark: sync: accepted
// PTX-LABEL: .entry reductions(
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.xor.tile.bulk_group
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.inc.tile.bulk_group
// PTX-DAG: cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reductions(%L: memref<256x256xi64>, %I: memref<256x256xi32>, %D: memref<256x256xf64>,
                         %F: memref<256x256xf32>, %H: memref<256x256xi16>)
        workgroup(%SL : memref<16x64xi64, #gpu.address_space<workgroup>>,
                  %SI : memref<16x64xi32, #gpu.address_space<workgroup>>,
                  %SD : memref<16x64xf64, #gpu.address_space<workgroup>>,
                  %SF : memref<16x64xf32, #gpu.address_space<workgroup>>,
                  %SH : memref<16x64xi16, #gpu.address_space<workgroup>>) kernel {
      %0 = asynccopy.copy %SL to %L window [0, 0] [16, 64] {reduction = #asynccopy<reduction add>}
          : memref<16x64xi64, #gpu.address_space<workgroup>> to memref<256x256xi64> -> !asynccopy.token
      %1 = asynccopy.copy %SL to %L window [0, 0] [16, 64] {reduction = #asynccopy<reduction xor>}
          : memref<16x64xi64, #gpu.address_space<workgroup>> to memref<256x256xi64> -> !asynccopy.token
      %2 = asynccopy.copy %SL to %L window [0, 0] [16, 64] {reduction = #asynccopy<reduction max>}
          : memref<16x64xi64, #gpu.address_space<workgroup>> to memref<256x256xi64> -> !asynccopy.token
      %3 = asynccopy.copy %SI to %I window [0, 0] [16, 64] {reduction = #asynccopy<reduction inc>}
          : memref<16x64xi32, #gpu.address_space<workgroup>> to memref<256x256xi32> -> !asynccopy.token
      %4 = asynccopy.copy %SI to %I window [0, 0] [16, 64] {reduction = #asynccopy<reduction and>}
          : memref<16x64xi32, #gpu.address_space<workgroup>> to memref<256x256xi32> -> !asynccopy.token
      %5 = asynccopy.copy %SI to %I window [0, 0] [16, 64] {reduction = #asynccopy<reduction min>}
          : memref<16x64xi32, #gpu.address_space<workgroup>> to memref<256x256xi32> -> !asynccopy.token
      %6 = asynccopy.copy %SD to %D window [0, 0] [16, 64] {reduction = #asynccopy<reduction add>}
          : memref<16x64xf64, #gpu.address_space<workgroup>> to memref<256x256xf64> -> !asynccopy.token
      %7 = asynccopy.copy %SF to %F window [0, 0] [16, 64] {reduction = #asynccopy<reduction max>}
          : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<256x256xf32> -> !asynccopy.token
      %8 = asynccopy.copy %SH to %H window [0, 0] [16, 64] {reduction = #asynccopy<reduction add>}
          : memref<16x64xi16, #gpu.address_space<workgroup>> to memref<256x256xi16> -> !asynccopy.token
      %9 = asynccopy.copy %SL to %L window [0, 0] [16, 64] {reduction = #asynccopy<reduction inc>}
          : memref<16x64xi64, #gpu.address_space<workgroup>> to memref<256x256xi64> -> !asynccopy.token
      gpu.return
    }
  }
}
