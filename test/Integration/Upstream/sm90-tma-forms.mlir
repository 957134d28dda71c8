// The TMA forms of MLIR's sm90 integration tests, written here in the same
// shape (test/Integration/Upstream/RESULTS.md runs the tests themselves):
// host-made tensor maps, an mbarrier initialised with `gpu.block_dim x`,
// the loads and their expect_tx under `scf.if %tid == 0` after the issuing
// thread prints the buffer, the other threads arriving with 0 bytes. Both
// compilers compile it; asynccopy raises it (no remark) into TMA copies.
// RUN: %upstream_mlir_opt %s -gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" 2> %t.diag | %extract_ptx | FileCheck %s --check-prefix=PTX
// RUN: FileCheck %s --check-prefix=NONE --allow-empty < %t.diag
// RUN: ac-opt %s -asynccopy-raise-upstream | FileCheck %s --check-prefix=RAISED
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX: mbarrier.try_wait.parity
// NONE-NOT: remark
// NONE-NOT: warning
// RAISED: asynccopy.barrier.init %{{.*}}, 2
// RAISED: scf.if
// RAISED: gpu.printf
// RAISED: asynccopy.copy {{.*}} window [0, 0] [32, 16] {{.*}} predicate
// RAISED: asynccopy.copy {{.*}} window [0, 0] [16, 64] {{.*}} predicate
// RAISED-NOT: nvgpu.
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<32x16xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!rhs = !nvgpu.tensormap.descriptor<tensor = memref<16x64xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module @sm90_forms {
  memref.global "private" @lhs_smem : memref<32x16xf32, 3>
  memref.global "private" @rhs_smem : memref<16x64xf32, 3>
  func.func @main(%a: memref<32x16xf32>, %b: memref<16x64xf32>, %out: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c6144 = arith.constant 6144 : index
    %ca = memref.cast %a : memref<32x16xf32> to memref<*xf32>
    %cb = memref.cast %b : memref<16x64xf32> to memref<*xf32>
    %da = nvgpu.tma.create.descriptor %ca box[%c32, %c16] : memref<*xf32> -> !lhs
    %db = nvgpu.tma.create.descriptor %cb box[%c16, %c64] : memref<*xf32> -> !rhs
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%nx = %c64, %ny = %c1, %nz = %c1) {
      %n = gpu.block_dim x
      %tid = gpu.thread_id x
      %sa = memref.get_global @lhs_smem : memref<32x16xf32, 3>
      %sb = memref.get_global @rhs_smem : memref<16x64xf32, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      nvgpu.mbarrier.init %bar[%c0], %n : !bar
      gpu.barrier
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c6144 : !bar
        %before = memref.load %sa[%c0, %c0] : memref<32x16xf32, 3>
        gpu.printf "before %f\0A", %before : f32
        nvgpu.tma.async.load %da[%c0, %c0], %bar[%c0] to %sa : !lhs, !bar -> memref<32x16xf32, 3>
        nvgpu.tma.async.load %db[%c0, %c0], %bar[%c0] to %sb : !rhs, !bar -> memref<16x64xf32, 3>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !bar
      }
      %phase = arith.constant 0 : i1
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !bar
      %row = arith.remui %tid, %c32 : index
      %col = arith.remui %tid, %c16 : index
      %x = memref.load %sa[%row, %col] : memref<32x16xf32, 3>
      %y = memref.load %sb[%col, %tid] : memref<16x64xf32, 3>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tid] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}
