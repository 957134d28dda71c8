// Collective loads pipelined over 4 stages: clusters of 2 CTAs along x
// share every 64x64 f16 tile (each CTA loads 32 rows and multicasts them).
// The loop is written with one tile and one barrier; asynccopy-pipeline-loops
// adds per-stage "empty" barriers that each CTA frees on both CTAs with a
// remote arrival after using a stage, and a refill waits on its own empty
// stage, so no cluster barrier per tile is needed. CTA r stores the tiles
// i with i mod 2 = r, so the output checks what both CTAs received. The
// trip count 4 x gridDim.x (= 8) is not a constant.
// RUN: %gpu_tests pipeline_multicast | FileCheck %s
// CHECK: pipeline_multicast: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %gx = gpu.grid_dim x
      %rank = gpu.cluster_block_id x
      %n = arith.muli %gx, %c4 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      scf.for %i = %c0 to %n step %c1 {
        %row = arith.muli %i, %c64 : index
        %parity = arith.remui %i, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0]
            {swizzle = 128 : i64, collective = [#gpu<dim x>]}
            : memref<512x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %mine = arith.cmpi eq, %parity, %rank : index
        scf.if %mine {
          %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
              : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<512x64xf16> -> !asynccopy.token
          asynccopy.wait %t : !asynccopy.token
        }
      } {asynccopy.pipeline_stages = 4 : i64}
      gpu.return
    }
  }
  func.func @pipeline_multicast(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1)
        threads in (%c128, %c1, %c1)
        args(%in : memref<512x64xf16>, %out : memref<512x64xf16>)
    return
  }
}
