// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -verify-diagnostics

// Explicit impls that decline are errors naming the reason and the
// implementations that would accept the copy. (impl = dsmem on a GMEM copy is
// already a verifier error.)

// Rows of 12 f16 are 24 B apart.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma_row_stride(%A: memref<64x12xf16>) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<8x8xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @below {{impl = tma cannot perform this copy: global stride 24 B of dim 0 is not a multiple of 16 B; TMA needs 16-B strides; use impl = sync}}
      asynccopy.copy %A to %S window [0, 0] [8, 8] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<64x12xf16> to memref<8x8xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// The same copy with a token: cp.async can do it too (8-B vectors).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma_row_stride_token(%A: memref<64x12xf16>) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<8x8xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @below {{'asynccopy.copy' op impl = tma cannot perform this copy: global stride 24 B of dim 0 is not a multiple of 16 B; TMA needs 16-B strides; use impl = cp_async or sync}}
      %t = asynccopy.copy %A to %S window [0, 0] [8, 8] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<64x12xf16> to memref<8x8xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

func.func @tma_not_a_kernel_argument(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @below {{impl = tma cannot perform this copy: the GMEM operand is not a kernel argument (of the enclosing `gpu.func ... kernel`, possibly through memref.cast); tensor maps are encoded on the host from kernel arguments; use impl = bulk or sync}}
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma_column_major(%A: memref<128x64xf16>) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @below {{impl = tma cannot perform this copy: the innermost dim of the GMEM view has stride 64, TMA needs it contiguous (stride 1); use impl = sync}}
      asynccopy.copy %A to %S window [0, 0] [128, 64] barrier %b[%c0] {transforms = [#asynccopy.transpose<[1, 0]>], impl = #asynccopy<impl tma>} : memref<128x64xf16> to memref<64x128xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

func.func @cp_async_store(%S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>) -> !asynccopy.token {
  // expected-error @below {{impl = cp_async cannot perform this copy: cp.async only loads (GMEM -> SMEM); this is a store; use impl = bulk or sync}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}


// -----

func.func @cp_async_misaligned(%A: memref<4096x4096xf16>, %S: memref<64x3xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  // expected-error @below {{impl = cp_async cannot perform this copy: contiguous runs of 6 B aligned to 2 B; cp.async needs 4-, 8- or 16-B aligned transfers; use impl = sync}}
  %t = asynccopy.copy %A to %S window [0, 0] [64, 3] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x3xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @bulk_swizzle(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @below {{impl = bulk cannot perform this copy: bulk copies cannot swizzle; use impl = sync}}
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl bulk>, swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_out_of_bounds(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @below {{impl = bulk cannot perform this copy: the window is not provably inside the GMEM tensor and bulk copies cannot handle out-of-bounds elements (oob = promise_in_bounds asserts it); use impl = sync}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl bulk>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Several failing copies are all reported.
func.func @two_errors(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<4096x4096xf16>) -> !asynccopy.token {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @below {{impl = bulk cannot perform this copy: bulk copies cannot swizzle; use impl = sync}}
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl bulk>, swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  // expected-error @below {{impl = cp_async cannot perform this copy: cp.async only loads (GMEM -> SMEM); this is a store; use impl = bulk or sync}}
  %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

func.func @dsmem_6_bytes(%s: memref<3xf16, #gpu.address_space<workgroup>>, %d: memref<3xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @below {{impl = dsmem cannot perform this copy: DSMEM bulk copies move a multiple of 16 B; this copy moves 6 B; use impl = sync}}
  asynccopy.copy %s to %d remote %rank barrier %b[%c0] {impl = #asynccopy<impl dsmem>} : memref<3xf16, #gpu.address_space<workgroup>> to memref<3xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A `peer` TMA copy acquires its PE's tensor map with fence.proxy.tensormap
// (PTX ISA 8.3); a module without targets counts as PTX 8.1.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @peer_tma_ptx81(%A: memref<4096x4096xf16>, %i: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: a `peer` TMA copy acquires its PE's tensor map with fence.proxy.tensormap, which needs PTX ISA 8.3 or newer; this GPU module targets PTX 8.1 (add features = "+ptx83" to its #nvvm.target, or features=+ptx83 to the pipeline); use impl = sync}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Per-PE tensor maps are not multicast: a collective peer copy is loaded by
// every CTA on its own (bulk here, as the window is in bounds).
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
    gpu.func @peer_collective(%A: memref<4096x4096xf16>, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: a collective copy multicasts one tensor map's boxes over the cluster, and a `peer` copy's per-PE tensor maps are not multicast; each CTA loads the whole window instead; use impl = bulk or sync}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl tma>, collective = [#gpu<dim x>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A view 8 B into its buffer cannot be the source of a DSMEM bulk copy.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @dsmem_misaligned(%rank: i32) workgroup(%s : memref<256xf32, #gpu.address_space<workgroup>>, %d : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.subview %s[2] [64] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1], offset: 2>, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.copy' op impl = dsmem cannot perform this copy: the SMEM view starts 8 B into its allocation; DSMEM bulk copies move buffers at 16-B aligned SMEM addresses; use impl = sync}}
      asynccopy.copy %v to %d remote %rank barrier %b[%c0] {impl = #asynccopy<impl dsmem>} : memref<64xf32, strided<[1], offset: 2>, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
