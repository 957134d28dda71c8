//===- PerDeviceLibrary.h - load AOT kernels once per GPU -------*- C++ -*-===//
//
// MLIR's host lowering loads a module's GPU binary in a global constructor,
// on the default device of the thread that runs it. A program that launches
// the same kernels on several GPUs of one process therefore puts them into a
// shared library and dlopens it once per device, after mgpuSetDefaultDevice:
// copy 0 is the file itself, copy k > 0 a private copy of it (dlopen returns
// the already loaded library for a path it has seen), so that every device
// gets its own modules. Used by the multi-GPU tests and bench/peer_copy_bench.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TEST_MULTIGPU_PERDEVICELIBRARY_H
#define ASYNCCOPY_TEST_MULTIGPU_PERDEVICELIBRARY_H

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace asynccopy::test {

/// The directory of the running executable.
inline std::string executableDir() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (n <= 0)
    return ".";
  path[n] = '\0';
  std::string s(path);
  return s.substr(0, s.rfind('/'));
}

/// A dlopen'ed copy of a kernel library.
struct KernelLibrary {
  void *handle = nullptr;
  /// The C interface of host function `name`, or null when it was not built.
  template <typename Fn> Fn lookup(const std::string &name) const {
    return reinterpret_cast<Fn>(dlsym(handle, ("_mlir_ciface_" + name).c_str()));
  }
};

/// Loads copy `copy` of the library at `path` for the calling thread's
/// default device; exits with a message when that fails.
inline KernelLibrary loadPerDevice(const std::string &path, int copy) {
  std::string file = path;
  std::string dir;
  if (copy > 0) {
    char dirTemplate[] = "/tmp/asynccopy-kernels-XXXXXX";
    if (!mkdtemp(dirTemplate)) {
      std::perror("mkdtemp");
      std::exit(1);
    }
    dir = dirTemplate;
    file = dir + "/copy" + std::to_string(copy) + ".so";
    std::string command = "cp '" + path + "' '" + file + "'";
    if (std::system(command.c_str()) != 0) {
      std::fprintf(stderr, "cannot copy %s to %s\n", path.c_str(), file.c_str());
      std::exit(1);
    }
  }
  KernelLibrary library;
  library.handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library.handle) {
    std::fprintf(stderr, "cannot load %s: %s\n", file.c_str(), dlerror());
    std::exit(1);
  }
  if (!dir.empty()) {
    unlink(file.c_str());
    rmdir(dir.c_str());
  }
  return library;
}

} // namespace asynccopy::test

#endif // ASYNCCOPY_TEST_MULTIGPU_PERDEVICELIBRARY_H
