// A chip written in the IR is checked like the `chip` option: one the NVPTX
// back end does not know would abort it ("Cannot select").
// RUN: ac-opt %s -split-input-file -asynccopy-to-nvvm -verify-diagnostics

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op targets chip 'sm_999', which is not a chip LLVM's NVPTX back end knows (sm_20, sm_21}}
  gpu.module @kernels [#nvvm.target<chip = "sm_999", features = "+ptx80">] {
    gpu.func @k() kernel {
      asynccopy.fence_async_shared
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op targets chip 'sm_90b', which is not an NVIDIA GPU architecture; expected sm_<N> with an optional a/f suffix (e.g. sm_90a)}}
  gpu.module @kernels [#nvvm.target<chip = "sm_90b", features = "+ptx80">] {
    gpu.func @k() kernel {
      asynccopy.fence_async_shared
      gpu.return
    }
  }
}
