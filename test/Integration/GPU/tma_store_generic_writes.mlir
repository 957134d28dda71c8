// Every thread writes part of a 64x64 f32 tile with ordinary stores (the
// generic proxy) and a TMA store then reads the tile (the async proxy); the
// program has no fence and no barrier between them. asynccopy-assign-wait-
// groups puts `fence.proxy.async.shared::cta` and a CTA barrier before the
// store. Block y writes 2 * tile y of %in (read with ordinary loads) to
// tile y of %out.
// RUN: %gpu_tests tma_store_generic_writes | FileCheck %s
// CHECK: tma_store_generic_writes: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c64 = arith.constant 64 : index
      %c4096 = arith.constant 4096 : index
      %two = arith.constant 2.0 : f32
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c64 : index
      scf.for %i = %tid to %c4096 step %nt {
        %r = arith.divui %i, %c64 : index
        %c = arith.remui %i, %c64 : index
        %gr = arith.addi %row, %r : index
        %v = memref.load %in[%gr, %c] : memref<256x64xf32>
        %d = arith.mulf %v, %two : f32
        memref.store %d, %tile[%r, %c] : memref<64x64xf32, #gpu.address_space<workgroup>>
      }
      %t = asynccopy.copy %tile to %out window [%row, 0] [64, 64]
          : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<256x64xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_store_generic_writes(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c4, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<256x64xf32>, %out : memref<256x64xf32>)
    return
  }
}
