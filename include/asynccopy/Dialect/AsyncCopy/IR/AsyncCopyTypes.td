//===- AsyncCopyTypes.td - asynccopy types -----------------*- tablegen -*-===//

#ifndef ASYNCCOPY_TYPES
#define ASYNCCOPY_TYPES

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "mlir/IR/AttrTypeBase.td"

class AsyncCopy_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<AsyncCopy_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def AsyncCopy_BarrierType : AsyncCopy_Type<"Barrier", "barrier"> {
  let summary = "N mbarriers (pipeline stages) in SMEM, or a view of another CTA's";
  let description = [{
    `!asynccopy.barrier<2>` is an array of two mbarriers in the CTA's SMEM.
    `!asynccopy.barrier<2, remote>` names the same barriers of another CTA of
    the cluster (from `asynccopy.barrier.remote`): arrivals on it use the
    `shared::cluster` form with the owner-local address and the CTA rank; it
    can be neither initialised, waited on, nor viewed remotely again.
    `1 <= N <= 29056` (8 B each, within the 227 KiB of SMEM of a CTA).

    Example:

    ```mlir
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    %peer = asynccopy.barrier.remote %bar, %rank
        : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
    ```
  }];
  let parameters = (ins TypeParameter<"int64_t", "number of mbarriers">:$numStages,
                       TypeParameter<"bool", "a view of another CTA's barriers">:$remote);
  let builders = [
    TypeBuilder<(ins "int64_t":$numStages), [{
      return $_get($_ctxt, numStages, false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def AsyncCopy_TokenType : AsyncCopy_Type<"Token", "token"> {
  let summary = "completion of a group-tracked copy";
  let description = [{
    Returned by copies that complete through commit/wait groups (cp.async,
    TMA stores and reductions, bulk stores) and by synchronous copies.
    `asynccopy.wait` on it waits for every group it may stand for (it is
    traced through loops, branches and device-function calls). Tokens may be
    carried by `scf.for` iter_args, `scf.if` results and block arguments.

    Example:

    ```mlir
    %t = asynccopy.copy %A to %S window [%i, 0] [32, 64]
        {impl = #asynccopy<impl cp_async>}
        : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    ```
  }];
}

def AsyncCopy_LocalBarrier : Type<
    And<[CPred<"::llvm::isa<::mlir::asynccopy::BarrierType>($_self)">,
         CPred<"!::llvm::cast<::mlir::asynccopy::BarrierType>($_self).getRemote()">]>,
    "local barrier", "::mlir::asynccopy::BarrierType">;

#endif // ASYNCCOPY_TYPES
