//===- AsyncCopyHostOps.td - host ops of the tensor maps ----*- tablegen -*-===//
//
// asynccopy-materialize-tma-descriptors puts these ops before every launch of
// a kernel with tensor maps; convert-asynccopy-host-to-llvm lowers them to
// calls of the runtime's encoder. They run on the host (the CPU), so unlike
// the other asynccopy ops they stand outside device code. Users do not write
// them (docs/lowering.md, "Tensor maps").
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_HOST_OPS
#define ASYNCCOPY_HOST_OPS

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class AsyncCopy_HostOp<string mnemonic, list<Trait> traits = []>
    : Op<AsyncCopy_Dialect, mnemonic,
         !listconcat([AsyncCopy_KnownAttributes], traits)>;

def AsyncCopy_LLVMPointer : Type<
    CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
    "LLVM pointer", "::mlir::LLVM::LLVMPointerType">,
    BuildableType<"::mlir::LLVM::LLVMPointerType::get($_builder.getContext())">;

def AsyncCopy_EncodeTensorMapOp : AsyncCopy_HostOp<"encode_tensor_map"> {
  let summary = "encodes a tensor map of a memref into host memory";
  let description = [{
    Encodes `map` for the memref `tensor` (the launch's operand for the
    map's kernel argument) into the 128 bytes at `destination`, host memory
    aligned to 64 B. Extents and strides the map leaves dynamic (`?`) are
    read from the memref. The runtime's encoder checks every hardware rule
    and exits the program with a message naming the field on failure.

    Example:

    ```mlir
    asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<
        arg = 0, element_type = f16, map_type = 6, dims = [?, 4096],
        strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros,
        cache = normal, identity_view>} : memref<?x4096xf16>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the tensor the map describes">:$tensor,
    Arg<AsyncCopy_LLVMPointer, "128 B of host memory", [MemWrite]>
        :$destination,
    AsyncCopy_TensorMapAttr:$map);
  let assemblyFormat = [{
    $tensor `into` $destination attr-dict `:` type($tensor)
  }];
  let hasVerifier = 1;
}

def AsyncCopy_EncodePeerTensorMapsOp
    : AsyncCopy_HostOp<"encode_peer_tensor_maps",
                       [MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "encodes a peer copy's tensor map for every PE";
  let description = [{
    For a `peer` map: encodes the map of every PE's copy of the symmetric
    heap object `tensor` (map i for PE i) and uploads them to device memory
    that the heap owns (cached by content: a repeated launch uploads
    nothing); the result is its device address.

    Example:

    ```mlir
    %maps = asynccopy.encode_peer_tensor_maps %A {map = #asynccopy.tensor_map<
        arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096],
        strides = [4096, 1], box = [64, 64], swizzle = 0, oob = zeros,
        cache = normal, identity_view, peer>} : memref<4096x4096xf16> -> !llvm.ptr
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the symmetric heap object the maps describe">:$tensor,
    AsyncCopy_TensorMapAttr:$map);
  let results = (outs AsyncCopy_LLVMPointer:$maps);
  let assemblyFormat = [{
    $tensor attr-dict `:` type($tensor) `->` type($maps)
  }];
  let hasVerifier = 1;
}

#endif // ASYNCCOPY_HOST_OPS
