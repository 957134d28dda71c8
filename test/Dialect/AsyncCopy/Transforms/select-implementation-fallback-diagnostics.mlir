// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -verify-diagnostics
// The other settings, on the cases without their expected diagnostics:
// RUN: sed 's/expected-/xpctd-/' %s | ac-opt -split-input-file -asynccopy-select-implementation=fallbacks=silent 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: sed 's/expected-/xpctd-/' %s | not ac-opt -split-input-file -asynccopy-select-implementation=fallbacks=error 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: sed 's/expected-/xpctd-/' %s | not ac-opt -split-input-file -asynccopy-select-implementation=fallbacks=loud 2>&1 | FileCheck %s --check-prefix=BAD

// A copy that asks for what TMA does in hardware (a swizzle, a tile or
// transpose transform, a multicast, a reduction) and gets a per-thread path
// instead says so, with TMA's reason: a warning by default, an error with
// fallbacks=error, nothing with fallbacks=silent.
// SILENT-NOT: warning:
// SILENT-NOT: error:
// ERROR: error: 'asynccopy.copy' op falls back to per-thread sync copies (64 chunks of 96 B, 16-B vectors) though it asks for a swizzle
// ERROR: error: 'asynccopy.copy' op falls back to per-thread sync copies {{.*}} though it asks for a tile or transpose transform
// ERROR: error: 'asynccopy.copy' op falls back to per-thread sync copies {{.*}} though it asks for a reduction
// ERROR-NOT: error:
// BAD: asynccopy-select-implementation: fallbacks must be warn, error or silent, got 'loud'

gpu.module @kernels {
  // A 96-B row is not one 128-B swizzle span: TMA cannot write it.
  gpu.func @swizzle_row_narrower_than_span(%A: memref<1000x1000xf16>, %i: index)
      workgroup(%S : memref<64x48xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    // expected-warning @below {{'asynccopy.copy' op falls back to per-thread sync copies (64 chunks of 96 B, 16-B vectors) though it asks for a swizzle, which TMA does in hardware: the innermost box dim spans 96 B, not the 128-B swizzle span; TMA swizzles dense boxes only when each row is one span; impl = sync accepts this path, the pipeline option fallbacks=silent silences it and fallbacks=error rejects it}}
    asynccopy.copy %A to %S window [%i, 0] [64, 48] barrier %b[%c0] {swizzle = 128 : i64}
        : memref<1000x1000xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // A transpose that moves the contiguous dim outward.
  gpu.func @transpose_of_inner_dim(%A: memref<64x64xf16>)
      workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    // expected-warning @below {{though it asks for a tile or transpose transform, which TMA does in hardware: the innermost dim of the GMEM view has stride 64, TMA needs it contiguous (stride 1)}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {transforms = [#asynccopy.transpose<[1, 0]>]}
        : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // A reduction into a memref that is not a kernel argument (no tensor map).
  func.func @reduction_through_function_argument(%B: memref<1024x1024xf32>, %S: memref<64x64xf32, #gpu.address_space<workgroup>>) -> !asynccopy.token {
    // expected-warning @below {{though it asks for a reduction, which TMA does in hardware: the GMEM operand is not a kernel argument}}
    %t = asynccopy.copy %S to %B window [0, 0] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
    return %t : !asynccopy.token
  }
}

// -----

// No diagnostic: an explicit per-thread impl is what the user asked for; a
// copy that asks for nothing TMA-specific; TMA taking a tile that does not
// divide the tensor (each tile one box, the hardware filling past the end);
// and chips without TMA, where a per-thread path is the best there is.
gpu.module @kernels {
  gpu.func @no_diagnostic(%A: memref<1000x1496xf16>, %C: memref<1000x1000xf16>, %i: index)
      workgroup(%S : memref<64x48xf16, #gpu.address_space<workgroup>>,
                %T : memref<4x64x32xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.copy %C to %S window [%i, 0] [64, 48] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl sync>}
        : memref<1000x1000xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
    asynccopy.copy %C to %S window [%i, 1] [64, 48] barrier %b[%c0]
        : memref<1000x1000xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
    asynccopy.copy %A to %T window [%i, 0] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 32]>], swizzle = 64 : i64}
        : memref<1000x1496xf16> to memref<4x64x32xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @ampere [#nvvm.target<chip = "sm_80">] {
  gpu.func @sm80(%A: memref<1000x1000xf16>, %i: index)
      workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {swizzle = 128 : i64}
        : memref<1000x1000xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    gpu.return
  }
}
