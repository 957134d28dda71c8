// Host code of launches in loops, as gpu-to-llvm leaves it and as this pass
// repairs it. The kernels are an opaque binary: only the host side matters.
// RUN: ac-opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,gpu-to-llvm,asynccopy-finalize-host-launches)' \
// RUN:   | FileCheck %s
// Running it again changes nothing.
// RUN: ac-opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,gpu-to-llvm,asynccopy-finalize-host-launches,asynccopy-finalize-host-launches)' \
// RUN:   | FileCheck %s

// A chain of launches through iter_args (bench/'s pattern): the launch's
// argument arrays are freed every iteration, and the wait on the
// loop-carried token synchronises and destroys the stream it carries.
// CHECK-LABEL: llvm.func @chain
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: ^bb1(%{{.*}}: i64, %[[S:.*]]: !llvm.ptr):
// CHECK: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@k
// CHECK-NEXT: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NOT: mgpuEvent
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NEXT: llvm.return

// Each iteration forks a new stream from the loop-carried one (gpu.wait
// async): the new stream waits for an event recorded on the old one, which
// is then dead and destroyed.
// CHECK-LABEL: llvm.func @fork
// CHECK: ^bb1(%{{.*}}: i64, %[[S:.*]]: !llvm.ptr):
// CHECK: llvm.intr.stacksave
// CHECK: %[[NEW:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-NEXT: %[[E:.*]] = llvm.call @mgpuEventCreate()
// CHECK-NEXT: llvm.call @mgpuEventRecord(%[[E]], %[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamWaitEvent(%[[NEW]], %[[E]])
// CHECK-NEXT: llvm.call @mgpuEventDestroy(%[[E]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK: llvm.br ^bb1(%{{.*}}, %[[NEW]] : i64, !llvm.ptr)
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])

// Fork and join: the loop-carried stream is still used after the fork, so it
// lives until the join; the forked stream, which gpu-to-llvm never destroys,
// is destroyed once the join's event is recorded on it.
// CHECK-LABEL: llvm.func @fork_join
// CHECK: ^bb1(%{{.*}}: i64, %[[S:.*]]: !llvm.ptr):
// CHECK: %[[FORK:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuEventRecord(%{{.*}}, %[[S]])
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: gpu.launch_func <%[[FORK]] : !llvm.ptr>
// CHECK: %[[FE:.*]] = llvm.call @mgpuEventCreate()
// CHECK-NEXT: llvm.call @mgpuEventRecord(%[[FE]], %[[FORK]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[FORK]])
// CHECK: %[[JOIN:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[JOIN]], %[[FE]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NEXT: llvm.call @mgpuEventDestroy(%[[FE]])
// CHECK: llvm.br ^bb1(%{{.*}}, %[[JOIN]] : i64, !llvm.ptr)

// A token from the caller may be an event: left to the event calls.
// CHECK-LABEL: llvm.func @unknown
// CHECK: llvm.call @mgpuEventSynchronize
// CHECK-NEXT: llvm.call @mgpuEventDestroy

// A launch in the entry block runs once per call: its stack is the frame's.
// CHECK-LABEL: llvm.func @once
// CHECK-NOT: llvm.intr.stacksave
// CHECK: gpu.launch_func
// CHECK-NOT: llvm.intr.stackrestore
// CHECK: llvm.return
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target, "">]

  func.func @chain(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : index)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }

  func.func @fork(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %a = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : index)
      %b = gpu.wait async [%a]
      scf.yield %b : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }

  func.func @fork_join(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %a = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : index)
      %b = gpu.wait async [%t]
      %c = gpu.launch_func async [%b] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : index)
      %j = gpu.wait async [%a, %c]
      scf.yield %j : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }

  func.func @unknown(%n: index, %t0: !gpu.async.token) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : index)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }

  func.func @once(%x: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : index)
    return
  }
}
