// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors -convert-asynccopy-host-to-llvm | FileCheck %s
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors="descriptor-mode=scratch" -convert-asynccopy-host-to-llvm | FileCheck %s --check-prefix=SCRATCH
// RUN: ac-opt %s -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors | FileCheck %s --check-prefix=OPS

// A `peer` TMA copy takes its maps through one pointer parameter (map i for
// PE i), in both modes; those parameters come after the user's and before
// the other maps (mode=param: still the trailing, grid-constant parameters).
// Before the launch asynccopy.encode_peer_tensor_maps encodes them for every
// PE and uploads them: its lowering, acSymmPeerTensorMapsOrExit (the
// encoder's arguments without the output), returns the device pointer.
// Copies of one view share the array.
// OPS-LABEL: func.func @host
// OPS: %[[PEER:.*]] = asynccopy.encode_peer_tensor_maps %{{.*}} {map = #asynccopy.tensor_map<{{.*}}, identity_view, peer>} : memref<4096x4096xf16> -> !llvm.ptr
// OPS: asynccopy.encode_tensor_map
// OPS: gpu.launch_func @kernels::@k {{.*}}, %[[PEER]] : !llvm.ptr, %{{.*}} : !llvm.ptr)
// CHECK: llvm.func @acSymmPeerTensorMapsOrExit(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32) -> !llvm.ptr
// CHECK-LABEL: gpu.func @k
// CHECK-SAME: %{{.*}}: i32, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) workgroup
// CHECK-SAME: asynccopy.grid_constants = 1 : i64
// CHECK-SAME: oob = zeros, cache = normal, identity_view, peer>
// CHECK: asynccopy.tma.load {{.*}} peer %{{.*}} {plan = #asynccopy.tma_plan<{{.*}}, descriptor = 3>}
// CHECK: asynccopy.tma.load {{.*}} {plan = #asynccopy.tma_plan<{{.*}}, descriptor = 4>}
// CHECK: asynccopy.tma.store {{.*}} peer %{{.*}} {plan = #asynccopy.tma_plan<{{.*}}, descriptor = 3>}
// CHECK-LABEL: gpu.func @only_peer
// CHECK-SAME: %{{.*}}: i32, %{{.*}}: !llvm.ptr) workgroup
// CHECK-SAME: asynccopy.grid_constants = 0 : i64
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[B:.*]]: memref<4096x4096xf16>, %[[PE:.*]]: i32)
// CHECK: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK: %[[HOSTI:.*]] = memref.extract_aligned_pointer_as_index %[[HOST]]
// CHECK: %[[M0:.*]] = llvm.inttoptr
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[ADDR:.*]] = llvm.inttoptr
// CHECK: %[[PEER:.*]] = llvm.call @acSymmPeerTensorMapsOrExit(%{{.*}}, %{{.*}}, %[[ADDR]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32) -> !llvm.ptr
// CHECK: memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[M0]],
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[A]] : memref<4096x4096xf16>, %[[B]] : memref<4096x4096xf16>, %[[PE]] : i32, %[[PEER]] : !llvm.ptr, %[[M0]] : !llvm.ptr)
// CHECK: %[[PEER2:.*]] = llvm.call @acSymmPeerTensorMapsOrExit
// CHECK-NOT: acTensorMapEncodeTiledOrExit
// CHECK: gpu.launch_func @kernels::@only_peer {{.*}} args(%[[A]] : memref<4096x4096xf16>, %[[PE]] : i32, %[[PEER2]] : !llvm.ptr)

// mode=scratch: the peer pointer, then the scratch buffer of the other maps;
// a kernel with only peer maps gets no scratch buffer.
// SCRATCH-LABEL: gpu.func @k
// SCRATCH-SAME: %{{.*}}: i32, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) workgroup
// SCRATCH-NOT: nvvm.prefetch
// SCRATCH: asynccopy.tma.load {{.*}} peer %{{.*}} {plan = #asynccopy.tma_plan<{{.*}}, descriptor = 3>}
// SCRATCH: asynccopy.tma.load {{.*}} {plan = #asynccopy.tma_plan<{{.*}}, descriptor = 4, descriptor_offset = 0>}
// SCRATCH-LABEL: gpu.func @only_peer
// SCRATCH-NOT: nvvm.prefetch
// SCRATCH: asynccopy.tma.load {{.*}}descriptor = 2>
// SCRATCH-LABEL: func.func @host
// SCRATCH: memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// SCRATCH: %[[PEER:.*]] = llvm.call @acSymmPeerTensorMapsOrExit
// SCRATCH: llvm.call @acTensorMapEncodeTiledOrExit
// SCRATCH: gpu.memcpy
// SCRATCH: %[[DEV:.*]] = llvm.inttoptr
// SCRATCH: gpu.launch_func @kernels::@k {{.*}} args({{.*}}, %[[PEER]] : !llvm.ptr, %[[DEV]] : !llvm.ptr)
// SCRATCH: gpu.dealloc
// SCRATCH: %[[PEER2:.*]] = llvm.call @acSymmPeerTensorMapsOrExit
// SCRATCH-NOT: gpu.alloc
// SCRATCH: gpu.launch_func @kernels::@only_peer {{.*}} args({{.*}}, %[[PEER2]] : !llvm.ptr)
// SCRATCH-NOT: gpu.dealloc

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
    gpu.func @k(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %pe: i32)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %B to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %S to %A window [0, 64] [64, 64] peer %pe {impl = #asynccopy<impl tma>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
    gpu.func @only_peer(%A: memref<4096x4096xf16>, %pe: i32)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl tma>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %pe: i32) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<4096x4096xf16>, %B : memref<4096x4096xf16>, %pe : i32)
    gpu.launch_func @kernels::@only_peer blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<4096x4096xf16>, %pe : i32)
    return
  }
}
