// The pipelines compile device code only. Outside container modules the
// verifier lets asynccopy ops stand in any function (pass-level tests use
// that), but the pipelines would leave such a function's GPU ops unlowered
// (found by ac-fuzz: the result did not translate to LLVM IR).
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-to-llvm
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-to-nvvm

func.func @barriers(%s: index) {
  // expected-error @+1 {{'asynccopy.barrier.alloc' op is in host function @barriers, but the asynccopy pipelines compile only device code: move it into a kernel or device function of a gpu.module, or into a gpu.launch body}}
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
  return
}

// -----

// Inside a nested module too.
module {
  func.func @fence() {
    // expected-error @+1 {{'asynccopy.fence_async_shared' op is in host function @fence}}
    asynccopy.fence_async_shared
    return
  }
}
