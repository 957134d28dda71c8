// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-materialize-tma-descriptors="descriptor-mode=scratch" | FileCheck %s --check-prefix=SCRATCH
// The whole host lowering accepts the hoisted encodes:
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX

// A launch loop over loop-invariant tensors encodes its map once, before the
// loop, under a guard that the loop runs; every launch passes the same slot.
// CHECK-LABEL: func.func @launch_loop
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[N:.*]]: index)
// CHECK: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK: %[[SLOT:.*]] = llvm.inttoptr
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : index
// CHECK: scf.if %[[RUNS]] {
// CHECK-NEXT: asynccopy.encode_tensor_map %[[A]] into %[[SLOT]]
// CHECK-NEXT: {{^ *}}}
// CHECK: scf.for
// CHECK-NOT: asynccopy.encode_tensor_map
// CHECK: gpu.launch_func async {{.*}} @kernels::@k {{.*}} args(%[[A]] : memref<4096x4096xf16>, %[[SLOT]] : !llvm.ptr)
// CHECK: scf.yield

// Scratch mode hoists the encode too, and the launches chained through the
// loop's token share one device buffer: allocated and filled on the chain
// before the loop, freed on it after the last launch.
// SCRATCH-LABEL: func.func @launch_loop
// SCRATCH: %[[HOST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// SCRATCH: %[[T0:.*]] = gpu.wait async
// SCRATCH: scf.if
// SCRATCH-NEXT: asynccopy.encode_tensor_map
// SCRATCH-NEXT: {{^ *}}}
// SCRATCH: %[[DEV:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<128xi8>
// SCRATCH: %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[DEV]], %[[HOST]]
// SCRATCH: %[[P:.*]] = llvm.inttoptr
// SCRATCH: %[[DONE:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %[[T2]])
// SCRATCH-NOT: gpu.alloc
// SCRATCH: %[[NEXT:.*]] = gpu.launch_func async [%[[T]]] @kernels::@k {{.*}} args(%{{.*}} : memref<4096x4096xf16>, %[[P]] : !llvm.ptr)
// SCRATCH-NEXT: scf.yield %[[NEXT]]
// SCRATCH: %[[FREED:.*]] = gpu.dealloc async [%[[DONE]]] %[[DEV]]
// SCRATCH-NEXT: gpu.wait [%[[FREED]]]

// PTX-LABEL: .entry k(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @launch_loop(%A: memref<4096x4096xf16>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@k
          blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
          args(%A : memref<4096x4096xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}

// -----

// Nested loops: hoisted above both (their bounds are invariant), guarded by
// both trip conditions; an unsigned loop compares unsigned.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG: %[[INNER:.*]] = arith.cmpi ult, %{{.*}}, %[[M]] : index
// CHECK-DAG: %[[OUTER:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : index
// CHECK: %[[BOTH:.*]] = arith.andi
// CHECK: scf.if %[[BOTH]] {
// CHECK-NEXT: asynccopy.encode_tensor_map %[[A]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: asynccopy.encode_tensor_map
// CHECK: gpu.launch_func
// Synchronous launches keep a buffer each in scratch mode.
// SCRATCH-LABEL: func.func @nested
// SCRATCH: scf.if
// SCRATCH-NEXT: asynccopy.encode_tensor_map
// SCRATCH: scf.for
// SCRATCH: scf.for
// SCRATCH: gpu.alloc async
// SCRATCH: gpu.memcpy async
// SCRATCH: gpu.launch_func
// SCRATCH: gpu.dealloc async

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @nested(%A: memref<4096x4096xf16>, %n: index, %m: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %n step %c1 {
      scf.for unsigned %j = %c0 to %m step %c1 {
        gpu.launch_func @kernels::@k
            blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
            args(%A : memref<4096x4096xf16>)
      }
    }
    return
  }
}

// -----

// The encode goes only above the loops the tensor and the inner bounds are
// invariant in: here the tensor changes with %i, so it stays in the %i loop
// but leaves the %j loop; and a launch under an scf.if stays where it is.
// CHECK-LABEL: func.func @partly_invariant
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK: scf.if
// CHECK-NEXT: asynccopy.encode_tensor_map %[[VIEW]]
// CHECK: scf.for
// CHECK-NOT: asynccopy.encode_tensor_map
// CHECK: gpu.launch_func
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: asynccopy.encode_tensor_map
// CHECK-NEXT: gpu.launch_func

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x4096xf16, strided<[4096, 1], offset: ?>>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64, impl = #asynccopy<impl tma>}
          : memref<64x4096xf16, strided<[4096, 1], offset: ?>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @partly_invariant(%A: memref<4096x4096xf16>, %n: index, %m: index, %go: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c64 : index
      %view = memref.subview %A[%row, 0] [64, 4096] [1, 1]
          : memref<4096x4096xf16> to memref<64x4096xf16, strided<[4096, 1], offset: ?>>
      scf.for %j = %c0 to %m step %c1 {
        gpu.launch_func @kernels::@k
            blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
            args(%view : memref<64x4096xf16, strided<[4096, 1], offset: ?>>)
      }
    }
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c64 : index
      %view = memref.subview %A[%row, 0] [64, 4096] [1, 1]
          : memref<4096x4096xf16> to memref<64x4096xf16, strided<[4096, 1], offset: ?>>
      scf.for %j = %c0 to %m step %c1 {
        scf.if %go {
          gpu.launch_func @kernels::@k
              blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
              args(%view : memref<64x4096xf16, strided<[4096, 1], offset: ?>>)
        }
      }
    }
    return
  }
}

// -----

// An inner loop whose bound depends on the outer IV is hoisted over alone.
// CHECK-LABEL: func.func @dependent_bound
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[I]] : index
// CHECK: scf.if %[[RUNS]]
// CHECK-NEXT: asynccopy.encode_tensor_map
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[I]]
// CHECK-NOT: asynccopy.encode_tensor_map
// CHECK: gpu.launch_func

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @dependent_bound(%A: memref<4096x4096xf16>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %i step %c1 {
        gpu.launch_func @kernels::@k
            blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
            args(%A : memref<4096x4096xf16>)
      }
    }
    return
  }
}
