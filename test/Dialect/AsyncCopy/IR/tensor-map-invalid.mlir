// RUN: ac-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of #asynccopy.tensor_map. Each case is otherwise
// valid, so it fails only through the rule it names.

// expected-error @+1 {{a tensor map describes a kernel argument, got argument -1}}
func.func @arg() attributes {m = #asynccopy.tensor_map<arg = -1, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{a tensor map has 1 to 5 dims, got 6}}
func.func @rank() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [1, 1, 1, 1, 1, 64], strides = [64, 64, 64, 64, 64, 1], box = [1, 1, 1, 1, 1, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{a tensor map has one stride and one box extent per dim, got 2 dims, 1 strides and 2 box extents}}
func.func @strides() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{tensor-map extents are 0 to 2147483391, got 4294967296}}
func.func @extent() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4294967296, 64], strides = [64, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{tensor-map strides are not negative, got -1}}
func.func @stride() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [-1, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{TMA box extents are 1 to 256 elements, got 512}}
func.func @box() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [512, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{map_type is an encoder element type, 0 to 9, got 11}}
func.func @map_type() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f32, map_type = 11, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{map_type 7 (f32) has 4-byte elements, but the element type 'f16' does not}}
func.func @element_size() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 7, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{swizzle is 0, 32, 64 or 128 bytes, got 16}}
func.func @swizzle() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 16, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{the innermost box dim spans a multiple of 16 B, got 10 B}}
func.func @inner_bytes() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 5], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{the innermost box dim spans at most the swizzle span (64 B), got 128 B}}
func.func @swizzle_span() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 64, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{oob = nan needs a floating-point map_type, got s32}}
func.func @nan() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = i32, map_type = 3, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = nan, cache = normal>}

// -----

// expected-error @+1 {{expected `identity_view`, `peer`, `fallback` or `extent_dims`}}
func.func @flag() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, shared>}

// -----

// expected-error @+1 {{dim 0 has an extent known only at launch: the map must be an identity_view of its memref, or name the memref dim it is read from in extent_dims}}
func.func @dynamic() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal>}

// -----

// expected-error @+1 {{a tensor map with strides known only at launch must be an identity_view of its memref, from which the host reads them}}
func.func @dynamic_stride() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [?, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, extent_dims = [0, -1]>}

// -----

// expected-error @+1 {{extent_dims names one memref dim (or -1) per dim of a map that is not an identity_view, got 1 for 2 dims}}
func.func @extent_dims_rank() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, extent_dims = [0]>}

// -----

// expected-error @+1 {{extent_dims names one memref dim (or -1) per dim of a map that is not an identity_view, got 2 for 2 dims of an identity_view}}
func.func @extent_dims_identity() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view, extent_dims = [0, -1]>}

// -----

// expected-error @+1 {{extent_dims names a memref dim only for a dynamic extent, got 1 for dim 1}}
func.func @extent_dims_static() attributes {m = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, extent_dims = [0, 1]>}
