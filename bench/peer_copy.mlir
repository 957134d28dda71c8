// Peer bandwidth benchmark kernels: a 16384x32768 f16 tensor (1 GiB) in the
// symmetric heap is copied to another GPU in 128x128 tiles (32 KiB) by TMA.
// Every CTA of a persistent grid (one per SM) takes the tiles b, b + G, ...
// through a 4-stage SMEM ring: the load of tile i + 2 is issued before tile
// i is stored, and a stage is refilled (with tile i + 4) once the store of
// tile i, issued two iterations earlier, has read it (`wait_group bulk 1
// {read}`), so two loads and up to two stores are in flight per CTA.
// - @push (runs on the source GPU): local TMA loads, TMA stores to PE %pe.
// - @pull (runs on the destination GPU): TMA loads from PE %pe, local stores.
// The host functions launch `iters` times back to back on one stream.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @push(%src: memref<16384x32768xf16>, %dst: memref<16384x32768xf16>, %pe: i32)
        workgroup(%buf : memref<4x128x128xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tiles = arith.constant 32768 : index
      %b = gpu.block_id x
      %g = gpu.grid_dim x
      // This CTA's tiles: ceil((tiles - b) / g).
      %left = arith.subi %tiles, %b : index
      %mine = arith.ceildivui %left, %g : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<4>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<4>
      %end = arith.addi %mine, %c2 : index
      scf.for %i = %c0 to %end step %c1 {
        // Issue the load of tile i (two ahead of the store of tile i - 2).
        %load = arith.cmpi ult, %i, %mine : index
        scf.if %load {
          %stage = arith.remui %i, %c4 : index
          %slot = memref.subview %buf[%stage, 0, 0] [1, 128, 128] [1, 1, 1]
              : memref<4x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
          %k = arith.muli %i, %g : index
          %t = arith.addi %k, %b : index
          %tr = arith.divui %t, %c256 : index
          %tc = arith.remui %t, %c256 : index
          %row = arith.muli %tr, %c128 : index
          %col = arith.muli %tc, %c128 : index
          // The store that last used this stage (tile i - 4) has read it.
          asynccopy.wait_group bulk 1 {read}
          asynccopy.copy %src to %slot window [%row, %col] [128, 128] barrier %bar[%stage]
              {impl = #asynccopy<impl tma>}
              : memref<16384x32768xf16> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        }
        %store = arith.cmpi uge, %i, %c2 : index
        scf.if %store {
          %j = arith.subi %i, %c2 : index
          %stage = arith.remui %j, %c4 : index
          %round = arith.divui %j, %c4 : index
          %odd = arith.remui %round, %c2 : index
          %phase = arith.index_cast %odd : index to i1
          %slot = memref.subview %buf[%stage, 0, 0] [1, 128, 128] [1, 1, 1]
              : memref<4x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
          %k = arith.muli %j, %g : index
          %t = arith.addi %k, %b : index
          %tr = arith.divui %t, %c256 : index
          %tc = arith.remui %t, %c256 : index
          %row = arith.muli %tr, %c128 : index
          %col = arith.muli %tc, %c128 : index
          asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<4>
          %w = asynccopy.copy %slot to %dst window [%row, %col] [128, 128] peer %pe
              {impl = #asynccopy<impl tma>}
              : memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<16384x32768xf16> -> !asynccopy.token
        }
      }
      asynccopy.wait_group bulk 0
      gpu.return
    }

    gpu.func @pull(%src: memref<16384x32768xf16>, %dst: memref<16384x32768xf16>, %pe: i32)
        workgroup(%buf : memref<4x128x128xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tiles = arith.constant 32768 : index
      %b = gpu.block_id x
      %g = gpu.grid_dim x
      // This CTA's tiles: ceil((tiles - b) / g).
      %left = arith.subi %tiles, %b : index
      %mine = arith.ceildivui %left, %g : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<4>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<4>
      %end = arith.addi %mine, %c2 : index
      scf.for %i = %c0 to %end step %c1 {
        // Issue the load of tile i (two ahead of the store of tile i - 2).
        %load = arith.cmpi ult, %i, %mine : index
        scf.if %load {
          %stage = arith.remui %i, %c4 : index
          %slot = memref.subview %buf[%stage, 0, 0] [1, 128, 128] [1, 1, 1]
              : memref<4x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
          %k = arith.muli %i, %g : index
          %t = arith.addi %k, %b : index
          %tr = arith.divui %t, %c256 : index
          %tc = arith.remui %t, %c256 : index
          %row = arith.muli %tr, %c128 : index
          %col = arith.muli %tc, %c128 : index
          // The store that last used this stage (tile i - 4) has read it.
          asynccopy.wait_group bulk 1 {read}
          asynccopy.copy %src to %slot window [%row, %col] [128, 128] barrier %bar[%stage] peer %pe
              {impl = #asynccopy<impl tma>}
              : memref<16384x32768xf16> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        }
        %store = arith.cmpi uge, %i, %c2 : index
        scf.if %store {
          %j = arith.subi %i, %c2 : index
          %stage = arith.remui %j, %c4 : index
          %round = arith.divui %j, %c4 : index
          %odd = arith.remui %round, %c2 : index
          %phase = arith.index_cast %odd : index to i1
          %slot = memref.subview %buf[%stage, 0, 0] [1, 128, 128] [1, 1, 1]
              : memref<4x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
          %k = arith.muli %j, %g : index
          %t = arith.addi %k, %b : index
          %tr = arith.divui %t, %c256 : index
          %tc = arith.remui %t, %c256 : index
          %row = arith.muli %tr, %c128 : index
          %col = arith.muli %tc, %c128 : index
          asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<4>
          %w = asynccopy.copy %slot to %dst window [%row, %col] [128, 128]
              {impl = #asynccopy<impl tma>}
              : memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<16384x32768xf16> -> !asynccopy.token
        }
      }
      asynccopy.wait_group bulk 0
      gpu.return
    }
  }
  func.func @peer_push(%src: memref<16384x32768xf16>, %dst: memref<16384x32768xf16>, %pe: i32, %ctas: index, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@push
          blocks in (%ctas, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%src : memref<16384x32768xf16>, %dst : memref<16384x32768xf16>, %pe : i32)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  func.func @peer_pull(%src: memref<16384x32768xf16>, %dst: memref<16384x32768xf16>, %pe: i32, %ctas: index, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@pull
          blocks in (%ctas, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%src : memref<16384x32768xf16>, %dst : memref<16384x32768xf16>, %pe : i32)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}
