// Fewer iterations than stages: a 4-stage pipeline over 2 tiles (the trip
// count 2 x gridDim.x is not a constant). The prologue's third load and
// every refill are guarded off at run time; tile i of %in still goes to
// tile i of %out, through a TMA load and a TMA store.
// RUN: %gpu_tests pipeline_tma_short | FileCheck %s
// CHECK: pipeline_tma_short: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %gx = gpu.grid_dim x
      %n = arith.muli %gx, %c2 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      scf.for %i = %c0 to %n step %c1 {
        %row = arith.muli %i, %c64 : index
        %parity = arith.remui %i, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
            : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
      } {asynccopy.pipeline_stages = 4 : i64}
      gpu.return
    }
  }
  func.func @pipeline_tma_short(%in: memref<128x64xf16>, %out: memref<128x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<128x64xf16>, %out : memref<128x64xf16>)
    return
  }
}
