// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors="descriptor-mode=scratch" | FileCheck %s

// An asynchronous launch: the scratch buffer is allocated and filled on the
// launch's stream before it and freed on that stream after it; users of the
// launch's token wait for the free.
// CHECK-LABEL: func.func @host
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[DEV:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<128xi8>
// CHECK: %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[DEV]]
// CHECK: %[[T3:.*]] = gpu.launch_func async [%[[T2]]] @kernels::@k
// CHECK: %[[T4:.*]] = gpu.dealloc async [%[[T3]]] %[[DEV]]
// CHECK: gpu.wait [%[[T4]]]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<4096x4096xf16>)
    gpu.wait [%t]
    return
  }
}
