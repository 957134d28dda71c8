// `pipeline_cp_async` with a dynamic schedule: the loop is a grid-stride
// loop over the 32 tiles (16x64 f16) marked
// `asynccopy.pipeline_dynamic_schedule`, so the CTAs claim tiles from a
// per-launch counter while the cp.async groups keep their one commit per
// load step. Two launches, each with a fresh counter: %in -> %tmp with 5
// CTAs on a stream, then %tmp -> %out synchronously with 40 CTAs (more than
// tiles).
// RUN: %gpu_tests pipeline_cp_async_dynamic | FileCheck %s
// CHECK: pipeline_cp_async_dynamic: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
        workgroup(%tile : memref<16x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c1024 = arith.constant 1024 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      scf.for %i = %bid to %c32 step %grid {
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
      } {asynccopy.pipeline_stages = 4 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @pipeline_cp_async_dynamic(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c40 = arith.constant 40 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %tmp, %t1 = gpu.alloc async [%t0] () : memref<512x64xf16>
    %t2 = gpu.launch_func async [%t1] @kernels::@kernel blocks in (%c5, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<512x64xf16>, %tmp : memref<512x64xf16>)
    gpu.wait [%t2]
    gpu.launch_func @kernels::@kernel blocks in (%c40, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%tmp : memref<512x64xf16>, %out : memref<512x64xf16>)
    %t3 = gpu.wait async
    %t4 = gpu.dealloc async [%t3] %tmp : memref<512x64xf16>
    gpu.wait [%t4]
    return
  }
}
