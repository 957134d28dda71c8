//===- AsyncCopyDialect.td - asynccopy dialect definition --*- tablegen -*-===//
//
// The asynccopy dialect: every asynchronous GPU data movement of Hopper and
// Ampere (TMA, bulk copies, cp.async, DSMEM, multicast, prefetch, mbarriers)
// behind one set of ops that say *what* to copy; passes decide *how*.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT
#define ASYNCCOPY_DIALECT

include "mlir/IR/OpBase.td"

def AsyncCopy_Dialect : Dialect {
  let name = "asynccopy";
  let cppNamespace = "::mlir::asynccopy";
  let summary = "Asynchronous GPU data movement (TMA, bulk, cp.async, DSMEM)";
  let description = [{
    One dialect for every asynchronous tile movement of NVIDIA Hopper (sm_90a)
    and Ampere (sm_80). Users state the GMEM window, the SMEM buffer, layout
    transforms, swizzle, the completion mechanism (mbarrier or token) and the
    cluster collectives; contiguity analysis and implementation selection
    pick TMA, bulk, DSMEM, cp.async or the synchronous fallback.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

// Every asynccopy op is executed by GPU threads: it must sit in a kernel or
// device function or in a gpu.launch body (verifyDevicePlacement).
def AsyncCopy_DeviceCode : NativeOpTrait<"DeviceCode"> {
  let cppNamespace = "::mlir::asynccopy";
}

class AsyncCopy_Op<string mnemonic, list<Trait> traits = []>
    : Op<AsyncCopy_Dialect, mnemonic,
         !listconcat([AsyncCopy_DeviceCode], traits)>;

#endif // ASYNCCOPY_DIALECT
