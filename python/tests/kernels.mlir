// Kernels of the Python tests (python/tests/) and of the GPU run: a TMA tile
// copy of any size, a cp.async window load with scalar arguments stored back
// by a sync copy, a TMA load multicast over a cluster of 2 CTAs, and a
// persistent copy claiming its tiles at run time from the launch's counter.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out = in, one 64x64 tile per CTA (grid = 2 x ceil(rows/64));
    // edge tiles read zeros out of bounds and store only what is in bounds.
    gpu.func @tma_copy(%in: memref<?x128xf32>, %out: memref<?x128xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0]
          : memref<?x128xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64]
          : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<?x128xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }

    // out = scale * in[i : i + 32, 64 jb : 64 jb + 64] (zeros out of
    // bounds): a cp.async load, then a sync copy of the scaled tile to %out.
    gpu.func @window(%in: memref<?x256xf16>, %out: memref<32x64xf16>, %i: index, %jb: i32, %scale: f16)
        workgroup(%tile : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c2048 = arith.constant 2048 : index
      %jbi = arith.index_cast %jb : i32 to index
      %j = arith.muli %jbi, %c64 : index
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %t = asynccopy.copy %in to %tile window [%i, %j] [32, 64] {impl = #asynccopy<impl cp_async>}
          : memref<?x256xf16> to memref<32x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<32x64xf16, #gpu.address_space<workgroup>> into memref<2048xf16, #gpu.address_space<workgroup>>
      scf.for %k = %tid to %c2048 step %nt {
        %v = memref.load %flat[%k] : memref<2048xf16, #gpu.address_space<workgroup>>
        %s = arith.mulf %v, %scale : f16
        memref.store %s, %flat[%k] : memref<2048xf16, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %u = asynccopy.copy %tile to %out window [%c0, %c0] [32, 64] {impl = #asynccopy<impl sync>}
          : memref<32x64xf16, #gpu.address_space<workgroup>> to memref<32x64xf16> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }

    // out = in (rows x 128 f16) with clusters of 2 CTAs along x: both CTAs
    // of a cluster need the same 64x64 tile (grid = 4 x rows/64), each loads
    // half and multicasts it to both; both store the tile.
    gpu.func @multicast(%in: memref<?x128xf16>, %out: memref<?x128xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = arith.divui %bx, %c2 : index
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %tx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0] {collective = [#gpu<dim x>], swizzle = 128 : i64}
          : memref<?x128xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64] {swizzle = 128 : i64}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<?x128xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }

    // out = in (rows x 64 f32) by a persistent grid-stride loop over 32-row
    // tiles, pipelined in 3 stages, each CTA claiming its next tile from
    // the counter the launcher passes (any grid in x, one row).
    gpu.func @persistent_copy(%in: memref<?x64xf32>, %out: memref<?x64xf32>)
        workgroup(%tile : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %false = arith.constant false
      %true = arith.constant true
      %rows = memref.dim %in, %c0 : memref<?x64xf32>
      %tiles = arith.ceildivui %rows, %c32 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r = scf.for %t = %bid to %tiles step %grid iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %t, %c32 : index
        asynccopy.copy %in to %tile window [%row, 0] [32, 64] barrier %bar[%c0]
            : memref<?x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %st = asynccopy.copy %tile to %out window [%row, 0] [32, 64]
            : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<?x64xf32> -> !asynccopy.token
        asynccopy.wait %st : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
}
