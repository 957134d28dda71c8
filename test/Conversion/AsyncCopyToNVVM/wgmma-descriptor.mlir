// RUN: ac-opt %s -split-input-file --pass-pipeline='builtin.module(asynccopy-select-implementation,asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)' | FileCheck %s
// The kernels through the whole pipeline (wgmma included) and ptxas -arch=sm_90a:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// `asynccopy.wgmma_descriptor` takes the swizzle of the TMA load that fills
// its buffer and becomes the 64-bit descriptor: (address >> 4) & 0x3FFF,
// or'd with the constant fields. K-major, 128-B swizzle: leading offset 16 B
// (field 1, unused), stride offset 1024 B (8 rows of 128 B: field 64),
// layout 1 in bits 62-63: 0x4000004000010000.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @k_major_128
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: %[[PTR:.*]] = llvm.getelementptr
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[PTR]] : !llvm.ptr<3> to i64
// CHECK: %[[SHIFTED:.*]] = llvm.lshr %[[ADDR]], %{{.*}} : i64
// CHECK: %[[START:.*]] = llvm.and %[[SHIFTED]], %{{.*}} : i64
// CHECK: %[[BITS:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK: %[[DESC:.*]] = llvm.or %[[START]], %[[BITS]] : i64
// CHECK: nvvm.wgmma.mma_async %[[DESC]]
// PTX-LABEL: .entry k_major_128
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k_major_128(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %D: memref<64xf32>)
        workgroup(%sa : memref<1x64x64xf16, #wg>, %sb : memref<1x64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<1x64x64xf16, #wg>
      asynccopy.copy %B to %sb window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<1x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %va = memref.subview %sa[0, 0, 16] [1, 64, 16] [1, 1, 1]
          : memref<1x64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %vb = memref.subview %sb[0, 0, 16] [1, 64, 16] [1, 1, 1]
          : memref<1x64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %da = asynccopy.wgmma_descriptor %va major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %db = asynccopy.wgmma_descriptor %vb major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %acc = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %da, %db, %acc, #nvvm.shape<m = 64, n = 64, k = 16>,
          D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>]
          : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
          -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// MN-major without swizzle: [B, K, 8] core matrices; leading offset = 8 K
// rows of 16 B (128 B: field 8), stride offset = the 16-B block stride
// (16 rows x 16 B = 256 B: field 16), layout 0: 0x0000001000080000.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @mn_major_none
// CHECK: llvm.mlir.constant(68720001024 : i64) : i64
// PTX-LABEL: .entry mn_major_none
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mn_major_none(%A: memref<16x64xf16>, %D: memref<64xf32>)
        workgroup(%sa : memref<8x16x8xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [16, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[16, 8]>]}
          : memref<16x64xf16> to memref<8x16x8xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %da = asynccopy.wgmma_descriptor %sa major mn : memref<8x16x8xf16, #wg>
      %acc = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %da, %da, %acc, #nvvm.shape<m = 64, n = 64, k = 16>,
          D [<f32>, <one>], A [<f16>, <one>, <col>], B [<f16>, <one>, <row>]
          : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
          -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<64xf32>
      gpu.return
    }
  }
}
