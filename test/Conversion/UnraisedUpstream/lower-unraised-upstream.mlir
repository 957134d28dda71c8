// RUN: ac-opt %s -split-input-file -asynccopy-lower-unraised-upstream -verify-diagnostics | FileCheck %s

// A memref.copy that raising left (here: run by one thread) keeps its
// upstream meaning: the threads that run it copy the whole view, element by
// element.
// CHECK-LABEL: gpu.func @under_thread_guard
// CHECK: scf.if
// CHECK:   %[[D0:.*]] = memref.dim %[[SRC:.*]], %c0
// CHECK:   scf.for %[[I:.*]] = %{{.*}} to %[[D0]]
// CHECK:     scf.for %[[J:.*]] = %{{.*}} to %{{.*}}
// CHECK:       %[[V:.*]] = memref.load %[[SRC]][%[[I]], %[[J]]]
// CHECK:       memref.store %[[V]], %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT: memref.copy
gpu.module @kernels {
  gpu.func @under_thread_guard(%A: memref<64x64xf16>)
      workgroup(%S : memref<16x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %v = memref.subview %A[16, 0] [16, 64] [1, 1] : memref<64x64xf16> to memref<16x64xf16, strided<[64, 1], offset: 1024>>
      // expected-remark @below {{copied element by element in every thread that runs it}}
      memref.copy %v, %S : memref<16x64xf16, strided<[64, 1], offset: 1024>> to memref<16x64xf16, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Global to global, a strided row, a ragged dynamic view, linalg.copy, a
// device function: each a loop nest where it was.
// CHECK-LABEL: gpu.func @global_to_global
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<?x?xf32, strided<[?, 2], offset: ?>>
// CHECK: memref.store %{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-LABEL: func.func @device_function
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<8xf32>
// CHECK: memref.store %{{.*}} : memref<8xf32, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @global_to_global(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) kernel {
    %c0 = arith.constant 0 : index
    %src = memref.subview %A[%c0, 0] [%n, %m] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2], offset: ?>>
    %dst = memref.subview %B[%c0, 0] [%n, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    // expected-remark @below {{copied element by element in every thread that runs it}}
    linalg.copy ins(%src : memref<?x?xf32, strided<[?, 2], offset: ?>>) outs(%dst : memref<?x?xf32, strided<[?, 1], offset: ?>>)
    gpu.return
  }
  func.func @device_function(%a: memref<8xf32>, %s: memref<8xf32, #gpu.address_space<workgroup>>) {
    // expected-remark @below {{copied element by element in every thread that runs it}}
    memref.copy %a, %s : memref<8xf32> to memref<8xf32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// Host copies are the host lowering's (a `memrefCopy` call), and a host
// loop over async tokens, which upstream's nvgpu lowering cannot convert,
// is left alone where the function holds no nvgpu op.
// CHECK-LABEL: func.func @host
// CHECK: memref.copy
// CHECK: scf.for {{.*}} -> (!gpu.async.token)
func.func @host(%a: memref<8xf32>, %b: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  %t0 = gpu.wait async
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%t1 = %t0) -> (!gpu.async.token) {
    %t2 = gpu.wait async [%t1]
    scf.yield %t2 : !gpu.async.token
  }
  gpu.wait [%t]
  return
}

// -----

// nvgpu ops that raising left (here a barrier initialised with the block
// size) lower as upstream's pipeline lowers them, before outlining: the
// host's tensor map becomes a runtime call, the kernel takes a pointer.
// CHECK-LABEL: func.func @tma_host
// CHECK: llvm.call @mgpuTensorMapEncodeTiledMemref
// CHECK: gpu.launch
// CHECK: nvvm.mbarrier.init %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: nvgpu.
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
memref.global "private" @smem : memref<64x8xf16, 3>
func.func @tma_host(%A: memref<64x8xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %cast = memref.cast %A : memref<64x8xf16> to memref<*xf16>
  %map = nvgpu.tma.create.descriptor %cast box[%c64, %c8] : memref<*xf16> -> !map
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %n = gpu.block_dim x
    %tid = gpu.thread_id x
    %s = memref.get_global @smem : memref<64x8xf16, 3>
    %b = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %b[%c0], %n : !bar
      nvgpu.tma.async.load %map[%c0, %c0], %b[%c0] to %s : !map, !bar -> memref<64x8xf16, 3>
    }
    gpu.terminator
  }
  return
}
