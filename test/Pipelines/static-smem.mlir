// Static shared memory at each chip's limit still assembles (ptxas "uses too
// much shared data" starts one byte later: 48 KiB for sm_80, 227 KiB for
// sm_90a); asynccopy-check-static-smem stops a kernel over its chip's limit
// with the kernel and its buffers.
// RUN: split-file %s %t
// RUN: ac-opt %t/at-48k.mlir -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=AT48
// RUN: ac-opt %t/at-227k.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=AT227
// RUN: not ac-opt %t/at-227k.mlir -asynccopy-to-llvm="chip=sm_90" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM90

// AT48: .target sm_80
// AT48: .shared .align 16 .b8 {{.*}}[49152];
// AT227: .target sm_90a
// AT227: .shared .align 16 .b8 {{.*}}[232448];
// SM90: error: 'gpu.func' op kernel @load needs 232448 B of static shared memory, more than the 49152 B a kernel for sm_90 can declare statically: workgroup buffer 0 memref<1816x64xf16, #gpu.address_space<workgroup>> (232448 B, aligned to 16 B); use smaller tiles or fewer stages (dynamic shared memory is not supported yet)

//--- at-48k.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load(%A: memref<4096x64xf16>)
        workgroup(%S : memref<384x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [0, 0] [384, 64]
          : memref<4096x64xf16> to memref<384x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

//--- at-227k.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load(%A: memref<4096x64xf16>)
        workgroup(%S : memref<1816x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [0, 0] [1816, 64]
          : memref<4096x64xf16> to memref<1816x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
