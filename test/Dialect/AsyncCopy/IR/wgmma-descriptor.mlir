// RUN: ac-opt %s -split-input-file | FileCheck %s
// RUN: ac-opt %s -split-input-file | ac-opt -split-input-file | FileCheck %s
// RUN: ac-opt %s -split-input-file -mlir-print-op-generic | ac-opt -split-input-file | FileCheck %s

// `asynccopy.wgmma_descriptor` on each canonical layout of
// docs/ir.md: K-major with swizzle ([MN, K]) and without ([2, MN, 16 B]),
// MN-major with swizzle ([K, S/e] or [B, K, S/e]) and without
// ([B, K, 8]); the swizzle may be left to the copies that fill the buffer.

#wg = #gpu.address_space<workgroup>

// CHECK-LABEL: func.func @layouts
// CHECK: %[[A:.*]] = asynccopy.wgmma_descriptor %{{.*}} major k swizzle 128 : memref<64x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
// CHECK: asynccopy.wgmma_descriptor %{{.*}} major k : memref<2x64x8xf16, strided<[512, 8, 1]>, #gpu.address_space<workgroup>>
// CHECK: asynccopy.wgmma_descriptor %{{.*}} major mn swizzle 64 : memref<2x16x32xbf16, strided<[2048, 32, 1]>, #gpu.address_space<workgroup>>
// CHECK: asynccopy.wgmma_descriptor %{{.*}} major mn swizzle 0 : memref<8x16x8xf16, strided<[512, 8, 1]>, #gpu.address_space<workgroup>>
// CHECK: asynccopy.wgmma_descriptor %{{.*}} major k swizzle 32 : memref<128x32xf8E4M3FN, strided<[32, 1]>, #gpu.address_space<workgroup>>
// CHECK: asynccopy.wgmma_descriptor %{{.*}} major k swizzle 128 : memref<64x8xf32, strided<[32, 1], offset: 8>, #gpu.address_space<workgroup>>
func.func @layouts(%a: memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>,
                   %b: memref<2x64x8xf16, strided<[512, 8, 1]>, #wg>,
                   %c: memref<2x16x32xbf16, strided<[2048, 32, 1]>, #wg>,
                   %d: memref<8x16x8xf16, strided<[512, 8, 1]>, #wg>,
                   %e: memref<128x32xf8E4M3FN, strided<[32, 1]>, #wg>,
                   %f: memref<64x8xf32, strided<[32, 1], offset: 8>, #wg>) -> (i64, i64, i64, i64, i64, i64) {
  %0 = asynccopy.wgmma_descriptor %a major k swizzle 128 : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
  %1 = asynccopy.wgmma_descriptor %b major k : memref<2x64x8xf16, strided<[512, 8, 1]>, #wg>
  %2 = asynccopy.wgmma_descriptor %c major mn swizzle 64 : memref<2x16x32xbf16, strided<[2048, 32, 1]>, #wg>
  %3 = asynccopy.wgmma_descriptor %d major mn swizzle 0 : memref<8x16x8xf16, strided<[512, 8, 1]>, #wg>
  %4 = asynccopy.wgmma_descriptor %e major k swizzle 32 : memref<128x32xf8E4M3FN, strided<[32, 1]>, #wg>
  %5 = asynccopy.wgmma_descriptor %f major k swizzle 128 : memref<64x8xf32, strided<[32, 1], offset: 8>, #wg>
  return %0, %1, %2, %3, %4, %5 : i64, i64, i64, i64, i64, i64
}
