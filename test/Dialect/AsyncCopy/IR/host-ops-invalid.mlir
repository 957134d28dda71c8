// RUN: ac-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of the host ops. Each case is otherwise valid, so it
// fails only through the rule it names.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @in_gpu_module(%A: memref<4096x4096xf16>, %slot: !llvm.ptr) {
      // expected-error @+1 {{'asynccopy.encode_tensor_map' op runs on the host before a launch: it must be in a host function, outside gpu.modules}}
      asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<4096x4096xf16>
      return
    }
  }
}

// -----

func.func @smem(%A: memref<4096x4096xf16, #gpu.address_space<workgroup>>, %slot: !llvm.ptr) {
  // expected-error @+1 {{'asynccopy.encode_tensor_map' op encodes a map of GMEM, but the memref is in #gpu.address_space<workgroup>}}
  asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<4096x4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @element_type(%A: memref<4096x4096xbf16>, %slot: !llvm.ptr) {
  // expected-error @+1 {{'asynccopy.encode_tensor_map' op has a memref of 'bf16' but a tensor map of 'f16'}}
  asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<4096x4096xbf16>
  return
}

// -----

func.func @peer_map(%A: memref<4096x4096xf16>, %slot: !llvm.ptr) {
  // expected-error @+1 {{'asynccopy.encode_tensor_map' op takes a tensor map without `peer` (asynccopy.encode_peer_tensor_maps takes those)}}
  asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view, peer>} : memref<4096x4096xf16>
  return
}

// -----

func.func @not_peer_map(%A: memref<4096x4096xf16>) {
  // expected-error @+1 {{'asynccopy.encode_peer_tensor_maps' op takes a `peer` tensor map}}
  %maps = asynccopy.encode_peer_tensor_maps %A {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<4096x4096xf16> -> !llvm.ptr
  return
}

// -----

func.func @dynamic_rank(%A: memref<?x64x64xf16>, %slot: !llvm.ptr) {
  // expected-error @+1 {{'asynccopy.encode_tensor_map' op reads the map's dynamic extents and strides from the memref, which needs one memref dim per map dim: the map has 2, the memref 3}}
  asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 64], strides = [64, 1], box = [64, 64], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<?x64x64xf16>
  return
}
