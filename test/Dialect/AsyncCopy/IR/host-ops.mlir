// RUN: ac-opt %s -split-input-file | FileCheck %s
// Print, re-parse, print again: the two printed forms are identical.
// RUN: ac-opt %s -split-input-file | ac-opt -split-input-file | FileCheck %s
// The generic form re-parses into the same custom form.
// RUN: ac-opt %s -split-input-file -mlir-print-op-generic | ac-opt -split-input-file | FileCheck %s

// The host ops asynccopy-materialize-tma-descriptors puts before launches.
// CHECK-LABEL: func.func @encode
// CHECK-SAME: (%[[A:.*]]: memref<?x4096xf16>, %[[B:.*]]: memref<4096x4096xf16>, %[[SLOT:.*]]: !llvm.ptr)
// CHECK: asynccopy.encode_tensor_map %[[A]] into %[[SLOT]] {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>} : memref<?x4096xf16>
// CHECK: %{{.*}} = asynccopy.encode_peer_tensor_maps %[[B]] {map = #asynccopy.tensor_map<arg = 1, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view, peer>} : memref<4096x4096xf16> -> !llvm.ptr
func.func @encode(%A: memref<?x4096xf16>, %B: memref<4096x4096xf16>, %slot: !llvm.ptr) {
  asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>} : memref<?x4096xf16>
  %maps = asynccopy.encode_peer_tensor_maps %B {map = #asynccopy.tensor_map<arg = 1, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view, peer>} : memref<4096x4096xf16> -> !llvm.ptr
  return
}
