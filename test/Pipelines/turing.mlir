// Before sm_80 there is no cp.async, TMA or mbarrier: the same copies take the
// sync path (vectorised per-thread loads and stores) and the PTX assembles for
// sm_75.
// RUN: ac-opt %s -asynccopy-to-llvm="chip=sm_75 format=isa" \
// RUN:   | %extract_ptx_sm75 | FileCheck %s --implicit-check-not=cp.async --implicit-check-not=mbarrier
// CHECK: .target sm_75
// CHECK-LABEL: .entry round_trip(
// CHECK-DAG: ld.global.v4.b32
// CHECK-DAG: st.shared.v4.b32
// CHECK: bar.sync
// CHECK-DAG: ld.shared.v4.b32
// CHECK-DAG: st.global.v4.b32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @round_trip(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %bx = gpu.block_id x
      %c64 = arith.constant 64 : index
      %row = arith.muli %bx, %c64 : index
      %t = asynccopy.copy %A to %S window [%row, 0] [64, 64]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %S to %B window [%row, 0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}
