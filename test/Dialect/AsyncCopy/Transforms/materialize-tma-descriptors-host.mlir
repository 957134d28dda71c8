// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors | FileCheck %s --check-prefix=OPS
// The host code once convert-asynccopy-host-to-llvm has lowered the encode ops.
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors -convert-asynccopy-host-to-llvm | FileCheck %s
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors="descriptor-mode=scratch" -convert-asynccopy-host-to-llvm | FileCheck %s --check-prefix=SCRATCH
// Running the pass again in the same mode changes nothing (the launches
// already pass their maps).
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors,asynccopy-materialize-tma-descriptors,convert-asynccopy-host-to-llvm)' \
// RUN:   | FileCheck %s
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors{descriptor-mode=scratch},asynccopy-materialize-tma-descriptors{descriptor-mode=scratch},convert-asynccopy-host-to-llvm)' \
// RUN:   | FileCheck %s --check-prefix=SCRATCH

// Before the launch, one asynccopy.encode_tensor_map per map writes it into
// its 128-B slot of one host buffer.
// OPS-LABEL: func.func @host
// OPS-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<?x?xf32>)
// OPS: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
// OPS: %[[M0:.*]] = llvm.inttoptr
// OPS: asynccopy.encode_tensor_map %[[A]] into %[[M0]] {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [4096, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view>} : memref<4096x4096xf16>
// OPS: %[[M1:.*]] = llvm.getelementptr %[[M0]][128] : (!llvm.ptr) -> !llvm.ptr, i8
// OPS: asynccopy.encode_tensor_map %[[B]] into %[[M1]] {map = #asynccopy.tensor_map<arg = 1, element_type = f32, map_type = 7, dims = [?, ?], strides = [?, 1], box = [16, 32], swizzle = 0, oob = zeros, cache = normal, identity_view>} : memref<?x?xf32>
// OPS: gpu.launch_func @kernels::@k {{.*}} args(%[[A]] : memref<4096x4096xf16>, %[[B]] : memref<?x?xf32>, %[[M0]] : !llvm.ptr, %[[M1]] : !llvm.ptr)

// Host side: before the launch, the runtime's encoder builds each tensor map
// from the launch's memref operand (address, dims and byte strides innermost
// first, box, swizzle, oob, L2 promotion); descriptor-mode=param passes the maps as
// trailing launch operands.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<?x?xf32>)
// CHECK: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
// CHECK: %[[HOSTI:.*]] = memref.extract_aligned_pointer_as_index %[[HOST]]
// CHECK: %[[HOST64:.*]] = arith.index_castui %[[HOSTI]] : index to i64
// CHECK: %[[M0:.*]] = llvm.inttoptr %[[HOST64]] : i64 to !llvm.ptr
// CHECK: memref.extract_strided_metadata %[[A]]
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[M0]],
// CHECK: %[[M1:.*]] = llvm.getelementptr %[[M0]][128] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:[^:]*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %[[B]]
// CHECK: arith.index_cast %[[SIZES]]#1 : index to i64
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[M1]],
// CHECK: gpu.launch_func @kernels::@k blocks in ({{.*}}) threads in ({{.*}}) args(%[[A]] : memref<4096x4096xf16>, %[[B]] : memref<?x?xf32>, %[[M0]] : !llvm.ptr, %[[M1]] : !llvm.ptr)

// descriptor-mode=scratch: one device buffer per launch holds every map.
// SCRATCH-LABEL: gpu.func @k
// SCRATCH-SAME: %{{.*}}: !llvm.ptr) workgroup
// SCRATCH-SAME: asynccopy.descriptor_mode = #asynccopy<descriptor_mode scratch>
// The maps are not prefetched (measured slower for many short CTAs).
// SCRATCH-NOT: nvvm.prefetch
// SCRATCH: asynccopy.tma.load {{.*}}descriptor = 2, descriptor_offset = 0>
// SCRATCH: asynccopy.tma.load {{.*}}descriptor = 2, descriptor_offset = 128>
// SCRATCH-LABEL: func.func @host
// SCRATCH: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
// SCRATCH: llvm.call @acTensorMapEncodeTiledOrExit
// SCRATCH: llvm.call @acTensorMapEncodeTiledOrExit
// SCRATCH: %[[T0:.*]] = gpu.wait async
// SCRATCH: %[[DEV:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<256xi8>
// SCRATCH: %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[DEV]], %[[HOST]] : memref<256xi8>, memref<256xi8>
// SCRATCH: %[[DEVI:.*]] = memref.extract_aligned_pointer_as_index %[[DEV]]
// SCRATCH: %[[DEV64:.*]] = arith.index_castui %[[DEVI]] : index to i64
// SCRATCH: %[[DEVP:.*]] = llvm.inttoptr %[[DEV64]] : i64 to !llvm.ptr
// SCRATCH: gpu.wait [%[[T2]]]
// SCRATCH: gpu.launch_func @kernels::@k {{.*}} args({{.*}}, %[[DEVP]] : !llvm.ptr)
// SCRATCH: %[[T3:.*]] = gpu.wait async
// SCRATCH: %[[T4:.*]] = gpu.dealloc async [%[[T3]]] %[[DEV]] : memref<256xi8>
// SCRATCH: gpu.wait [%[[T4]]]

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

