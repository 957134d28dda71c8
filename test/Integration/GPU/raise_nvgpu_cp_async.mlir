// nvgpu cp.async in upstream ops only: every thread of block b copies the
// whole 64x64 f16 plane b of %in into SMEM in 16-B pieces
// (nvgpu.device_async_copy, one group, device_async_wait), then the threads
// write the SMEM tile to plane b of %out. Every thread copies the same
// elements, so asynccopy-raise-upstream raises the copies, the group and
// the wait; upstream's pipeline compiles it as it is (the benchmark times
// both). The harness checks %out against %in.
// RUN: %gpu_tests raise_nvgpu_cp_async | FileCheck %s
// CHECK: raise_nvgpu_cp_async: PASS
func.func @raise_nvgpu_cp_async(%in: memref<4x64x64xf16>, %out: memref<4x64x64xf16>)
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
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c1_0 {
      scf.for %k = %c0 to %c64 step %c8 {
        %t = nvgpu.device_async_copy %in[%bx, %r, %k], %tile[%r, %k], 8
            : memref<4x64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      }
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
