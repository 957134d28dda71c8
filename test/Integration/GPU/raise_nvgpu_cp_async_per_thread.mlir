// nvgpu cp.async as compilers emit it: each of the 128 threads copies its
// own 16-B run (row tid / 8, column (tid mod 8) * 8) of a 16-row slab of
// the 64x64 f16 plane b of %in, four slabs in a loop, one group, a wait and
// a CTA barrier; then the threads write the SMEM tile to plane b of %out.
// asynccopy-raise-upstream raises each per-thread copy into one
// CTA-cooperative copy of the 16x64 slab the threads tile together; the
// harness checks %out against %in.
// RUN: %gpu_tests raise_nvgpu_cp_async_per_thread | FileCheck %s
// CHECK: raise_nvgpu_cp_async_per_thread: PASS
func.func @raise_nvgpu_cp_async_per_thread(%in: memref<4x64x64xf16>, %out: memref<4x64x64xf16>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %row = arith.divui %tx, %c8 : index
    %m = arith.remui %tx, %c8 : index
    %col = arith.muli %m, %c8 : index
    scf.for %slab = %c0 to %c64 step %c16 {
      %r = arith.addi %slab, %row : index
      %t = nvgpu.device_async_copy %in[%bx, %r, %col], %tile[%r, %col], 8
          : memref<4x64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    }
    %g = nvgpu.device_async_create_group {}
    nvgpu.device_async_wait %g
    gpu.barrier
    scf.for %r = %tx to %c64 step %c128 {
      scf.for %k = %c0 to %c64 step %c1_0 {
        %v = memref.load %tile[%r, %k] : memref<64x64xf16, #gpu.address_space<workgroup>>
        memref.store %v, %out[%bx, %r, %k] : memref<4x64x64xf16>
      }
    }
    gpu.terminator
  }
  return
}
