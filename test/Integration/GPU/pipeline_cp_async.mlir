// cp.async loads pipelined over 4 stages (nvFuser's scheme): the loop loads
// a 16x64 f16 tile with cp.async into one SMEM tile, waits on its token and
// every thread copies the tile out with ordinary loads and stores.
// asynccopy-pipeline-loops issues the loads `{commit = false}` with one commit
// per load step (empty ones past the end too) and waits with
// `wait_group 2`. 32 x gridDim.x tiles, not a constant trip count.
// RUN: %gpu_tests pipeline_cp_async | FileCheck %s
// CHECK: pipeline_cp_async: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
        workgroup(%tile : memref<16x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c1024 = arith.constant 1024 : index
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %n = arith.muli %gx, %c32 : index
      scf.for %i = %c0 to %n step %c1 {
        %row = arith.muli %i, %c16 : index
        %t = asynccopy.copy %in to %tile window [%row, 0] [16, 64] {impl = #asynccopy<impl cp_async>}
            : memref<512x64xf16> to memref<16x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
        scf.for %e = %tid to %c1024 step %nt {
          %r = arith.divui %e, %c64 : index
          %c = arith.remui %e, %c64 : index
          %v = memref.load %tile[%r, %c] : memref<16x64xf16, #gpu.address_space<workgroup>>
          %gr = arith.addi %row, %r : index
          memref.store %v, %out[%gr, %c] : memref<512x64xf16>
        }
      } {asynccopy.pipeline_stages = 4 : i64}
      gpu.return
    }
  }
  func.func @pipeline_cp_async(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<512x64xf16>, %out : memref<512x64xf16>)
    return
  }
}
