// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation | FileCheck %s
// Running the pass twice changes nothing.
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-select-implementation | FileCheck %s

// A TMA-eligible load of a kernel argument: one 64x64 box.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @tma_load
    // CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[I:.*]]: index)
    gpu.func @tma_load(%A: memref<4096x4096xf16>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      // CHECK: %[[S:.*]] = memref.alloc()
      %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.tma.load %[[A]] to %[[S]] window [%[[I]], 0] [64, 64] barrier %{{.*}}[%{{.*}}] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>, swizzle = 128 : i64}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A memref.cast of a kernel argument is still a kernel argument; a tile
// transform gives a rank-4 descriptor.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @tma_through_cast
    gpu.func @tma_through_cast(%A: memref<?x4096xf16>, %i: index, %j: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %row = arith.muli %i, %c64 : index
      %col = arith.muli %j, %c64 : index
      // CHECK: %[[C:.*]] = memref.cast
      %C = memref.cast %A : memref<?x4096xf16> to memref<4096x4096xf16>
      %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.tma.load %[[C]] to %{{.*}} {plan = #asynccopy.tma_plan<box = [1, 2, 64, 64], issues = 1, bytes = 16384>
      asynccopy.copy %C to %S window [%row, %col] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// The GMEM operand of a host function is no kernel argument: TMA declines,
// bulk cannot prove the window in bounds, cp.async takes the load.
// CHECK-LABEL: func.func @not_a_kernel_argument
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>
func.func @not_a_kernel_argument(%A: memref<4096x4096xf16>, %i: index, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) -> !asynccopy.token {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: %[[T:.*]] = asynccopy.cp_async.copy %[[A]] to %{{.*}} {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 16>}
  %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: return %[[T]]
  return %t : !asynccopy.token
}

// -----

// Nor is an argument of a device function that is not a kernel.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @device_function
    gpu.func @device_function(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) -> !asynccopy.token {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.cp_async.copy
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return %t : !asynccopy.token
    }
  }
}

// -----

// Rows 200 B apart: TMA declines (8 x 100 f16 boxes span 200 B per row), the
// 8 whole rows are one contiguous 1600-B run, so bulk takes a barrier load
// and cp.async a token load; 96 of the 100 columns leave gaps and 8-B
// alignment, so a barrier load falls back to sync.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @misaligned_row_stride
    gpu.func @misaligned_row_stride(%A: memref<64x100xf16>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<8x100xf16, #gpu.address_space<workgroup>>
      %S2 = memref.alloc() : memref<8x96xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.bulk.load {{.*}} {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 1600>}
      asynccopy.copy %A to %S window [0, 0] [8, 100] barrier %b[%c0] : memref<64x100xf16> to memref<8x100xf16, #gpu.address_space<workgroup>>
      // CHECK: asynccopy.cp_async.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 1600, vector_bytes = 8>}
      %t = asynccopy.copy %A to %S window [%i, 0] [8, 100] : memref<64x100xf16> to memref<8x100xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 8, chunk_bytes = 192, vector_bytes = 8>}
      asynccopy.copy %A to %S2 window [0, 0] [8, 96] barrier %b[%c0] : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A 1-D load of a whole host buffer: bulk, one chunk.
