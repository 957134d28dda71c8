//===- TestPasses.h - asynccopy test-only passes ----------------*- C++ -*-===//
//
// Registration of the -test-asynccopy-* passes, which ac-opt links from
// test/lib so that they stay out of the product libraries.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TEST_LIB_TESTPASSES_H
#define ASYNCCOPY_TEST_LIB_TESTPASSES_H

namespace mlir::asynccopy::test {

/// -test-asynccopy-contiguity: one remark per copy/prefetch with its layout.
void registerTestContiguityPass();

/// -test-asynccopy-pipeline-plan: the loop pipeliner's plan of every marked
/// loop, or the loops pipelined through its C++ entry point alone.
void registerTestPipelinePlanPass();

/// Registers every asynccopy test pass.
inline void registerTestPasses() {
  registerTestContiguityPass();
  registerTestPipelinePlanPass();
}

} // namespace mlir::asynccopy::test

#endif // ASYNCCOPY_TEST_LIB_TESTPASSES_H
