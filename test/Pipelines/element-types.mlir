// RUN: ac-opt %s -asynccopy-select-implementation=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors)' | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// fp8 and tf32 copies under impl = auto: TMA moves fp8 through u8 maps
// (map_type 0) and tf32 through f32 maps (map_type 7); NaN fill needs a
// floating-point map, so fp8 with oob = nan goes to the sync fallback.
// CHECK-LABEL: gpu.func @fp8_tf32
// CHECK-SAME: element_type = f8E4M3FN, map_type = 0,
// CHECK-SAME: element_type = tf32, map_type = 7,
// EXPLAIN: remark: tma: accepted (1 issue, 4096 B)
// EXPLAIN: remark: tma: accepted (1 issue, 4096 B)
// EXPLAIN: remark: tma: accepted (1 issue, 4096 B)
// EXPLAIN: remark: tma: declined: TMA fills out-of-bounds elements with NaN only through f16, bf16, f32 and f64 tensor maps, not for f8E5M2
// EXPLAIN: remark: sync: accepted
// PTX-LABEL: .entry fp8_tf32(
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: ld.global
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fp8_tf32(%A: memref<128x128xf8E4M3FN>, %T: memref<128x128xtf32>, %E: memref<128x128xf8E5M2>, %i: index)
        workgroup(%SA : memref<64x64xf8E4M3FN, #gpu.address_space<workgroup>>,
                  %ST : memref<16x64xtf32, #gpu.address_space<workgroup>>,
                  %SE : memref<64x64xf8E5M2, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
      asynccopy.copy %A to %SA window [%i, 0] [64, 64] barrier %bar[%c0]
          : memref<128x128xf8E4M3FN> to memref<64x64xf8E4M3FN, #gpu.address_space<workgroup>>
      asynccopy.copy %T to %ST window [%i, 0] [16, 64] barrier %bar[%c0]
          : memref<128x128xtf32> to memref<16x64xtf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %ST to %T window [%i, 64] [16, 64]
          : memref<16x64xtf32, #gpu.address_space<workgroup>> to memref<128x128xtf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %nanbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %nanbar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %E to %SE window [%i, 0] [64, 64] barrier %nanbar[%c0] {oob = #asynccopy<oob nan>}
          : memref<128x128xf8E5M2> to memref<64x64xf8E5M2, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %nanbar[%c0], %false : !asynccopy.barrier<1>
      %v = asynccopy.copy %SE to %E window [%i, 64] [64, 64]
          : memref<64x64xf8E5M2, #gpu.address_space<workgroup>> to memref<128x128xf8E5M2> -> !asynccopy.token
      asynccopy.wait %v : !asynccopy.token
      gpu.return
    }
  }
}
