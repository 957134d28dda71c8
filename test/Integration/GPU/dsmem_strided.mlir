// Remote (DSMEM) copies between strided SMEM views in 2-CTA clusters: each
// CTA fills a 16x64 f32 source buffer from its row of %in and its 16x64
// destination buffer with -1, then copies two views of its source into two
// views of its peer's destination: (a) rows 2..9, columns 8..39 into the odd
// rows and even columns (strides [128, 2], one element per store); (b) rows
// 8..15, columns 40..55 into the even rows, columns 32..47 (strides
// [128, 1], 16-B vectors). A strided view is not one contiguous run, so
// selection leaves both to the sync path, which addresses both sides through
// their strides. Each CTA waits for both copies (two arrivals) and dumps its
// whole destination buffer to its row of %out: the harness checks the viewed
// elements and that every other (guard) element is still -1.
// RUN: %gpu_tests dsmem_strided | FileCheck %s
// CHECK: dsmem_strided: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<4x1024xf32>, %out: memref<4x1024xf32>)
        workgroup(%src : memref<16x64xf32, #gpu.address_space<workgroup>>,
                  %dst : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %c1_i32 = arith.constant 1 : i32
      %false = arith.constant false
      %guard = arith.constant -1.0 : f32
      %bx = gpu.block_id x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %srcFlat = memref.collapse_shape %src [[0, 1]] : memref<16x64xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      %dstFlat = memref.collapse_shape %dst [[0, 1]] : memref<16x64xf32, #gpu.address_space<workgroup>> into memref<1024xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c1024 step %nt {
        %v = memref.load %in[%bx, %i] : memref<4x1024xf32>
        memref.store %v, %srcFlat[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %guard, %dstFlat[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
      // The peer's buffers are filled and its barrier initialised before our
      // copies write into them.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %peer = arith.xori %rank, %c1_i32 : i32
      %sa = memref.subview %src[2, 8] [8, 32] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>>
      %da = memref.subview %dst[1, 0] [8, 32] [2, 2] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[128, 2], offset: 64>, #gpu.address_space<workgroup>>
      asynccopy.copy %sa to %da remote %peer barrier %bar[%c0]
          : memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[128, 2], offset: 64>, #gpu.address_space<workgroup>>
      %sb = memref.subview %src[8, 40] [8, 16] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[64, 1], offset: 552>, #gpu.address_space<workgroup>>
      %db = memref.subview %dst[0, 32] [8, 16] [2, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[128, 1], offset: 32>, #gpu.address_space<workgroup>>
      asynccopy.copy %sb to %db remote %peer barrier %bar[%c0]
          : memref<8x16xf32, strided<[64, 1], offset: 552>, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[128, 1], offset: 32>, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      scf.for %i = %tid to %c1024 step %nt {
        %v = memref.load %dstFlat[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%bx, %i] : memref<4x1024xf32>
      }
      // The peer may still be reading our source: nobody leaves early.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
  func.func @dsmem_strided(%in: memref<4x1024xf32>, %out: memref<4x1024xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<4x1024xf32>, %out : memref<4x1024xf32>)
    return
  }
}
