// RUN: ac-opt %s -asynccopy-materialize-tma-descriptors | FileCheck %s
// RUN: ac-opt %s -asynccopy-materialize-tma-descriptors="mode=scratch" | FileCheck %s --check-prefix=SCRATCH

// Host side: before the launch, the runtime's encoder builds each tensor map
// from the launch's memref operand (address, dims and byte strides innermost
// first, box, swizzle, oob, L2 promotion); mode=param passes the maps as
// trailing launch operands.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<?x?xf32>)
// CHECK: %[[MAPS:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 64 : i64} : (i64) -> !llvm.ptr
// CHECK: memref.extract_strided_metadata %[[A]]
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[M0:.*]] = llvm.getelementptr %[[MAPS]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[M0]],
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:[^:]*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %[[B]]
// CHECK: arith.index_cast %[[SIZES]]#1 : index to i64
// CHECK: %[[M1:.*]] = llvm.getelementptr %[[MAPS]][128] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[M1]],
// CHECK: gpu.launch_func @kernels::@k blocks in ({{.*}}) threads in ({{.*}}) args(%[[A]] : memref<4096x4096xf16>, %[[B]] : memref<?x?xf32>, %[[M0]] : !llvm.ptr, %[[M1]] : !llvm.ptr)

// mode=scratch: one device buffer per launch holds every map.
// SCRATCH-LABEL: gpu.func @k
// SCRATCH-SAME: %{{.*}}: !llvm.ptr) workgroup
// SCRATCH-SAME: asynccopy.descriptor_mode = "scratch"
// SCRATCH: gpu.thread_id x
// SCRATCH: scf.if
// SCRATCH: nvvm.prefetch tensormap, %{{.*}} : !llvm.ptr
// SCRATCH: %[[SECOND:.*]] = llvm.getelementptr %{{.*}}[128]
// SCRATCH: nvvm.prefetch tensormap, %[[SECOND]] : !llvm.ptr
// SCRATCH: asynccopy.copy {{.*}}asynccopy.descriptor = 2 : i64, asynccopy.descriptor_offset = 0 : i64
// SCRATCH: asynccopy.copy {{.*}}asynccopy.descriptor = 2 : i64, asynccopy.descriptor_offset = 128 : i64
// SCRATCH-LABEL: func.func @host
// SCRATCH: llvm.call @acTensorMapEncodeTiledOrExit
// SCRATCH: llvm.call @acTensorMapEncodeTiledOrExit
// SCRATCH: %[[DEV:.*]] = llvm.call @mgpuMemAlloc(%[[SIZE:.*]], %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i1) -> !llvm.ptr
// SCRATCH: llvm.call @mgpuMemcpy(%[[DEV]], %{{.*}}, %[[SIZE]], %{{.*}})
// SCRATCH: llvm.call @mgpuStreamSynchronize
// SCRATCH: gpu.launch_func @kernels::@k {{.*}} args({{.*}}, %[[DEV]] : !llvm.ptr)
// SCRATCH: llvm.call @mgpuMemFree(%[[DEV]], %{{.*}})

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>, %B: memref<?x?xf32>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %T : memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %T window [0, 0] [16, 32] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<?x?xf32> to memref<16x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>, %B: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<4096x4096xf16>, %B : memref<?x?xf32>)
    return
  }
}

