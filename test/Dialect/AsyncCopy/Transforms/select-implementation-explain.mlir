// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation=explain -verify-diagnostics | FileCheck %s

// One remark per candidate tried, up to and including the one that accepts.

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @tma_first
    gpu.func @tma_first(%A: memref<4096x4096xf16>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.tma.load
      // expected-remark @below {{tma: accepted (1 issue, 8192 B)}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A box over 256 rows: two issues.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma_split(%A: memref<4096x4096xf16>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<512x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @below {{tma: accepted (2 issues, 65536 B)}}
      asynccopy.copy %A to %S window [%i, 0] [512, 64] barrier %b[%c0] : memref<4096x4096xf16> to memref<512x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: func.func @cp_async_after_three_declines
func.func @cp_async_after_three_declines(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: asynccopy.cp_async.copy
  // expected-remark @below {{tma: declined: the GMEM operand is not a kernel argument (of the enclosing `gpu.func ... kernel`, possibly through memref.cast); tensor maps are encoded on the host from kernel arguments}}
  // expected-remark @below {{bulk: declined: the window is not provably inside the GMEM tensor and bulk copies cannot handle out-of-bounds elements (oob = promise_in_bounds asserts it)}}
  // expected-remark @below {{dsmem: declined: dsmem copies SMEM to another CTA of the cluster; this copy has a GMEM side}}
  // expected-remark @below {{cp_async: accepted (64 chunks of 128 B, 16-B vectors)}}
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// oob = promise_in_bounds lets bulk take a dynamic window.
func.func @bulk_promised_in_bounds(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-remark @below {{tma: declined: the GMEM operand is not a kernel argument}}
  // expected-remark @below {{bulk: accepted (64 chunks of 128 B)}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {oob = #asynccopy<oob promise_in_bounds>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-remark @below {{tma: declined: TMA copies between GMEM and SMEM; this is an SMEM -> SMEM copy}}
  // expected-remark @below {{bulk: declined: bulk copies move between GMEM and SMEM; an SMEM -> SMEM copy is dsmem}}
  // expected-remark @below {{dsmem: accepted (1 chunk of 16384 B)}}
  asynccopy.copy %S to %D remote %rank barrier %b[%c0] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Every asynchronous path declines, each with its reason; sync takes it.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @sync_fallback
    gpu.func @sync_fallback(%A: memref<64x100xf16>) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<8x96xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.sync.copy
      // expected-remark @below {{tma: declined: global stride 200 B of dim 0 is not a multiple of 16 B}}
      // expected-remark @below {{bulk: declined: the window start or its row stride is not provably 16-B aligned}}
      // expected-remark @below {{dsmem: declined: dsmem copies SMEM to another CTA of the cluster; this copy has a GMEM side}}
      // expected-remark @below {{cp_async: declined: cp.async completes through commit/wait groups and this copy returns no token}}
      // expected-remark @below {{sync: accepted (8 chunks of 192 B, 8-B vectors)}}
      asynccopy.copy %A to %S window [0, 0] [8, 96] barrier %b[%c0] : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Swizzle rules out bulk; cp.async places each 16-B piece where the swizzle
// puts it.
func.func @cp_async_swizzled(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // expected-remark @below {{tma: declined: a TMA load completes on an mbarrier and this copy has no `barrier`}}
  // expected-remark @below {{bulk: declined: bulk copies cannot swizzle}}
  // expected-remark @below {{dsmem: declined}}
  // expected-remark @below {{cp_async: accepted (64 chunks of 128 B, 16-B vectors)}}
  // expected-warning @below {{falls back to per-thread cp_async copies (64 chunks of 128 B, 16-B vectors) though it asks for a swizzle, which TMA does in hardware: a TMA load completes on an mbarrier and this copy has no `barrier`; impl = cp_async accepts this path, the pipeline option fallbacks=silent silences it and fallbacks=error rejects it}}
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// Stores: cp.async only loads; a reduction is left to TMA or sync.
func.func @reduction_store(%B: memref<1024x1024xf32>, %S: memref<64x64xf32, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // expected-remark @below {{tma: declined: the GMEM operand is not a kernel argument}}
  // expected-remark @below {{bulk: declined: reductions are done by TMA}}
  // expected-remark @below {{dsmem: declined}}
  // expected-remark @below {{cp_async: declined: cp.async only loads (GMEM -> SMEM); this is a store}}
  // expected-remark @below {{sync: accepted (64 chunks of 256 B, 4-B vectors)}}
  // expected-warning @below {{falls back to per-thread sync copies (64 chunks of 256 B, 4-B vectors) though it asks for a reduction}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// An explicit impl: one remark, for it alone.
func.func @explicit(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // expected-remark @below {{sync: accepted (64 chunks of 128 B, 16-B vectors)}}
  %t = asynccopy.copy %A to %S window [0, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// Prefetches: TMA or dropped.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @prefetch(%A: memref<4096x4096xf16>, %B: memref<64x100xf16>, %i: index) kernel {
      // expected-remark @below {{tma: accepted (1 issue, 8192 B)}}
      asynccopy.prefetch %A window [%i, 0] [64, 64] : memref<4096x4096xf16>
      // expected-remark @below {{tma: declined: global stride 200 B of dim 0 is not a multiple of 16 B; TMA needs 16-B strides; the prefetch is dropped}}
      asynccopy.prefetch %B window [0, 0] [8, 96] : memref<64x100xf16>
      gpu.return
    }
  }
}

// -----

// An explicit impl that declines: its remark, then the error.
func.func @explicit_declines(%S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>) -> !asynccopy.token {
  // expected-remark @below {{cp_async: declined: cp.async only loads (GMEM -> SMEM); this is a store}}
  // expected-error @below {{impl = cp_async cannot perform this copy: cp.async only loads (GMEM -> SMEM); this is a store}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}
