// JIT example: per-thread copies run end to end by mlir-runner. @main fills
// a 128x256 f32 tensor on the host, copies it to the GPU and launches a 4x4
// grid: CTA (x, y) loads the window [32y, 64x] [32, 64] into SMEM with
// cp.async (16-B cp.async.cg per thread, completion through a token and
// asynccopy.wait) and stores it to a second tensor with the synchronous
// fallback (vectorised ld.shared/st.global by the CTA's threads). The host
// copies the result back and prints how many elements differ from the input
// (the output starts as -1.0 everywhere). Expected output:
//
//   cp_async_sync_copy: mismatches = 0
//
// Run on a GPU machine as README.md shows ("Run modules with mlir-runner").
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy_windows(%in: memref<128x256xf32>, %out: memref<128x256xf32>)
        workgroup(%tile : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c32 : index
      %col = arith.muli %bx, %c64 : index
      %load = asynccopy.copy %in to %tile window [%row, %col] [32, 64]
          {impl = #asynccopy<impl cp_async>}
          : memref<128x256xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %load : !asynccopy.token
      %store = asynccopy.copy %tile to %out window [%row, %col] [32, 64]
          {impl = #asynccopy<impl sync>}
          : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<128x256xf32> -> !asynccopy.token
      asynccopy.wait %store : !asynccopy.token
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %minus_one = arith.constant -1.0 : f32
    %h_in = memref.alloc() : memref<128x256xf32>
    %h_out = memref.alloc() : memref<128x256xf32>
    // in[i][j] = 256 i + j: every element distinct and exact in f32.
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %i256 = arith.muli %i, %c256 : index
        %ij = arith.addi %i256, %j : index
        %n = arith.index_cast %ij : index to i64
        %v = arith.uitofp %n : i64 to f32
        memref.store %v, %h_in[%i, %j] : memref<128x256xf32>
        memref.store %minus_one, %h_out[%i, %j] : memref<128x256xf32>
      }
    }
    %t0 = gpu.wait async
    %d_in, %t1 = gpu.alloc async [%t0] () : memref<128x256xf32>
    %d_out, %t2 = gpu.alloc async [%t1] () : memref<128x256xf32>
    %t3 = gpu.memcpy async [%t2] %d_in, %h_in : memref<128x256xf32>, memref<128x256xf32>
    %t4 = gpu.memcpy async [%t3] %d_out, %h_out : memref<128x256xf32>, memref<128x256xf32>
    %t5 = gpu.launch_func async [%t4] @kernels::@copy_windows
        blocks in (%c4, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<128x256xf32>, %d_out : memref<128x256xf32>)
    %t6 = gpu.memcpy async [%t5] %h_out, %d_out : memref<128x256xf32>, memref<128x256xf32>
    %t7 = gpu.dealloc async [%t6] %d_in : memref<128x256xf32>
    %t8 = gpu.dealloc async [%t7] %d_out : memref<128x256xf32>
    gpu.wait [%t8]
    %bad = scf.for %i = %c0 to %c128 step %c1 iter_args(%acc = %c0_i64) -> (i64) {
      %row = scf.for %j = %c0 to %c256 step %c1 iter_args(%r = %acc) -> (i64) {
        %a = memref.load %h_in[%i, %j] : memref<128x256xf32>
        %b = memref.load %h_out[%i, %j] : memref<128x256xf32>
        %ne = arith.cmpf une, %a, %b : f32
        %inc = arith.select %ne, %c1_i64, %c0_i64 : i64
        %r2 = arith.addi %r, %inc : i64
        scf.yield %r2 : i64
      }
      scf.yield %row : i64
    }
    vector.print str "cp_async_sync_copy: mismatches = "
    vector.print %bad : i64
    memref.dealloc %h_in : memref<128x256xf32>
    memref.dealloc %h_out : memref<128x256xf32>
    return
  }
}
