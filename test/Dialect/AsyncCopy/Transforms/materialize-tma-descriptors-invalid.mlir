// RUN: not ac-opt %s -split-input-file -asynccopy-materialize-tma-descriptors="descriptor-mode=global" 2>&1 | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-materialize-tma-descriptors

// CHECK: for the --descriptor-mode option: Cannot find option named 'global'!
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}

// -----

// TMA ops that implementation selection did not write: the pass re-checks
// them and names the reason instead of encoding a wrong map.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @view_of_argument(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %V = memref.subview %A[0, 0] [2048, 4096] [1, 1] : memref<4096x4096xf16> to memref<2048x4096xf16, strided<[4096, 1]>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op TMA needs its GMEM operand to be a kernel argument: tensor maps are encoded on the host from kernel arguments (asynccopy-select-implementation picks another implementation for this copy)}}
      asynccopy.tma.load %V to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
          : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_stride(%A: memref<64x100xf16>)
        workgroup(%S : memref<8x96xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op cannot be lowered to TMA: tensor-map strides are multiples of 16 B below 2^40 B, got 200 B}}
      asynccopy.tma.load %A to %S window [0, 0] [8, 96] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [8, 96], issues = 1, bytes = 1536>}
          : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Dynamic shapes where the tensor map needs static ones: a tiled view of a
// memref<?x?xf32> (its extents are whole memref dims, but not its dynamic
// row stride).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_dynamic(%B: memref<?x?xf32>)
        workgroup(%T : memref<2x1x16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op cannot be lowered to TMA: a tensor map with strides known only at launch must be an identity_view of its memref, from which the host reads them}}
      asynccopy.tma.load %B to %T window [0, 0] [32, 32] barrier %b[%c0] {transforms = [#asynccopy.tile<[16, 32]>], plan = #asynccopy.tma_plan<box = [2, 1, 16, 32], issues = 1, bytes = 4096>}
          : memref<?x?xf32> to memref<2x1x16x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A static memref offset that leaves the base address off 16 B: the tensor
// map cannot start there (a dynamic offset is checked at launch).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @base_offset(%A: memref<64x96xf16, strided<[96, 1], offset: 3>>)
        workgroup(%S : memref<8x96xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op cannot be lowered to TMA: the memref offset of 6 B is not 16-B aligned; TMA needs a 16-B aligned base address}}
      asynccopy.tma.load %A to %S window [0, 0] [8, 96] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [8, 96], issues = 1, bytes = 1536>}
          : memref<64x96xf16, strided<[96, 1], offset: 3>> to memref<8x96xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<64x96xf16, strided<[96, 1], offset: 3>>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@base_offset blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<64x96xf16, strided<[96, 1], offset: 3>>)
    return
  }
}
