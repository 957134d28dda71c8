// A synchronous (generic-proxy) load of a 64x64 f32 tile into SMEM, then a
// TMA (async-proxy) store of it: the sync load ends with
// fence.proxy.async.shared::cta in every thread before its CTA barrier, so
// the TMA engine reads what the threads wrote. Block b copies rows
// [64 b, 64 b + 64) of %in to %out.
// RUN: %gpu_tests sync_load_tma_store | FileCheck %s
// CHECK: sync_load_tma_store: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %row = arith.muli %bx, %c64 : index
      %t = asynccopy.copy %in to %tile window [%row, 0] [64, 64] {impl = #asynccopy<impl sync>}
          : memref<256x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %tile to %out window [%row, 0] [64, 64] {impl = #asynccopy<impl tma>}
          : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<256x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
  func.func @sync_load_tma_store(%in: memref<256x64xf32>, %out: memref<256x64xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<256x64xf32>, %out : memref<256x64xf32>)
    return
  }
}
