// launch_loop with descriptor-mode=scratch (build-gpu-tests.sh compiles
// modules whose name ends in _scratch that way): the first loop's launches,
// chained through its token over a loop-invariant tensor, share one device
// buffer for their map, filled before the loop and freed after it; the
// second loop's launches (a new map every iteration) get one buffer each.
// Same harness check as launch_loop.
// RUN: %gpu_tests launch_loop_scratch | FileCheck %s
// CHECK: launch_loop_scratch: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @accumulate(%in: memref<256xf32, strided<[1], offset: ?>>, %acc: memref<256xf32>)
        workgroup(%tile : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %tid = gpu.thread_id x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [0] [256] barrier %bar[%c0] {impl = #asynccopy<impl tma>}
          : memref<256xf32, strided<[1], offset: ?>> to memref<256xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %x = memref.load %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %a = memref.load %acc[%tid] : memref<256xf32>
      %s = arith.addf %a, %x : f32
      memref.store %s, %acc[%tid] : memref<256xf32>
      gpu.return
    }
  }
  func.func @launch_loop_scratch(%in: memref<512xf32>, %acc: memref<256xf32>, %n: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %low = memref.subview %in[%c0] [256] [1]
        : memref<512xf32> to memref<256xf32, strided<[1], offset: ?>>
    %t0 = gpu.wait async
    %chained = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@accumulate
          blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
          args(%low : memref<256xf32, strided<[1], offset: ?>>, %acc : memref<256xf32>)
      scf.yield %next : !gpu.async.token
    }
    %forked = scf.for %i = %c0 to %n step %c1 iter_args(%t = %chained) -> (!gpu.async.token) {
      %parity = arith.remui %i, %c2 : index
      %offset = arith.muli %parity, %c256 : index
      %half = memref.subview %in[%offset] [256] [1]
          : memref<512xf32> to memref<256xf32, strided<[1], offset: ?>>
      %launched = gpu.launch_func async [%t] @kernels::@accumulate
          blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
          args(%half : memref<256xf32, strided<[1], offset: ?>>, %acc : memref<256xf32>)
      %next = gpu.wait async [%launched]
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%forked]
    return
  }
}
