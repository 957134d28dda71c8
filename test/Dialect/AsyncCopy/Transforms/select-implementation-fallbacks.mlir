// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation | FileCheck %s

// Valid copies TMA cannot take fall back instead of failing.

// A window of a view (not a kernel argument, nor a subview of one): no
// tensor map, so bulk copies
// (contiguous 128-B rows, provably in bounds) or sync take it.
// CHECK-LABEL: gpu.func @view_of_argument
// CHECK: asynccopy.bulk.load %[[V:.*]] to %{{.*}} window [0, 0] [64, 64]
// CHECK: asynccopy.sync.copy %[[V]] to %{{.*}} window [%{{.*}}, 0] [64, 64]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @view_of_argument(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %V = memref.reinterpret_cast %A to offset: [0], sizes: [2048, 4096], strides: [4096, 1] : memref<4096x4096xf16> to memref<2048x4096xf16, strided<[4096, 1]>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %V to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %V to %S window [%i, 0] [64, 64] barrier %b[%c0]
          : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Dynamic shapes: automatic selection takes no TMA whose strides are only
// checked at launch; an explicit impl = tma on the plain tensor does (extents
// and strides come from the memref at launch); a tiled view of it needs
// static strides (materialize-tma-descriptors-invalid.mlir) and falls back.
// CHECK-LABEL: gpu.func @dynamic
// CHECK: asynccopy.sync.copy
// CHECK: asynccopy.tma.load
// CHECK: asynccopy.sync.copy
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic(%B: memref<?x?xf32>, %i: index)
        workgroup(%S : memref<16x32xf32, #gpu.address_space<workgroup>>,
                  %T : memref<2x1x16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %B to %S window [%i, 0] [16, 32] barrier %b[%c0]
          : memref<?x?xf32> to memref<16x32xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %S window [%i, 0] [16, 32] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<?x?xf32> to memref<16x32xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %T window [0, 0] [32, 32] barrier %b[%c0] {transforms = [#asynccopy.tile<[16, 32]>]}
          : memref<?x?xf32> to memref<2x1x16x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A collective copy TMA cannot do: every CTA loads the whole window itself
// (what the multicast would have delivered to it), here with the sync
// fallback (a barrier, no token) without `collective`; an explicit
// impl = sync is taken as well.
// CHECK-LABEL: gpu.func @collective_fallback
// CHECK: asynccopy.sync.copy
// CHECK-NOT: collective
// CHECK: asynccopy.sync.copy
// CHECK-NOT: collective
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @collective_fallback(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %V = memref.reinterpret_cast %A to offset: [0], sizes: [2048, 4096], strides: [4096, 1] : memref<4096x4096xf16> to memref<2048x4096xf16, strided<[4096, 1]>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %V to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], impl = #asynccopy<impl sync>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
