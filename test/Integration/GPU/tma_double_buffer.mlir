// TMA loads and stores of 64x64 f16 tiles (128-B swizzle) through the two
// stages of an SMEM double buffer: each stage is a subview of one 2x64x64
// workgroup buffer, and the loop swaps them through scf.for iter_args, so
// the copies only see loop-carried views. The conversion aligns the buffer
// behind both stages to the 1024-B swizzle atom (without it the buffer gets
// its element alignment and TMA faults with "misaligned address"). Tile i
// of %in goes to stage i % 2 and back to tile i of %out.
// RUN: %gpu_tests tma_double_buffer | FileCheck %s
// CHECK: tma_double_buffer: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
        workgroup(%buf : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %s0 = memref.subview %buf[%c0, 0, 0] [1, 64, 64] [1, 1, 1]
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %s1 = memref.subview %buf[%c1, 0, 0] [1, 64, 64] [1, 1, 1]
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %r:3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %s0, %next = %s1, %phase = %false)
          -> (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>,
              memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, i1) {
        %row = arith.muli %i, %c64 : index
        asynccopy.copy %in to %cur window [%row, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<512x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %t = asynccopy.copy %cur to %out window [%row, 0] [64, 64] {swizzle = 128 : i64}
            : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<512x64xf16> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %next, %cur, %flip
            : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>,
              memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, i1
      }
      gpu.return
    }
  }
  func.func @tma_double_buffer(%in: memref<512x64xf16>, %out: memref<512x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<512x64xf16>, %out : memref<512x64xf16>)
    return
  }
}
