// RUN: ac-opt %s -split-input-file | FileCheck %s
// Print, re-parse, print again: the two printed forms are identical.
// RUN: ac-opt %s -split-input-file | ac-opt -split-input-file | FileCheck %s

// A kernel's tensor maps (asynccopy-materialize-tma-descriptors writes them):
// `?` for extents and strides read at launch, the flags only when set.
// CHECK-LABEL: func.func @maps
// CHECK-SAME: asynccopy.tma_descriptors = [
// CHECK-SAME: #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>,
// CHECK-SAME: #asynccopy.tensor_map<arg = 2, element_type = i64, map_type = 4, dims = [8, 16, 32], strides = [512, 32, 1], box = [1, 2, 32], swizzle = 0, oob = zeros, cache = evict_last>,
// CHECK-SAME: #asynccopy.tensor_map<arg = 1, element_type = f32, map_type = 7, dims = [4096], strides = [1], box = [256], swizzle = 0, oob = nan, cache = normal, identity_view, peer>]
func.func @maps() attributes {asynccopy.tma_descriptors = [
    #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>,
    #asynccopy.tensor_map<arg = 2, element_type = i64, map_type = 4, dims = [8, 16, 32], strides = [512, 32, 1], box = [1, 2, 32], swizzle = 0, oob = zeros, cache = evict_last>,
    #asynccopy.tensor_map<arg = 1, element_type = f32, map_type = 7, dims = [4096], strides = [1], box = [256], swizzle = 0, oob = nan, cache = normal, peer, identity_view>]} {
  return
}
