// RUN: ac-opt %s -split-input-file --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)' | FileCheck %s
// Every kernel through the whole pipeline and ptxas -arch=sm_90a:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// A tiled, 128-B swizzled tile: load + store, one rank-4 TMA issue each.
// CHECK-LABEL: gpu.func @tiled_copy
// CHECK-SAME: (%[[IN:.*]]: memref<16384x16384xf16>, %[[OUT:.*]]: memref<16384x16384xf16>, %[[DIN:.*]]: !llvm.ptr, %[[DOUT:.*]]: !llvm.ptr)
// CHECK-SAME: {llvm.align = 1024 : i64}
// CHECK: scf.if
// CHECK:   nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %{{.*}} : !llvm.ptr<3>, i32
// CHECK:   %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %[[DIN]], %[[BAR]], box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK: }
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.tensor.global.shared.cta %[[DOUT]], %{{.*}}, box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !llvm.ptr, {{.*}}3>
// CHECK:   nvvm.cp.async.bulk.commit.group
// CHECK: }
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.wait_group 0
// CHECK: }
// CHECK: nvvm.barrier0

// PTX-LABEL: .entry tiled_copy(
// PTX: .param .align 64 .b8 tiled_copy_param_{{[0-9]+}}[128]
// PTX: .param .align 64 .b8 tiled_copy_param_{{[0-9]+}}[128]
// PTX: .shared .align 1024
// PTX: mov.b32 [[TX16384:%r[0-9]+]], 16384;
// PTX: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX16384]];
// PTX: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// PTX: cp.async.bulk.commit_group
// PTX: cp.async.bulk.wait_group 0

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_copy(%in: memref<16384x16384xf16>, %out: memref<16384x16384xf16>)
        workgroup(%tile : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %phase = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<16384x16384xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<16384x16384xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Ranks 1, 3 and 5; a transpose that keeps the innermost dim contiguous;
// collapse_leading and drop_unit_dims.
// CHECK-LABEL: gpu.func @ranks
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}] :
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}] :
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}] :
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}] :
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}] :
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}] :

