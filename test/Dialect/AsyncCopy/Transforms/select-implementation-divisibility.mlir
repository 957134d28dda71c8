// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm | FileCheck %s --check-prefix=NVVM

// Window offsets that are loop induction variables or iter_args: the
// divisibility analysis follows them through the loop, so the start of each
// window is proven 16-B aligned and the copies take bulk instructions
// instead of the sync fallback with 2-B vectors (or, where bulk declines for
// the bounds, the sync fallback with 16-B vectors). A loop stepping by one
// proves nothing.

// CHECK-LABEL: gpu.func @loop_offsets
// CHECK: scf.for
// CHECK: asynccopy.bulk.load {{.*}}plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128>}
// CHECK: scf.for
// CHECK: asynccopy.bulk.load {{.*}}plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128>}
// CHECK: scf.for
// CHECK: asynccopy.sync.copy {{.*}}vector_bytes = 2>}
// CHECK: scf.for
// CHECK: asynccopy.sync.copy {{.*}}vector_bytes = 16>}
// NVVM-LABEL: gpu.func @loop_offsets
// NVVM: scf.for
// NVVM: nvvm.cp.async.bulk.shared.cluster.global
// NVVM: scf.for
// NVVM: nvvm.cp.async.bulk.shared.cluster.global
// NVVM: scf.for
// NVVM-NOT: nvvm.cp.async.bulk
// NVVM-NOT: vector<8xf16>
// NVVM: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C64:.*]] {
// NVVM: vector.load {{.*}}alignment = 16 : i64{{.*}}vector<8xf16>
// NVVM: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @loop_offsets(%A: memref<4096x4096xf16>, %n: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %V = memref.reinterpret_cast %A to offset: [0], sizes: [2048, 4096], strides: [4096, 1] : memref<4096x4096xf16> to memref<2048x4096xf16, strided<[4096, 1]>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // An induction variable stepping by 64 elements (128 B).
      scf.for %i = %c0 to %n step %c64 {
        asynccopy.copy %V to %S window [0, %i] [64, 64] barrier %b[%c0] {oob = #asynccopy<oob promise_in_bounds>}
            : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // An iter_arg that grows by 32 elements (64 B) per iteration.
      %last = scf.for %i = %c0 to %n step %c1 iter_args(%col = %c0) -> (index) {
        asynccopy.copy %V to %S window [0, %col] [64, 64] barrier %b[%c0] {oob = #asynccopy<oob promise_in_bounds>}
            : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
        %next = arith.addi %col, %c32 : index
        scf.yield %next : index
      }
      // Every column: only 2-B aligned.
      scf.for %i = %c0 to %n step %c1 {
        asynccopy.copy %V to %S window [0, %i] [64, 64] barrier %b[%c0] {oob = #asynccopy<oob promise_in_bounds>}
            : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      // Bounds unknown: the sync fallback, with 16-B vectors.
      scf.for %i = %c0 to %n step %c64 {
        asynccopy.copy %V to %S window [0, %i] [64, 64] barrier %b[%c0]
            : memref<2048x4096xf16, strided<[4096, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}
