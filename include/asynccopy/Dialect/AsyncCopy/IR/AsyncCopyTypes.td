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
  }];
  let parameters = (ins "int64_t":$numStages, "bool":$remote);
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
    TMA stores and reductions, bulk stores). `asynccopy.wait` on it is turned
    into a `wait_group N` by `asynccopy-assign-wait-groups`.
  }];
}

def AsyncCopy_LocalBarrier : Type<
    And<[CPred<"::llvm::isa<::mlir::asynccopy::BarrierType>($_self)">,
         CPred<"!::llvm::cast<::mlir::asynccopy::BarrierType>($_self).getRemote()">]>,
    "local barrier", "::mlir::asynccopy::BarrierType">;

#endif // ASYNCCOPY_TYPES
