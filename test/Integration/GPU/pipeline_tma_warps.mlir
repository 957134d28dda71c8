// `asynccopy.pipeline_empty_barrier` on a 3-stage TMA loop: stages are
// released on a per-stage empty barrier instead of a CTA barrier; the
// launch's block size is a constant (4 warps), so each warp's first lane
// arrives once its lanes are done with the stage, and the refill waits for
// all four. Every thread writes 2 * tile i of 8 x gridDim.x 32x64 f32 tiles
// to tile i of %out with ordinary loads and stores.
// RUN: %gpu_tests pipeline_tma_warps | FileCheck %s
// CHECK: pipeline_tma_warps: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
        workgroup(%tile : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c2048 = arith.constant 2048 : index
      %two = arith.constant 2.0 : f32
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %n = arith.muli %gx, %c8 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      scf.for %i = %c0 to %n step %c1 {
        %row = arith.muli %i, %c32 : index
        %parity = arith.remui %i, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.copy %in to %tile window [%row, 0] [32, 64] barrier %bar[%c0]
            : memref<256x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        scf.for %e = %tid to %c2048 step %nt {
          %r = arith.divui %e, %c64 : index
          %c = arith.remui %e, %c64 : index
          %v = memref.load %tile[%r, %c] : memref<32x64xf32, #gpu.address_space<workgroup>>
          %d = arith.mulf %v, %two : f32
          %gr = arith.addi %row, %r : index
          memref.store %d, %out[%gr, %c] : memref<256x64xf32>
        }
      } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_empty_barrier}
      gpu.return
    }
  }
  func.func @pipeline_tma_warps(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<256x64xf32>, %out : memref<256x64xf32>)
    return
  }
}
