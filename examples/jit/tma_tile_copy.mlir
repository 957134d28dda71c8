// JIT example: a tiled TMA copy run end to end by mlir-runner. @main fills a
// 256x512 f16 tensor on the host, copies it to the GPU, launches a 4x4 grid
// whose CTAs each TMA-load a 64x128 window into SMEM (tiled by 64x64, 128-B
// swizzle, completion on an mbarrier) and TMA-store it back to a second
// tensor, copies that back and prints how many elements differ from the
// input (the output starts as -1.0 everywhere, so a window left unwritten
// counts too). Expected output:
//
//   tma_tile_copy: mismatches = 0
//
// Run on a GPU machine (README.md, "Run modules with mlir-runner"):
//
//   build/bin/ac-opt examples/jit/tma_tile_copy.mlir --asynccopy-to-llvm \
//     | mlir-runner --entry-point-result=void --shared-libs=...
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_tiles(%in: memref<256x512xf16>, %out: memref<256x512xf16>)
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
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<256x512xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<256x512xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %minus_one = arith.constant -1.0 : f16
    %h_in = memref.alloc() : memref<256x512xf16>
    %h_out = memref.alloc() : memref<256x512xf16>
    // in[i][j] = (512 i + j) mod 2048: exact in f16, no two neighbours equal.
    scf.for %i = %c0 to %c256 step %c1 {
      scf.for %j = %c0 to %c512 step %c1 {
        %i512 = arith.muli %i, %c512 : index
        %ij = arith.addi %i512, %j : index
        %n = arith.index_cast %ij : index to i64
        %m = arith.remui %n, %c2048_i64 : i64
        %v = arith.uitofp %m : i64 to f16
        memref.store %v, %h_in[%i, %j] : memref<256x512xf16>
        memref.store %minus_one, %h_out[%i, %j] : memref<256x512xf16>
      }
    }
    %t0 = gpu.wait async
    %d_in, %t1 = gpu.alloc async [%t0] () : memref<256x512xf16>
    %d_out, %t2 = gpu.alloc async [%t1] () : memref<256x512xf16>
    %t3 = gpu.memcpy async [%t2] %d_in, %h_in : memref<256x512xf16>, memref<256x512xf16>
    %t4 = gpu.memcpy async [%t3] %d_out, %h_out : memref<256x512xf16>, memref<256x512xf16>
    %t5 = gpu.launch_func async [%t4] @kernels::@copy_tiles
        blocks in (%c4, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<256x512xf16>, %d_out : memref<256x512xf16>)
    %t6 = gpu.memcpy async [%t5] %h_out, %d_out : memref<256x512xf16>, memref<256x512xf16>
    %t7 = gpu.dealloc async [%t6] %d_in : memref<256x512xf16>
    %t8 = gpu.dealloc async [%t7] %d_out : memref<256x512xf16>
    gpu.wait [%t8]
    %bad = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %c0_i64) -> (i64) {
      %row = scf.for %j = %c0 to %c512 step %c1 iter_args(%r = %acc) -> (i64) {
        %a = memref.load %h_in[%i, %j] : memref<256x512xf16>
        %b = memref.load %h_out[%i, %j] : memref<256x512xf16>
        %ne = arith.cmpf une, %a, %b : f16
        %inc = arith.select %ne, %c1_i64, %c0_i64 : i64
        %r2 = arith.addi %r, %inc : i64
        scf.yield %r2 : i64
      }
      scf.yield %row : i64
    }
    vector.print str "tma_tile_copy: mismatches = "
    vector.print %bad : i64
    memref.dealloc %h_in : memref<256x512xf16>
    memref.dealloc %h_out : memref<256x512xf16>
    return
  }
}
