// What MLIR's generic GPU integration tests hold besides copies, in the
// same shape: printf, all_reduce (with a region), shuffles, math on the
// host, vector transfers and prints, host-shared allocations, two
// kernels. Each compiles with both compilers to PTX that ptxas assembles
// (asynccopy has nothing to raise; it must never do worse than upstream).
// RUN: %upstream_mlir_opt %s -split-input-file -gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX
// PTX: vprintf
// PTX-DAG: shfl.sync.bfly
// PTX-DAG: bar.sync

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hello(%x: f32) kernel {
      %t = gpu.thread_id x
      gpu.printf "thread %lld: %f\0A", %t, %x : index, f32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = arith.constant 3.0 : f32
    %m = math.absf %v : f32
    gpu.launch_func @kernels::@hello blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%m : f32)
    return
  }
}

// -----

func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %data, %t = gpu.alloc async host_shared () : memref<32xi32>
  %fdata, %t2 = gpu.alloc async host_shared () : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %w = arith.constant 32 : i32
    %o = arith.constant 16 : i32
    %s, %valid = gpu.shuffle xor %i, %o, %w : i32
    %sum = gpu.all_reduce add %s uniform {} : (i32) -> (i32)
    %r = gpu.all_reduce %i {
    ^bb(%lhs : i32, %rhs : i32):
      %x = arith.xori %lhs, %rhs : i32
      "gpu.yield"(%x) : (i32) -> ()
    } : (i32) -> (i32)
    %both = arith.addi %sum, %r : i32
    memref.store %both, %data[%tx] : memref<32xi32>
    %f = arith.sitofp %i : i32 to f32
    memref.store %f, %fdata[%tx] : memref<32xf32>
    gpu.terminator
  }
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %vec = vector.transfer_read %data[%c0], %pad : memref<32xi32>, vector<32xi32>
  vector.print %vec : vector<32xi32>
  return
}