// PTX-LABEL: .entry ranks(
// PTX: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ranks(%V: memref<65536xf32>, %C: memref<16x64x128xf16>,
                    %F: memref<4x4x8x32x64xbf16>, %T: memref<4x32x128xf32>, %i: index)
        workgroup(%s1 : memref<256xf32, #gpu.address_space<workgroup>>,
                  %s3 : memref<2x16x128xf16, #gpu.address_space<workgroup>>,
                  %s5 : memref<2x2x2x8x64xbf16, #gpu.address_space<workgroup>>,
                  %st : memref<16x2x128xf16, #gpu.address_space<workgroup>>,
                  %sc : memref<64x128xf32, #gpu.address_space<workgroup>>,
                  %sd : memref<2x1x16x128xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %V to %s1 window [%i] [256] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<65536xf32> to memref<256xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %C to %s3 window [0, 16, 0] [2, 16, 128] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<16x64x128xf16> to memref<2x16x128xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %F to %s5 window [0, 0, 0, 8, 0] [2, 2, 2, 8, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<4x4x8x32x64xbf16> to memref<2x2x2x8x64xbf16, #gpu.address_space<workgroup>>
      asynccopy.copy %C to %st window [0, 0, 0] [2, 16, 128] barrier %b[%c0]
          {transforms = [#asynccopy.transpose<[1, 0, 2]>], impl = #asynccopy<impl tma>}
          : memref<16x64x128xf16> to memref<16x2x128xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %T to %sc window [0, 0, 0] [2, 32, 128] barrier %b[%c0]
          {transforms = [#asynccopy.collapse_leading<2>], impl = #asynccopy<impl tma>}
          : memref<4x32x128xf32> to memref<64x128xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %C to %sd window [3, 0, 0] [1, 32, 128] barrier %b[%c0]
          {transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[16, 128]>], impl = #asynccopy<impl tma>}
          : memref<16x64x128xf16> to memref<2x1x16x128xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A box dim over 256 elements: split into 256-element boxes; every row of
// the window is its own issue so each piece lands where dense SMEM puts it.
// The barrier expects the bytes of all four issues.
// CHECK-LABEL: gpu.func @split_box
// CHECK-SAME: (%[[A:.*]]: memref<64x4096xf32>, %[[I:.*]]: index, %[[D:.*]]: !llvm.ptr)
// CHECK-SAME: tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [1, 256]
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(4096 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]]
// Coordinates saturate to the signed 32-bit range before the cast.
// CHECK: %[[ROWMIN:.*]] = arith.minsi %[[I]], %{{.*}} : index
// CHECK: %[[ROWSAT:.*]] = arith.maxsi %[[ROWMIN]], %{{.*}} : index
// CHECK: %[[ROW0:.*]] = arith.index_cast %[[ROWSAT]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[D]], %{{.*}}, box[%{{.*}}, %[[ROW0]]]
// CHECK: llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: llvm.getelementptr %{{.*}}[2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: llvm.getelementptr %{{.*}}[3072] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: nvvm.cp.async.bulk.tensor

// PTX-LABEL: .entry split_box(
// PTX: mov.b32 [[TX4096:%r[0-9]+]], 4096;
// PTX: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX4096]];
// PTX-COUNT-4: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX-NOT: cp.async.bulk.tensor

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @split_box(%A: memref<64x4096xf32>, %i: index)
        workgroup(%S : memref<2x512xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 512] [2, 512] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<64x4096xf32> to memref<2x512xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Rank 6 is over the TMA limit: the outermost dim is looped (2 issues) and
// merged into the next, leaving rank-5 boxes of 61440 B; 122880 B expected.
// CHECK-LABEL: gpu.func @rank6
// CHECK-SAME: box = [3, 4, 5, 8, 64]
// CHECK: llvm.mlir.constant(122880 : i32) : i32
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}] :
// CHECK-NOT: nvvm.cp.async.bulk.tensor

// PTX-LABEL: .entry rank6(
// PTX-COUNT-2: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX-NOT: cp.async.bulk.tensor

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rank6(%A: memref<2x3x4x5x8x64xf16>)
        workgroup(%S : memref<2x3x4x5x8x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0, 0, 0, 0, 0] [2, 3, 4, 5, 8, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<2x3x4x5x8x64xf16> to memref<2x3x4x5x8x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// All eight TMA reductions, a cache hint (the one inline-PTX helper:
// createpolicy), a store that leaves its group open, and a tensor prefetch.
// CHECK-LABEL: gpu.func @reductions
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<add>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<min>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<max>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<inc>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<dec>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<and>}
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} {redKind = #nvvm.tma_redux_kind<or>}
// CHECK: %[[POLICY:.*]] = nvvm.inline_ptx "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;" -> i64
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}} l2_cache_hint = %[[POLICY]] {redKind = #nvvm.tma_redux_kind<xor>}
// CHECK-NOT: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.tensor.prefetch %{{.*}}, box[%{{.*}}, %{{.*}}]

// PTX-LABEL: .entry reductions(
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.inc.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.dec.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.and.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.or.tile.bulk_group
// PTX: createpolicy.fractional.L2::evict_first.b64
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.xor.tile.bulk_group.L2::cache_hint
// PTX: cp.async.bulk.prefetch.tensor.2d.L2.global.tile

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reductions(%B: memref<1024x1024xi32>, %i: index)
        workgroup(%S : memref<64x64xi32, #gpu.address_space<workgroup>>) kernel {
      %0 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction add>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %1 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction min>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %2 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction max>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %3 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction inc>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %4 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction dec>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %5 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction and>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %6 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction or>, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction xor>, cache = #asynccopy<cache evict_first>, commit = false, impl = #asynccopy<impl tma>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32>
      asynccopy.prefetch %B window [%i, 64] [64, 64] : memref<1024x1024xi32>
      gpu.return
    }
  }
}
