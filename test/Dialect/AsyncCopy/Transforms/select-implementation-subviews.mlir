// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -canonicalize | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-check-synchronization -o /dev/null

// A window of a subview of a kernel argument (one sequence of a packed
// varlen batch, of a run-time length): the copy clips at the subview's
// extent. TMA moves the argument's window where the window ends inside the
// subview; the sync copy of the subview, which zero-fills past its extent
// (loads) or skips it (stores), moves a window that crosses its end, with
// 16-B vectors: the subview starts at start * 128 elements of the argument.

#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @varlen
// CHECK-SAME: (%[[Q:.*]]: memref<4096x128xf16>, %[[O:.*]]: memref<4096x128xf16>, %[[START:.*]]: index, %[[LEN:.*]]: index)
// CHECK: %[[ROW:.*]] = arith.muli
// CHECK: %[[SEQ:.*]] = memref.subview %[[Q]][%[[START]], 0] [%[[LEN]], 128]
// CHECK: %[[OSEQ:.*]] = memref.subview %[[O]][%[[START]], 0] [%[[LEN]], 128]
// CHECK: %[[AT:.*]] = arith.addi %[[START]], %[[ROW]] : index
// CHECK: %[[END:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: %[[INSIDE:.*]] = arith.cmpi ule, %[[END]], %[[LEN]] : index
// CHECK: scf.if %[[INSIDE]] {
// CHECK:   asynccopy.tma.load %[[Q]] to %{{.*}} window [%[[AT]], 0] [64, 128] barrier
// CHECK: } else {
// CHECK:   asynccopy.sync.copy %[[SEQ]] to %{{.*}} window [%[[ROW]], 0] [64, 128] barrier {{.*}}vector_bytes = 16
// CHECK: }
// CHECK: %[[TOKEN:.*]] = scf.if %{{.*}} -> (!asynccopy.token) {
// CHECK:   %[[T:.*]] = asynccopy.tma.store %{{.*}} to %[[O]] window [%{{.*}}, 0] [64, 128]
// CHECK:   scf.yield %[[T]] : !asynccopy.token
// CHECK: } else {
// CHECK:   %[[S:.*]] = asynccopy.sync.copy %{{.*}} to %[[OSEQ]] window [%[[ROW]], 0] [64, 128]
// CHECK:   scf.yield %[[S]] : !asynccopy.token
// CHECK: }
// CHECK: asynccopy.wait %[[TOKEN]]
gpu.module @kernels {
  gpu.func @varlen(%Q: memref<4096x128xf16>, %O: memref<4096x128xf16>, %start: index, %len: index)
      workgroup(%sq : memref<64x128xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %m0 = gpu.block_id x
    %row = arith.muli %m0, %c64 : index
    %seq = memref.subview %Q[%start, 0] [%len, 128] [1, 1]
        : memref<4096x128xf16> to memref<?x128xf16, strided<[128, 1], offset: ?>>
    %oseq = memref.subview %O[%start, 0] [%len, 128] [1, 1]
        : memref<4096x128xf16> to memref<?x128xf16, strided<[128, 1], offset: ?>>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %seq to %sq window [%row, 0] [64, 128] barrier %bar[%c0]
        : memref<?x128xf16, strided<[128, 1], offset: ?>> to memref<64x128xf16, #wg>
    asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    %t = asynccopy.copy %sq to %oseq window [%row, 0] [64, 128]
        : memref<64x128xf16, #wg> to memref<?x128xf16, strided<[128, 1], offset: ?>> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    gpu.return
  }
}

// -----

// TMA cannot take the argument's window (its rows are 6 B apart: no tensor
// map): the copy of the subview stays one per-thread copy, unsplit.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @no_tma
// CHECK-NOT: scf.if
// CHECK: asynccopy.sync.copy %{{.*}} window
// CHECK-NOT: scf.if
gpu.module @kernels {
  gpu.func @no_tma(%Q: memref<4096x3xf16>, %start: index, %len: index)
      workgroup(%sq : memref<64x3xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %seq = memref.subview %Q[%start, 0] [%len, 3] [1, 1]
        : memref<4096x3xf16> to memref<?x3xf16, strided<[3, 1], offset: ?>>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %seq to %sq window [0, 0] [64, 3] barrier %bar[%c0]
        : memref<?x3xf16, strided<[3, 1], offset: ?>> to memref<64x3xf16, #wg>
    asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// A rank-reducing subview (one head of a packed (tokens, heads, D) batch,
// `?x128`): the argument's window gets the dropped head dim back (size 1 at
// the subview's offset) and `drop_unit_dims` in front of the written
// transforms, so TMA takes the windows inside the sequence and the sync
// copy of the subview the one crossing its end, for loads and stores.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @rank_reducing
// CHECK-SAME: (%[[X:.*]]: memref<?x16x128xf16>, %[[Y:.*]]: memref<?x16x128xf16>, %[[START:.*]]: index, %[[LEN:.*]]: index, %[[H:.*]]: index)
// CHECK: %[[SEQ:.*]] = memref.subview %[[X]][%[[START]], %[[H]], 0] [%[[LEN]], 1, 128]
// CHECK: scf.if
// CHECK:   asynccopy.tma.load %[[X]] to %{{.*}} window [%{{.*}}, %[[H]], 0] [64, 1, 128] barrier {{.*}}transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[64, 64]>]
// CHECK: } else {
// CHECK:   asynccopy.sync.copy %[[SEQ]] to %{{.*}} window [%{{.*}}, 0] [64, 128] barrier
// CHECK: }
// CHECK: scf.if
// CHECK:   asynccopy.tma.store %{{.*}} to %[[Y]] window [%{{.*}}, %[[H]], 0] [64, 1, 128] {{.*}}transforms = [#asynccopy.drop_unit_dims<[1]>]
// CHECK: } else {
// CHECK:   asynccopy.sync.copy
gpu.module @kernels {
  gpu.func @rank_reducing(%X: memref<?x16x128xf16>, %Y: memref<?x16x128xf16>, %start: index,
                          %len: index, %h: index)
      workgroup(%tiles : memref<2x64x64xf16, #wg>, %out : memref<64x128xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %m0 = gpu.block_id x
    %row = arith.muli %m0, %c64 : index
    %seq = memref.subview %X[%start, %h, 0] [%len, 1, 128] [1, 1, 1]
        : memref<?x16x128xf16> to memref<?x128xf16, strided<[2048, 1], offset: ?>>
    %yseq = memref.subview %Y[%start, %h, 0] [%len, 1, 128] [1, 1, 1]
        : memref<?x16x128xf16> to memref<?x128xf16, strided<[2048, 1], offset: ?>>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %seq to %tiles window [%row, 0] [64, 128] barrier %bar[%c0]
        {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
        : memref<?x128xf16, strided<[2048, 1], offset: ?>> to memref<2x64x64xf16, #wg>
    asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    %t = asynccopy.copy %out to %yseq window [%row, 0] [64, 128]
        : memref<64x128xf16, #wg> to memref<?x128xf16, strided<[2048, 1], offset: ?>> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    gpu.return
  }
}
