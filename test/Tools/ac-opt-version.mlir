// ac-opt --version names the project's version (CMake's project VERSION)
// and the MLIR it was built with, after LLVM's own lines.
// RUN: ac-opt --version | FileCheck %s -DVERSION=%asynccopy_version
// CHECK: LLVM version
// CHECK: asynccopy version [[VERSION]] (MLIR 22.{{[0-9]+\.[0-9]+}})
