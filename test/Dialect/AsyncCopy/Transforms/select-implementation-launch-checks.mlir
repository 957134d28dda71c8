// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors \
// RUN:   | FileCheck %s --check-prefix=MAP
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX
// The synchronization check sees both paths complete the barrier's phase:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

// A TMA copy whose legality depends on the tensor at launch (a dynamic
// stride or offset, as shape-generic kernels have) is guarded by the tensor
// map's rules that depend on the tensor, computed in the kernel from the
// memref, with the sync copy where they fail. The map is a `fallback` one:
// the host zeroes it instead of failing the launch when the tensor breaks
// the rules (the kernel then never reads it).
// CHECK-LABEL: gpu.func @dynamic_stride
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK: %{{.*}}, %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[OFFB:.*]] = arith.muli %[[OFF]], %c2
// CHECK: %[[ADDR:.*]] = arith.addi %[[PTR]], %[[OFFB]]
// CHECK: arith.remui %[[ADDR]], %c16
// CHECK: arith.cmpi sge, %[[SIZES]]#0, %c1
// CHECK: arith.cmpi sle, %[[SIZES]]#0, %c2147483391
// CHECK: %[[ROW:.*]] = arith.muli %[[STRIDES]]#0, %c2
// CHECK: arith.cmpi sgt, %[[ROW]]
// CHECK: arith.remui %[[ROW]], %c16
// CHECK: arith.cmpi slt, %[[ROW]], %c1099511627776
// CHECK: arith.cmpi sge, %[[SIZES]]#1, %c1
// CHECK: arith.cmpi sle, %[[SIZES]]#1
// CHECK-NEXT: %[[OK:.*]] = arith.andi
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: asynccopy.tma.load %[[A]] {{.*}} {asynccopy.tma_fallback, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>, swizzle = 128 : i64}
// CHECK-NEXT: } else {
// CHECK-NEXT: asynccopy.sync.copy %[[A]]
// CHECK-NEXT: } {asynccopy.tma_runtime_guard}
// MAP-LABEL: gpu.func @dynamic_stride
// MAP-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, ?], strides = [?, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = normal, identity_view, fallback>]
// HOST: llvm.call @acTensorMapEncodeTiledFallbackOrExit
// PTX-LABEL: .entry dynamic_stride(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: ld.global
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_stride(%A: memref<?x?xf16, strided<[?, 1], offset: ?>>, %i: index, %j: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @host(%A: memref<?x?xf16, strided<[?, 1], offset: ?>>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@dynamic_stride blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<?x?xf16, strided<[?, 1], offset: ?>>, %c1 : index, %c1 : index)
    return
  }
}

// -----

// A static tensor: only its address is left to check, for a copy marked
// `asynccopy.launch_checked` (as raised upstream copies are; nothing
// promised their tensor's alignment). Without the mark, a static tensor's
// address is taken to be aligned, and an explicit `impl = tma` checks the
// rules at launch without a fallback (a tensor that breaks them fails the
// launch).
// CHECK-LABEL: gpu.func @launch_checked
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index
// CHECK: arith.remui
// CHECK-NOT: arith.cmpi sge
// CHECK: scf.if
// CHECK-NEXT: asynccopy.tma.load {{.*}}asynccopy.tma_fallback
// CHECK: asynccopy.sync.copy
// CHECK: } {asynccopy.tma_runtime_guard}
// CHECK-NOT: scf.if
// CHECK: asynccopy.tma.load
// CHECK-NOT: scf.if
// CHECK: asynccopy.tma.load %{{.*}} : memref<?x?xf16
// CHECK-NOT: asynccopy.sync.copy
// MAP-LABEL: gpu.func @launch_checked
// MAP-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, identity_view, fallback>, #asynccopy.tensor_map<arg = 0, {{.*}}, identity_view>, #asynccopy.tensor_map<arg = 1, {{.*}}, identity_view>]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @launch_checked(%A: memref<4096x4096xf16>, %D: memref<?x?xf16, strided<[?, 1], offset: ?>>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %S1 : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %S2 : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 3 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {asynccopy.launch_checked}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S1 window [%i, 0] [64, 64] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %D to %S2 window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
