// RUN: %python %S/compile_check.py %s | FileCheck %s
// The Python compile API returns ac-opt's output and raises CompileError
// with located diagnostics on invalid input.

// CHECK: OK asynccopy.fence_async_shared
// CHECK: ERROR {{.*}}cannot be waited on
func.func @f() {
  asynccopy.fence_async_shared
  return
}
