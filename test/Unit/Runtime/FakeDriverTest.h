//===- FakeDriverTest.h - runtime tests on the fake CUDA driver -*- C++ -*-===//
//
// Helpers of the runtime tests that run on the fake driver
// (FakeCudaDriver.cpp): each such test runs in a forked (death-test) child
// that loads the fake as its driver and exits with the number of failed
// checks, which it prints.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TEST_UNIT_FAKEDRIVERTEST_H
#define ASYNCCOPY_TEST_UNIT_FAKEDRIVERTEST_H

#include "FakeCudaDriver.h"

#include <dlfcn.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>

/// The failed checks of this child.
inline int childFailures = 0;

inline void expectInChild(bool ok, const char *what, int line) {
  if (ok)
    return;
  fprintf(stderr, "failed (line %d): %s\n", line, what);
  ++childFailures;
}
#define EXPECT_IN_CHILD(condition)                                             \
  expectInChild((condition), #condition, __LINE__)

/// Makes the fake this (child) process's CUDA driver; returns its state.
inline FakeCudaState *useFakeDriver() {
  setenv("ASYNCCOPY_CUDA_DRIVER", AC_FAKE_CUDA_DRIVER, 1);
  void *library = dlopen(AC_FAKE_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
  auto state = library
                   ? reinterpret_cast<FakeCudaFn>(dlsym(library, "fakeCuda"))
                   : nullptr;
  if (!state) {
    fprintf(stderr, "cannot load the fake driver %s\n", AC_FAKE_CUDA_DRIVER);
    exit(100);
  }
  return state();
}

/// Whether the `bytes` bytes at `address` all equal `value`.
inline bool allBytesAre(const void *address, size_t bytes,
                        unsigned char value) {
  const auto *p = static_cast<const unsigned char *>(address);
  for (size_t i = 0; i < bytes; ++i)
    if (p[i] != value)
      return false;
  return true;
}

#endif // ASYNCCOPY_TEST_UNIT_FAKEDRIVERTEST_H
