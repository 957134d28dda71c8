// Generated from test/Pipelines/raise-upstream-copy-as-tma.mlir (which
// checks it) by /usr/lib/llvm-22/bin/mlir-opt --transform-interpreter
// --test-transform-dialect-erase-schedule --canonicalize --cse: a 64x64 f32
// tile copied through SMEM in upstream's nvgpu TMA form (a host tensor map,
// an mbarrier, nvgpu.tma.async.load). asynccopy-raise-upstream makes it an
// asynccopy TMA copy; the harness checks the output against the input.
// RUN: %gpu_tests raise_nvgpu_tma | FileCheck %s
// CHECK: raise_nvgpu_tma: PASS
module {
  func.func @raise_nvgpu_tma(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) attributes {llvm.emit_c_interface} {
    %c10000000 = arith.constant 10000000 : index
    %0 = llvm.mlir.constant(false) : i1
    %c16384 = arith.constant 16384 : index
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %cast = memref.cast %arg0 : memref<64x64xf32> to memref<*xf32>
    %1 = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf32> -> <tensor = memref<64x64xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) workgroup(%arg14 : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      %2 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
      nvgpu.mbarrier.init %2[%c0], %c128 : <memorySpace = #gpu.address_space<workgroup>>
      gpu.barrier
      %thread_id_x = gpu.thread_id  x
      %3 = arith.cmpi eq, %thread_id_x, %c0 : index
      scf.if %3 {
        nvgpu.tma.async.load %1[%c0, %c0], %2[%c0] to %arg14 : <tensor = memref<64x64xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x64xf32, #gpu.address_space<workgroup>>
        nvgpu.mbarrier.arrive.expect_tx %2[%c0], %c16384 : <memorySpace = #gpu.address_space<workgroup>>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %2[%c0], %c0 : <memorySpace = #gpu.address_space<workgroup>>
      }
      nvgpu.mbarrier.try_wait.parity %2[%c0], %0, %c10000000 : <memorySpace = #gpu.address_space<workgroup>>
      scf.for %arg15 = %arg5 to %c64 step %c128 {
        scf.for %arg16 = %c0 to %c64 step %c1 {
          %4 = memref.load %arg14[%arg15, %arg16] : memref<64x64xf32, #gpu.address_space<workgroup>>
          memref.store %4, %arg1[%arg15, %arg16] : memref<64x64xf32>
        }
      }
      gpu.terminator
    }
    return
  }
  module attributes {transform.with_named_sequence} {
  }
}

