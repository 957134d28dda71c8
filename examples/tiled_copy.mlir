// A tiled copy: every CTA loads one 64x128 f16 tile of %in into SMEM with a
// TMA load (tile transform, 128-B swizzle, completion on an mbarrier) and
// stores it back to %out with a TMA store that completes through a bulk
// group. `impl` is left to asynccopy-select-implementation (it picks TMA).
//
//   ac-opt --asynccopy-to-llvm="format=isa" examples/tiled_copy.mlir \
//     | utils/extract-ptx.py
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
      // One arrival per phase: the copy's own arrive.expect_tx.
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<16384x16384xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<16384x16384xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
