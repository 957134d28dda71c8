// A cp.async load whose token is never waited on, then every thread reads
// the tile (through a collapsed view of it) and writes it out: the program
// forgot the wait. asynccopy-assign-wait-groups finds the read of the
// buffer the copy may still be writing and puts `cp.async.wait_group 0`
// (and the CTA barrier that publishes the other threads' transfers) before
// it; without it the threads read the tile before it lands. Tile i of the
// 128x64 f16 %in goes through block i's SMEM to tile i of %out.
// RUN: %gpu_tests cp_async_unwaited | FileCheck %s
// CHECK: cp_async_unwaited: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
        workgroup(%tile : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %cn = arith.constant 2048 : index
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c32 : index
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<32x64xf16, #gpu.address_space<workgroup>> into memref<2048xf16, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %in to %tile window [%row, 0] [32, 64] {impl = #asynccopy<impl cp_async>}
          : memref<128x64xf16> to memref<32x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      scf.for %i = %tid to %cn step %nt {
        %v = memref.load %flat[%i] : memref<2048xf16, #gpu.address_space<workgroup>>
        %r = arith.divui %i, %c64 : index
        %c = arith.remui %i, %c64 : index
        %gr = arith.addi %row, %r : index
        memref.store %v, %out[%gr, %c] : memref<128x64xf16>
      }
      gpu.return
    }
  }
  func.func @cp_async_unwaited(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x64xf16>, %out : memref<128x64xf16>)
    return
  }
}
