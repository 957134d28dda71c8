// A 3-stage pipelined TMA loop over the 40 tiles of a 2560x64 f16 matrix,
// written as a grid-stride loop and marked
// `asynccopy.pipeline_dynamic_schedule`: the CTAs claim tiles from a
// counter, so which CTA copies which tile is decided at run time.
// - %in -> %tmp with 6 CTAs on a stream (tiles do not divide evenly), with
//   its own zeroed counter;
// - %tmp -> %tmp2 synchronously with 48 CTAs (more CTAs than tiles), with
//   its own zeroed counter;
// - three launches chained through a loop's token, which share one counter
//   that each launch leaves zeroed for the next: %tmp2 -> %tmp,
//   %tmp -> %tmp3, %tmp3 -> %out, with %tmp and %tmp3 poisoned first.
// A launch that found its counter not zeroed would copy nothing, and the
// poison would reach %out.
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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %c48 = arith.constant 48 : index
    %c128 = arith.constant 128 : index
    %poison = arith.constant 0xFFFF : f16
    %t0 = gpu.wait async
    %tmp, %t1 = gpu.alloc async [%t0] () : memref<2560x64xf16>
    %tmp2, %t2 = gpu.alloc async [%t1] () : memref<2560x64xf16>
    %tmp3, %t3 = gpu.alloc async [%t2] () : memref<2560x64xf16>
    %t4 = gpu.launch_func async [%t3] @kernels::@kernel blocks in (%c6, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<2560x64xf16>, %tmp : memref<2560x64xf16>)
    gpu.wait [%t4]
    gpu.launch_func @kernels::@kernel blocks in (%c48, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%tmp : memref<2560x64xf16>, %tmp2 : memref<2560x64xf16>)
    %t5 = gpu.wait async
    %t6 = gpu.memset async [%t5] %tmp, %poison : memref<2560x64xf16>, f16
    %t7 = gpu.memset async [%t6] %tmp3, %poison : memref<2560x64xf16>, f16
    %t8 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %t7) -> (!gpu.async.token) {
      %first = arith.cmpi eq, %i, %c0 : index
      %second = arith.cmpi eq, %i, %c1 : index
      %later = arith.select %second, %tmp, %tmp3 : memref<2560x64xf16>
      %src = arith.select %first, %tmp2, %later : memref<2560x64xf16>
      %next = arith.select %second, %tmp3, %out : memref<2560x64xf16>
      %dst = arith.select %first, %tmp, %next : memref<2560x64xf16>
      %tl = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%src : memref<2560x64xf16>, %dst : memref<2560x64xf16>)
      scf.yield %tl : !gpu.async.token
    }
    %t9 = gpu.dealloc async [%t8] %tmp : memref<2560x64xf16>
    %t10 = gpu.dealloc async [%t9] %tmp2 : memref<2560x64xf16>
    %t11 = gpu.dealloc async [%t10] %tmp3 : memref<2560x64xf16>
    gpu.wait [%t11]
    return
  }
}
