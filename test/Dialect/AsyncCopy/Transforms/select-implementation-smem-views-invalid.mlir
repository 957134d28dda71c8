// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -verify-diagnostics

// An explicit implementation whose SMEM alignment a view breaks is an error
// naming the view's offset and the implementations that can do the copy.

module attributes {gpu.container_module} {
  gpu.module @tma_subview {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<4104xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %f = memref.subview %buf[8] [4096] [1] : memref<4104xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>>
      %v = memref.expand_shape %f [[0, 1]] output_shape [64, 64] : memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>> into memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'asynccopy.copy' op impl = tma cannot perform this copy: the SMEM view starts 16 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses; use impl = bulk or sync}}
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @tma_swizzled_row {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<65x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.subview %buf[1, 0] [64, 64] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'asynccopy.copy' op impl = tma cannot perform this copy: the SMEM view starts 128 B into its allocation; TMA writes and reads boxes at 1024-B aligned SMEM addresses; use impl = sync}}
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl tma>} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @bulk_view {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%raw : memref<8256xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.view %raw[%c8][] : memref<8256xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'asynccopy.copy' op impl = bulk cannot perform this copy: the SMEM view starts 8 B into its allocation; bulk copies move chunks at 16-B aligned SMEM addresses; use impl = sync}}
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl bulk>} : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @cp_async_loop [#nvvm.target<chip = "sm_80">] {
    gpu.func @k(%A: memref<128x64xf16>, %n: index) workgroup(%buf : memref<4098xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %f = memref.subview %buf[1] [4096] [1] : memref<4098xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>>
      %v = memref.expand_shape %f [[0, 1]] output_shape [64, 64] : memref<4096xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>> into memref<64x64xf16, strided<[64, 1], offset: 1>, #gpu.address_space<workgroup>>
      %d = memref.cast %v : memref<64x64xf16, strided<[64, 1], offset: 1>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      scf.for %i = %c0 to %n step %c1 iter_args(%cur = %d) -> (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {
        // expected-error @+1 {{'asynccopy.copy' op impl = cp_async cannot perform this copy: the SMEM view starts 2 B into its allocation; cp.async writes at 4-B aligned SMEM addresses; use impl = sync}}
        %t = asynccopy.copy %A to %cur window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
        scf.yield %cur : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @dsmem_strided {
    gpu.func @k(%rank: i32) workgroup(%s : memref<8x32xf32, #gpu.address_space<workgroup>>, %d : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.subview %d[2, 8] [8, 32] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'asynccopy.copy' op impl = dsmem cannot perform this copy: DSMEM bulk copies move one contiguous run of bytes; the destination is a strided view (the sync path addresses it through its strides); use impl = sync}}
      asynccopy.copy %s to %v remote %rank barrier %b[%c0] {impl = #asynccopy<impl dsmem>} : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