// CHECK-LABEL: func.func @bulk_whole_buffer
func.func @bulk_whole_buffer(%V: memref<8192xf32>, %W: memref<8192xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: asynccopy.bulk.load {{.*}} {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 32768>}
  asynccopy.copy %V to %W barrier %b[%c0] : memref<8192xf32> to memref<8192xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// SMEM -> SMEM of another CTA: dsmem when the buffer is a 16-B multiple,
// sync otherwise.
// CHECK-LABEL: func.func @remote
func.func @remote(%S: memref<128x64xf16, #gpu.address_space<workgroup>>, %D: memref<128x64xf16, #gpu.address_space<workgroup>>, %s: memref<3xf16, #gpu.address_space<workgroup>>, %d: memref<3xf16, #gpu.address_space<workgroup>>, %rank: i32) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // CHECK: asynccopy.dsmem.copy {{.*}} remote {{.*}} {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 16384>}
  asynccopy.copy %S to %D remote %rank barrier %b[%c0] : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.sync.copy {{.*}} remote {{.*}} {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 6, vector_bytes = 2>}
  asynccopy.copy %s to %d remote %rank barrier %b[%c0] : memref<3xf16, #gpu.address_space<workgroup>> to memref<3xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Reductions: TMA for a kernel argument, the sync fallback (atomics) for
// anything else.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @reduction
    // CHECK-SAME: (%[[B:.*]]: memref<1024x1024xf32>, %[[I:.*]]: index)
    gpu.func @reduction(%B: memref<1024x1024xf32>, %i: index) kernel {
      // CHECK: %[[S:.*]] = memref.alloc()
      %S = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      // CHECK: %[[T:.*]] = asynccopy.tma.reduce %[[S]] to %[[B]] window [%[[I]], 0] [64, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 16384>, reduction = #asynccopy<reduction add>}
      %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
      // CHECK: asynccopy.wait %[[T]]
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// CHECK-LABEL: func.func @reduction_not_a_kernel_argument
func.func @reduction_not_a_kernel_argument(%B: memref<1024x1024xf32>, %S: memref<64x64xf32, #gpu.address_space<workgroup>>, %i: index) -> !asynccopy.token {
  // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 256, vector_bytes = 4>, reduction = #asynccopy<reduction add>}
  %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
  return %t : !asynccopy.token
}

// -----

// The sync fallback: a NaN-filling load without a barrier (no TMA, no bulk,
// no cp.async), a column-major view, a store of 8-B runs.
// CHECK-LABEL: func.func @sync_fallback
func.func @sync_fallback(%A: memref<4096x4096xf16>, %T: memref<128x64xf16>, %i: index) -> (!asynccopy.token, !asynccopy.token, !asynccopy.token) {
  %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %S2 = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
  %S3 = memref.alloc() : memref<64x4xf16, #gpu.address_space<workgroup>>
  // CHECK: asynccopy.sync.copy {{.*}} {oob = #asynccopy<oob nan>, plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 16>, swizzle = 128 : i64}
  %t0 = asynccopy.copy %A to %S window [%i, 0] [64, 64] {swizzle = 128 : i64, oob = #asynccopy<oob nan>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 8192, chunk_bytes = 2, vector_bytes = 2>, transforms = [#asynccopy.transpose<[1, 0]>]}
  %t1 = asynccopy.copy %T to %S2 window [0, 0] [128, 64] {transforms = [#asynccopy.transpose<[1, 0]>]} : memref<128x64xf16> to memref<64x128xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 8, vector_bytes = 8>}
  %t2 = asynccopy.copy %S3 to %A window [%i, 0] [64, 4] : memref<64x4xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return %t0, %t1, %t2 : !asynccopy.token, !asynccopy.token, !asynccopy.token
}

// -----

// Explicit impls that accept keep their impl and get a plan; impl = tma takes
// dynamic strides (checked on the host at launch), which auto declines.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @explicit
    gpu.func @explicit(%A: memref<?x?xf16, strided<[?, 1]>>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %S = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.tma.load {{.*}} {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<?x?xf16, strided<[?, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 2>}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] : memref<?x?xf16, strided<[?, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // CHECK: asynccopy.sync.copy {{.*}} {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 2>}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<?x?xf16, strided<[?, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Collective copies are left to TMA (partitioning comes later).
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @collective
    gpu.func @collective(%A: memref<4096x4096xf16>, %i: index, %j: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %row = arith.muli %i, %c64 : index
      %col = arith.muli %j, %c64 : index
      %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // CHECK: asynccopy.tma.load {{.*}} {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<0>, plan = #asynccopy.tma_plan<box = [1, 2, 64, 64], issues = 1, bytes = 16384>
      asynccopy.copy %A to %S window [%row, %col] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64, collective = [#gpu<dim x>], partition = #asynccopy.partitioned<0>} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Prefetches: a TMA plan for a kernel argument, dropped otherwise.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @prefetch
    gpu.func @prefetch(%A: memref<4096x4096xf16>, %X: memref<64x64xindex>, %i: index) kernel {
      // CHECK: asynccopy.tma.prefetch {{.*}} {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>, swizzle = 128 : i64}
      asynccopy.prefetch %A window [%i, 0] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16>
      // No tensor map for index elements.
      // CHECK-NOT: asynccopy.prefetch
      asynccopy.prefetch %X window [0, 0] [64, 64] : memref<64x64xindex>
      gpu.return
    }
  }
}

// CHECK-LABEL: func.func @prefetch_not_a_kernel_argument
func.func @prefetch_not_a_kernel_argument(%A: memref<4096x4096xf16>, %i: index) {
  // CHECK-NOT: asynccopy.prefetch
  asynccopy.prefetch %A window [%i, 0] [64, 64] : memref<4096x4096xf16>
  return
}

// -----

// An explicit cp.async may complete on a barrier instead of a token: every
// thread arrives when its own transfers land (the barrier expects them all).
// Selection never picks that for a barrier copy on its own.
// CHECK-LABEL: func.func @cp_async_barrier
// CHECK: asynccopy.cp_async.copy %{{.*}} to %{{.*}} window [0, 0] [64, 64] barrier %{{.*}}[%{{.*}}] {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 16>}
func.func @cp_async_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A tiled window whose offsets are not known to be multiples of the tile
// (here any index, or a constant 1): the tiled view's box would stop at the
// tile's end and miss the rows past it, so each tiled dim is addressed
// through the tensor's own coordinate (offset + tile * k), one box per tile
// of the window. Offsets known to be multiples keep the tiled view's one
// box (above).
// CHECK-LABEL: gpu.func @unaligned_tiles
// CHECK: asynccopy.tma.load {{.*}} window [%{{.*}}, %{{.*}}] [64, 128] {{.*}}plan = #asynccopy.tma_plan<box = [64, 64], issues = 2, bytes = 16384, dims = [<extent = 4096, stride = 4096, view = [2, 0], scale = [1, 64]>, <extent = 4096, stride = 1, view = [3, 1], scale = [1, 64]>], issue_offsets = [<view = [0, 0, 0, 0], smem = 0>, <view = [0, 1, 0, 0], smem = 8192>]>
// CHECK: asynccopy.tma.load {{.*}} window [1, %{{.*}}] [64, 128] {{.*}}plan = #asynccopy.tma_plan<box = [2, 64, 64], issues = 1, bytes = 16384, dims = [<extent = 64, stride = 64, view = [1], scale = [1]>, <extent = 4096, stride = 4096, view = [2, 0], scale = [1, 64]>, <extent = 64, stride = 1, view = [3], scale = [1]>]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @unaligned_tiles(%A: memref<4096x4096xf16>, %i: index, %j: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %col = arith.muli %j, %c64 : index
      %S = memref.alloc() : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [1, %col] [64, 128] barrier %b[%c0] {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
