// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)' | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// drop_unit_dims of a non-leading dim whose tensor extent is not 1: TMA keeps
// the dim with a box extent of 1, moved in front of the others (dims 8 x 64 x
// 128 with strides 128, 1024, 1), and its coordinate is the window offset
// of that dim.
// CHECK-LABEL: gpu.func @drop_middle
// CHECK-SAME: (%[[A:.*]]: memref<64x8x128xf16>, %[[I:.*]]: index, %[[J:.*]]: index, %[[D:.*]]: !llvm.ptr)
// CHECK-SAME: dims = [8, 64, 128], strides = [128, 1024, 1], box = [1, 16, 128]
// CHECK: %[[COL:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.minsi %[[I]], %{{.*}} : index
// CHECK: %[[ROW32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[MID:.*]] = arith.minsi %[[J]], %{{.*}} : index
// CHECK: %[[MID32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[D]], %{{.*}}, box[%{{.*}}, %[[ROW32]], %[[MID32]]]
// PTX-LABEL: .entry drop_middle(
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @drop_middle(%A: memref<64x8x128xf16>, %i: index, %j: index)
        workgroup(%S : memref<16x128xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, %j, 0] [16, 1, 128] barrier %b[%c0] {transforms = [#asynccopy.drop_unit_dims<[1]>]}
          : memref<64x8x128xf16> to memref<16x128xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %S to %A window [%i, %j, 0] [16, 1, 128] {transforms = [#asynccopy.drop_unit_dims<[1]>]}
          : memref<16x128xf16, #gpu.address_space<workgroup>> to memref<64x8x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
