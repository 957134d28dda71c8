// A loop written with one SMEM tile and one barrier (phase = iteration
// parity), marked `asynccopy.pipeline_stages = 3`: asynccopy-pipeline-loops gives
// the tile 3 stages and keeps two TMA loads in flight; each tile goes back
// out with a TMA store whose wait the pass moves to the refill of its
// stage. The trip count (16 x gridDim.x) is not a constant, so the refills
// are guarded at run time. Tile i of %in goes to tile i of %out.
// RUN: %gpu_tests pipeline_tma | FileCheck %s
// CHECK: pipeline_tma: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %gx = gpu.grid_dim x
      %n = arith.muli %gx, %c16 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %i, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<1024x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
            : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x64xf16> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 3 : i64}
      gpu.return
    }
  }
  func.func @pipeline_tma(%in: memref<1024x64xf16>, %out: memref<1024x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<1024x64xf16>, %out : memref<1024x64xf16>)
    return
  }
}
