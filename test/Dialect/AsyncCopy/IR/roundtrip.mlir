// RUN: ac-opt %s -split-input-file | FileCheck %s
// Print, re-parse, print again: the two printed forms are identical.
// RUN: ac-opt %s -split-input-file | ac-opt -split-input-file | FileCheck %s
// The generic form re-parses into the same custom form.
// RUN: ac-opt %s -split-input-file -mlir-print-op-generic | ac-opt -split-input-file | FileCheck %s

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @barriers
// CHECK-SAME: (%[[S:.*]]: index, %[[P:.*]]: i1, %[[R:.*]]: i32)
func.func @barriers(%s: index, %phase: i1, %rank: i32) {
  // CHECK: %[[B:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // CHECK: asynccopy.barrier.init %[[B]], 1 : !asynccopy.barrier<2>
  asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
  // CHECK: asynccopy.barrier.arrive %[[B]][%[[S]]] : !asynccopy.barrier<2>
  asynccopy.barrier.arrive %b[%s] : !asynccopy.barrier<2>
  // CHECK: asynccopy.barrier.arrive %[[B]][%[[S]]], 2 : !asynccopy.barrier<2>
  asynccopy.barrier.arrive %b[%s], 2 : !asynccopy.barrier<2>
  // CHECK: asynccopy.barrier.arrive_expect_tx %[[B]][%[[S]]], 16384 : !asynccopy.barrier<2>
  asynccopy.barrier.arrive_expect_tx %b[%s], 16384 : !asynccopy.barrier<2>
  // CHECK: asynccopy.barrier.wait %[[B]][%[[S]]], %[[P]] : !asynccopy.barrier<2>
  asynccopy.barrier.wait %b[%s], %phase : !asynccopy.barrier<2>
  // CHECK: %[[RB:.*]] = asynccopy.barrier.remote %[[B]], %[[R]] : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  // CHECK: asynccopy.barrier.arrive %[[RB]][%[[S]]] : !asynccopy.barrier<2, remote>
  asynccopy.barrier.arrive %r[%s] : !asynccopy.barrier<2, remote>
  // CHECK: asynccopy.barrier.arrive_expect_tx %[[RB]][%[[S]]], 128 : !asynccopy.barrier<2, remote>
  asynccopy.barrier.arrive_expect_tx %r[%s], 128 : !asynccopy.barrier<2, remote>
  return
}

// -----

