// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=PTX

// sm_80 has mbarriers and cp.async but no try_wait: barrier.wait spins on
// mbarrier.test_wait.parity (acquire, CTA scope), so cp.async and sync
// copies can complete on barriers there too.

// A cp.async load completing on a barrier (one arrival per thread), waited
// on with its phase.
// CHECK-LABEL: gpu.func @cp_async_barrier
// CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true}
// CHECK: %[[P:.*]] = llvm.getelementptr
// CHECK: %[[PH:.*]] = llvm.zext %{{.*}} : i1 to i32
// CHECK: scf.while : () -> () {
// CHECK:   %[[DONE:.*]] = nvvm.mbarrier.test.wait %[[P]], %[[PH]] : !llvm.ptr<3>, i32 -> i1
// CHECK:   %[[PENDING:.*]] = arith.xori %[[DONE]], %{{.*}} : i1
// CHECK:   scf.condition(%[[PENDING]])
// CHECK: } do {
// CHECK:   scf.yield
// CHECK: }
// CHECK-NOT: nvvm.fence.proxy
// CHECK-NOT: try_wait
// PTX-LABEL: .entry cp_async_barrier
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64
// PTX: mbarrier.test_wait.parity.shared.b64
// PTX-NOT: try_wait
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @cp_async_barrier(%A: memref<128x64xf32>, %B: memref<128x64xf32>, %phase: i1) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 128 : !asynccopy.barrier<1>
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A sync load with a barrier (thread 0 arrives once) and its wait.
// CHECK-LABEL: gpu.func @sync_barrier
// CHECK: nvvm.mbarrier.arrive
// CHECK: scf.while
// CHECK:   nvvm.mbarrier.test.wait
// PTX-LABEL: .entry sync_barrier
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.test_wait.parity.shared.b64
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @sync_barrier(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}
