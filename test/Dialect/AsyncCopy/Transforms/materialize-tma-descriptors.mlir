// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors)' | FileCheck %s
// A second run leaves materialised kernels alone: the same IR.
// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors,asynccopy-materialize-tma-descriptors)' | FileCheck %s

// Two copies of the same tensor with the same box, swizzle, oob and cache
// share one tensor map; a different swizzle, another tensor or a prefetch
// with its own box get their own. Each map is a trailing kernel parameter.
// CHECK-LABEL: gpu.func @dedup
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<4096x4096xf16>, %[[I:.*]]: index, %[[D0:.*]]: !llvm.ptr, %[[D1:.*]]: !llvm.ptr, %[[D2:.*]]: !llvm.ptr, %[[D3:.*]]: !llvm.ptr)
// CHECK-SAME: asynccopy.descriptor_mode = #asynccopy<descriptor_mode param>, asynccopy.grid_constants = 4 : i64
// CHECK-SAME: asynccopy.tma_descriptors = [
// CHECK-SAME: #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>,
// CHECK-SAME: #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>,
// CHECK-SAME: #asynccopy.tensor_map<arg = 1, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = nan, cache = evict_last, identity_view>,
// CHECK-SAME: #asynccopy.tensor_map<arg = 0, {{.*}}, box = [128, 64],
// CHECK: asynccopy.tma.load %[[A]] {{.*}}descriptor = 3>
// CHECK: asynccopy.tma.load %[[A]] {{.*}}descriptor = 3>
// CHECK: asynccopy.tma.load %[[A]] {{.*}}descriptor = 4>
// CHECK: asynccopy.tma.load %[[B]] {{.*}}descriptor = 5>
// CHECK: asynccopy.tma.prefetch %[[A]] {{.*}}descriptor = 6>
// A copy that does not use TMA gets no tensor map.
// CHECK: asynccopy.cp_async.copy %[[A]] {{.*}} {plan = #asynccopy.chunk_plan<{{[^>]*}}>} :
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dedup(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [0, %i] [64, 64] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [0, %i] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %S window [0, %i] [64, 64] barrier %b[%c0]
          {swizzle = 128 : i64, oob = #asynccopy<oob nan>, cache = #asynccopy<cache evict_last>, impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.prefetch %A window [0, 0] [128, 64] : memref<4096x4096xf16>
      %t = asynccopy.copy %A to %S window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Tensor maps are encoded on the host from kernel arguments.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_an_argument(%i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %A = memref.alloc() : memref<4096x4096xf16>
      // expected-error @+1 {{TMA needs its GMEM operand to be a kernel argument}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A tiled view of a packed batch whose token count is known only at launch
// (memref<?x16x128xf16>, one head's 128 rows): the tile addresses the rows
// through their own coordinate, whose extent the host reads from memref
// dim 0 (`extent_dims`); TMA then clips at the batch's end.
// CHECK-LABEL: gpu.func @packed_tokens
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [16, 2, ?, 64], strides = [128, 64, 2048, 1], box = [1, 2, 128, 64], swizzle = 128, oob = zeros, cache = normal, extent_dims = [-1, -1, 0, -1]>]
// CHECK: asynccopy.tma.load
// CHECK: asynccopy.tma.store
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @packed_tokens(%Q: memref<?x16x128xf16>, %row: index, %head: index)
        workgroup(%s : memref<2x128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %Q to %s window [%row, %head, 0] [128, 1, 128] barrier %b[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[128, 64]>]}
          : memref<?x16x128xf16> to memref<2x128x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %s to %Q window [%row, %head, 0] [128, 1, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[128, 64]>]}
          : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<?x16x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
