// Host + kernels through MLIR 22's own lowering: the calls land in
// libAsyncCopyRuntime exactly as gpu-to-llvm/mlir-translate emit them.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_one(%buf: memref<256xf32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %buf[%i] : memref<256xf32>
      %one = arith.constant 1.0 : f32
      %w = arith.addf %v, %one : f32
      memref.store %w, %buf[%i] : memref<256xf32>
      gpu.return
    }
    gpu.func @cluster_rank(%out: memref<8xi32>) kernel {
      %r = gpu.cluster_block_id x
      %n = gpu.cluster_dim_blocks x
      %b = gpu.block_id x
      %c256 = arith.constant 256 : index
      %hi = arith.muli %n, %c256 : index
      %v = arith.addi %r, %hi : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %out[%b] : memref<8xi32>
      gpu.return
    }
  }

  func.func @run(%host: memref<256xf32>, %out: memref<8xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0 : i32
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<256xf32>
    %t2 = gpu.memcpy async [%t1] %d, %host : memref<256xf32>, memref<256xf32>
    %t3 = gpu.launch_func async [%t2] @kernels::@add_one blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%d : memref<256xf32>)
    %t4 = gpu.memcpy async [%t3] %host, %d : memref<256xf32>, memref<256xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<256xf32>
    %o, %t6 = gpu.alloc async [%t5] () : memref<8xi32>
    %t7 = gpu.memset async [%t6] %o, %zero : memref<8xi32>, i32
    %t8 = gpu.launch_func async [%t7] @kernels::@cluster_rank clusters in (%c2, %c1, %c1) blocks in (%c8, %c1, %c1) threads in (%c32, %c1, %c1) args(%o : memref<8xi32>)
    %t9 = gpu.memcpy async [%t8] %out, %o : memref<8xi32>, memref<8xi32>
    %t10 = gpu.dealloc async [%t9] %o : memref<8xi32>
    gpu.wait [%t10]
    return
  }

  // A token carried through scf.for: gpu-to-llvm treats the loop's result as
  // an event although it is the stream (see MgpuWrappers.cpp).
  func.func @run_loop(%host: memref<256xf32>, %iters: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<256xf32>
    %t2 = gpu.memcpy async [%t1] %d, %host : memref<256xf32>, memref<256xf32>
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t2) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@add_one blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%d : memref<256xf32>)
      scf.yield %next : !gpu.async.token
    }
    %t3 = gpu.memcpy async [%done] %host, %d : memref<256xf32>, memref<256xf32>
    %t4 = gpu.dealloc async [%t3] %d : memref<256xf32>
    gpu.wait [%t4]
    return
  }
}
