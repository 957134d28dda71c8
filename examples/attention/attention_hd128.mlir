// Attention forward, B 4, H 16 (K/V heads 16), S 4096, D 128, f16; key blocks of 128, 2 stages.
// Launch: grid 32 x 64, block 256, cluster 1 x 1, 163840 B of shared memory.
module attributes {gpu.container_module} {
gpu.module @kernels {
gpu.func @attention(%Q: memref<64x4096x128xf16>, %K: memref<64x4096x128xf16>, %V: memref<64x4096x128xf16>, %O: memref<64x4096x128xf16>, %LSE: memref<64x4096xf32>)
    workgroup(%sq : memref<2x128x64xf16, #gpu.address_space<workgroup>>, %sk : memref<2x128x64xf16, #gpu.address_space<workgroup>>, %sv : memref<2x128x64xf16, #gpu.address_space<workgroup>>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %c4095 = arith.constant 4095 : index
  %c4096 = arith.constant 4096 : index
  %false = arith.constant false
  %true = arith.constant true
  %ninf = arith.constant 0xFF800000 : f32
  %f0 = arith.constant 0.0 : f32
  %cscale = arith.constant 0.12751743082459868 : f32
  %cln2 = arith.constant 0.6931471805599453 : f32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c32_i32 = arith.constant 32 : i32
  %bx = gpu.block_id x
  %bh = gpu.block_id y
  %mt = arith.addi %bx, %c0 : index
  %m0 = arith.muli %mt, %c128 : index
  %batch = arith.divui %bh, %c16 : index
  %head = arith.remui %bh, %c16 : index
  %kvh = arith.divui %head, %c1 : index
  %kvb = arith.muli %batch, %c16 : index
  %bkv = arith.addi %kvb, %kvh : index
  %tid = gpu.thread_id x
  %wg = arith.divui %tid, %c128 : index
  %wrow = arith.muli %wg, %c64 : index
  %lane = arith.remui %tid, %c32 : index
  %warp = arith.divui %tid, %c32 : index
  %wiw = arith.remui %warp, %c4 : index
  %w16 = arith.muli %wiw, %c16 : index
  %l4 = arith.divui %lane, %c4 : index
  %lm = arith.remui %lane, %c4 : index
  %col2 = arith.muli %lm, %c2 : index
  %r0a = arith.addi %wrow, %w16 : index
  %row0 = arith.addi %r0a, %l4 : index
  %row1 = arith.addi %row0, %c8 : index
  %grow0 = arith.addi %m0, %row0 : index
  %grow1 = arith.addi %m0, %row1 : index
  %qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.barrier.init %qbar, 1 : !asynccopy.barrier<1>
  asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
  asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
  asynccopy.copy %Q to %sq window [%bh, %m0, 0] [1, 128, 128] barrier %qbar[%c0] {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[128, 64]>]} : memref<64x4096x128xf16> to memref<2x128x64xf16, #gpu.address_space<workgroup>>
  asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>
  %kend = arith.addi %c4096, %c0 : index
  %kend1 = arith.addi %kend, %c127 : index
  %nblocks = arith.divui %kend1, %c128 : index
  %last = arith.subi %nblocks, %c1 : index
  %szero = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %ozero = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %main:6 = scf.for %j = %c0 to %nblocks step %c1 iter_args(%ph = %false, %o = %ozero, %mx0 = %ninf, %mx1 = %ninf, %l0 = %f0, %l1 = %f0) -> (i1, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, f32, f32, f32, f32) {
    %n0 = arith.muli %j, %c128 : index
    asynccopy.copy %K to %sk window [%bkv, %n0, 0] [1, 128, 128] barrier %kbar[%c0] {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[128, 64]>]} : memref<64x4096x128xf16> to memref<2x128x64xf16, #gpu.address_space<workgroup>>
    asynccopy.copy %V to %sv window [%bkv, %n0, 0] [1, 128, 128] barrier %vbar[%c0] {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[128, 64]>]} : memref<64x4096x128xf16> to memref<2x128x64xf16, #gpu.address_space<workgroup>>
    asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
    nvvm.wgmma.fence.aligned
    %vq0 = memref.subview %sq[0, %wrow, 0] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk0 = memref.subview %sk[0, 0, 0] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %dq0 = asynccopy.wgmma_descriptor %vq0 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk0 = asynccopy.wgmma_descriptor %vk0 major k : memref<128x16xf16, strided<[64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %s0 = nvvm.wgmma.mma_async %dq0, %dk0, %szero, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq1 = memref.subview %sq[0, %wrow, 16] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk1 = memref.subview %sk[0, 0, 16] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    %dq1 = asynccopy.wgmma_descriptor %vq1 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk1 = asynccopy.wgmma_descriptor %vk1 major k : memref<128x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    %s1 = nvvm.wgmma.mma_async %dq1, %dk1, %s0, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq2 = memref.subview %sq[0, %wrow, 32] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk2 = memref.subview %sk[0, 0, 32] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
    %dq2 = asynccopy.wgmma_descriptor %vq2 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk2 = asynccopy.wgmma_descriptor %vk2 major k : memref<128x16xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
    %s2 = nvvm.wgmma.mma_async %dq2, %dk2, %s1, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq3 = memref.subview %sq[0, %wrow, 48] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk3 = memref.subview %sk[0, 0, 48] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 48>, #gpu.address_space<workgroup>>
    %dq3 = asynccopy.wgmma_descriptor %vq3 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk3 = asynccopy.wgmma_descriptor %vk3 major k : memref<128x16xf16, strided<[64, 1], offset: 48>, #gpu.address_space<workgroup>>
    %s3 = nvvm.wgmma.mma_async %dq3, %dk3, %s2, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq4 = memref.subview %sq[1, %wrow, 0] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk4 = memref.subview %sk[1, 0, 0] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>>
    %dq4 = asynccopy.wgmma_descriptor %vq4 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk4 = asynccopy.wgmma_descriptor %vk4 major k : memref<128x16xf16, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>>
    %s4 = nvvm.wgmma.mma_async %dq4, %dk4, %s3, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq5 = memref.subview %sq[1, %wrow, 16] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk5 = memref.subview %sk[1, 0, 16] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 8208>, #gpu.address_space<workgroup>>
    %dq5 = asynccopy.wgmma_descriptor %vq5 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk5 = asynccopy.wgmma_descriptor %vk5 major k : memref<128x16xf16, strided<[64, 1], offset: 8208>, #gpu.address_space<workgroup>>
    %s5 = nvvm.wgmma.mma_async %dq5, %dk5, %s4, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq6 = memref.subview %sq[1, %wrow, 32] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk6 = memref.subview %sk[1, 0, 32] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 8224>, #gpu.address_space<workgroup>>
    %dq6 = asynccopy.wgmma_descriptor %vq6 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk6 = asynccopy.wgmma_descriptor %vk6 major k : memref<128x16xf16, strided<[64, 1], offset: 8224>, #gpu.address_space<workgroup>>
    %s6 = nvvm.wgmma.mma_async %dq6, %dk6, %s5, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vq7 = memref.subview %sq[1, %wrow, 48] [1, 64, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vk7 = memref.subview %sk[1, 0, 48] [1, 128, 16] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x16xf16, strided<[64, 1], offset: 8240>, #gpu.address_space<workgroup>>
    %dq7 = asynccopy.wgmma_descriptor %vq7 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %dk7 = asynccopy.wgmma_descriptor %vk7 major k : memref<128x16xf16, strided<[64, 1], offset: 8240>, #gpu.address_space<workgroup>>
    %s7 = nvvm.wgmma.mma_async %dq7, %dk7, %s6, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %x1 = llvm.extractvalue %s7[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x2 = llvm.extractvalue %s7[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x3 = llvm.extractvalue %s7[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x4 = llvm.extractvalue %s7[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x5 = llvm.extractvalue %s7[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x6 = llvm.extractvalue %s7[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x7 = llvm.extractvalue %s7[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x8 = llvm.extractvalue %s7[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x9 = llvm.extractvalue %s7[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x10 = llvm.extractvalue %s7[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x11 = llvm.extractvalue %s7[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x12 = llvm.extractvalue %s7[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x13 = llvm.extractvalue %s7[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x14 = llvm.extractvalue %s7[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x15 = llvm.extractvalue %s7[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x16 = llvm.extractvalue %s7[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x17 = llvm.extractvalue %s7[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x18 = llvm.extractvalue %s7[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x19 = llvm.extractvalue %s7[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x20 = llvm.extractvalue %s7[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x21 = llvm.extractvalue %s7[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x22 = llvm.extractvalue %s7[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x23 = llvm.extractvalue %s7[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x24 = llvm.extractvalue %s7[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x25 = llvm.extractvalue %s7[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x26 = llvm.extractvalue %s7[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x27 = llvm.extractvalue %s7[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x28 = llvm.extractvalue %s7[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x29 = llvm.extractvalue %s7[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x30 = llvm.extractvalue %s7[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x31 = llvm.extractvalue %s7[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x32 = llvm.extractvalue %s7[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x33 = llvm.extractvalue %s7[32] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x34 = llvm.extractvalue %s7[33] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x35 = llvm.extractvalue %s7[34] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x36 = llvm.extractvalue %s7[35] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x37 = llvm.extractvalue %s7[36] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x38 = llvm.extractvalue %s7[37] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x39 = llvm.extractvalue %s7[38] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x40 = llvm.extractvalue %s7[39] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x41 = llvm.extractvalue %s7[40] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x42 = llvm.extractvalue %s7[41] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x43 = llvm.extractvalue %s7[42] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x44 = llvm.extractvalue %s7[43] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x45 = llvm.extractvalue %s7[44] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x46 = llvm.extractvalue %s7[45] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x47 = llvm.extractvalue %s7[46] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x48 = llvm.extractvalue %s7[47] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x49 = llvm.extractvalue %s7[48] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x50 = llvm.extractvalue %s7[49] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x51 = llvm.extractvalue %s7[50] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x52 = llvm.extractvalue %s7[51] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x53 = llvm.extractvalue %s7[52] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x54 = llvm.extractvalue %s7[53] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x55 = llvm.extractvalue %s7[54] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x56 = llvm.extractvalue %s7[55] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x57 = llvm.extractvalue %s7[56] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x58 = llvm.extractvalue %s7[57] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x59 = llvm.extractvalue %s7[58] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x60 = llvm.extractvalue %s7[59] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x61 = llvm.extractvalue %s7[60] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x62 = llvm.extractvalue %s7[61] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x63 = llvm.extractvalue %s7[62] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %x64 = llvm.extractvalue %s7[63] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v65 = arith.maximumf %x1, %x2 : f32
    %v66 = arith.maximumf %x5, %x6 : f32
    %v67 = arith.maximumf %x9, %x10 : f32
    %v68 = arith.maximumf %x13, %x14 : f32
    %v69 = arith.maximumf %x17, %x18 : f32
    %v70 = arith.maximumf %x21, %x22 : f32
    %v71 = arith.maximumf %x25, %x26 : f32
    %v72 = arith.maximumf %x29, %x30 : f32
    %v73 = arith.maximumf %x33, %x34 : f32
    %v74 = arith.maximumf %x37, %x38 : f32
    %v75 = arith.maximumf %x41, %x42 : f32
    %v76 = arith.maximumf %x45, %x46 : f32
    %v77 = arith.maximumf %x49, %x50 : f32
    %v78 = arith.maximumf %x53, %x54 : f32
    %v79 = arith.maximumf %x57, %x58 : f32
    %v80 = arith.maximumf %x61, %x62 : f32
    %v81 = arith.maximumf %v65, %v66 : f32
    %v82 = arith.maximumf %v67, %v68 : f32
    %v83 = arith.maximumf %v69, %v70 : f32
    %v84 = arith.maximumf %v71, %v72 : f32
    %v85 = arith.maximumf %v73, %v74 : f32
    %v86 = arith.maximumf %v75, %v76 : f32
    %v87 = arith.maximumf %v77, %v78 : f32
    %v88 = arith.maximumf %v79, %v80 : f32
    %v89 = arith.maximumf %v81, %v82 : f32
    %v90 = arith.maximumf %v83, %v84 : f32
    %v91 = arith.maximumf %v85, %v86 : f32
    %v92 = arith.maximumf %v87, %v88 : f32
    %v93 = arith.maximumf %v89, %v90 : f32
    %v94 = arith.maximumf %v91, %v92 : f32
    %v95 = arith.maximumf %v93, %v94 : f32
    %sh96, %sh96_ok = gpu.shuffle xor %v95, %c1_i32, %c32_i32 : f32
    %v97 = arith.maximumf %v95, %sh96 : f32
    %sh98, %sh98_ok = gpu.shuffle xor %v97, %c2_i32, %c32_i32 : f32
    %v99 = arith.maximumf %v97, %sh98 : f32
    %mnew100 = arith.maximumf %mx0, %v99 : f32
    %v101 = arith.mulf %mnew100, %cscale : f32
    %v102 = arith.cmpf oeq, %mnew100, %ninf : f32
    %v103 = arith.select %v102, %f0, %v101 : f32
    %v104 = arith.mulf %x1, %cscale fastmath<contract> : f32
    %v105 = arith.subf %v104, %v103 fastmath<contract> : f32
    %p106 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v105 : (f32) -> f32
    %v107 = arith.mulf %x2, %cscale fastmath<contract> : f32
    %v108 = arith.subf %v107, %v103 fastmath<contract> : f32
    %p109 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v108 : (f32) -> f32
    %v110 = arith.mulf %x5, %cscale fastmath<contract> : f32
    %v111 = arith.subf %v110, %v103 fastmath<contract> : f32
    %p112 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v111 : (f32) -> f32
    %v113 = arith.mulf %x6, %cscale fastmath<contract> : f32
    %v114 = arith.subf %v113, %v103 fastmath<contract> : f32
    %p115 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v114 : (f32) -> f32
    %v116 = arith.mulf %x9, %cscale fastmath<contract> : f32
    %v117 = arith.subf %v116, %v103 fastmath<contract> : f32
    %p118 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v117 : (f32) -> f32
    %v119 = arith.mulf %x10, %cscale fastmath<contract> : f32
    %v120 = arith.subf %v119, %v103 fastmath<contract> : f32
    %p121 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v120 : (f32) -> f32
    %v122 = arith.mulf %x13, %cscale fastmath<contract> : f32
    %v123 = arith.subf %v122, %v103 fastmath<contract> : f32
    %p124 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v123 : (f32) -> f32
    %v125 = arith.mulf %x14, %cscale fastmath<contract> : f32
    %v126 = arith.subf %v125, %v103 fastmath<contract> : f32
    %p127 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v126 : (f32) -> f32
    %v128 = arith.mulf %x17, %cscale fastmath<contract> : f32
    %v129 = arith.subf %v128, %v103 fastmath<contract> : f32
    %p130 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v129 : (f32) -> f32
    %v131 = arith.mulf %x18, %cscale fastmath<contract> : f32
    %v132 = arith.subf %v131, %v103 fastmath<contract> : f32
    %p133 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v132 : (f32) -> f32
    %v134 = arith.mulf %x21, %cscale fastmath<contract> : f32
    %v135 = arith.subf %v134, %v103 fastmath<contract> : f32
    %p136 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v135 : (f32) -> f32
    %v137 = arith.mulf %x22, %cscale fastmath<contract> : f32
    %v138 = arith.subf %v137, %v103 fastmath<contract> : f32
    %p139 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v138 : (f32) -> f32
    %v140 = arith.mulf %x25, %cscale fastmath<contract> : f32
    %v141 = arith.subf %v140, %v103 fastmath<contract> : f32
    %p142 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v141 : (f32) -> f32
    %v143 = arith.mulf %x26, %cscale fastmath<contract> : f32
    %v144 = arith.subf %v143, %v103 fastmath<contract> : f32
    %p145 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v144 : (f32) -> f32
    %v146 = arith.mulf %x29, %cscale fastmath<contract> : f32
    %v147 = arith.subf %v146, %v103 fastmath<contract> : f32
    %p148 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v147 : (f32) -> f32
    %v149 = arith.mulf %x30, %cscale fastmath<contract> : f32
    %v150 = arith.subf %v149, %v103 fastmath<contract> : f32
    %p151 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v150 : (f32) -> f32
    %v152 = arith.mulf %x33, %cscale fastmath<contract> : f32
    %v153 = arith.subf %v152, %v103 fastmath<contract> : f32
    %p154 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v153 : (f32) -> f32
    %v155 = arith.mulf %x34, %cscale fastmath<contract> : f32
    %v156 = arith.subf %v155, %v103 fastmath<contract> : f32
    %p157 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v156 : (f32) -> f32
    %v158 = arith.mulf %x37, %cscale fastmath<contract> : f32
    %v159 = arith.subf %v158, %v103 fastmath<contract> : f32
    %p160 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v159 : (f32) -> f32
    %v161 = arith.mulf %x38, %cscale fastmath<contract> : f32
    %v162 = arith.subf %v161, %v103 fastmath<contract> : f32
    %p163 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v162 : (f32) -> f32
    %v164 = arith.mulf %x41, %cscale fastmath<contract> : f32
    %v165 = arith.subf %v164, %v103 fastmath<contract> : f32
    %p166 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v165 : (f32) -> f32
    %v167 = arith.mulf %x42, %cscale fastmath<contract> : f32
    %v168 = arith.subf %v167, %v103 fastmath<contract> : f32
    %p169 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v168 : (f32) -> f32
    %v170 = arith.mulf %x45, %cscale fastmath<contract> : f32
    %v171 = arith.subf %v170, %v103 fastmath<contract> : f32
    %p172 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v171 : (f32) -> f32
    %v173 = arith.mulf %x46, %cscale fastmath<contract> : f32
    %v174 = arith.subf %v173, %v103 fastmath<contract> : f32
    %p175 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v174 : (f32) -> f32
    %v176 = arith.mulf %x49, %cscale fastmath<contract> : f32
    %v177 = arith.subf %v176, %v103 fastmath<contract> : f32
    %p178 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v177 : (f32) -> f32
    %v179 = arith.mulf %x50, %cscale fastmath<contract> : f32
    %v180 = arith.subf %v179, %v103 fastmath<contract> : f32
    %p181 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v180 : (f32) -> f32
    %v182 = arith.mulf %x53, %cscale fastmath<contract> : f32
    %v183 = arith.subf %v182, %v103 fastmath<contract> : f32
    %p184 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v183 : (f32) -> f32
    %v185 = arith.mulf %x54, %cscale fastmath<contract> : f32
    %v186 = arith.subf %v185, %v103 fastmath<contract> : f32
    %p187 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v186 : (f32) -> f32
    %v188 = arith.mulf %x57, %cscale fastmath<contract> : f32
    %v189 = arith.subf %v188, %v103 fastmath<contract> : f32
    %p190 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v189 : (f32) -> f32
    %v191 = arith.mulf %x58, %cscale fastmath<contract> : f32
    %v192 = arith.subf %v191, %v103 fastmath<contract> : f32
    %p193 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v192 : (f32) -> f32
    %v194 = arith.mulf %x61, %cscale fastmath<contract> : f32
    %v195 = arith.subf %v194, %v103 fastmath<contract> : f32
    %p196 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v195 : (f32) -> f32
    %v197 = arith.mulf %x62, %cscale fastmath<contract> : f32
    %v198 = arith.subf %v197, %v103 fastmath<contract> : f32
    %p199 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v198 : (f32) -> f32
    %v200 = arith.mulf %mx0, %cscale : f32
    %v201 = arith.subf %v200, %v103 : f32
    %alpha202 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v201 : (f32) -> f32
    %v203 = arith.addf %p106, %p109 : f32
    %v204 = arith.addf %p112, %p115 : f32
    %v205 = arith.addf %p118, %p121 : f32
    %v206 = arith.addf %p124, %p127 : f32
    %v207 = arith.addf %p130, %p133 : f32
    %v208 = arith.addf %p136, %p139 : f32
    %v209 = arith.addf %p142, %p145 : f32
    %v210 = arith.addf %p148, %p151 : f32
    %v211 = arith.addf %p154, %p157 : f32
    %v212 = arith.addf %p160, %p163 : f32
    %v213 = arith.addf %p166, %p169 : f32
    %v214 = arith.addf %p172, %p175 : f32
    %v215 = arith.addf %p178, %p181 : f32
    %v216 = arith.addf %p184, %p187 : f32
    %v217 = arith.addf %p190, %p193 : f32
    %v218 = arith.addf %p196, %p199 : f32
    %v219 = arith.addf %v203, %v204 : f32
    %v220 = arith.addf %v205, %v206 : f32
    %v221 = arith.addf %v207, %v208 : f32
    %v222 = arith.addf %v209, %v210 : f32
    %v223 = arith.addf %v211, %v212 : f32
    %v224 = arith.addf %v213, %v214 : f32
    %v225 = arith.addf %v215, %v216 : f32
    %v226 = arith.addf %v217, %v218 : f32
    %v227 = arith.addf %v219, %v220 : f32
    %v228 = arith.addf %v221, %v222 : f32
    %v229 = arith.addf %v223, %v224 : f32
    %v230 = arith.addf %v225, %v226 : f32
    %v231 = arith.addf %v227, %v228 : f32
    %v232 = arith.addf %v229, %v230 : f32
    %v233 = arith.addf %v231, %v232 : f32
    %v234 = arith.mulf %l0, %alpha202 : f32
    %lnew235 = arith.addf %v234, %v233 : f32
    %v236 = arith.maximumf %x3, %x4 : f32
    %v237 = arith.maximumf %x7, %x8 : f32
    %v238 = arith.maximumf %x11, %x12 : f32
    %v239 = arith.maximumf %x15, %x16 : f32
    %v240 = arith.maximumf %x19, %x20 : f32
    %v241 = arith.maximumf %x23, %x24 : f32
    %v242 = arith.maximumf %x27, %x28 : f32
    %v243 = arith.maximumf %x31, %x32 : f32
    %v244 = arith.maximumf %x35, %x36 : f32
    %v245 = arith.maximumf %x39, %x40 : f32
    %v246 = arith.maximumf %x43, %x44 : f32
    %v247 = arith.maximumf %x47, %x48 : f32
    %v248 = arith.maximumf %x51, %x52 : f32
    %v249 = arith.maximumf %x55, %x56 : f32
    %v250 = arith.maximumf %x59, %x60 : f32
    %v251 = arith.maximumf %x63, %x64 : f32
    %v252 = arith.maximumf %v236, %v237 : f32
    %v253 = arith.maximumf %v238, %v239 : f32
    %v254 = arith.maximumf %v240, %v241 : f32
    %v255 = arith.maximumf %v242, %v243 : f32
    %v256 = arith.maximumf %v244, %v245 : f32
    %v257 = arith.maximumf %v246, %v247 : f32
    %v258 = arith.maximumf %v248, %v249 : f32
    %v259 = arith.maximumf %v250, %v251 : f32
    %v260 = arith.maximumf %v252, %v253 : f32
    %v261 = arith.maximumf %v254, %v255 : f32
    %v262 = arith.maximumf %v256, %v257 : f32
    %v263 = arith.maximumf %v258, %v259 : f32
    %v264 = arith.maximumf %v260, %v261 : f32
    %v265 = arith.maximumf %v262, %v263 : f32
    %v266 = arith.maximumf %v264, %v265 : f32
    %sh267, %sh267_ok = gpu.shuffle xor %v266, %c1_i32, %c32_i32 : f32
    %v268 = arith.maximumf %v266, %sh267 : f32
    %sh269, %sh269_ok = gpu.shuffle xor %v268, %c2_i32, %c32_i32 : f32
    %v270 = arith.maximumf %v268, %sh269 : f32
    %mnew271 = arith.maximumf %mx1, %v270 : f32
    %v272 = arith.mulf %mnew271, %cscale : f32
    %v273 = arith.cmpf oeq, %mnew271, %ninf : f32
    %v274 = arith.select %v273, %f0, %v272 : f32
    %v275 = arith.mulf %x3, %cscale fastmath<contract> : f32
    %v276 = arith.subf %v275, %v274 fastmath<contract> : f32
    %p277 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v276 : (f32) -> f32
    %v278 = arith.mulf %x4, %cscale fastmath<contract> : f32
    %v279 = arith.subf %v278, %v274 fastmath<contract> : f32
    %p280 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v279 : (f32) -> f32
    %v281 = arith.mulf %x7, %cscale fastmath<contract> : f32
    %v282 = arith.subf %v281, %v274 fastmath<contract> : f32
    %p283 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v282 : (f32) -> f32
    %v284 = arith.mulf %x8, %cscale fastmath<contract> : f32
    %v285 = arith.subf %v284, %v274 fastmath<contract> : f32
    %p286 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v285 : (f32) -> f32
    %v287 = arith.mulf %x11, %cscale fastmath<contract> : f32
    %v288 = arith.subf %v287, %v274 fastmath<contract> : f32
    %p289 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v288 : (f32) -> f32
    %v290 = arith.mulf %x12, %cscale fastmath<contract> : f32
    %v291 = arith.subf %v290, %v274 fastmath<contract> : f32
    %p292 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v291 : (f32) -> f32
    %v293 = arith.mulf %x15, %cscale fastmath<contract> : f32
    %v294 = arith.subf %v293, %v274 fastmath<contract> : f32
    %p295 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v294 : (f32) -> f32
    %v296 = arith.mulf %x16, %cscale fastmath<contract> : f32
    %v297 = arith.subf %v296, %v274 fastmath<contract> : f32
    %p298 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v297 : (f32) -> f32
    %v299 = arith.mulf %x19, %cscale fastmath<contract> : f32
    %v300 = arith.subf %v299, %v274 fastmath<contract> : f32
    %p301 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v300 : (f32) -> f32
    %v302 = arith.mulf %x20, %cscale fastmath<contract> : f32
    %v303 = arith.subf %v302, %v274 fastmath<contract> : f32
    %p304 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v303 : (f32) -> f32
    %v305 = arith.mulf %x23, %cscale fastmath<contract> : f32
    %v306 = arith.subf %v305, %v274 fastmath<contract> : f32
    %p307 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v306 : (f32) -> f32
    %v308 = arith.mulf %x24, %cscale fastmath<contract> : f32
    %v309 = arith.subf %v308, %v274 fastmath<contract> : f32
    %p310 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v309 : (f32) -> f32
    %v311 = arith.mulf %x27, %cscale fastmath<contract> : f32
    %v312 = arith.subf %v311, %v274 fastmath<contract> : f32
    %p313 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v312 : (f32) -> f32
    %v314 = arith.mulf %x28, %cscale fastmath<contract> : f32
    %v315 = arith.subf %v314, %v274 fastmath<contract> : f32
    %p316 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v315 : (f32) -> f32
    %v317 = arith.mulf %x31, %cscale fastmath<contract> : f32
    %v318 = arith.subf %v317, %v274 fastmath<contract> : f32
    %p319 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v318 : (f32) -> f32
    %v320 = arith.mulf %x32, %cscale fastmath<contract> : f32
    %v321 = arith.subf %v320, %v274 fastmath<contract> : f32
    %p322 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v321 : (f32) -> f32
    %v323 = arith.mulf %x35, %cscale fastmath<contract> : f32
    %v324 = arith.subf %v323, %v274 fastmath<contract> : f32
    %p325 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v324 : (f32) -> f32
    %v326 = arith.mulf %x36, %cscale fastmath<contract> : f32
    %v327 = arith.subf %v326, %v274 fastmath<contract> : f32
    %p328 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v327 : (f32) -> f32
    %v329 = arith.mulf %x39, %cscale fastmath<contract> : f32
    %v330 = arith.subf %v329, %v274 fastmath<contract> : f32
    %p331 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v330 : (f32) -> f32
    %v332 = arith.mulf %x40, %cscale fastmath<contract> : f32
    %v333 = arith.subf %v332, %v274 fastmath<contract> : f32
    %p334 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v333 : (f32) -> f32
    %v335 = arith.mulf %x43, %cscale fastmath<contract> : f32
    %v336 = arith.subf %v335, %v274 fastmath<contract> : f32
    %p337 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v336 : (f32) -> f32
    %v338 = arith.mulf %x44, %cscale fastmath<contract> : f32
    %v339 = arith.subf %v338, %v274 fastmath<contract> : f32
    %p340 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v339 : (f32) -> f32
    %v341 = arith.mulf %x47, %cscale fastmath<contract> : f32
    %v342 = arith.subf %v341, %v274 fastmath<contract> : f32
    %p343 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v342 : (f32) -> f32
    %v344 = arith.mulf %x48, %cscale fastmath<contract> : f32
    %v345 = arith.subf %v344, %v274 fastmath<contract> : f32
    %p346 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v345 : (f32) -> f32
    %v347 = arith.mulf %x51, %cscale fastmath<contract> : f32
    %v348 = arith.subf %v347, %v274 fastmath<contract> : f32
    %p349 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v348 : (f32) -> f32
    %v350 = arith.mulf %x52, %cscale fastmath<contract> : f32
    %v351 = arith.subf %v350, %v274 fastmath<contract> : f32
    %p352 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v351 : (f32) -> f32
    %v353 = arith.mulf %x55, %cscale fastmath<contract> : f32
    %v354 = arith.subf %v353, %v274 fastmath<contract> : f32
    %p355 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v354 : (f32) -> f32
    %v356 = arith.mulf %x56, %cscale fastmath<contract> : f32
    %v357 = arith.subf %v356, %v274 fastmath<contract> : f32
    %p358 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v357 : (f32) -> f32
    %v359 = arith.mulf %x59, %cscale fastmath<contract> : f32
    %v360 = arith.subf %v359, %v274 fastmath<contract> : f32
    %p361 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v360 : (f32) -> f32
    %v362 = arith.mulf %x60, %cscale fastmath<contract> : f32
    %v363 = arith.subf %v362, %v274 fastmath<contract> : f32
    %p364 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v363 : (f32) -> f32
    %v365 = arith.mulf %x63, %cscale fastmath<contract> : f32
    %v366 = arith.subf %v365, %v274 fastmath<contract> : f32
    %p367 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v366 : (f32) -> f32
    %v368 = arith.mulf %x64, %cscale fastmath<contract> : f32
    %v369 = arith.subf %v368, %v274 fastmath<contract> : f32
    %p370 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v369 : (f32) -> f32
    %v371 = arith.mulf %mx1, %cscale : f32
    %v372 = arith.subf %v371, %v274 : f32
    %alpha373 = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %v372 : (f32) -> f32
    %v374 = arith.addf %p277, %p280 : f32
    %v375 = arith.addf %p283, %p286 : f32
    %v376 = arith.addf %p289, %p292 : f32
    %v377 = arith.addf %p295, %p298 : f32
    %v378 = arith.addf %p301, %p304 : f32
    %v379 = arith.addf %p307, %p310 : f32
    %v380 = arith.addf %p313, %p316 : f32
    %v381 = arith.addf %p319, %p322 : f32
    %v382 = arith.addf %p325, %p328 : f32
    %v383 = arith.addf %p331, %p334 : f32
    %v384 = arith.addf %p337, %p340 : f32
    %v385 = arith.addf %p343, %p346 : f32
    %v386 = arith.addf %p349, %p352 : f32
    %v387 = arith.addf %p355, %p358 : f32
    %v388 = arith.addf %p361, %p364 : f32
    %v389 = arith.addf %p367, %p370 : f32
    %v390 = arith.addf %v374, %v375 : f32
    %v391 = arith.addf %v376, %v377 : f32
    %v392 = arith.addf %v378, %v379 : f32
    %v393 = arith.addf %v380, %v381 : f32
    %v394 = arith.addf %v382, %v383 : f32
    %v395 = arith.addf %v384, %v385 : f32
    %v396 = arith.addf %v386, %v387 : f32
    %v397 = arith.addf %v388, %v389 : f32
    %v398 = arith.addf %v390, %v391 : f32
    %v399 = arith.addf %v392, %v393 : f32
    %v400 = arith.addf %v394, %v395 : f32
    %v401 = arith.addf %v396, %v397 : f32
    %v402 = arith.addf %v398, %v399 : f32
    %v403 = arith.addf %v400, %v401 : f32
    %v404 = arith.addf %v402, %v403 : f32
    %v405 = arith.mulf %l1, %alpha373 : f32
    %lnew406 = arith.addf %v405, %v404 : f32
    %ox407 = llvm.extractvalue %o[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v408 = arith.mulf %ox407, %alpha202 : f32
    %o409 = llvm.insertvalue %v408, %o[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox410 = llvm.extractvalue %o[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v411 = arith.mulf %ox410, %alpha202 : f32
    %o412 = llvm.insertvalue %v411, %o409[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox413 = llvm.extractvalue %o[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v414 = arith.mulf %ox413, %alpha373 : f32
    %o415 = llvm.insertvalue %v414, %o412[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox416 = llvm.extractvalue %o[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v417 = arith.mulf %ox416, %alpha373 : f32
    %o418 = llvm.insertvalue %v417, %o415[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox419 = llvm.extractvalue %o[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v420 = arith.mulf %ox419, %alpha202 : f32
    %o421 = llvm.insertvalue %v420, %o418[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox422 = llvm.extractvalue %o[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v423 = arith.mulf %ox422, %alpha202 : f32
    %o424 = llvm.insertvalue %v423, %o421[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox425 = llvm.extractvalue %o[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v426 = arith.mulf %ox425, %alpha373 : f32
    %o427 = llvm.insertvalue %v426, %o424[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox428 = llvm.extractvalue %o[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v429 = arith.mulf %ox428, %alpha373 : f32
    %o430 = llvm.insertvalue %v429, %o427[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox431 = llvm.extractvalue %o[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v432 = arith.mulf %ox431, %alpha202 : f32
    %o433 = llvm.insertvalue %v432, %o430[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox434 = llvm.extractvalue %o[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v435 = arith.mulf %ox434, %alpha202 : f32
    %o436 = llvm.insertvalue %v435, %o433[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox437 = llvm.extractvalue %o[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v438 = arith.mulf %ox437, %alpha373 : f32
    %o439 = llvm.insertvalue %v438, %o436[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox440 = llvm.extractvalue %o[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v441 = arith.mulf %ox440, %alpha373 : f32
    %o442 = llvm.insertvalue %v441, %o439[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox443 = llvm.extractvalue %o[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v444 = arith.mulf %ox443, %alpha202 : f32
    %o445 = llvm.insertvalue %v444, %o442[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox446 = llvm.extractvalue %o[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v447 = arith.mulf %ox446, %alpha202 : f32
    %o448 = llvm.insertvalue %v447, %o445[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox449 = llvm.extractvalue %o[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v450 = arith.mulf %ox449, %alpha373 : f32
    %o451 = llvm.insertvalue %v450, %o448[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox452 = llvm.extractvalue %o[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v453 = arith.mulf %ox452, %alpha373 : f32
    %o454 = llvm.insertvalue %v453, %o451[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox455 = llvm.extractvalue %o[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v456 = arith.mulf %ox455, %alpha202 : f32
    %o457 = llvm.insertvalue %v456, %o454[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox458 = llvm.extractvalue %o[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v459 = arith.mulf %ox458, %alpha202 : f32
    %o460 = llvm.insertvalue %v459, %o457[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox461 = llvm.extractvalue %o[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v462 = arith.mulf %ox461, %alpha373 : f32
    %o463 = llvm.insertvalue %v462, %o460[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox464 = llvm.extractvalue %o[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v465 = arith.mulf %ox464, %alpha373 : f32
    %o466 = llvm.insertvalue %v465, %o463[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox467 = llvm.extractvalue %o[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v468 = arith.mulf %ox467, %alpha202 : f32
    %o469 = llvm.insertvalue %v468, %o466[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox470 = llvm.extractvalue %o[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v471 = arith.mulf %ox470, %alpha202 : f32
    %o472 = llvm.insertvalue %v471, %o469[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox473 = llvm.extractvalue %o[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v474 = arith.mulf %ox473, %alpha373 : f32
    %o475 = llvm.insertvalue %v474, %o472[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox476 = llvm.extractvalue %o[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v477 = arith.mulf %ox476, %alpha373 : f32
    %o478 = llvm.insertvalue %v477, %o475[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox479 = llvm.extractvalue %o[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v480 = arith.mulf %ox479, %alpha202 : f32
    %o481 = llvm.insertvalue %v480, %o478[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox482 = llvm.extractvalue %o[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v483 = arith.mulf %ox482, %alpha202 : f32
    %o484 = llvm.insertvalue %v483, %o481[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox485 = llvm.extractvalue %o[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v486 = arith.mulf %ox485, %alpha373 : f32
    %o487 = llvm.insertvalue %v486, %o484[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox488 = llvm.extractvalue %o[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v489 = arith.mulf %ox488, %alpha373 : f32
    %o490 = llvm.insertvalue %v489, %o487[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox491 = llvm.extractvalue %o[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v492 = arith.mulf %ox491, %alpha202 : f32
    %o493 = llvm.insertvalue %v492, %o490[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox494 = llvm.extractvalue %o[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v495 = arith.mulf %ox494, %alpha202 : f32
    %o496 = llvm.insertvalue %v495, %o493[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox497 = llvm.extractvalue %o[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v498 = arith.mulf %ox497, %alpha373 : f32
    %o499 = llvm.insertvalue %v498, %o496[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox500 = llvm.extractvalue %o[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v501 = arith.mulf %ox500, %alpha373 : f32
    %o502 = llvm.insertvalue %v501, %o499[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox503 = llvm.extractvalue %o[32] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v504 = arith.mulf %ox503, %alpha202 : f32
    %o505 = llvm.insertvalue %v504, %o502[32] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox506 = llvm.extractvalue %o[33] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v507 = arith.mulf %ox506, %alpha202 : f32
    %o508 = llvm.insertvalue %v507, %o505[33] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox509 = llvm.extractvalue %o[34] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v510 = arith.mulf %ox509, %alpha373 : f32
    %o511 = llvm.insertvalue %v510, %o508[34] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox512 = llvm.extractvalue %o[35] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v513 = arith.mulf %ox512, %alpha373 : f32
    %o514 = llvm.insertvalue %v513, %o511[35] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox515 = llvm.extractvalue %o[36] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v516 = arith.mulf %ox515, %alpha202 : f32
    %o517 = llvm.insertvalue %v516, %o514[36] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox518 = llvm.extractvalue %o[37] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v519 = arith.mulf %ox518, %alpha202 : f32
    %o520 = llvm.insertvalue %v519, %o517[37] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox521 = llvm.extractvalue %o[38] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v522 = arith.mulf %ox521, %alpha373 : f32
    %o523 = llvm.insertvalue %v522, %o520[38] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox524 = llvm.extractvalue %o[39] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v525 = arith.mulf %ox524, %alpha373 : f32
    %o526 = llvm.insertvalue %v525, %o523[39] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox527 = llvm.extractvalue %o[40] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v528 = arith.mulf %ox527, %alpha202 : f32
    %o529 = llvm.insertvalue %v528, %o526[40] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox530 = llvm.extractvalue %o[41] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v531 = arith.mulf %ox530, %alpha202 : f32
    %o532 = llvm.insertvalue %v531, %o529[41] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox533 = llvm.extractvalue %o[42] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v534 = arith.mulf %ox533, %alpha373 : f32
    %o535 = llvm.insertvalue %v534, %o532[42] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox536 = llvm.extractvalue %o[43] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v537 = arith.mulf %ox536, %alpha373 : f32
    %o538 = llvm.insertvalue %v537, %o535[43] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox539 = llvm.extractvalue %o[44] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v540 = arith.mulf %ox539, %alpha202 : f32
    %o541 = llvm.insertvalue %v540, %o538[44] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox542 = llvm.extractvalue %o[45] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v543 = arith.mulf %ox542, %alpha202 : f32
    %o544 = llvm.insertvalue %v543, %o541[45] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox545 = llvm.extractvalue %o[46] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v546 = arith.mulf %ox545, %alpha373 : f32
    %o547 = llvm.insertvalue %v546, %o544[46] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox548 = llvm.extractvalue %o[47] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v549 = arith.mulf %ox548, %alpha373 : f32
    %o550 = llvm.insertvalue %v549, %o547[47] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox551 = llvm.extractvalue %o[48] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v552 = arith.mulf %ox551, %alpha202 : f32
    %o553 = llvm.insertvalue %v552, %o550[48] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox554 = llvm.extractvalue %o[49] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v555 = arith.mulf %ox554, %alpha202 : f32
    %o556 = llvm.insertvalue %v555, %o553[49] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox557 = llvm.extractvalue %o[50] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v558 = arith.mulf %ox557, %alpha373 : f32
    %o559 = llvm.insertvalue %v558, %o556[50] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox560 = llvm.extractvalue %o[51] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v561 = arith.mulf %ox560, %alpha373 : f32
    %o562 = llvm.insertvalue %v561, %o559[51] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox563 = llvm.extractvalue %o[52] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v564 = arith.mulf %ox563, %alpha202 : f32
    %o565 = llvm.insertvalue %v564, %o562[52] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox566 = llvm.extractvalue %o[53] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v567 = arith.mulf %ox566, %alpha202 : f32
    %o568 = llvm.insertvalue %v567, %o565[53] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox569 = llvm.extractvalue %o[54] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v570 = arith.mulf %ox569, %alpha373 : f32
    %o571 = llvm.insertvalue %v570, %o568[54] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox572 = llvm.extractvalue %o[55] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v573 = arith.mulf %ox572, %alpha373 : f32
    %o574 = llvm.insertvalue %v573, %o571[55] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox575 = llvm.extractvalue %o[56] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v576 = arith.mulf %ox575, %alpha202 : f32
    %o577 = llvm.insertvalue %v576, %o574[56] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox578 = llvm.extractvalue %o[57] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v579 = arith.mulf %ox578, %alpha202 : f32
    %o580 = llvm.insertvalue %v579, %o577[57] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox581 = llvm.extractvalue %o[58] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v582 = arith.mulf %ox581, %alpha373 : f32
    %o583 = llvm.insertvalue %v582, %o580[58] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox584 = llvm.extractvalue %o[59] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v585 = arith.mulf %ox584, %alpha373 : f32
    %o586 = llvm.insertvalue %v585, %o583[59] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox587 = llvm.extractvalue %o[60] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v588 = arith.mulf %ox587, %alpha202 : f32
    %o589 = llvm.insertvalue %v588, %o586[60] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox590 = llvm.extractvalue %o[61] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v591 = arith.mulf %ox590, %alpha202 : f32
    %o592 = llvm.insertvalue %v591, %o589[61] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox593 = llvm.extractvalue %o[62] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v594 = arith.mulf %ox593, %alpha373 : f32
    %o595 = llvm.insertvalue %v594, %o592[62] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %ox596 = llvm.extractvalue %o[63] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v597 = arith.mulf %ox596, %alpha373 : f32
    %o598 = llvm.insertvalue %v597, %o595[63] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %v599 = vector.from_elements %p106, %p109 : vector<2xf32>
    %v600 = arith.truncf %v599 : vector<2xf32> to vector<2xf16>
    %pa601 = llvm.bitcast %v600 : vector<2xf16> to i32
    %v602 = vector.from_elements %p277, %p280 : vector<2xf32>
    %v603 = arith.truncf %v602 : vector<2xf32> to vector<2xf16>
    %pa604 = llvm.bitcast %v603 : vector<2xf16> to i32
    %v605 = vector.from_elements %p112, %p115 : vector<2xf32>
    %v606 = arith.truncf %v605 : vector<2xf32> to vector<2xf16>
    %pa607 = llvm.bitcast %v606 : vector<2xf16> to i32
    %v608 = vector.from_elements %p283, %p286 : vector<2xf32>
    %v609 = arith.truncf %v608 : vector<2xf32> to vector<2xf16>
    %pa610 = llvm.bitcast %v609 : vector<2xf16> to i32
    %v611 = vector.from_elements %p118, %p121 : vector<2xf32>
    %v612 = arith.truncf %v611 : vector<2xf32> to vector<2xf16>
    %pa613 = llvm.bitcast %v612 : vector<2xf16> to i32
    %v614 = vector.from_elements %p289, %p292 : vector<2xf32>
    %v615 = arith.truncf %v614 : vector<2xf32> to vector<2xf16>
    %pa616 = llvm.bitcast %v615 : vector<2xf16> to i32
    %v617 = vector.from_elements %p124, %p127 : vector<2xf32>
    %v618 = arith.truncf %v617 : vector<2xf32> to vector<2xf16>
    %pa619 = llvm.bitcast %v618 : vector<2xf16> to i32
    %v620 = vector.from_elements %p295, %p298 : vector<2xf32>
    %v621 = arith.truncf %v620 : vector<2xf32> to vector<2xf16>
    %pa622 = llvm.bitcast %v621 : vector<2xf16> to i32
    %v623 = vector.from_elements %p130, %p133 : vector<2xf32>
    %v624 = arith.truncf %v623 : vector<2xf32> to vector<2xf16>
    %pa625 = llvm.bitcast %v624 : vector<2xf16> to i32
    %v626 = vector.from_elements %p301, %p304 : vector<2xf32>
    %v627 = arith.truncf %v626 : vector<2xf32> to vector<2xf16>
    %pa628 = llvm.bitcast %v627 : vector<2xf16> to i32
    %v629 = vector.from_elements %p136, %p139 : vector<2xf32>
    %v630 = arith.truncf %v629 : vector<2xf32> to vector<2xf16>
    %pa631 = llvm.bitcast %v630 : vector<2xf16> to i32
    %v632 = vector.from_elements %p307, %p310 : vector<2xf32>
    %v633 = arith.truncf %v632 : vector<2xf32> to vector<2xf16>
    %pa634 = llvm.bitcast %v633 : vector<2xf16> to i32
    %v635 = vector.from_elements %p142, %p145 : vector<2xf32>
    %v636 = arith.truncf %v635 : vector<2xf32> to vector<2xf16>
    %pa637 = llvm.bitcast %v636 : vector<2xf16> to i32
    %v638 = vector.from_elements %p313, %p316 : vector<2xf32>
    %v639 = arith.truncf %v638 : vector<2xf32> to vector<2xf16>
    %pa640 = llvm.bitcast %v639 : vector<2xf16> to i32
    %v641 = vector.from_elements %p148, %p151 : vector<2xf32>
    %v642 = arith.truncf %v641 : vector<2xf32> to vector<2xf16>
    %pa643 = llvm.bitcast %v642 : vector<2xf16> to i32
    %v644 = vector.from_elements %p319, %p322 : vector<2xf32>
    %v645 = arith.truncf %v644 : vector<2xf32> to vector<2xf16>
    %pa646 = llvm.bitcast %v645 : vector<2xf16> to i32
    %v647 = vector.from_elements %p154, %p157 : vector<2xf32>
    %v648 = arith.truncf %v647 : vector<2xf32> to vector<2xf16>
    %pa649 = llvm.bitcast %v648 : vector<2xf16> to i32
    %v650 = vector.from_elements %p325, %p328 : vector<2xf32>
    %v651 = arith.truncf %v650 : vector<2xf32> to vector<2xf16>
    %pa652 = llvm.bitcast %v651 : vector<2xf16> to i32
    %v653 = vector.from_elements %p160, %p163 : vector<2xf32>
    %v654 = arith.truncf %v653 : vector<2xf32> to vector<2xf16>
    %pa655 = llvm.bitcast %v654 : vector<2xf16> to i32
    %v656 = vector.from_elements %p331, %p334 : vector<2xf32>
    %v657 = arith.truncf %v656 : vector<2xf32> to vector<2xf16>
    %pa658 = llvm.bitcast %v657 : vector<2xf16> to i32
    %v659 = vector.from_elements %p166, %p169 : vector<2xf32>
    %v660 = arith.truncf %v659 : vector<2xf32> to vector<2xf16>
    %pa661 = llvm.bitcast %v660 : vector<2xf16> to i32
    %v662 = vector.from_elements %p337, %p340 : vector<2xf32>
    %v663 = arith.truncf %v662 : vector<2xf32> to vector<2xf16>
    %pa664 = llvm.bitcast %v663 : vector<2xf16> to i32
    %v665 = vector.from_elements %p172, %p175 : vector<2xf32>
    %v666 = arith.truncf %v665 : vector<2xf32> to vector<2xf16>
    %pa667 = llvm.bitcast %v666 : vector<2xf16> to i32
    %v668 = vector.from_elements %p343, %p346 : vector<2xf32>
    %v669 = arith.truncf %v668 : vector<2xf32> to vector<2xf16>
    %pa670 = llvm.bitcast %v669 : vector<2xf16> to i32
    %v671 = vector.from_elements %p178, %p181 : vector<2xf32>
    %v672 = arith.truncf %v671 : vector<2xf32> to vector<2xf16>
    %pa673 = llvm.bitcast %v672 : vector<2xf16> to i32
    %v674 = vector.from_elements %p349, %p352 : vector<2xf32>
    %v675 = arith.truncf %v674 : vector<2xf32> to vector<2xf16>
    %pa676 = llvm.bitcast %v675 : vector<2xf16> to i32
    %v677 = vector.from_elements %p184, %p187 : vector<2xf32>
    %v678 = arith.truncf %v677 : vector<2xf32> to vector<2xf16>
    %pa679 = llvm.bitcast %v678 : vector<2xf16> to i32
    %v680 = vector.from_elements %p355, %p358 : vector<2xf32>
    %v681 = arith.truncf %v680 : vector<2xf32> to vector<2xf16>
    %pa682 = llvm.bitcast %v681 : vector<2xf16> to i32
    %v683 = vector.from_elements %p190, %p193 : vector<2xf32>
    %v684 = arith.truncf %v683 : vector<2xf32> to vector<2xf16>
    %pa685 = llvm.bitcast %v684 : vector<2xf16> to i32
    %v686 = vector.from_elements %p361, %p364 : vector<2xf32>
    %v687 = arith.truncf %v686 : vector<2xf32> to vector<2xf16>
    %pa688 = llvm.bitcast %v687 : vector<2xf16> to i32
    %v689 = vector.from_elements %p196, %p199 : vector<2xf32>
    %v690 = arith.truncf %v689 : vector<2xf32> to vector<2xf16>
    %pa691 = llvm.bitcast %v690 : vector<2xf16> to i32
    %v692 = vector.from_elements %p367, %p370 : vector<2xf32>
    %v693 = arith.truncf %v692 : vector<2xf32> to vector<2xf16>
    %pa694 = llvm.bitcast %v693 : vector<2xf16> to i32
    asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>
    nvvm.wgmma.fence.aligned
    %vv0 = memref.subview %sv[0, 0, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %dv0 = asynccopy.wgmma_descriptor %vv0 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %o695 = asynccopy.wgmma_register_a [%pa601, %pa604, %pa607, %pa610], %dv0, %o598, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv1 = memref.subview %sv[0, 16, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 1024>, #gpu.address_space<workgroup>>
    %dv1 = asynccopy.wgmma_descriptor %vv1 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 1024>, #gpu.address_space<workgroup>>
    %o696 = asynccopy.wgmma_register_a [%pa613, %pa616, %pa619, %pa622], %dv1, %o695, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv2 = memref.subview %sv[0, 32, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 2048>, #gpu.address_space<workgroup>>
    %dv2 = asynccopy.wgmma_descriptor %vv2 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 2048>, #gpu.address_space<workgroup>>
    %o697 = asynccopy.wgmma_register_a [%pa625, %pa628, %pa631, %pa634], %dv2, %o696, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv3 = memref.subview %sv[0, 48, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 3072>, #gpu.address_space<workgroup>>
    %dv3 = asynccopy.wgmma_descriptor %vv3 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 3072>, #gpu.address_space<workgroup>>
    %o698 = asynccopy.wgmma_register_a [%pa637, %pa640, %pa643, %pa646], %dv3, %o697, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv4 = memref.subview %sv[0, 64, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    %dv4 = asynccopy.wgmma_descriptor %vv4 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    %o699 = asynccopy.wgmma_register_a [%pa649, %pa652, %pa655, %pa658], %dv4, %o698, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv5 = memref.subview %sv[0, 80, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 5120>, #gpu.address_space<workgroup>>
    %dv5 = asynccopy.wgmma_descriptor %vv5 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 5120>, #gpu.address_space<workgroup>>
    %o700 = asynccopy.wgmma_register_a [%pa661, %pa664, %pa667, %pa670], %dv5, %o699, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv6 = memref.subview %sv[0, 96, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 6144>, #gpu.address_space<workgroup>>
    %dv6 = asynccopy.wgmma_descriptor %vv6 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 6144>, #gpu.address_space<workgroup>>
    %o701 = asynccopy.wgmma_register_a [%pa673, %pa676, %pa679, %pa682], %dv6, %o700, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %vv7 = memref.subview %sv[0, 112, 0] [2, 16, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<2x16x64xf16, strided<[8192, 64, 1], offset: 7168>, #gpu.address_space<workgroup>>
    %dv7 = asynccopy.wgmma_descriptor %vv7 major mn : memref<2x16x64xf16, strided<[8192, 64, 1], offset: 7168>, #gpu.address_space<workgroup>>
    %o702 = asynccopy.wgmma_register_a [%pa685, %pa688, %pa691, %pa694], %dv7, %o701, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.barrier
    %nph = arith.xori %ph, %true : i1
    scf.yield %nph, %o702, %mnew100, %mnew271, %lnew235, %lnew406 : i1, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, f32, f32, f32, f32
  } {asynccopy.pipeline_stages = 2 : i64}
  %sh703, %sh703_ok = gpu.shuffle xor %main#4, %c1_i32, %c32_i32 : f32
  %lsum704 = arith.addf %main#4, %sh703 : f32
  %sh705, %sh705_ok = gpu.shuffle xor %lsum704, %c2_i32, %c32_i32 : f32
  %lsum706 = arith.addf %lsum704, %sh705 : f32
  %sh707, %sh707_ok = gpu.shuffle xor %main#5, %c1_i32, %c32_i32 : f32
  %lsum708 = arith.addf %main#5, %sh707 : f32
  %sh709, %sh709_ok = gpu.shuffle xor %lsum708, %c2_i32, %c32_i32 : f32
  %lsum710 = arith.addf %lsum708, %sh709 : f32
  %v711 = arith.constant 1.0 : f32
  %inv712 = arith.divf %v711, %lsum706 : f32
  %inv713 = arith.divf %v711, %lsum710 : f32
  gpu.barrier
  %l4i = arith.index_cast %l4 : index to i32
  %v714 = arith.constant 0 : i32
  %v715 = arith.xori %v714, %l4i : i32
  %v716 = arith.index_cast %v715 : i32 to index
  %v717 = arith.muli %v716, %c8 : index
  %v718 = arith.addi %v717, %col2 : index
  %v719 = llvm.extractvalue %main#1[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v720 = llvm.extractvalue %main#1[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v721 = arith.mulf %v719, %inv712 : f32
  %v722 = arith.mulf %v720, %inv712 : f32
  %v723 = vector.from_elements %v721, %v722 : vector<2xf32>
  %v724 = arith.truncf %v723 : vector<2xf32> to vector<2xf16>
  vector.store %v724, %sq[%c0, %row0, %v718] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v725 = llvm.extractvalue %main#1[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v726 = llvm.extractvalue %main#1[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v727 = arith.mulf %v725, %inv713 : f32
  %v728 = arith.mulf %v726, %inv713 : f32
  %v729 = vector.from_elements %v727, %v728 : vector<2xf32>
  %v730 = arith.truncf %v729 : vector<2xf32> to vector<2xf16>
  vector.store %v730, %sq[%c0, %row1, %v718] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v731 = arith.constant 1 : i32
  %v732 = arith.xori %v731, %l4i : i32
  %v733 = arith.index_cast %v732 : i32 to index
  %v734 = arith.muli %v733, %c8 : index
  %v735 = arith.addi %v734, %col2 : index
  %v736 = llvm.extractvalue %main#1[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v737 = llvm.extractvalue %main#1[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v738 = arith.mulf %v736, %inv712 : f32
  %v739 = arith.mulf %v737, %inv712 : f32
  %v740 = vector.from_elements %v738, %v739 : vector<2xf32>
  %v741 = arith.truncf %v740 : vector<2xf32> to vector<2xf16>
  vector.store %v741, %sq[%c0, %row0, %v735] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v742 = llvm.extractvalue %main#1[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v743 = llvm.extractvalue %main#1[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v744 = arith.mulf %v742, %inv713 : f32
  %v745 = arith.mulf %v743, %inv713 : f32
  %v746 = vector.from_elements %v744, %v745 : vector<2xf32>
  %v747 = arith.truncf %v746 : vector<2xf32> to vector<2xf16>
  vector.store %v747, %sq[%c0, %row1, %v735] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v748 = arith.constant 2 : i32
  %v749 = arith.xori %v748, %l4i : i32
  %v750 = arith.index_cast %v749 : i32 to index
  %v751 = arith.muli %v750, %c8 : index
  %v752 = arith.addi %v751, %col2 : index
  %v753 = llvm.extractvalue %main#1[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v754 = llvm.extractvalue %main#1[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v755 = arith.mulf %v753, %inv712 : f32
  %v756 = arith.mulf %v754, %inv712 : f32
  %v757 = vector.from_elements %v755, %v756 : vector<2xf32>
  %v758 = arith.truncf %v757 : vector<2xf32> to vector<2xf16>
  vector.store %v758, %sq[%c0, %row0, %v752] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v759 = llvm.extractvalue %main#1[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v760 = llvm.extractvalue %main#1[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v761 = arith.mulf %v759, %inv713 : f32
  %v762 = arith.mulf %v760, %inv713 : f32
  %v763 = vector.from_elements %v761, %v762 : vector<2xf32>
  %v764 = arith.truncf %v763 : vector<2xf32> to vector<2xf16>
  vector.store %v764, %sq[%c0, %row1, %v752] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v765 = arith.constant 3 : i32
  %v766 = arith.xori %v765, %l4i : i32
  %v767 = arith.index_cast %v766 : i32 to index
  %v768 = arith.muli %v767, %c8 : index
  %v769 = arith.addi %v768, %col2 : index
  %v770 = llvm.extractvalue %main#1[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v771 = llvm.extractvalue %main#1[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v772 = arith.mulf %v770, %inv712 : f32
  %v773 = arith.mulf %v771, %inv712 : f32
  %v774 = vector.from_elements %v772, %v773 : vector<2xf32>
  %v775 = arith.truncf %v774 : vector<2xf32> to vector<2xf16>
  vector.store %v775, %sq[%c0, %row0, %v769] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v776 = llvm.extractvalue %main#1[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v777 = llvm.extractvalue %main#1[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v778 = arith.mulf %v776, %inv713 : f32
  %v779 = arith.mulf %v777, %inv713 : f32
  %v780 = vector.from_elements %v778, %v779 : vector<2xf32>
  %v781 = arith.truncf %v780 : vector<2xf32> to vector<2xf16>
  vector.store %v781, %sq[%c0, %row1, %v769] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v782 = arith.constant 4 : i32
  %v783 = arith.xori %v782, %l4i : i32
  %v784 = arith.index_cast %v783 : i32 to index
  %v785 = arith.muli %v784, %c8 : index
  %v786 = arith.addi %v785, %col2 : index
  %v787 = llvm.extractvalue %main#1[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v788 = llvm.extractvalue %main#1[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v789 = arith.mulf %v787, %inv712 : f32
  %v790 = arith.mulf %v788, %inv712 : f32
  %v791 = vector.from_elements %v789, %v790 : vector<2xf32>
  %v792 = arith.truncf %v791 : vector<2xf32> to vector<2xf16>
  vector.store %v792, %sq[%c0, %row0, %v786] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v793 = llvm.extractvalue %main#1[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v794 = llvm.extractvalue %main#1[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v795 = arith.mulf %v793, %inv713 : f32
  %v796 = arith.mulf %v794, %inv713 : f32
  %v797 = vector.from_elements %v795, %v796 : vector<2xf32>
  %v798 = arith.truncf %v797 : vector<2xf32> to vector<2xf16>
  vector.store %v798, %sq[%c0, %row1, %v786] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v799 = arith.constant 5 : i32
  %v800 = arith.xori %v799, %l4i : i32
  %v801 = arith.index_cast %v800 : i32 to index
  %v802 = arith.muli %v801, %c8 : index
  %v803 = arith.addi %v802, %col2 : index
  %v804 = llvm.extractvalue %main#1[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v805 = llvm.extractvalue %main#1[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v806 = arith.mulf %v804, %inv712 : f32
  %v807 = arith.mulf %v805, %inv712 : f32
  %v808 = vector.from_elements %v806, %v807 : vector<2xf32>
  %v809 = arith.truncf %v808 : vector<2xf32> to vector<2xf16>
  vector.store %v809, %sq[%c0, %row0, %v803] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v810 = llvm.extractvalue %main#1[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v811 = llvm.extractvalue %main#1[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v812 = arith.mulf %v810, %inv713 : f32
  %v813 = arith.mulf %v811, %inv713 : f32
  %v814 = vector.from_elements %v812, %v813 : vector<2xf32>
  %v815 = arith.truncf %v814 : vector<2xf32> to vector<2xf16>
  vector.store %v815, %sq[%c0, %row1, %v803] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v816 = arith.constant 6 : i32
  %v817 = arith.xori %v816, %l4i : i32
  %v818 = arith.index_cast %v817 : i32 to index
  %v819 = arith.muli %v818, %c8 : index
  %v820 = arith.addi %v819, %col2 : index
  %v821 = llvm.extractvalue %main#1[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v822 = llvm.extractvalue %main#1[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v823 = arith.mulf %v821, %inv712 : f32
  %v824 = arith.mulf %v822, %inv712 : f32
  %v825 = vector.from_elements %v823, %v824 : vector<2xf32>
  %v826 = arith.truncf %v825 : vector<2xf32> to vector<2xf16>
  vector.store %v826, %sq[%c0, %row0, %v820] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v827 = llvm.extractvalue %main#1[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v828 = llvm.extractvalue %main#1[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v829 = arith.mulf %v827, %inv713 : f32
  %v830 = arith.mulf %v828, %inv713 : f32
  %v831 = vector.from_elements %v829, %v830 : vector<2xf32>
  %v832 = arith.truncf %v831 : vector<2xf32> to vector<2xf16>
  vector.store %v832, %sq[%c0, %row1, %v820] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v833 = arith.constant 7 : i32
  %v834 = arith.xori %v833, %l4i : i32
  %v835 = arith.index_cast %v834 : i32 to index
  %v836 = arith.muli %v835, %c8 : index
  %v837 = arith.addi %v836, %col2 : index
  %v838 = llvm.extractvalue %main#1[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v839 = llvm.extractvalue %main#1[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v840 = arith.mulf %v838, %inv712 : f32
  %v841 = arith.mulf %v839, %inv712 : f32
  %v842 = vector.from_elements %v840, %v841 : vector<2xf32>
  %v843 = arith.truncf %v842 : vector<2xf32> to vector<2xf16>
  vector.store %v843, %sq[%c0, %row0, %v837] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v844 = llvm.extractvalue %main#1[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v845 = llvm.extractvalue %main#1[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v846 = arith.mulf %v844, %inv713 : f32
  %v847 = arith.mulf %v845, %inv713 : f32
  %v848 = vector.from_elements %v846, %v847 : vector<2xf32>
  %v849 = arith.truncf %v848 : vector<2xf32> to vector<2xf16>
  vector.store %v849, %sq[%c0, %row1, %v837] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v850 = arith.constant 0 : i32
  %v851 = arith.xori %v850, %l4i : i32
  %v852 = arith.index_cast %v851 : i32 to index
  %v853 = arith.muli %v852, %c8 : index
  %v854 = arith.addi %v853, %col2 : index
  %v855 = llvm.extractvalue %main#1[32] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v856 = llvm.extractvalue %main#1[33] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v857 = arith.mulf %v855, %inv712 : f32
  %v858 = arith.mulf %v856, %inv712 : f32
  %v859 = vector.from_elements %v857, %v858 : vector<2xf32>
  %v860 = arith.truncf %v859 : vector<2xf32> to vector<2xf16>
  vector.store %v860, %sq[%c1, %row0, %v854] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v861 = llvm.extractvalue %main#1[34] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v862 = llvm.extractvalue %main#1[35] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v863 = arith.mulf %v861, %inv713 : f32
  %v864 = arith.mulf %v862, %inv713 : f32
  %v865 = vector.from_elements %v863, %v864 : vector<2xf32>
  %v866 = arith.truncf %v865 : vector<2xf32> to vector<2xf16>
  vector.store %v866, %sq[%c1, %row1, %v854] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v867 = arith.constant 1 : i32
  %v868 = arith.xori %v867, %l4i : i32
  %v869 = arith.index_cast %v868 : i32 to index
  %v870 = arith.muli %v869, %c8 : index
  %v871 = arith.addi %v870, %col2 : index
  %v872 = llvm.extractvalue %main#1[36] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v873 = llvm.extractvalue %main#1[37] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v874 = arith.mulf %v872, %inv712 : f32
  %v875 = arith.mulf %v873, %inv712 : f32
  %v876 = vector.from_elements %v874, %v875 : vector<2xf32>
  %v877 = arith.truncf %v876 : vector<2xf32> to vector<2xf16>
  vector.store %v877, %sq[%c1, %row0, %v871] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v878 = llvm.extractvalue %main#1[38] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v879 = llvm.extractvalue %main#1[39] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v880 = arith.mulf %v878, %inv713 : f32
  %v881 = arith.mulf %v879, %inv713 : f32
  %v882 = vector.from_elements %v880, %v881 : vector<2xf32>
  %v883 = arith.truncf %v882 : vector<2xf32> to vector<2xf16>
  vector.store %v883, %sq[%c1, %row1, %v871] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v884 = arith.constant 2 : i32
  %v885 = arith.xori %v884, %l4i : i32
  %v886 = arith.index_cast %v885 : i32 to index
  %v887 = arith.muli %v886, %c8 : index
  %v888 = arith.addi %v887, %col2 : index
  %v889 = llvm.extractvalue %main#1[40] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v890 = llvm.extractvalue %main#1[41] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v891 = arith.mulf %v889, %inv712 : f32
  %v892 = arith.mulf %v890, %inv712 : f32
  %v893 = vector.from_elements %v891, %v892 : vector<2xf32>
  %v894 = arith.truncf %v893 : vector<2xf32> to vector<2xf16>
  vector.store %v894, %sq[%c1, %row0, %v888] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v895 = llvm.extractvalue %main#1[42] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v896 = llvm.extractvalue %main#1[43] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v897 = arith.mulf %v895, %inv713 : f32
  %v898 = arith.mulf %v896, %inv713 : f32
  %v899 = vector.from_elements %v897, %v898 : vector<2xf32>
  %v900 = arith.truncf %v899 : vector<2xf32> to vector<2xf16>
  vector.store %v900, %sq[%c1, %row1, %v888] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v901 = arith.constant 3 : i32
  %v902 = arith.xori %v901, %l4i : i32
  %v903 = arith.index_cast %v902 : i32 to index
  %v904 = arith.muli %v903, %c8 : index
  %v905 = arith.addi %v904, %col2 : index
  %v906 = llvm.extractvalue %main#1[44] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v907 = llvm.extractvalue %main#1[45] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v908 = arith.mulf %v906, %inv712 : f32
  %v909 = arith.mulf %v907, %inv712 : f32
  %v910 = vector.from_elements %v908, %v909 : vector<2xf32>
  %v911 = arith.truncf %v910 : vector<2xf32> to vector<2xf16>
  vector.store %v911, %sq[%c1, %row0, %v905] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v912 = llvm.extractvalue %main#1[46] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v913 = llvm.extractvalue %main#1[47] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v914 = arith.mulf %v912, %inv713 : f32
  %v915 = arith.mulf %v913, %inv713 : f32
  %v916 = vector.from_elements %v914, %v915 : vector<2xf32>
  %v917 = arith.truncf %v916 : vector<2xf32> to vector<2xf16>
  vector.store %v917, %sq[%c1, %row1, %v905] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v918 = arith.constant 4 : i32
  %v919 = arith.xori %v918, %l4i : i32
  %v920 = arith.index_cast %v919 : i32 to index
  %v921 = arith.muli %v920, %c8 : index
  %v922 = arith.addi %v921, %col2 : index
  %v923 = llvm.extractvalue %main#1[48] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v924 = llvm.extractvalue %main#1[49] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v925 = arith.mulf %v923, %inv712 : f32
  %v926 = arith.mulf %v924, %inv712 : f32
  %v927 = vector.from_elements %v925, %v926 : vector<2xf32>
  %v928 = arith.truncf %v927 : vector<2xf32> to vector<2xf16>
  vector.store %v928, %sq[%c1, %row0, %v922] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v929 = llvm.extractvalue %main#1[50] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v930 = llvm.extractvalue %main#1[51] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v931 = arith.mulf %v929, %inv713 : f32
  %v932 = arith.mulf %v930, %inv713 : f32
  %v933 = vector.from_elements %v931, %v932 : vector<2xf32>
  %v934 = arith.truncf %v933 : vector<2xf32> to vector<2xf16>
  vector.store %v934, %sq[%c1, %row1, %v922] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v935 = arith.constant 5 : i32
  %v936 = arith.xori %v935, %l4i : i32
  %v937 = arith.index_cast %v936 : i32 to index
  %v938 = arith.muli %v937, %c8 : index
  %v939 = arith.addi %v938, %col2 : index
  %v940 = llvm.extractvalue %main#1[52] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v941 = llvm.extractvalue %main#1[53] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v942 = arith.mulf %v940, %inv712 : f32
  %v943 = arith.mulf %v941, %inv712 : f32
  %v944 = vector.from_elements %v942, %v943 : vector<2xf32>
  %v945 = arith.truncf %v944 : vector<2xf32> to vector<2xf16>
  vector.store %v945, %sq[%c1, %row0, %v939] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v946 = llvm.extractvalue %main#1[54] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v947 = llvm.extractvalue %main#1[55] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v948 = arith.mulf %v946, %inv713 : f32
  %v949 = arith.mulf %v947, %inv713 : f32
  %v950 = vector.from_elements %v948, %v949 : vector<2xf32>
  %v951 = arith.truncf %v950 : vector<2xf32> to vector<2xf16>
  vector.store %v951, %sq[%c1, %row1, %v939] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v952 = arith.constant 6 : i32
  %v953 = arith.xori %v952, %l4i : i32
  %v954 = arith.index_cast %v953 : i32 to index
  %v955 = arith.muli %v954, %c8 : index
  %v956 = arith.addi %v955, %col2 : index
  %v957 = llvm.extractvalue %main#1[56] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v958 = llvm.extractvalue %main#1[57] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v959 = arith.mulf %v957, %inv712 : f32
  %v960 = arith.mulf %v958, %inv712 : f32
  %v961 = vector.from_elements %v959, %v960 : vector<2xf32>
  %v962 = arith.truncf %v961 : vector<2xf32> to vector<2xf16>
  vector.store %v962, %sq[%c1, %row0, %v956] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v963 = llvm.extractvalue %main#1[58] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v964 = llvm.extractvalue %main#1[59] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v965 = arith.mulf %v963, %inv713 : f32
  %v966 = arith.mulf %v964, %inv713 : f32
  %v967 = vector.from_elements %v965, %v966 : vector<2xf32>
  %v968 = arith.truncf %v967 : vector<2xf32> to vector<2xf16>
  vector.store %v968, %sq[%c1, %row1, %v956] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v969 = arith.constant 7 : i32
  %v970 = arith.xori %v969, %l4i : i32
  %v971 = arith.index_cast %v970 : i32 to index
  %v972 = arith.muli %v971, %c8 : index
  %v973 = arith.addi %v972, %col2 : index
  %v974 = llvm.extractvalue %main#1[60] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v975 = llvm.extractvalue %main#1[61] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v976 = arith.mulf %v974, %inv712 : f32
  %v977 = arith.mulf %v975, %inv712 : f32
  %v978 = vector.from_elements %v976, %v977 : vector<2xf32>
  %v979 = arith.truncf %v978 : vector<2xf32> to vector<2xf16>
  vector.store %v979, %sq[%c1, %row0, %v973] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %v980 = llvm.extractvalue %main#1[62] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v981 = llvm.extractvalue %main#1[63] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v982 = arith.mulf %v980, %inv713 : f32
  %v983 = arith.mulf %v981, %inv713 : f32
  %v984 = vector.from_elements %v982, %v983 : vector<2xf32>
  %v985 = arith.truncf %v984 : vector<2xf32> to vector<2xf16>
  vector.store %v985, %sq[%c1, %row1, %v973] : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  gpu.barrier
  asynccopy.copy %sq to %O window [%bh, %m0, 0] [1, 128, 128] {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[128, 64]>]} : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<64x4096x128xf16>
  %first = arith.cmpi eq, %lm, %c0 : index
  %v986 = arith.mulf %main#2, %cscale : f32
  %v987 = llvm.inline_asm "lg2.approx.ftz.f32 $0, $1;", "=f,f" %lsum706 : (f32) -> f32
  %v988 = arith.addf %v986, %v987 : f32
  %lse989 = arith.mulf %v988, %cln2 : f32
  %v990 = arith.cmpi ult, %grow0, %c4096 : index
  %v991 = arith.andi %first, %v990 : i1
  scf.if %v991 {
    memref.store %lse989, %LSE[%bh, %grow0] : memref<64x4096xf32>
  }
  %v992 = arith.mulf %main#3, %cscale : f32
  %v993 = llvm.inline_asm "lg2.approx.ftz.f32 $0, $1;", "=f,f" %lsum710 : (f32) -> f32
  %v994 = arith.addf %v992, %v993 : f32
  %lse995 = arith.mulf %v994, %cln2 : f32
  %v996 = arith.cmpi ult, %grow1, %c4096 : index
  %v997 = arith.andi %first, %v996 : i1
  scf.if %v997 {
    memref.store %lse995, %LSE[%bh, %grow1] : memref<64x4096xf32>
  }
  asynccopy.wait_group bulk 0 {read}
  gpu.return
}
}
}
