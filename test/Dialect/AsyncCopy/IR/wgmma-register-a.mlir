// RUN: ac-opt %s | FileCheck %s
// RUN: ac-opt %s | ac-opt | FileCheck %s
// RUN: ac-opt %s -mlir-print-op-generic | ac-opt | FileCheck %s

// `asynccopy.wgmma_register_a` in each register-A form of wgmma (m64n8: 4
// f32 or s32 registers, 2 f16 pairs), chained with `nvvm.wgmma.mma_async`
// on one accumulator.

!f32x4 = !llvm.struct<(f32, f32, f32, f32)>
!i32x4 = !llvm.struct<(i32, i32, i32, i32)>
!i32x2 = !llvm.struct<(i32, i32)>

// CHECK-LABEL: func.func @forms
// CHECK: %[[R0:.*]] = asynccopy.wgmma_register_a [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, <m = 64, n = 8, k = 16>, D[<f32>, %{{.*}}], A[<f16>, <one>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R1:.*]] = asynccopy.wgmma_register_a [{{.*}}], %{{.*}}, %[[R0]], <m = 64, n = 8, k = 16>, D[<f32>, %{{.*}}], A[<bf16>, <neg>], B[<bf16>, <one>, <row>]
// CHECK: %[[R2:.*]] = asynccopy.wgmma_register_a [{{.*}}], %{{.*}}, %[[R1]], <m = 64, n = 8, k = 8>, D[<f32>, %{{.*}}], A[<tf32>, <one>], B[<tf32>, <neg>, <col>]
// CHECK: %[[R3:.*]] = asynccopy.wgmma_register_a [{{.*}}], %{{.*}}, %[[R2]], <m = 64, n = 8, k = 32>, D[<f32>, %{{.*}}], A[<e4m3>, <one>], B[<e5m2>, <one>, <col>]
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[R3]]
// CHECK: asynccopy.wgmma_register_a [{{.*}}], %{{.*}}, %{{.*}}, <m = 64, n = 8, k = 32>, D[<s32>, %{{.*}}], A[<s8>, <one>], B[<u8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: asynccopy.wgmma_register_a [{{.*}}], %{{.*}}, %{{.*}}, <m = 64, n = 8, k = 16>, D[<f16>, %{{.*}}], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(i32, i32)>
func.func @forms(%a: i32, %da: i64, %db: i64, %f: !f32x4, %i: !i32x4, %h: !i32x2, %p: i1)
    -> (!f32x4, !i32x4, !i32x2) {
  %r0 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %f, <m = 64, n = 8, k = 16>,
      D[<f32>, %p], A[<f16>, <one>], B[<f16>, <one>, <col>] : !f32x4
  %r1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %r0, <m = 64, n = 8, k = 16>,
      D[<f32>, %p], A[<bf16>, <neg>], B[<bf16>, <one>, <row>] : !f32x4
  %r2 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %r1, <m = 64, n = 8, k = 8>,
      D[<f32>, %p], A[<tf32>, <one>], B[<tf32>, <neg>, <col>] : !f32x4
  %r3 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %r2, <m = 64, n = 8, k = 32>,
      D[<f32>, %p], A[<e4m3>, <one>], B[<e5m2>, <one>, <col>] : !f32x4
  %r4 = nvvm.wgmma.mma_async %da, %db, %r3, #nvvm.shape<m = 64, n = 8, k = 16>,
      D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !f32x4 -> !f32x4
  %s = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %i, <m = 64, n = 8, k = 32>,
      D[<s32>, %p], A[<s8>, <one>], B[<u8>, <one>, <col>] : !i32x4
  %t = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %h, <m = 64, n = 8, k = 16>,
      D[<f16>, %p], A[<f16>, <one>], B[<f16>, <one>, <row>] : !i32x2
  return %r4, %s, %t : !f32x4, !i32x4, !i32x2
}
