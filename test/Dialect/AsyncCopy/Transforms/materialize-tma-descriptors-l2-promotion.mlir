// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors -convert-asynccopy-host-to-llvm | FileCheck %s

// The L2 promotion the host asks the encoder for: 256 B with evict_last,
// else 128 B, whatever the box (a 256-B promotion for boxes with 256-B rows
// measured no faster on the H200: docs/performance.md).
// The encoder's arguments end with swizzle, OOB fill and L2 promotion.
// CHECK-LABEL: func.func @host
// CHECK: %[[ELEM0:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[WIDE:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: llvm.call @acTensorMapEncodeTiledOrExit({{.*}}, %[[ELEM0]], {{.*}}, %[[WIDE]])
// CHECK: %[[ELEM1:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[NARROW:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: llvm.call @acTensorMapEncodeTiledOrExit({{.*}}, %[[ELEM1]], {{.*}}, %[[NARROW]])
// CHECK: %[[ELEM2:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[LAST:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: llvm.call @acTensorMapEncodeTiledOrExit({{.*}}, %[[ELEM2]], {{.*}}, %[[LAST]])

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>)
        workgroup(%S : memref<64x128xf16, #gpu.address_space<workgroup>>, %T : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 3 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 128] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x128xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %T window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %C to %T window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>, cache = #asynccopy<cache evict_last>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%A : memref<4096x4096xf16>, %B : memref<4096x4096xf16>, %C : memref<4096x4096xf16>)
    return
  }
}