// CHECK-LABEL: func.func @tma_load
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[I:.*]]: index, %[[J:.*]]: index, %[[S:.*]]: index)
func.func @tma_load(%A: memref<4096x4096xf16>, %i: index, %j: index, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  // CHECK: %[[SM:.*]] = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %[[A]] to %[[SM]] window [%[[I]], 0] [64, 64] barrier %{{.*}}[%[[S]]] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
      {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %[[A]] to %[[SM]] window [%[[I]], %[[J]]] [64, 64] barrier %{{.*}}[%[[S]]] {cache = #asynccopy<cache evict_first>, impl = #asynccopy<impl tma>, oob = #asynccopy<oob nan>}
  asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%s]
      {oob = #asynccopy<oob nan>, impl = #asynccopy<impl tma>, cache = #asynccopy<cache evict_first>}
      : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// CHECK-LABEL: func.func @collective_tiled
func.func @collective_tiled(%A: memref<4096x4096xf16>, %i: index, %j: index, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %{{.*}} window [%{{.*}}, %{{.*}}] [64, 128] barrier %{{.*}}[%{{.*}}] {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<0>, swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%s]
      {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64,
       collective = [#gpu<dim x>], partition = #asynccopy.partitioned<0>}
      : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: {collective = [#gpu<dim x>, #gpu<dim y>], partition = #asynccopy.replicated, transforms = [#asynccopy.tile<[64, 64]>]}
  asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%s]
      {transforms = [#asynccopy.tile<[64, 64]>], collective = [#gpu<dim x>, #gpu<dim y>],
       partition = #asynccopy.replicated}
      : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Every transform, incl. tile rounding; leading unit dims may be omitted on
// the SMEM side.
// CHECK-LABEL: func.func @transforms
func.func @transforms(%A: memref<8x4096x4096xf16>, %T: memref<4x32x128xf32>, %i: index, %s: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %S2 = memref.alloc() : memref<1x64x64xf16, #gpu.address_space<workgroup>>
  %S3 = memref.alloc() : memref<1x64xf16, #gpu.address_space<workgroup>>
  %S4 = memref.alloc() : memref<2x1x8x128xf32, #gpu.address_space<workgroup>>
  // CHECK: transforms = [#asynccopy.transpose<[0, 2, 1]>]
  asynccopy.copy %A to %S window [0, %i, 0] [1, 64, 64] barrier %b[%s]
      {transforms = [#asynccopy.transpose<[0, 2, 1]>]}
      : memref<8x4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: transforms = [#asynccopy.drop_unit_dims<[0]>]
  asynccopy.copy %A to %S window [3, %i, 0] [1, 64, 64] barrier %b[%s]
      {transforms = [#asynccopy.drop_unit_dims<[0]>]}
      : memref<8x4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: transforms = [#asynccopy.tile<[64, 64], rounding = down>]
  asynccopy.copy %A to %S2 window [0, %i, 0] [1, 100, 64] barrier %b[%s]
      {transforms = [#asynccopy.tile<[64, 64], rounding = down>]}
      : memref<8x4096x4096xf16> to memref<1x64x64xf16, #gpu.address_space<workgroup>>
  // CHECK: transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[64], rounding = up>]
  asynccopy.copy %A to %S3 window [0, %i, 0] [1, 1, 40] barrier %b[%s]
      {transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[64], rounding = up>]}
      : memref<8x4096x4096xf16> to memref<1x64xf16, #gpu.address_space<workgroup>>
  // CHECK: transforms = [#asynccopy.collapse_leading<2>, #asynccopy.tile<[8, 128]>]
  asynccopy.copy %T to %S4 window [0, 0, 0] [1, 16, 128] barrier %b[%s]
      {transforms = [#asynccopy.collapse_leading<2>, #asynccopy.tile<[8, 128]>]}
      : memref<4x32x128xf32> to memref<2x1x8x128xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// Stores, reductions, tokens and group ops.
// CHECK-LABEL: func.func @stores
// CHECK-SAME: (%[[B:.*]]: memref<1024x1024xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[P:.*]]: i1)
func.func @stores(%B: memref<1024x1024xf32>, %i: index, %j: index, %p: i1) {
  %S = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[T:.*]] = asynccopy.copy %{{.*}} to %[[B]] window [%[[I]], %[[J]]] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  %t = asynccopy.copy %S to %B window [%i, %j] [64, 64] {reduction = #asynccopy<reduction add>}
      : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  // CHECK: asynccopy.copy %{{.*}} to %[[B]] window [0, 64] [64, 64] predicate %[[P]] {commit = false, reduction = #asynccopy<reduction add>}
  asynccopy.copy %S to %B window [0, 64] [64, 64] predicate %p {commit = false, reduction = #asynccopy<reduction add>}
      : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32>
  // CHECK: asynccopy.commit_group bulk
  asynccopy.commit_group bulk
  // CHECK: asynccopy.wait %[[T]] : !asynccopy.token
  asynccopy.wait %t : !asynccopy.token
  // CHECK: asynccopy.wait_group bulk 0 {read}
  asynccopy.wait_group bulk 0 {read}
  // CHECK: asynccopy.wait_group cp_async 1
  asynccopy.wait_group cp_async 1
  // CHECK: asynccopy.fence_async_shared
  asynccopy.fence_async_shared
  return
}

// -----

// Every reduction kind and cache hint.
// CHECK-LABEL: func.func @enums
func.func @enums(%B: memref<1024x1024xi32>) {
  %S = memref.alloc() : memref<64x64xi32, #gpu.address_space<workgroup>>
  // CHECK: reduction = #asynccopy<reduction min>
  %0 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction min>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction inc>
  %1 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction inc>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction dec>
  %2 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction dec>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction and>
  %3 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction and>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction or>
  %4 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction or>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: cache = #asynccopy<cache evict_last>, reduction = #asynccopy<reduction xor>
  %5 = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction xor>, cache = #asynccopy<cache evict_last>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
  // CHECK: cache = #asynccopy<cache normal>, impl = #asynccopy<impl sync>, oob = #asynccopy<oob undefined>
  %6 = asynccopy.copy %B to %S window [0, 0] [64, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob undefined>, cache = #asynccopy<cache normal>} : memref<1024x1024xi32> to memref<64x64xi32, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: impl = #asynccopy<impl cp_async>, oob = #asynccopy<oob promise_in_bounds>
  %7 = asynccopy.copy %B to %S window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>, oob = #asynccopy<oob promise_in_bounds>} : memref<1024x1024xi32> to memref<64x64xi32, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: impl = #asynccopy<impl auto>, oob = #asynccopy<oob zeros>
  %8 = asynccopy.copy %B to %S window [0, 0] [64, 64] {impl = #asynccopy<impl auto>, oob = #asynccopy<oob zeros>} : memref<1024x1024xi32> to memref<64x64xi32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

// Element types and reductions beyond TMA's table (the sync fallback's
// atomics take them): fp8 and tf32 copies, f32 max, i64 inc, f64 add, i8 add.
// CHECK-LABEL: func.func @more_element_types
func.func @more_element_types(%A: memref<256x256xf8E4M3FN>, %T: memref<256x256xtf32>, %F: memref<256x256xf32>, %L: memref<256x256xi64>, %D: memref<256x256xf64>, %C: memref<256x256xi8>) {
  %S8 = memref.alloc() : memref<16x64xf8E4M3FN, #gpu.address_space<workgroup>>
  %ST = memref.alloc() : memref<16x64xtf32, #gpu.address_space<workgroup>>
  %SF = memref.alloc() : memref<16x64xf32, #gpu.address_space<workgroup>>
  %SL = memref.alloc() : memref<16x64xi64, #gpu.address_space<workgroup>>
  %SD = memref.alloc() : memref<16x64xf64, #gpu.address_space<workgroup>>
  %SC = memref.alloc() : memref<16x64xi8, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %{{.*}} to %{{.*}} window [0, 0] [16, 64] : memref<256x256xf8E4M3FN>
  %0 = asynccopy.copy %A to %S8 window [0, 0] [16, 64] : memref<256x256xf8E4M3FN> to memref<16x64xf8E4M3FN, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: asynccopy.copy %{{.*}} to %{{.*}} window [0, 0] [16, 64] : memref<256x256xtf32>
  %1 = asynccopy.copy %T to %ST window [0, 0] [16, 64] : memref<256x256xtf32> to memref<16x64xtf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction max>} : memref<16x64xf32
  %2 = asynccopy.copy %SF to %F window [0, 0] [16, 64] {reduction = #asynccopy<reduction max>} : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<256x256xf32> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction inc>} : memref<16x64xi64
  %3 = asynccopy.copy %SL to %L window [0, 0] [16, 64] {reduction = #asynccopy<reduction inc>} : memref<16x64xi64, #gpu.address_space<workgroup>> to memref<256x256xi64> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction add>} : memref<16x64xf64
  %4 = asynccopy.copy %SD to %D window [0, 0] [16, 64] {reduction = #asynccopy<reduction add>} : memref<16x64xf64, #gpu.address_space<workgroup>> to memref<256x256xf64> -> !asynccopy.token
  // CHECK: reduction = #asynccopy<reduction add>} : memref<16x64xi8
  %5 = asynccopy.copy %SC to %C window [0, 0] [16, 64] {reduction = #asynccopy<reduction add>} : memref<16x64xi8, #gpu.address_space<workgroup>> to memref<256x256xi8> -> !asynccopy.token
  return
}

// -----

// DSMEM, bulk (whole memref, no window), peer and prefetch.
// CHECK-LABEL: func.func @dsmem_bulk_prefetch
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[V:.*]]: memref<8192xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[R:.*]]: i32, %[[P:.*]]: i1)
func.func @dsmem_bulk_prefetch(%A: memref<4096x4096xf16>, %V: memref<8192xf32>, %i: index, %j: index, %rank: i32, %p: i1) {
  %s = arith.constant 1 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %S = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %D = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %W = memref.alloc() : memref<8192xf32, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %{{.*}} to %{{.*}} remote %[[R]] barrier %{{.*}}[%{{.*}}] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  asynccopy.copy %S to %D remote %rank barrier %b[%s]
      : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  // Clauses may be written in any order; they print in canonical order.
  // CHECK: asynccopy.copy %{{.*}} to %{{.*}} remote %[[R]] barrier %{{.*}}[%{{.*}}] predicate %[[P]] {impl = #asynccopy<impl dsmem>}
  asynccopy.copy %S to %D barrier %b[%s] predicate %p remote %rank {impl = #asynccopy<impl dsmem>}
      : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %[[V]] to %{{.*}} barrier %{{.*}}[%{{.*}}] {impl = #asynccopy<impl bulk>} : memref<8192xf32> to memref<8192xf32, #gpu.address_space<workgroup>>
  asynccopy.copy %V to %W barrier %b[%s] {impl = #asynccopy<impl bulk>}
      : memref<8192xf32> to memref<8192xf32, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.copy %{{.*}} to %[[V]] peer %[[R]] : memref<8192xf32, #gpu.address_space<workgroup>> to memref<8192xf32> -> !asynccopy.token
  %t = asynccopy.copy %W to %V peer %rank
      : memref<8192xf32, #gpu.address_space<workgroup>> to memref<8192xf32> -> !asynccopy.token
  // CHECK: asynccopy.prefetch %[[A]] window [%[[I]], %[[J]]] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16>
  asynccopy.prefetch %A window [%i, %j] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16>
  // CHECK: asynccopy.prefetch %[[A]] window [0, 0] [64, 256] predicate %[[P]] {cache = #asynccopy<cache evict_last>} : memref<4096x4096xf16>
  asynccopy.prefetch %A window [0, 0] [64, 256] predicate %p {cache = #asynccopy<cache evict_last>} : memref<4096x4096xf16>
  return
}

// -----

// Dynamic shapes and strides on the GMEM side, a cp.async-style load that
// completes through its token.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%A: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %i: index) {
  %S = memref.alloc() : memref<32x64xbf16, #gpu.address_space<workgroup>>
  // CHECK: %{{.*}} = asynccopy.copy %{{.*}} to %{{.*}} window [%{{.*}}, 0] [32, 64] : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<32x64xbf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  %t = asynccopy.copy %A to %S window [%i, 0] [32, 64]
      : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<32x64xbf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  asynccopy.wait %t : !asynccopy.token
  return
}

// -----

// Kernels in a gpu.module, as the lowering expects them.
// CHECK-LABEL: gpu.func @kernel
// CHECK: asynccopy.copy
gpu.module @kernels {
  gpu.func @kernel(%A: memref<4096x4096xf16>, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0]
        : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Where GPU threads run asynccopy ops in a host program: kernels and device
// functions (func.func, llvm.func) of a gpu.module, and gpu.launch bodies.
// CHECK-LABEL: func.func @device_func
// CHECK: asynccopy.fence_async_shared
// CHECK-LABEL: llvm.func @device_llvm_func
// CHECK: asynccopy.fence_async_shared
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch
// CHECK: asynccopy.barrier.alloc
// CHECK: asynccopy.copy
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @device_func() {
      asynccopy.fence_async_shared
      return
    }
    llvm.func @device_llvm_func() {
      asynccopy.fence_async_shared
      llvm.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}
