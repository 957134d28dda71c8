// RUN: ac-opt %s --asynccopy-select-implementation | FileCheck %s --check-prefix=SELECT
// RUN: ac-opt %s --asynccopy-to-nvvm | FileCheck %s --check-prefix=LOWER
// Static shapes and window offsets near 2^63: selection, the contiguity
// planner, the SMEM byte ranges and the per-thread lowering compute with
// overflow-checked arithmetic (the sanitizer build aborts on signed
// overflow: 9223372036854775800 + 64 in the window bound check was one).
// Dims beyond the tensor map's 2^32 need the fallback: both copies become
// per-thread sync copies, with the windows unchanged, and lower to NVVM.
// SELECT-LABEL: gpu.func @huge
// SELECT: asynccopy.sync.copy %{{.*}} to %{{.*}} window [4611686018427387900, 0] [64, 4] barrier
// SELECT: asynccopy.sync.copy %{{.*}} to %{{.*}} window [9223372036854775800, 0] [64, 4] {plan
// LOWER: llvm.func @huge
// LOWER: nvvm.mbarrier.init
// LOWER-NOT: asynccopy.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @huge(%A: memref<4611686018427387904x4xf16>, %B: memref<4x4611686018427387904xf16>)
        workgroup(%S : memref<64x4xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [4611686018427387900, 0] [64, 4] barrier %bar[%c0]
          : memref<4611686018427387904x4xf16> to memref<64x4xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %S to %A window [9223372036854775800, 0] [64, 4]
          : memref<64x4xf16, #gpu.address_space<workgroup>> to memref<4611686018427387904x4xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
