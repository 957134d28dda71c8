// C = A @ B^T, 4096 x 4096 x 4096, f16 in, f32 accumulation, f16 out; tile 128 x 256 x 64, 3 stages.
// Launch: grid 32 x 16, block 256, cluster 1 x 1, 212992 B of shared memory.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
module attributes {gpu.container_module} {
gpu.module @kernels {
gpu.func @gemm(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>)
    workgroup(%sa : memref<128x64xf16, #gpu.address_space<workgroup>>, %sb : memref<256x64xf16, #gpu.address_space<workgroup>>, %sc : memref<4x128x64xf16, #gpu.address_space<workgroup>>) kernel
    attributes {known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %false = arith.constant false
  %true = arith.constant true
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %rx = arith.remui %bx, %c1 : index
  %ry = arith.remui %by, %c1 : index
  %tid = gpu.thread_id x
  %wg = arith.divui %tid, %c128 : index
  %wrow = arith.muli %wg, %c64 : index
  %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
  %sx = arith.divui %bx, %c1 : index
  %sy = arith.divui %by, %c1 : index
  %sline = arith.muli %sy, %c32 : index
  %bid = arith.addi %sline, %sx : index
  %group = arith.divui %bid, %c128 : index
  %first_m = arith.muli %group, %c8 : index
  %left_m = arith.subi %c32, %first_m : index
  %group_size = arith.minui %left_m, %c8 : index
  %in_group = arith.remui %bid, %c128 : index
  %dm = arith.remui %in_group, %group_size : index
  %sm = arith.addi %first_m, %dm : index
  %sn = arith.divui %in_group, %group_size : index
  %smc = arith.muli %sm, %c1 : index
  %pid_m = arith.addi %smc, %rx : index
  %snc = arith.muli %sn, %c1 : index
  %pid_n = arith.addi %snc, %ry : index
  %m0 = arith.muli %pid_m, %c128 : index
  %n0 = arith.muli %pid_n, %c256 : index
  %zero = llvm.mlir.zero : !acc
  %main:2 = scf.for %kt = %c0 to %c64 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
    %k0 = arith.muli %kt, %c64 : index
    asynccopy.copy %A to %sa window [%m0, %k0] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
    asynccopy.copy %B to %sb window [%n0, %k0] [256, 64] barrier %bar[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<256x64xf16, #gpu.address_space<workgroup>>
    asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
    nvvm.wgmma.fence.aligned
    %va0 = memref.subview %sa[%wrow, 0] [64, 16] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb0 = memref.subview %sb[0, 0] [256, 16] [1, 1] : memref<256x64xf16, #gpu.address_space<workgroup>> to memref<256x16xf16, strided<[64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %da0 = asynccopy.wgmma_descriptor %va0 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %db0 = asynccopy.wgmma_descriptor %vb0 major k : memref<256x16xf16, strided<[64, 1], offset: 0>, #gpu.address_space<workgroup>>
    %acc0 = nvvm.wgmma.mma_async %da0, %db0, %acc, #nvvm.shape<m = 64, n = 256, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
    %va1 = memref.subview %sa[%wrow, 16] [64, 16] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb1 = memref.subview %sb[0, 16] [256, 16] [1, 1] : memref<256x64xf16, #gpu.address_space<workgroup>> to memref<256x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    %da1 = asynccopy.wgmma_descriptor %va1 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %db1 = asynccopy.wgmma_descriptor %vb1 major k : memref<256x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    %acc1 = nvvm.wgmma.mma_async %da1, %db1, %acc0, #nvvm.shape<m = 64, n = 256, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
    %va2 = memref.subview %sa[%wrow, 32] [64, 16] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb2 = memref.subview %sb[0, 32] [256, 16] [1, 1] : memref<256x64xf16, #gpu.address_space<workgroup>> to memref<256x16xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
    %da2 = asynccopy.wgmma_descriptor %va2 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %db2 = asynccopy.wgmma_descriptor %vb2 major k : memref<256x16xf16, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
    %acc2 = nvvm.wgmma.mma_async %da2, %db2, %acc1, #nvvm.shape<m = 64, n = 256, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
    %va3 = memref.subview %sa[%wrow, 48] [64, 16] [1, 1] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb3 = memref.subview %sb[0, 48] [256, 16] [1, 1] : memref<256x64xf16, #gpu.address_space<workgroup>> to memref<256x16xf16, strided<[64, 1], offset: 48>, #gpu.address_space<workgroup>>
    %da3 = asynccopy.wgmma_descriptor %va3 major k : memref<64x16xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %db3 = asynccopy.wgmma_descriptor %vb3 major k : memref<256x16xf16, strided<[64, 1], offset: 48>, #gpu.address_space<workgroup>>
    %acc3 = nvvm.wgmma.mma_async %da3, %db3, %acc2, #nvvm.shape<m = 64, n = 256, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.barrier
    %nph = arith.xori %ph, %true : i1
    scf.yield %nph, %acc3 : i1, !acc
  } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer, asynccopy.pipeline_empty_barrier}
  %lane = arith.remui %tid, %c32 : index
  %warp = arith.divui %tid, %c32 : index
  %wiw = arith.remui %warp, %c4 : index
  %w16 = arith.muli %wiw, %c16 : index
  %l4 = arith.divui %lane, %c4 : index
  %r0a = arith.addi %wrow, %w16 : index
  %row0 = arith.addi %r0a, %l4 : index
  %row1 = arith.addi %row0, %c8 : index
  %lm = arith.remui %lane, %c4 : index
  %col2 = arith.muli %lm, %c2 : index
  %l4i = arith.index_cast %l4 : index to i32
  %ch0 = arith.constant 0 : i32
  %sw0 = arith.xori %ch0, %l4i : i32
  %swi0 = arith.index_cast %sw0 : i32 to index
  %sw8_0 = arith.muli %swi0, %c8 : index
  %col_0 = arith.addi %sw8_0, %col2 : index
  %x0 = llvm.extractvalue %main#1[0] : !acc
  %x1 = llvm.extractvalue %main#1[1] : !acc
  %h0 = arith.truncf %x0 : f32 to f16
  %h1 = arith.truncf %x1 : f32 to f16
  %v0 = vector.from_elements %h0, %h1 : vector<2xf16>
  vector.store %v0, %sc[%c0, %row0, %col_0] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x2 = llvm.extractvalue %main#1[2] : !acc
  %x3 = llvm.extractvalue %main#1[3] : !acc
  %h2 = arith.truncf %x2 : f32 to f16
  %h3 = arith.truncf %x3 : f32 to f16
  %v2 = vector.from_elements %h2, %h3 : vector<2xf16>
  vector.store %v2, %sc[%c0, %row1, %col_0] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch1 = arith.constant 1 : i32
  %sw1 = arith.xori %ch1, %l4i : i32
  %swi1 = arith.index_cast %sw1 : i32 to index
  %sw8_1 = arith.muli %swi1, %c8 : index
  %col_1 = arith.addi %sw8_1, %col2 : index
  %x4 = llvm.extractvalue %main#1[4] : !acc
  %x5 = llvm.extractvalue %main#1[5] : !acc
  %h4 = arith.truncf %x4 : f32 to f16
  %h5 = arith.truncf %x5 : f32 to f16
  %v4 = vector.from_elements %h4, %h5 : vector<2xf16>
  vector.store %v4, %sc[%c0, %row0, %col_1] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x6 = llvm.extractvalue %main#1[6] : !acc
  %x7 = llvm.extractvalue %main#1[7] : !acc
  %h6 = arith.truncf %x6 : f32 to f16
  %h7 = arith.truncf %x7 : f32 to f16
  %v6 = vector.from_elements %h6, %h7 : vector<2xf16>
  vector.store %v6, %sc[%c0, %row1, %col_1] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch2 = arith.constant 2 : i32
  %sw2 = arith.xori %ch2, %l4i : i32
  %swi2 = arith.index_cast %sw2 : i32 to index
  %sw8_2 = arith.muli %swi2, %c8 : index
  %col_2 = arith.addi %sw8_2, %col2 : index
  %x8 = llvm.extractvalue %main#1[8] : !acc
  %x9 = llvm.extractvalue %main#1[9] : !acc
  %h8 = arith.truncf %x8 : f32 to f16
  %h9 = arith.truncf %x9 : f32 to f16
  %v8 = vector.from_elements %h8, %h9 : vector<2xf16>
  vector.store %v8, %sc[%c0, %row0, %col_2] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x10 = llvm.extractvalue %main#1[10] : !acc
  %x11 = llvm.extractvalue %main#1[11] : !acc
  %h10 = arith.truncf %x10 : f32 to f16
  %h11 = arith.truncf %x11 : f32 to f16
  %v10 = vector.from_elements %h10, %h11 : vector<2xf16>
  vector.store %v10, %sc[%c0, %row1, %col_2] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch3 = arith.constant 3 : i32
  %sw3 = arith.xori %ch3, %l4i : i32
  %swi3 = arith.index_cast %sw3 : i32 to index
  %sw8_3 = arith.muli %swi3, %c8 : index
  %col_3 = arith.addi %sw8_3, %col2 : index
  %x12 = llvm.extractvalue %main#1[12] : !acc
  %x13 = llvm.extractvalue %main#1[13] : !acc
  %h12 = arith.truncf %x12 : f32 to f16
  %h13 = arith.truncf %x13 : f32 to f16
  %v12 = vector.from_elements %h12, %h13 : vector<2xf16>
  vector.store %v12, %sc[%c0, %row0, %col_3] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x14 = llvm.extractvalue %main#1[14] : !acc
  %x15 = llvm.extractvalue %main#1[15] : !acc
  %h14 = arith.truncf %x14 : f32 to f16
  %h15 = arith.truncf %x15 : f32 to f16
  %v14 = vector.from_elements %h14, %h15 : vector<2xf16>
  vector.store %v14, %sc[%c0, %row1, %col_3] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch4 = arith.constant 4 : i32
  %sw4 = arith.xori %ch4, %l4i : i32
  %swi4 = arith.index_cast %sw4 : i32 to index
  %sw8_4 = arith.muli %swi4, %c8 : index
  %col_4 = arith.addi %sw8_4, %col2 : index
  %x16 = llvm.extractvalue %main#1[16] : !acc
  %x17 = llvm.extractvalue %main#1[17] : !acc
  %h16 = arith.truncf %x16 : f32 to f16
  %h17 = arith.truncf %x17 : f32 to f16
  %v16 = vector.from_elements %h16, %h17 : vector<2xf16>
  vector.store %v16, %sc[%c0, %row0, %col_4] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x18 = llvm.extractvalue %main#1[18] : !acc
  %x19 = llvm.extractvalue %main#1[19] : !acc
  %h18 = arith.truncf %x18 : f32 to f16
  %h19 = arith.truncf %x19 : f32 to f16
  %v18 = vector.from_elements %h18, %h19 : vector<2xf16>
  vector.store %v18, %sc[%c0, %row1, %col_4] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch5 = arith.constant 5 : i32
  %sw5 = arith.xori %ch5, %l4i : i32
  %swi5 = arith.index_cast %sw5 : i32 to index
  %sw8_5 = arith.muli %swi5, %c8 : index
  %col_5 = arith.addi %sw8_5, %col2 : index
  %x20 = llvm.extractvalue %main#1[20] : !acc
  %x21 = llvm.extractvalue %main#1[21] : !acc
  %h20 = arith.truncf %x20 : f32 to f16
  %h21 = arith.truncf %x21 : f32 to f16
  %v20 = vector.from_elements %h20, %h21 : vector<2xf16>
  vector.store %v20, %sc[%c0, %row0, %col_5] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x22 = llvm.extractvalue %main#1[22] : !acc
  %x23 = llvm.extractvalue %main#1[23] : !acc
  %h22 = arith.truncf %x22 : f32 to f16
  %h23 = arith.truncf %x23 : f32 to f16
  %v22 = vector.from_elements %h22, %h23 : vector<2xf16>
  vector.store %v22, %sc[%c0, %row1, %col_5] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch6 = arith.constant 6 : i32
  %sw6 = arith.xori %ch6, %l4i : i32
  %swi6 = arith.index_cast %sw6 : i32 to index
  %sw8_6 = arith.muli %swi6, %c8 : index
  %col_6 = arith.addi %sw8_6, %col2 : index
  %x24 = llvm.extractvalue %main#1[24] : !acc
  %x25 = llvm.extractvalue %main#1[25] : !acc
  %h24 = arith.truncf %x24 : f32 to f16
  %h25 = arith.truncf %x25 : f32 to f16
  %v24 = vector.from_elements %h24, %h25 : vector<2xf16>
  vector.store %v24, %sc[%c0, %row0, %col_6] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x26 = llvm.extractvalue %main#1[26] : !acc
  %x27 = llvm.extractvalue %main#1[27] : !acc
  %h26 = arith.truncf %x26 : f32 to f16
  %h27 = arith.truncf %x27 : f32 to f16
  %v26 = vector.from_elements %h26, %h27 : vector<2xf16>
  vector.store %v26, %sc[%c0, %row1, %col_6] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch7 = arith.constant 7 : i32
  %sw7 = arith.xori %ch7, %l4i : i32
  %swi7 = arith.index_cast %sw7 : i32 to index
  %sw8_7 = arith.muli %swi7, %c8 : index
  %col_7 = arith.addi %sw8_7, %col2 : index
  %x28 = llvm.extractvalue %main#1[28] : !acc
  %x29 = llvm.extractvalue %main#1[29] : !acc
  %h28 = arith.truncf %x28 : f32 to f16
  %h29 = arith.truncf %x29 : f32 to f16
  %v28 = vector.from_elements %h28, %h29 : vector<2xf16>
  vector.store %v28, %sc[%c0, %row0, %col_7] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x30 = llvm.extractvalue %main#1[30] : !acc
  %x31 = llvm.extractvalue %main#1[31] : !acc
  %h30 = arith.truncf %x30 : f32 to f16
  %h31 = arith.truncf %x31 : f32 to f16
  %v30 = vector.from_elements %h30, %h31 : vector<2xf16>
  vector.store %v30, %sc[%c0, %row1, %col_7] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch8 = arith.constant 0 : i32
  %sw8 = arith.xori %ch8, %l4i : i32
  %swi8 = arith.index_cast %sw8 : i32 to index
  %sw8_8 = arith.muli %swi8, %c8 : index
  %col_8 = arith.addi %sw8_8, %col2 : index
  %x32 = llvm.extractvalue %main#1[32] : !acc
  %x33 = llvm.extractvalue %main#1[33] : !acc
  %h32 = arith.truncf %x32 : f32 to f16
  %h33 = arith.truncf %x33 : f32 to f16
  %v32 = vector.from_elements %h32, %h33 : vector<2xf16>
  vector.store %v32, %sc[%c1, %row0, %col_8] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x34 = llvm.extractvalue %main#1[34] : !acc
  %x35 = llvm.extractvalue %main#1[35] : !acc
  %h34 = arith.truncf %x34 : f32 to f16
  %h35 = arith.truncf %x35 : f32 to f16
  %v34 = vector.from_elements %h34, %h35 : vector<2xf16>
  vector.store %v34, %sc[%c1, %row1, %col_8] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch9 = arith.constant 1 : i32
  %sw9 = arith.xori %ch9, %l4i : i32
  %swi9 = arith.index_cast %sw9 : i32 to index
  %sw8_9 = arith.muli %swi9, %c8 : index
  %col_9 = arith.addi %sw8_9, %col2 : index
  %x36 = llvm.extractvalue %main#1[36] : !acc
  %x37 = llvm.extractvalue %main#1[37] : !acc
  %h36 = arith.truncf %x36 : f32 to f16
  %h37 = arith.truncf %x37 : f32 to f16
  %v36 = vector.from_elements %h36, %h37 : vector<2xf16>
  vector.store %v36, %sc[%c1, %row0, %col_9] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x38 = llvm.extractvalue %main#1[38] : !acc
  %x39 = llvm.extractvalue %main#1[39] : !acc
  %h38 = arith.truncf %x38 : f32 to f16
  %h39 = arith.truncf %x39 : f32 to f16
  %v38 = vector.from_elements %h38, %h39 : vector<2xf16>
  vector.store %v38, %sc[%c1, %row1, %col_9] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch10 = arith.constant 2 : i32
  %sw10 = arith.xori %ch10, %l4i : i32
  %swi10 = arith.index_cast %sw10 : i32 to index
  %sw8_10 = arith.muli %swi10, %c8 : index
  %col_10 = arith.addi %sw8_10, %col2 : index
  %x40 = llvm.extractvalue %main#1[40] : !acc
  %x41 = llvm.extractvalue %main#1[41] : !acc
  %h40 = arith.truncf %x40 : f32 to f16
  %h41 = arith.truncf %x41 : f32 to f16
  %v40 = vector.from_elements %h40, %h41 : vector<2xf16>
  vector.store %v40, %sc[%c1, %row0, %col_10] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x42 = llvm.extractvalue %main#1[42] : !acc
  %x43 = llvm.extractvalue %main#1[43] : !acc
  %h42 = arith.truncf %x42 : f32 to f16
  %h43 = arith.truncf %x43 : f32 to f16
  %v42 = vector.from_elements %h42, %h43 : vector<2xf16>
  vector.store %v42, %sc[%c1, %row1, %col_10] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch11 = arith.constant 3 : i32
  %sw11 = arith.xori %ch11, %l4i : i32
  %swi11 = arith.index_cast %sw11 : i32 to index
  %sw8_11 = arith.muli %swi11, %c8 : index
  %col_11 = arith.addi %sw8_11, %col2 : index
  %x44 = llvm.extractvalue %main#1[44] : !acc
  %x45 = llvm.extractvalue %main#1[45] : !acc
  %h44 = arith.truncf %x44 : f32 to f16
  %h45 = arith.truncf %x45 : f32 to f16
  %v44 = vector.from_elements %h44, %h45 : vector<2xf16>
  vector.store %v44, %sc[%c1, %row0, %col_11] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x46 = llvm.extractvalue %main#1[46] : !acc
  %x47 = llvm.extractvalue %main#1[47] : !acc
  %h46 = arith.truncf %x46 : f32 to f16
  %h47 = arith.truncf %x47 : f32 to f16
  %v46 = vector.from_elements %h46, %h47 : vector<2xf16>
  vector.store %v46, %sc[%c1, %row1, %col_11] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch12 = arith.constant 4 : i32
  %sw12 = arith.xori %ch12, %l4i : i32
  %swi12 = arith.index_cast %sw12 : i32 to index
  %sw8_12 = arith.muli %swi12, %c8 : index
  %col_12 = arith.addi %sw8_12, %col2 : index
  %x48 = llvm.extractvalue %main#1[48] : !acc
  %x49 = llvm.extractvalue %main#1[49] : !acc
  %h48 = arith.truncf %x48 : f32 to f16
  %h49 = arith.truncf %x49 : f32 to f16
  %v48 = vector.from_elements %h48, %h49 : vector<2xf16>
  vector.store %v48, %sc[%c1, %row0, %col_12] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x50 = llvm.extractvalue %main#1[50] : !acc
  %x51 = llvm.extractvalue %main#1[51] : !acc
  %h50 = arith.truncf %x50 : f32 to f16
  %h51 = arith.truncf %x51 : f32 to f16
  %v50 = vector.from_elements %h50, %h51 : vector<2xf16>
  vector.store %v50, %sc[%c1, %row1, %col_12] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch13 = arith.constant 5 : i32
  %sw13 = arith.xori %ch13, %l4i : i32
  %swi13 = arith.index_cast %sw13 : i32 to index
  %sw8_13 = arith.muli %swi13, %c8 : index
  %col_13 = arith.addi %sw8_13, %col2 : index
  %x52 = llvm.extractvalue %main#1[52] : !acc
  %x53 = llvm.extractvalue %main#1[53] : !acc
  %h52 = arith.truncf %x52 : f32 to f16
  %h53 = arith.truncf %x53 : f32 to f16
  %v52 = vector.from_elements %h52, %h53 : vector<2xf16>
  vector.store %v52, %sc[%c1, %row0, %col_13] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x54 = llvm.extractvalue %main#1[54] : !acc
  %x55 = llvm.extractvalue %main#1[55] : !acc
  %h54 = arith.truncf %x54 : f32 to f16
  %h55 = arith.truncf %x55 : f32 to f16
  %v54 = vector.from_elements %h54, %h55 : vector<2xf16>
  vector.store %v54, %sc[%c1, %row1, %col_13] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch14 = arith.constant 6 : i32
  %sw14 = arith.xori %ch14, %l4i : i32
  %swi14 = arith.index_cast %sw14 : i32 to index
  %sw8_14 = arith.muli %swi14, %c8 : index
  %col_14 = arith.addi %sw8_14, %col2 : index
  %x56 = llvm.extractvalue %main#1[56] : !acc
  %x57 = llvm.extractvalue %main#1[57] : !acc
  %h56 = arith.truncf %x56 : f32 to f16
  %h57 = arith.truncf %x57 : f32 to f16
  %v56 = vector.from_elements %h56, %h57 : vector<2xf16>
  vector.store %v56, %sc[%c1, %row0, %col_14] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x58 = llvm.extractvalue %main#1[58] : !acc
  %x59 = llvm.extractvalue %main#1[59] : !acc
  %h58 = arith.truncf %x58 : f32 to f16
  %h59 = arith.truncf %x59 : f32 to f16
  %v58 = vector.from_elements %h58, %h59 : vector<2xf16>
  vector.store %v58, %sc[%c1, %row1, %col_14] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch15 = arith.constant 7 : i32
  %sw15 = arith.xori %ch15, %l4i : i32
  %swi15 = arith.index_cast %sw15 : i32 to index
  %sw8_15 = arith.muli %swi15, %c8 : index
  %col_15 = arith.addi %sw8_15, %col2 : index
  %x60 = llvm.extractvalue %main#1[60] : !acc
  %x61 = llvm.extractvalue %main#1[61] : !acc
  %h60 = arith.truncf %x60 : f32 to f16
  %h61 = arith.truncf %x61 : f32 to f16
  %v60 = vector.from_elements %h60, %h61 : vector<2xf16>
  vector.store %v60, %sc[%c1, %row0, %col_15] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x62 = llvm.extractvalue %main#1[62] : !acc
  %x63 = llvm.extractvalue %main#1[63] : !acc
  %h62 = arith.truncf %x62 : f32 to f16
  %h63 = arith.truncf %x63 : f32 to f16
  %v62 = vector.from_elements %h62, %h63 : vector<2xf16>
  vector.store %v62, %sc[%c1, %row1, %col_15] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch16 = arith.constant 0 : i32
  %sw16 = arith.xori %ch16, %l4i : i32
  %swi16 = arith.index_cast %sw16 : i32 to index
  %sw8_16 = arith.muli %swi16, %c8 : index
  %col_16 = arith.addi %sw8_16, %col2 : index
  %x64 = llvm.extractvalue %main#1[64] : !acc
  %x65 = llvm.extractvalue %main#1[65] : !acc
  %h64 = arith.truncf %x64 : f32 to f16
  %h65 = arith.truncf %x65 : f32 to f16
  %v64 = vector.from_elements %h64, %h65 : vector<2xf16>
  vector.store %v64, %sc[%c2, %row0, %col_16] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x66 = llvm.extractvalue %main#1[66] : !acc
  %x67 = llvm.extractvalue %main#1[67] : !acc
  %h66 = arith.truncf %x66 : f32 to f16
  %h67 = arith.truncf %x67 : f32 to f16
  %v66 = vector.from_elements %h66, %h67 : vector<2xf16>
  vector.store %v66, %sc[%c2, %row1, %col_16] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch17 = arith.constant 1 : i32
  %sw17 = arith.xori %ch17, %l4i : i32
  %swi17 = arith.index_cast %sw17 : i32 to index
  %sw8_17 = arith.muli %swi17, %c8 : index
  %col_17 = arith.addi %sw8_17, %col2 : index
  %x68 = llvm.extractvalue %main#1[68] : !acc
  %x69 = llvm.extractvalue %main#1[69] : !acc
  %h68 = arith.truncf %x68 : f32 to f16
  %h69 = arith.truncf %x69 : f32 to f16
  %v68 = vector.from_elements %h68, %h69 : vector<2xf16>
  vector.store %v68, %sc[%c2, %row0, %col_17] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x70 = llvm.extractvalue %main#1[70] : !acc
  %x71 = llvm.extractvalue %main#1[71] : !acc
  %h70 = arith.truncf %x70 : f32 to f16
  %h71 = arith.truncf %x71 : f32 to f16
  %v70 = vector.from_elements %h70, %h71 : vector<2xf16>
  vector.store %v70, %sc[%c2, %row1, %col_17] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch18 = arith.constant 2 : i32
  %sw18 = arith.xori %ch18, %l4i : i32
  %swi18 = arith.index_cast %sw18 : i32 to index
  %sw8_18 = arith.muli %swi18, %c8 : index
  %col_18 = arith.addi %sw8_18, %col2 : index
  %x72 = llvm.extractvalue %main#1[72] : !acc
  %x73 = llvm.extractvalue %main#1[73] : !acc
  %h72 = arith.truncf %x72 : f32 to f16
  %h73 = arith.truncf %x73 : f32 to f16
  %v72 = vector.from_elements %h72, %h73 : vector<2xf16>
  vector.store %v72, %sc[%c2, %row0, %col_18] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x74 = llvm.extractvalue %main#1[74] : !acc
  %x75 = llvm.extractvalue %main#1[75] : !acc
  %h74 = arith.truncf %x74 : f32 to f16
  %h75 = arith.truncf %x75 : f32 to f16
  %v74 = vector.from_elements %h74, %h75 : vector<2xf16>
  vector.store %v74, %sc[%c2, %row1, %col_18] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch19 = arith.constant 3 : i32
  %sw19 = arith.xori %ch19, %l4i : i32
  %swi19 = arith.index_cast %sw19 : i32 to index
  %sw8_19 = arith.muli %swi19, %c8 : index
  %col_19 = arith.addi %sw8_19, %col2 : index
  %x76 = llvm.extractvalue %main#1[76] : !acc
  %x77 = llvm.extractvalue %main#1[77] : !acc
  %h76 = arith.truncf %x76 : f32 to f16
  %h77 = arith.truncf %x77 : f32 to f16
  %v76 = vector.from_elements %h76, %h77 : vector<2xf16>
  vector.store %v76, %sc[%c2, %row0, %col_19] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x78 = llvm.extractvalue %main#1[78] : !acc
  %x79 = llvm.extractvalue %main#1[79] : !acc
  %h78 = arith.truncf %x78 : f32 to f16
  %h79 = arith.truncf %x79 : f32 to f16
  %v78 = vector.from_elements %h78, %h79 : vector<2xf16>
  vector.store %v78, %sc[%c2, %row1, %col_19] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch20 = arith.constant 4 : i32
  %sw20 = arith.xori %ch20, %l4i : i32
  %swi20 = arith.index_cast %sw20 : i32 to index
  %sw8_20 = arith.muli %swi20, %c8 : index
  %col_20 = arith.addi %sw8_20, %col2 : index
  %x80 = llvm.extractvalue %main#1[80] : !acc
  %x81 = llvm.extractvalue %main#1[81] : !acc
  %h80 = arith.truncf %x80 : f32 to f16
  %h81 = arith.truncf %x81 : f32 to f16
  %v80 = vector.from_elements %h80, %h81 : vector<2xf16>
  vector.store %v80, %sc[%c2, %row0, %col_20] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x82 = llvm.extractvalue %main#1[82] : !acc
  %x83 = llvm.extractvalue %main#1[83] : !acc
  %h82 = arith.truncf %x82 : f32 to f16
  %h83 = arith.truncf %x83 : f32 to f16
  %v82 = vector.from_elements %h82, %h83 : vector<2xf16>
  vector.store %v82, %sc[%c2, %row1, %col_20] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch21 = arith.constant 5 : i32
  %sw21 = arith.xori %ch21, %l4i : i32
  %swi21 = arith.index_cast %sw21 : i32 to index
  %sw8_21 = arith.muli %swi21, %c8 : index
  %col_21 = arith.addi %sw8_21, %col2 : index
  %x84 = llvm.extractvalue %main#1[84] : !acc
  %x85 = llvm.extractvalue %main#1[85] : !acc
  %h84 = arith.truncf %x84 : f32 to f16
  %h85 = arith.truncf %x85 : f32 to f16
  %v84 = vector.from_elements %h84, %h85 : vector<2xf16>
  vector.store %v84, %sc[%c2, %row0, %col_21] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x86 = llvm.extractvalue %main#1[86] : !acc
  %x87 = llvm.extractvalue %main#1[87] : !acc
  %h86 = arith.truncf %x86 : f32 to f16
  %h87 = arith.truncf %x87 : f32 to f16
  %v86 = vector.from_elements %h86, %h87 : vector<2xf16>
  vector.store %v86, %sc[%c2, %row1, %col_21] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch22 = arith.constant 6 : i32
  %sw22 = arith.xori %ch22, %l4i : i32
  %swi22 = arith.index_cast %sw22 : i32 to index
  %sw8_22 = arith.muli %swi22, %c8 : index
  %col_22 = arith.addi %sw8_22, %col2 : index
  %x88 = llvm.extractvalue %main#1[88] : !acc
  %x89 = llvm.extractvalue %main#1[89] : !acc
  %h88 = arith.truncf %x88 : f32 to f16
  %h89 = arith.truncf %x89 : f32 to f16
  %v88 = vector.from_elements %h88, %h89 : vector<2xf16>
  vector.store %v88, %sc[%c2, %row0, %col_22] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x90 = llvm.extractvalue %main#1[90] : !acc
  %x91 = llvm.extractvalue %main#1[91] : !acc
  %h90 = arith.truncf %x90 : f32 to f16
  %h91 = arith.truncf %x91 : f32 to f16
  %v90 = vector.from_elements %h90, %h91 : vector<2xf16>
  vector.store %v90, %sc[%c2, %row1, %col_22] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch23 = arith.constant 7 : i32
  %sw23 = arith.xori %ch23, %l4i : i32
  %swi23 = arith.index_cast %sw23 : i32 to index
  %sw8_23 = arith.muli %swi23, %c8 : index
  %col_23 = arith.addi %sw8_23, %col2 : index
  %x92 = llvm.extractvalue %main#1[92] : !acc
  %x93 = llvm.extractvalue %main#1[93] : !acc
  %h92 = arith.truncf %x92 : f32 to f16
  %h93 = arith.truncf %x93 : f32 to f16
  %v92 = vector.from_elements %h92, %h93 : vector<2xf16>
  vector.store %v92, %sc[%c2, %row0, %col_23] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x94 = llvm.extractvalue %main#1[94] : !acc
  %x95 = llvm.extractvalue %main#1[95] : !acc
  %h94 = arith.truncf %x94 : f32 to f16
  %h95 = arith.truncf %x95 : f32 to f16
  %v94 = vector.from_elements %h94, %h95 : vector<2xf16>
  vector.store %v94, %sc[%c2, %row1, %col_23] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch24 = arith.constant 0 : i32
  %sw24 = arith.xori %ch24, %l4i : i32
  %swi24 = arith.index_cast %sw24 : i32 to index
  %sw8_24 = arith.muli %swi24, %c8 : index
  %col_24 = arith.addi %sw8_24, %col2 : index
  %x96 = llvm.extractvalue %main#1[96] : !acc
  %x97 = llvm.extractvalue %main#1[97] : !acc
  %h96 = arith.truncf %x96 : f32 to f16
  %h97 = arith.truncf %x97 : f32 to f16
  %v96 = vector.from_elements %h96, %h97 : vector<2xf16>
  vector.store %v96, %sc[%c3, %row0, %col_24] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x98 = llvm.extractvalue %main#1[98] : !acc
  %x99 = llvm.extractvalue %main#1[99] : !acc
  %h98 = arith.truncf %x98 : f32 to f16
  %h99 = arith.truncf %x99 : f32 to f16
  %v98 = vector.from_elements %h98, %h99 : vector<2xf16>
  vector.store %v98, %sc[%c3, %row1, %col_24] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch25 = arith.constant 1 : i32
  %sw25 = arith.xori %ch25, %l4i : i32
  %swi25 = arith.index_cast %sw25 : i32 to index
  %sw8_25 = arith.muli %swi25, %c8 : index
  %col_25 = arith.addi %sw8_25, %col2 : index
  %x100 = llvm.extractvalue %main#1[100] : !acc
  %x101 = llvm.extractvalue %main#1[101] : !acc
  %h100 = arith.truncf %x100 : f32 to f16
  %h101 = arith.truncf %x101 : f32 to f16
  %v100 = vector.from_elements %h100, %h101 : vector<2xf16>
  vector.store %v100, %sc[%c3, %row0, %col_25] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x102 = llvm.extractvalue %main#1[102] : !acc
  %x103 = llvm.extractvalue %main#1[103] : !acc
  %h102 = arith.truncf %x102 : f32 to f16
  %h103 = arith.truncf %x103 : f32 to f16
  %v102 = vector.from_elements %h102, %h103 : vector<2xf16>
  vector.store %v102, %sc[%c3, %row1, %col_25] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch26 = arith.constant 2 : i32
  %sw26 = arith.xori %ch26, %l4i : i32
  %swi26 = arith.index_cast %sw26 : i32 to index
  %sw8_26 = arith.muli %swi26, %c8 : index
  %col_26 = arith.addi %sw8_26, %col2 : index
  %x104 = llvm.extractvalue %main#1[104] : !acc
  %x105 = llvm.extractvalue %main#1[105] : !acc
  %h104 = arith.truncf %x104 : f32 to f16
  %h105 = arith.truncf %x105 : f32 to f16
  %v104 = vector.from_elements %h104, %h105 : vector<2xf16>
  vector.store %v104, %sc[%c3, %row0, %col_26] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x106 = llvm.extractvalue %main#1[106] : !acc
  %x107 = llvm.extractvalue %main#1[107] : !acc
  %h106 = arith.truncf %x106 : f32 to f16
  %h107 = arith.truncf %x107 : f32 to f16
  %v106 = vector.from_elements %h106, %h107 : vector<2xf16>
  vector.store %v106, %sc[%c3, %row1, %col_26] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch27 = arith.constant 3 : i32
  %sw27 = arith.xori %ch27, %l4i : i32
  %swi27 = arith.index_cast %sw27 : i32 to index
  %sw8_27 = arith.muli %swi27, %c8 : index
  %col_27 = arith.addi %sw8_27, %col2 : index
  %x108 = llvm.extractvalue %main#1[108] : !acc
  %x109 = llvm.extractvalue %main#1[109] : !acc
  %h108 = arith.truncf %x108 : f32 to f16
  %h109 = arith.truncf %x109 : f32 to f16
  %v108 = vector.from_elements %h108, %h109 : vector<2xf16>
  vector.store %v108, %sc[%c3, %row0, %col_27] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x110 = llvm.extractvalue %main#1[110] : !acc
  %x111 = llvm.extractvalue %main#1[111] : !acc
  %h110 = arith.truncf %x110 : f32 to f16
  %h111 = arith.truncf %x111 : f32 to f16
  %v110 = vector.from_elements %h110, %h111 : vector<2xf16>
  vector.store %v110, %sc[%c3, %row1, %col_27] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch28 = arith.constant 4 : i32
  %sw28 = arith.xori %ch28, %l4i : i32
  %swi28 = arith.index_cast %sw28 : i32 to index
  %sw8_28 = arith.muli %swi28, %c8 : index
  %col_28 = arith.addi %sw8_28, %col2 : index
  %x112 = llvm.extractvalue %main#1[112] : !acc
  %x113 = llvm.extractvalue %main#1[113] : !acc
  %h112 = arith.truncf %x112 : f32 to f16
  %h113 = arith.truncf %x113 : f32 to f16
  %v112 = vector.from_elements %h112, %h113 : vector<2xf16>
  vector.store %v112, %sc[%c3, %row0, %col_28] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x114 = llvm.extractvalue %main#1[114] : !acc
  %x115 = llvm.extractvalue %main#1[115] : !acc
  %h114 = arith.truncf %x114 : f32 to f16
  %h115 = arith.truncf %x115 : f32 to f16
  %v114 = vector.from_elements %h114, %h115 : vector<2xf16>
  vector.store %v114, %sc[%c3, %row1, %col_28] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch29 = arith.constant 5 : i32
  %sw29 = arith.xori %ch29, %l4i : i32
  %swi29 = arith.index_cast %sw29 : i32 to index
  %sw8_29 = arith.muli %swi29, %c8 : index
  %col_29 = arith.addi %sw8_29, %col2 : index
  %x116 = llvm.extractvalue %main#1[116] : !acc
  %x117 = llvm.extractvalue %main#1[117] : !acc
  %h116 = arith.truncf %x116 : f32 to f16
  %h117 = arith.truncf %x117 : f32 to f16
  %v116 = vector.from_elements %h116, %h117 : vector<2xf16>
  vector.store %v116, %sc[%c3, %row0, %col_29] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x118 = llvm.extractvalue %main#1[118] : !acc
  %x119 = llvm.extractvalue %main#1[119] : !acc
  %h118 = arith.truncf %x118 : f32 to f16
  %h119 = arith.truncf %x119 : f32 to f16
  %v118 = vector.from_elements %h118, %h119 : vector<2xf16>
  vector.store %v118, %sc[%c3, %row1, %col_29] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch30 = arith.constant 6 : i32
  %sw30 = arith.xori %ch30, %l4i : i32
  %swi30 = arith.index_cast %sw30 : i32 to index
  %sw8_30 = arith.muli %swi30, %c8 : index
  %col_30 = arith.addi %sw8_30, %col2 : index
  %x120 = llvm.extractvalue %main#1[120] : !acc
  %x121 = llvm.extractvalue %main#1[121] : !acc
  %h120 = arith.truncf %x120 : f32 to f16
  %h121 = arith.truncf %x121 : f32 to f16
  %v120 = vector.from_elements %h120, %h121 : vector<2xf16>
  vector.store %v120, %sc[%c3, %row0, %col_30] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x122 = llvm.extractvalue %main#1[122] : !acc
  %x123 = llvm.extractvalue %main#1[123] : !acc
  %h122 = arith.truncf %x122 : f32 to f16
  %h123 = arith.truncf %x123 : f32 to f16
  %v122 = vector.from_elements %h122, %h123 : vector<2xf16>
  vector.store %v122, %sc[%c3, %row1, %col_30] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %ch31 = arith.constant 7 : i32
  %sw31 = arith.xori %ch31, %l4i : i32
  %swi31 = arith.index_cast %sw31 : i32 to index
  %sw8_31 = arith.muli %swi31, %c8 : index
  %col_31 = arith.addi %sw8_31, %col2 : index
  %x124 = llvm.extractvalue %main#1[124] : !acc
  %x125 = llvm.extractvalue %main#1[125] : !acc
  %h124 = arith.truncf %x124 : f32 to f16
  %h125 = arith.truncf %x125 : f32 to f16
  %v124 = vector.from_elements %h124, %h125 : vector<2xf16>
  vector.store %v124, %sc[%c3, %row0, %col_31] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  %x126 = llvm.extractvalue %main#1[126] : !acc
  %x127 = llvm.extractvalue %main#1[127] : !acc
  %h126 = arith.truncf %x126 : f32 to f16
  %h127 = arith.truncf %x127 : f32 to f16
  %v126 = vector.from_elements %h126, %h127 : vector<2xf16>
  vector.store %v126, %sc[%c3, %row1, %col_31] : memref<4x128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
  gpu.barrier
  asynccopy.copy %sc to %C window [%m0, %n0] [128, 256] {swizzle = 128 : i64, transforms = [#asynccopy.tile<[128, 64]>]} : memref<4x128x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16>
  asynccopy.wait_group bulk 0 {read}
  gpu.return
}
}
}
