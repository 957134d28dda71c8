// Static shared memory at each chip's limit still assembles (ptxas "uses too
// much shared data" starts one byte later: 48 KiB for sm_80, 227 KiB for
// sm_90a). Past 48 KiB a kernel keeps its buffers in dynamic shared memory
// (asynccopy-pack-shared-memory, dynamic-smem=auto), on sm_90a as on sm_90,
// whose kernels declare at most 48 KiB statically; without it
// (dynamic-smem=never) asynccopy-check-static-smem stops the sm_90 kernel
// with its buffers, and more than a CTA can have at all is an error either
// way.
// RUN: split-file %s %t
// RUN: ac-opt %t/at-48k.mlir -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=AT48
// RUN: ac-opt %t/at-227k.mlir -asynccopy-to-llvm="format=isa dynamic-smem=never" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=AT227
// RUN: ac-opt %t/at-227k.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefixes=DYNAMIC,SM90A
// RUN: ac-opt %t/at-227k.mlir -asynccopy-to-llvm="chip=sm_90 format=isa" \
// RUN:   | %extract_ptx_sm90 | FileCheck %s --check-prefixes=DYNAMIC,SM90
// RUN: not ac-opt %t/at-227k.mlir -asynccopy-to-llvm="chip=sm_90 dynamic-smem=never" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATIC
// RUN: not ac-opt %t/over-227k.mlir -asynccopy-to-llvm="chip=sm_90" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVER

// AT48: .target sm_80
// AT48: .shared .align 16 .b8 {{.*}}[49152];
// AT227: .target sm_90a
// AT227: .shared .align 16 .b8 {{.*}}[232448];
// SM90A: .target sm_90a
// SM90: .target sm_90
// DYNAMIC-NOT: [232448]
// DYNAMIC: .shared .align 16 .b8 __dynamic_shmem__0;
// DYNAMIC-NOT: [232448]
// STATIC: error: 'gpu.func' op kernel @load needs 232448 B of static shared memory, more than the 49152 B a kernel for sm_90 can declare statically: workgroup buffer 0 memref<1816x64xf16, #gpu.address_space<workgroup>> (232448 B, aligned to 16 B); use smaller tiles or fewer stages, or let asynccopy-pack-shared-memory move them into dynamic shared memory
// OVER: error: 'gpu.func' op kernel @load needs more shared memory than the 232448 B a CTA can have on sm_90: workgroup buffer 0 memref<1000x64xf16, #gpu.address_space<workgroup>> (128000 B, aligned to 16 B), workgroup buffer 1 memref<1000x64xf16, #gpu.address_space<workgroup>> (128000 B, aligned to 16 B); use smaller tiles or fewer stages

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

//--- over-227k.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load(%A: memref<4096x64xf16>)
        workgroup(%S : memref<1000x64xf16, #gpu.address_space<workgroup>>,
                  %T : memref<1000x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [0, 0] [1000, 64]
          : memref<4096x64xf16> to memref<1000x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %A to %T window [1000, 0] [1000, 64]
          : memref<4096x64xf16> to memref<1000x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}
