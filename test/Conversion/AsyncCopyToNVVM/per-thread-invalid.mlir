// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm -verify-diagnostics

// Copies that ask for cp.async or the sync fallback where it cannot perform
// them: selection, the one place that decides, names the reason in one
// located error (the conversion lowers only what selection accepted), never
// a crash.

gpu.module @m {
  gpu.func @cp_async_store(%B: memref<1024x1024xf32>, %i: index) workgroup(%S : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{impl = cp_async cannot perform this copy: cp.async only loads (GMEM -> SMEM); this is a store; use impl = tma or sync}}
    %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @cp_async_nan(%A: memref<1024x1024xf32>, %i: index) workgroup(%S : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{impl = cp_async cannot perform this copy: cp.async fills out-of-bounds elements with zeros; oob = nan needs TMA or sync; use impl = sync}}
    %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>, oob = #asynccopy<oob nan>} : memref<1024x1024xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @cp_async_narrow(%A: memref<1024x1024xf16>, %i: index) workgroup(%S : memref<64x1xf16, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{impl = cp_async cannot perform this copy: contiguous runs of 2 B aligned to 2 B; cp.async needs 4-, 8- or 16-B aligned transfers; use impl = sync}}
    %t = asynccopy.copy %A to %S window [%i, 0] [64, 1] {impl = #asynccopy<impl cp_async>} : memref<1024x1024xf16> to memref<64x1xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
    gpu.return
  }
}

// -----

// The whole 64x2 window is one contiguous run, but a guarded vector stays on
// one GMEM row (2 B here), below cp.async's 4 B.
gpu.module @m {
  gpu.func @cp_async_guarded_rows(%A: memref<128x2xi8>, %x: index) workgroup(%S : memref<64x2xi8, #gpu.address_space<workgroup>>) kernel {
    %c8 = arith.constant 8 : index
    %i = arith.muli %x, %c8 : index
    // expected-error @+1 {{impl = cp_async cannot perform this copy: the window moves in 2-B pieces, smaller than the 4-B minimum (bound checks keep each piece on one GMEM row; oob = promise_in_bounds lifts that); use impl = sync}}
    %t = asynccopy.copy %A to %S window [%i, 0] [64, 2] {impl = #asynccopy<impl cp_async>} : memref<128x2xi8> to memref<64x2xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @sync_sub_byte(%A: memref<1024x1024xi4>, %i: index) workgroup(%S : memref<64x64xi4, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{impl = sync cannot perform this copy: 4-bit elements are not byte-addressable; per-thread copies move whole bytes; no other implementation can perform it either}}
    %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<1024x1024xi4> to memref<64x64xi4, #gpu.address_space<workgroup>> -> !asynccopy.token
    gpu.return
  }
}

// -----

// collapse_leading over dims whose strides grow inward has no row-major
// delinearisation.
gpu.module @m {
  gpu.func @sync_collapse_transposed(%A: memref<64x64xf32, strided<[1, 64]>>) workgroup(%S : memref<4096xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{impl = sync cannot perform this copy: collapse_leading merges dims whose strides do not decrease from outer to inner; no other implementation can perform it either}}
    %t = asynccopy.copy %A to %S {impl = #asynccopy<impl sync>, transforms = [#asynccopy.collapse_leading<2>]} : memref<64x64xf32, strided<[1, 64]>> to memref<4096xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    gpu.return
  }
}
