//===- InitAll.h - register asynccopy and what its pipelines need -*- C++
//-*-===//
//
// One call for tools and embedders: the asynccopy dialect and passes plus the
// upstream dialects and passes a GPU pipeline over it needs.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_INITALL_H
#define ASYNCCOPY_INITALL_H

namespace mlir {
class DialectRegistry;
namespace asynccopy {

/// Registers asynccopy and the upstream dialects of a GPU pipeline (gpu, nvvm,
/// nvgpu, llvm, memref, arith, scf, func, vector, cf, index).
void registerAllDialects(DialectRegistry &registry);

/// Registers the asynccopy passes and pipelines and the upstream passes a GPU
/// pipeline needs.
void registerAllPasses();

} // namespace asynccopy
} // namespace mlir

#endif // ASYNCCOPY_INITALL_H
