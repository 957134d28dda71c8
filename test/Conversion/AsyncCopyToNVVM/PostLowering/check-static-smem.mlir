// As in the pipelines: after the conversion (which raises the alignment of
// the buffers copies use, and turns barriers into shared LLVM globals).
// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm,asynccopy-check-static-smem)'
// On its own, barriers are still asynccopy.barrier.alloc ops.
// RUN: not ac-opt %s -split-input-file -asynccopy-check-static-smem 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALONE
// Without dynamic shared memory the pipelines stop there, before ptxas
// ("uses too much shared data").
// RUN: not ac-opt %s -split-input-file -asynccopy-to-llvm="dynamic-smem=never" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PIPELINE
// With it (the default), kernels over the static limit keep their
// attributions and barriers in dynamic shared memory; only @over needs more
// than a CTA can have at all.
// RUN: not ac-opt %s -split-input-file -asynccopy-to-llvm 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYNAMIC

// Every SMEM buffer is a static .shared variable until dynamic shared memory
// lands; ptxas refuses kernels with more of them than the chip allows (48 KiB
// on sm_80, 227 KiB on sm_90a). Each kernel's workgroup attributions, and the
// workgroup globals and barriers of the functions it runs, are counted at
// their alignment and named.

// ALONE: error: 'gpu.func' op kernel @too_much needs 49176 B of static shared memory, more than the 49152 B a kernel for sm_80 can declare statically: workgroup buffer 0 memref<64x64xf16, #gpu.address_space<workgroup>> (8192 B, aligned to 2 B), asynccopy.barrier.alloc !asynccopy.barrier<2> (16 B, aligned to 8 B), memref.global @staging memref<16384xf16, #gpu.address_space<workgroup>> (32768 B, aligned to 2 B), asynccopy.barrier.alloc !asynccopy.barrier<1> (8 B, aligned to 8 B), memref.global @more memref<4096xf16, #gpu.address_space<workgroup>> (8192 B, aligned to 2 B); use smaller tiles or fewer stages, or let asynccopy-pack-shared-memory move them into dynamic shared memory
// ALONE: error: 'gpu.func' op kernel @padded needs 49160 B of static shared memory, more than the 49152 B a kernel for sm_80 can declare statically: asynccopy.barrier.alloc !asynccopy.barrier<1> (8 B, aligned to 8 B), memref.global @tile memref<48136xi8, #gpu.address_space<workgroup>> (48136 B, aligned to 1024 B); use smaller tiles or fewer stages, or let asynccopy-pack-shared-memory move them into dynamic shared memory
// PIPELINE: error: 'gpu.func' op kernel @too_much needs 49176 B of static shared memory
// PIPELINE: error: 'gpu.func' op kernel @padded needs 49160 B of static shared memory
// PIPELINE-NOT: kernel @hopper
// PIPELINE: error: 'gpu.func' op kernel @portable needs 232448 B
// PIPELINE: error: 'gpu.func' op kernel @over needs 232456 B
// DYNAMIC-NOT: {{error: 'gpu.func' op kernel @(too_much|padded|portable|hopper) needs}}
// DYNAMIC: error: 'gpu.func' op kernel @over needs more shared memory than the 232448 B a CTA can have on sm_90a: workgroup buffer 0 memref<1816x64xf16, #gpu.address_space<workgroup>> (232448 B, aligned to 2 B), llvm.mlir.global @__asynccopy_barrier !llvm.array<1 x i64> (8 B, aligned to 8 B); use smaller tiles or fewer stages
// DYNAMIC-NOT: {{error: 'gpu.func' op kernel @(too_much|padded|portable|hopper) needs}}

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    memref.global "private" @staging : memref<16384xf16, #gpu.address_space<workgroup>>
    memref.global "private" @more : memref<4096xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'gpu.func' op kernel @too_much needs 49176 B of static shared memory, more than the 49152 B a kernel for sm_80 can declare statically: workgroup buffer 0 memref<64x64xf16, #gpu.address_space<workgroup>> (8192 B, aligned to 1024 B), llvm.mlir.global @__asynccopy_barrier}}
    gpu.func @too_much(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %G = memref.get_global @staging : memref<16384xf16, #gpu.address_space<workgroup>>
      func.call @helper() : () -> ()
      gpu.return
    }
    // Counted for each kernel that calls it; @staging only once.
    func.func @helper() {
      %G = memref.get_global @staging : memref<16384xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %M = memref.get_global @more : memref<4096xf16, #gpu.address_space<workgroup>>
      return
    }
  }
}

// -----

// Exactly 48 KiB fits.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @at_the_limit()
        workgroup(%S : memref<24568xf16, #gpu.address_space<workgroup>>) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      gpu.return
    }
  }
}

// -----

// Alignment padding counts: 8 B of barriers, then a 1024-B aligned global.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    memref.global "private" @tile : memref<48136xi8, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
    // expected-error @+1 {{kernel @padded needs 49160 B of static shared memory, more than the 49152 B a kernel for sm_80 can declare statically: llvm.mlir.global @__asynccopy_barrier !llvm.array<1 x i64> (8 B, aligned to 8 B), memref.global @tile memref<48136xi8, #gpu.address_space<workgroup>> (48136 B, aligned to 1024 B)}}
    gpu.func @padded() kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %G = memref.get_global @tile : memref<48136xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// sm_90a kernels may declare up to 227 KiB statically; with several targets
// the tightest limit counts.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @hopper()
        workgroup(%S : memref<1816x64xf16, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
  gpu.module @both [#nvvm.target<chip = "sm_90a", features = "+ptx80">,
                    #nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @+1 {{kernel @portable needs 232448 B of static shared memory, more than the 49152 B a kernel for sm_90 can declare statically}}
    gpu.func @portable()
        workgroup(%S : memref<1816x64xf16, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
  gpu.module @over [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    // expected-error @+1 {{kernel @over needs 232456 B of static shared memory, more than the 232448 B a kernel for sm_90a can declare statically}}
    gpu.func @over()
        workgroup(%S : memref<1816x64xf16, #gpu.address_space<workgroup>>) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
