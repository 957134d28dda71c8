// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation=explain -o /dev/null 2>&1 | FileCheck %s

// Selection sees through SMEM views to the allocation (Analysis/SmemBuffer):
// an implementation whose SMEM addresses need an alignment declines a view
// whose offset from its allocation does not provably keep it, and the next
// one takes the copy. The conversion aligns the allocations themselves.

// One row into a 65x64xf16 buffer is 128 B: TMA boxes may start there, a
// 128-B swizzled box (on its 1024-B atom) may not.
// CHECK: remark: tma: accepted (1 issue, 8192 B)
// CHECK: remark: tma: declined: the SMEM view starts 128 B into its allocation; TMA writes and reads boxes at 1024-B aligned SMEM addresses
// CHECK: remark: cp_async: declined
// CHECK: remark: sync: accepted
module attributes {gpu.container_module} {
  gpu.module @subview_one_row {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<65x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.subview %buf[1, 0] [64, 64] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A contiguous subview 16 B into its buffer, reshaped: bulk copies (16 B)
// take it, TMA (128 B) does not.
// CHECK: remark: tma: declined: the SMEM view starts 16 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted (1 chunk of 8192 B)
module attributes {gpu.container_module} {
  gpu.module @subview_expand_16B {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<4104xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %f = memref.subview %buf[8] [4096] [1] : memref<4104xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>>
      %v = memref.expand_shape %f [[0, 1]] output_shape [64, 64] : memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>> into memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// memref.view moves the pointer itself (its type has offset 0): 64 B into a
// byte arena suits bulk, 8 B nothing but the sync path.
// CHECK: remark: tma: declined: the SMEM view starts 64 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted
// CHECK: remark: tma: declined: the SMEM view starts 8 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: declined: the SMEM view starts 8 B into its allocation; bulk copies move chunks at 16-B aligned SMEM addresses
// CHECK: remark: sync: accepted
module attributes {gpu.container_module} {
  gpu.module @byte_view {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%raw : memref<8256xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.view %raw[%c64][] : memref<8256xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %w = memref.view %raw[%c8][] : memref<8256xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %w window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// collapse_shape and memref.cast keep the offset of the view they reshape:
// 8 elements (16 B) into the row.
// CHECK: remark: tma: declined: the SMEM view starts 16 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted (1 chunk of 112 B)
module attributes {gpu.container_module} {
  gpu.module @collapse_cast {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<1x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %s = memref.subview %buf[0, 8] [1, 56] [1, 1] : memref<1x64xf16, #gpu.address_space<workgroup>> to memref<1x56xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      %f = memref.collapse_shape %s [[0, 1]] : memref<1x56xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>> into memref<56xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>>
      %d = memref.cast %f : memref<56xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>> to memref<56xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %d window [0, 0] [1, 56] barrier %b[%c0] : memref<128x64xf16> to memref<56xf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// reinterpret_cast sets the offset (32 elements, 64 B) on the buffer's
// pointer.
// CHECK: remark: tma: declined: the SMEM view starts 64 B into its allocation; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted
module attributes {gpu.container_module} {
  gpu.module @reinterpret {
    gpu.func @k(%A: memref<128x64xf16>) workgroup(%buf : memref<4160xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.reinterpret_cast %buf to offset: [32], sizes: [64, 64], strides: [64, 1] : memref<4160xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Double buffering through scf.for iter_args: the stages of a 2x64x64
// buffer (8192 B apart) keep TMA's alignment; swapping in a view 16 B into
// another buffer does not (the join is a multiple of 16 B only).
// CHECK: remark: tma: accepted (1 issue, 8192 B)
// CHECK: remark: tma: declined: the SMEM view's offset from its allocation is only known to be a multiple of 16 B; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted
module attributes {gpu.container_module} {
  gpu.module @iter_args {
    gpu.func @k(%A: memref<128x64xf16>, %n: index) workgroup(%buf : memref<2x64x64xf16, #gpu.address_space<workgroup>>, %other : memref<4104xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %s0 = memref.subview %buf[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %s1 = memref.subview %buf[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %s0, %next = %s1) -> (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {
        asynccopy.copy %A to %cur window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        scf.yield %next, %cur : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      %f = memref.subview %other[8] [4096] [1] : memref<4104xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>>
      %e = memref.expand_shape %f [[0, 1]] output_shape [64, 64] : memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>> into memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      %o = memref.cast %e : memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %q:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %s0, %next = %o) -> (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {
        asynccopy.copy %A to %cur window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        scf.yield %next, %cur : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}

// -----

// An scf.if result is either of its yields.
// CHECK: remark: tma: declined: the SMEM view's offset from its allocation is only known to be a multiple of 64 B; TMA writes and reads boxes at 128-B aligned SMEM addresses
// CHECK: remark: bulk: accepted
module attributes {gpu.container_module} {
  gpu.module @if_result {
    gpu.func @k(%A: memref<128x64xf16>, %p: i1) workgroup(%buf : memref<65x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = scf.if %p -> (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {
        %s = memref.subview %buf[0, 0] [64, 64] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
        %d = memref.cast %s : memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        scf.yield %d : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      } else {
        %s = memref.subview %buf[0, %c32] [64, 32] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x32xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %r = memref.reinterpret_cast %s to offset: [%c32], sizes: [64, 64], strides: [64, 1] : memref<64x32xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        scf.yield %r : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// cp.async narrows its transfers to what the view's start allows (8 B here),
// and needs at least 4 B; a bulk store declines an 8-B view.
// CHECK: remark: cp_async: accepted (1 chunk of 8192 B, 8-B vectors)
// CHECK: remark: cp_async: declined: the SMEM view starts 2 B into its allocation; cp.async writes at 4-B aligned SMEM addresses
// CHECK: remark: sync: accepted
// CHECK: remark: bulk: declined: the SMEM view starts 8 B into its allocation; bulk copies move chunks at 16-B aligned SMEM addresses
// CHECK: remark: sync: accepted
module attributes {gpu.container_module} {
  gpu.module @per_thread [#nvvm.target<chip = "sm_90a">] {
    gpu.func @k(%A: memref<128x128xf16>, %B: memref<128x128xf16>) workgroup(%buf : memref<4200xf16, #gpu.address_space<workgroup>>) kernel {
      %f = memref.subview %buf[4] [4096] [1] : memref<4200xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 4>, #gpu.address_space<workgroup>>
      %v = memref.expand_shape %f [[0, 1]] output_shape [32, 128] : memref<4096xf16, strided<[1], offset: 4>, #gpu.address_space<workgroup>> into memref<32x128xf16, strided<[128, 1], offset: 4>, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %A to %v window [0, 0] [32, 128] : memref<128x128xf16> to memref<32x128xf16, strided<[128, 1], offset: 4>, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %g = memref.subview %buf[1] [4096] [1] : memref<4200xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>>
      %w = memref.expand_shape %g [[0, 1]] output_shape [32, 128] : memref<4096xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>> into memref<32x128xf16, strided<[128, 1], offset: 1>, #gpu.address_space<workgroup>>
      %u = asynccopy.copy %A to %w window [0, 0] [32, 128] : memref<128x128xf16> to memref<32x128xf16, strided<[128, 1], offset: 1>, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      %s = asynccopy.copy %v to %B window [0, 0] [32, 128] {oob = #asynccopy<oob promise_in_bounds>} : memref<32x128xf16, strided<[128, 1], offset: 4>, #gpu.address_space<workgroup>> to memref<128x128xf16> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A remote copy from a strided view: one DSMEM bulk copy would move a
// contiguous run of bytes, so it is left to the sync path.
// CHECK: remark: dsmem: declined: DSMEM bulk copies move one contiguous run of bytes; the source is a strided view (the sync path addresses it through its strides)
// CHECK: remark: sync: accepted
module attributes {gpu.container_module} {
  gpu.module @remote_strided {
    gpu.func @k(%rank: i32) workgroup(%s : memref<16x64xf32, #gpu.address_space<workgroup>>, %d : memref<8x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = memref.subview %s[2, 8] [8, 32] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>>
      asynccopy.copy %v to %d remote %rank barrier %b[%c0] : memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>> to memref<8x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
