// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pack-shared-memory

// More than a CTA can have even in dynamic shared memory: 163 KiB on sm_80,
// 227 KiB on sm_90 (the window's alignment reserve counts).
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    // expected-error @+1 {{'gpu.func' op kernel @sm80 needs more shared memory than the 166912 B a CTA can have on sm_80: workgroup buffer 0 memref<45056xf16, #gpu.address_space<workgroup>> (90112 B, aligned to 16 B), workgroup buffer 1 memref<45056xf16, #gpu.address_space<workgroup>> (90112 B, aligned to 16 B); use smaller tiles or fewer stages}}
    gpu.func @sm80()
        workgroup(%a : memref<45056xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64},
                  %b : memref<45056xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // 232448 B exactly, but a 1024-B buffer needs up to 1008 B more to align.
    // expected-error @+1 {{'gpu.func' op kernel @reserve needs more shared memory than the 232448 B a CTA can have on sm_90: workgroup buffer 0 memref<116224xf16, #gpu.address_space<workgroup>> (232448 B, aligned to 1024 B); use smaller tiles or fewer stages}}
    gpu.func @reserve()
        workgroup(%a : memref<116224xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
      gpu.return
    }
  }
}
