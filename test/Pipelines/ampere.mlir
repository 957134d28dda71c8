// The same source copy compiles for Ampere: with chip=sm_80 selection falls
// back to cp.async (16-B, .cg) and the PTX assembles for sm_80.
// RUN: ac-opt %s -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s
// CHECK: .target sm_80
// CHECK-LABEL: .entry load_tile(
// CHECK-NOT: cp.async.bulk
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, {{.*}};
// CHECK: cp.async.commit_group
// CHECK: cp.async.wait_group {{[[:space:]]*}}0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load_tile(%A: memref<4096x4096xf16>, %out: memref<64x64xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %bx = gpu.block_id x
      %c64 = arith.constant 64 : index
      %row = arith.muli %bx, %c64 : index
      %t = asynccopy.copy %A to %S window [%row, 0] [64, 64]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
