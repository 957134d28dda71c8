// Out-of-bounds zero fill on ragged edges: a 100x100 f32 tensor (400-B rows)
// is covered by 64x64 windows at (64y, 64x); three of the four run past the
// tensor. Each block first fills its SMEM tile with the sentinel -1.0 (then
// fences the generic writes against the async proxy), TMA-loads the window
// with oob = zeros, and dumps the SMEM image to %smem_image (row 2y + x): the
// harness checks in-tensor elements are copied and every out-of-tensor one
// reads 0 (so the zeros were really written). A TMA store of each window
// writes back only its in-tensor part: %out must equal %in.
// RUN: %gpu_tests tma_oob | FileCheck %s
// CHECK: tma_oob: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<100x100xf32>, %out: memref<100x100xf32>, %smem_image: memref<4x4096xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c4096 = arith.constant 4096 : index
      %false = arith.constant false
      %sentinel = arith.constant -1.0 : f32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %byx = arith.muli %by, %gx : index
      %blk = arith.addi %byx, %bx : index
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<64x64xf32, #gpu.address_space<workgroup>> into memref<4096xf32, #gpu.address_space<workgroup>>
      scf.for %i = %tid to %c4096 step %nt {
        memref.store %sentinel, %flat[%i] : memref<4096xf32, #gpu.address_space<workgroup>>
      }
      asynccopy.fence_async_shared
      gpu.barrier
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0] {oob = #asynccopy<oob zeros>}
          : memref<100x100xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      scf.for %i = %tid to %c4096 step %nt {
        %v = memref.load %flat[%i] : memref<4096xf32, #gpu.address_space<workgroup>>
        memref.store %v, %smem_image[%blk, %i] : memref<4x4096xf32>
      }
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64]
          : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<100x100xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @tma_oob(%in: memref<100x100xf32>, %out: memref<100x100xf32>, %smem_image: memref<4x4096xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<100x100xf32>, %out : memref<100x100xf32>, %smem_image : memref<4x4096xf32>)
    return
  }
}
