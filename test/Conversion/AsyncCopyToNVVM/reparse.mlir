// The conversion's output parses back and verifies (an op that prints in a
// form its parser rejects, or that the verifier rejects for the chip, fails
// here), and goes through ptxas for the chip it targets.
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm --verify-roundtrip | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | ac-opt -split-input-file | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=PTX

// cp.async commits its group with nvvm.cp.async.commit.group
// (nvgpu.device_async_create_group without tokens does not parse back).
// CHECK-LABEL: gpu.func @commit
// CHECK: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// PTX-LABEL: .entry commit
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 0;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @commit(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// On sm_80 a token carried by scf.for iter_args and scf.if results is traced
// to its producers (cp.async loads, sync copies): its waits are cp.async
// waits, never the bulk waits sm_80 does not have.
// CHECK-LABEL: gpu.func @carried_tokens
// CHECK: scf.for {{.*}} -> (i32)
// CHECK:   nvvm.cp.async.wait.group 0
// CHECK-NOT: nvvm.cp.async.bulk.wait_group
// CHECK: scf.if {{.*}} -> (i32)
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NOT: nvvm.cp.async.bulk.wait_group
// CHECK: gpu.return
// PTX-LABEL: .entry carried_tokens
// PTX-NOT: cp.async.bulk
// PTX: cp.async.wait_group 0;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @carried_tokens(%A: memref<1024x64xf32>, %n: index, %p: i1) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t0 = asynccopy.copy %A to %s window [0, 0] [64, 64] : memref<1024x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!asynccopy.token) {
        asynccopy.wait %t : !asynccopy.token
        %t1 = asynccopy.copy %A to %s window [%i, 0] [64, 64] : memref<1024x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
        scf.yield %t1 : !asynccopy.token
      }
      %q = scf.if %p -> (!asynccopy.token) {
        scf.yield %r : !asynccopy.token
      } else {
        %t2 = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<1024x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
        scf.yield %t2 : !asynccopy.token
      }
      asynccopy.wait %q : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A token whose producer is not visible (a device function's argument with
// no call site) waits for every group kind the chip has: on sm_80 only
// cp.async groups.
// CHECK-LABEL: func.func @opaque_token
// CHECK-SAME: (%{{.*}}: i32)
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NOT: nvvm.cp.async.bulk.wait_group
// CHECK: nvvm.barrier0
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    func.func @opaque_token(%t: !asynccopy.token) {
      asynccopy.wait %t : !asynccopy.token
      return
    }
  }
}
