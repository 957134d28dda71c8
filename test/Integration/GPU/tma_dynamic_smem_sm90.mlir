// Six 128x64 f16 tiles (128-B swizzle) loaded by TMA into the six stages of
// one 96 KiB workgroup buffer, then stored back. Compiled for sm_90 (the
// `_sm90` suffix: utils/build-gpu-tests.sh passes chip=sm_90), whose kernels
// can declare only 48 KiB of static shared memory: asynccopy-pack-shared-
// memory moves the buffer and the barriers into dynamic shared memory (the
// buffer at a 1024-B aligned address for the swizzle), the launch passes
// the size and the runtime opts the kernel in. All six loads are in flight
// before the first wait. Tile i of %in goes to stage i and back to tile i of
// %out.
// RUN: %gpu_tests tma_dynamic_smem_sm90 | FileCheck %s
// CHECK: tma_dynamic_smem_sm90: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<768x64xf16>, %out: memref<768x64xf16>)
        workgroup(%buf : memref<6x128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c128 = arith.constant 128 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<6>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<6>
      scf.for %i = %c0 to %c6 step %c1 {
        %row = arith.muli %i, %c128 : index
        %stage = memref.subview %buf[%i, 0, 0] [1, 128, 64] [1, 1, 1]
            : memref<6x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        asynccopy.copy %in to %stage window [%row, 0] [128, 64] barrier %bar[%i] {swizzle = 128 : i64}
            : memref<768x64xf16> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
      scf.for %i = %c0 to %c6 step %c1 {
        %row = arith.muli %i, %c128 : index
        %stage = memref.subview %buf[%i, 0, 0] [1, 128, 64] [1, 1, 1]
            : memref<6x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%i], %false : !asynccopy.barrier<6>
        %t = asynccopy.copy %stage to %out window [%row, 0] [128, 64] {swizzle = 128 : i64}
            : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<768x64xf16> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
      }
      gpu.return
    }
  }
  func.func @tma_dynamic_smem_sm90(%in: memref<768x64xf16>, %out: memref<768x64xf16>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<768x64xf16>, %out : memref<768x64xf16>)
    return
  }
}
