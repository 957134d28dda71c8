// memref.copy in upstream ops only, both ways: block (p, h) copies rows
// 32t..32t+31, columns 64h..64h+63 of plane p of %in (a rank-reducing
// subview of the 3-D tensor) into SMEM and from there into the same window
// of %out, for t = 0, 1, with CTA barriers around the copies.
// asynccopy-raise-upstream makes the load a TMA load (phase per iteration)
// and the store a TMA store; upstream's pipeline cannot compile memref.copy
// in a kernel. The harness checks %out against %in.
// RUN: %gpu_tests raise_memref_copy | FileCheck %s
// CHECK: raise_memref_copy: PASS
func.func @raise_memref_copy(%in: memref<4x64x128xf32>, %out: memref<4x64x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%tile : memref<32x64xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    %c2_0 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %col = arith.muli %by, %c64 : index
    scf.for %t = %c0 to %c2_0 step %c1_0 {
      %row = arith.muli %t, %c32 : index
      %src = memref.subview %in[%bx, %row, %col] [1, 32, 64] [1, 1, 1]
          : memref<4x64x128xf32> to memref<32x64xf32, strided<[128, 1], offset: ?>>
      %dst = memref.subview %out[%bx, %row, %col] [1, 32, 64] [1, 1, 1]
          : memref<4x64x128xf32> to memref<32x64xf32, strided<[128, 1], offset: ?>>
      gpu.barrier
      memref.copy %src, %tile : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.copy %tile, %dst : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
    }
    gpu.terminator
  }
  return
}
