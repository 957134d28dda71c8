// A 3-stage pipelined TMA loop over the 40 tiles of a 2560x64 f16 matrix,
// written as a grid-stride loop and marked
// `asynccopy.pipeline_dynamic_schedule`: the CTAs claim tiles from a
// per-launch counter, so which CTA copies which tile is decided at run time.
// Two launches, each with a fresh counter: %in -> %tmp with 6 CTAs (tiles do
// not divide evenly) on a stream, then %tmp -> %out synchronously with 48
// CTAs (more CTAs than tiles: some claim none). A launch whose counter was
// not zeroed would leave %out poisoned.
// RUN: %gpu_tests pipeline_tma_dynamic | FileCheck %s
// CHECK: pipeline_tma_dynamic: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<2560x64xf16>, %out: memref<2560x64xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c40 = arith.constant 40 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r = scf.for %t = %bid to %c40 step %grid iter_args(%phase = %false) -> (i1) {
        %row = arith.muli %t, %c64 : index
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<2560x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %st = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
            : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<2560x64xf16> -> !asynccopy.token
        asynccopy.wait %st : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_dynamic_schedule}
      gpu.return
    }
  }
  func.func @pipeline_tma_dynamic(%in: memref<2560x64xf16>, %out: memref<2560x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c48 = arith.constant 48 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %tmp, %t1 = gpu.alloc async [%t0] () : memref<2560x64xf16>
    %t2 = gpu.launch_func async [%t1] @kernels::@kernel blocks in (%c6, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<2560x64xf16>, %tmp : memref<2560x64xf16>)
    gpu.wait [%t2]
    gpu.launch_func @kernels::@kernel blocks in (%c48, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%tmp : memref<2560x64xf16>, %out : memref<2560x64xf16>)
    %t3 = gpu.wait async
    %t4 = gpu.dealloc async [%t3] %tmp : memref<2560x64xf16>
    gpu.wait [%t4]
    return
  }
}
