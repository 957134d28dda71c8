// RUN: ac-opt %s -split-input-file -asynccopy-raise-upstream -verify-diagnostics

// Every candidate left as it was gets one remark naming the reason: one
// case per reason. Copies outside kernels get none.

!smem = memref<64xf32, #gpu.address_space<workgroup>>
func.func @host(%A: memref<64xf32>, %B: memref<64xf32>) {
  memref.copy %A, %B : memref<64xf32> to memref<64xf32>
  return
}
gpu.module @kernels {
  gpu.func @device_function(%A: memref<64xf32>, %S: !smem) {
    memref.copy %A, %S : memref<64xf32> to !smem
    gpu.return
  }
  gpu.func @sides(%A: memref<64xf32>, %B: memref<64xf32>,
                  %U: memref<*xf32>, %P: memref<64xf32, #gpu.address_space<private>>)
      workgroup(%S : !smem, %T : !smem) kernel {
    // expected-remark @below {{not raised: both operands are in global memory}}
    memref.copy %A, %B : memref<64xf32> to memref<64xf32>
    // expected-remark @below {{not raised: both operands are in workgroup memory}}
    memref.copy %S, %T : !smem to !smem
    // expected-remark @below {{not raised: an operand is in neither global nor workgroup memory}}
    memref.copy %P, %S : memref<64xf32, #gpu.address_space<private>> to !smem
    // expected-remark @below {{not raised: an operand is not a ranked memref}}
    memref.copy %U, %S : memref<*xf32> to !smem
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @shapes(%A: memref<?xf32>, %B: memref<64xf32>, %C: memref<64xi16>, %n: index) kernel {
    %S = memref.alloca(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    // expected-remark @above {{not raised: the workgroup allocation has a dynamic shape}}
    // expected-remark @below {{not raised: the workgroup-memory operand has a dynamic shape}}
    memref.copy %A, %S : memref<?xf32> to memref<?xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @types(%B: memref<64xf32>, %C: memref<64xi16>) workgroup(%S : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-remark @below {{not raised: the operands' element types differ}}
    linalg.copy ins(%C : memref<64xi16>) outs(%S : memref<64xf32, #gpu.address_space<workgroup>>)
    gpu.return
  }
}

// -----

// Who runs the copy: every thread, with the same operands.
!smem = memref<32x64xf32, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @threads(%A: memref<1024x64xf32>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %first = arith.cmpi eq, %tid, %c0 : index
    %whole = memref.subview %A[0, 0] [32, 64] [1, 1] : memref<1024x64xf32> to memref<32x64xf32, strided<[64, 1]>>
    scf.if %first {
      // expected-remark @below {{not raised: it is under an 'scf.if' whose condition may differ between threads}}
      memref.copy %whole, %S : memref<32x64xf32, strided<[64, 1]>> to !smem
    }
    scf.for %i = %c0 to %tid step %c1 {
      // expected-remark @below {{not raised: it is in an 'scf.for' whose bounds may differ between threads}}
      memref.copy %whole, %S : memref<32x64xf32, strided<[64, 1]>> to !smem
    }
    %mine = memref.subview %A[%tid, 0] [32, 64] [1, 1] : memref<1024x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    // expected-remark @below {{not raised: its operands may differ between threads (each thread copies its own part)}}
    memref.copy %mine, %S : memref<32x64xf32, strided<[64, 1], offset: ?>> to !smem
    // A row each thread reads from its own address (one address read by
    // all would be uniform: see raise-upstream.mlir).
    %row = memref.load %A[%tid, %c0] : memref<1024x64xf32>
    %r = arith.fptosi %row : f32 to i32
    %ri = arith.index_cast %r : i32 to index
    %loaded = memref.subview %A[%ri, 0] [32, 64] [1, 1] : memref<1024x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    // expected-remark @below {{not raised: its operands may differ between threads (each thread copies its own part)}}
    memref.copy %loaded, %S : memref<32x64xf32, strided<[64, 1], offset: ?>> to !smem
    scf.while : () -> () {
      %go = arith.cmpi slt, %c0, %n : index
      scf.condition(%go)
    } do {
      // expected-remark @below {{not raised: it is inside 'scf.while', which not every thread may run alike}}
      memref.copy %whole, %S : memref<32x64xf32, strided<[64, 1]>> to !smem
      scf.yield
    }
    scf.execute_region {
      cf.br ^bb1
    ^bb1:
      // expected-remark @below {{not raised: it is in a region of several blocks (unstructured control flow)}}
      memref.copy %whole, %S : memref<32x64xf32, strided<[64, 1]>> to !smem
      scf.yield
    }
    gpu.return
  }
}

// -----

// Views and copies asynccopy.copy cannot take.
gpu.module @kernels {
  gpu.func @views(%A: memref<1024x64xf32>, %F: memref<64xf80>, %T: tensor<64xf32>, %E: tensor<64xf32>)
      workgroup(%S : memref<32x32xf32, #gpu.address_space<workgroup>>, %X : memref<64xf80, #gpu.address_space<workgroup>>, %Y : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %strided = memref.subview %A[0, 0] [32, 32] [2, 2] : memref<1024x64xf32> to memref<32x32xf32, strided<[128, 2]>>
    // expected-remark @below {{not raised: the global-memory view is a subview with steps other than 1}}
    memref.copy %strided, %S : memref<32x32xf32, strided<[128, 2]>> to memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{not raised: the asynccopy op would not verify: 'asynccopy.copy' op}}
    memref.copy %F, %X : memref<64xf80> to memref<64xf80, #gpu.address_space<workgroup>>
    // expected-remark @below {{not raised: it copies tensors, not memrefs}}
    %c = linalg.copy ins(%T : tensor<64xf32>) outs(%E : tensor<64xf32>) -> tensor<64xf32>
    gpu.return
  }
}

// -----

// Workgroup allocations that stay.
func.func @allocations(%A: memref<64xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-remark @below {{not raised: the workgroup allocation is used outside a single gpu.launch}}
  %shared = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c1, %ny = %c1, %nz = %c1) {
    // expected-remark @below {{not raised: the workgroup-memory operand is not a buffer of this kernel}}
    memref.copy %A, %shared : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c1, %ny = %c1, %nz = %c1)
             workgroup(%W : memref<64xf32, #gpu.address_space<workgroup>>) {
    // expected-remark @below {{not raised: the workgroup-memory operand is not a buffer of this kernel}}
    memref.copy %A, %shared : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      // expected-remark @below {{not raised: it is under an 'scf.if' whose condition may differ between threads}}
      %mine = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      // expected-remark @below {{not raised: it is under an 'scf.if' whose condition may differ between threads}}
      memref.copy %A, %mine : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    }
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %W) -> (memref<64xf32, #gpu.address_space<workgroup>>) {
      // expected-remark @below {{not raised: the workgroup buffer leaves its block through 'scf.yield'}}
      %out = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      scf.yield %out : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

memref.global "private" @init : memref<4xf32, #gpu.address_space<workgroup>> = dense<1.0>
func.func @initialised_global() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c1, %ny = %c1, %nz = %c1) {
    // expected-remark @below {{not raised: the workgroup global has an initial value}}
    %g = memref.get_global @init : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// nvgpu cp.async: per-thread operands without a known block size,
// zero-fill and tokens that flow on stay; the kernel's other cp.async ops
// stay with them.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @per_thread(%A: memref<64x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    // expected-remark @below {{not raised: its indices differ between threads and do not tile one window that the CTA could copy together: its indices differ between threads and the kernel's block size is not static}}
    %t0 = nvgpu.device_async_copy %A[%tid, %c0], %S[%tid, %c0], 8 : memref<64x64xf16> to !smem
    // expected-remark @below {{not raised: it zero-fills past `srcElements`, which asynccopy.copy cannot express}}
    %t1 = nvgpu.device_async_copy %A[%c0, %c0], %S[%c0, %c0], 8, %n : memref<64x64xf16> to !smem
    // expected-remark @below {{not raised: cp.async groups are per thread and another nvgpu cp.async op of this kernel is not raised}}
    %t2 = nvgpu.device_async_copy %A[%c0, %c8], %S[%c0, %c8], 8 : memref<64x64xf16> to !smem
    // expected-remark @below {{not raised: cp.async groups are per thread and another nvgpu cp.async op of this kernel is not raised}}
    %g = nvgpu.device_async_create_group %t0, %t1, %t2
    // expected-remark @below {{not raised: cp.async groups are per thread and another nvgpu cp.async op of this kernel is not raised}}
    nvgpu.device_async_wait %g
    gpu.return
  }
  gpu.func @carried(%A: memref<64x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-remark @below {{not raised: its token flows into 'scf.for'}}
    %t0 = nvgpu.device_async_copy %A[%c0, %c0], %S[%c0, %c0], 8 : memref<64x64xf16> to !smem
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!nvgpu.device.async.token) {
      // expected-remark @below {{not raised: its token flows into 'scf.yield'}}
      %g = nvgpu.device_async_create_group %t
      scf.yield %g : !nvgpu.device.async.token
    }
    // expected-remark @below {{not raised: cp.async groups are per thread and another nvgpu cp.async op of this kernel is not raised}}
    nvgpu.device_async_wait %r
    gpu.return
  }
}

// -----

// nvgpu TMA: the tensor map must come from the host of the gpu.launch.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @outlined(%d: !desc) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    nvgpu.mbarrier.init %mbar[%c0], %c1 : !mbar
    // expected-remark @below {{not raised: its tensor map is not made by an nvgpu.tma.create.descriptor on the host of this gpu.launch (the pass runs before gpu-kernel-outlining)}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
    gpu.return
  }
}
func.func @unranked(%U: memref<*xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %d = nvgpu.tma.create.descriptor %U box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c1, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    // expected-remark @below {{not raised: its tensor map's tensor is not a memref.cast of a ranked global-memory memref}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
    gpu.terminator
  }
  return
}

// -----

// nvgpu TMA: protocols other than the one-shot form stay, one case per reason.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @nested_create(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = scf.execute_region -> !mbar {
      %m = nvgpu.mbarrier.create -> !mbar
      scf.yield %m : !mbar
    }
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier is not created at the kernel's top level}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @two_barriers(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar2
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar2
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier group has several barriers (only one-barrier protocols are raised)}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar2 -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar2
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar2
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @other_use(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier is also used by 'nvgpu.mbarrier.arrive' (only one init, one wait and the loads' arrivals are raised)}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    %tok = nvgpu.mbarrier.arrive %mbar[%c0] : !mbar -> !nvgpu.mbarrier.token
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @no_wait(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier is not initialised and waited on once}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @multicast(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    %mask = arith.constant 1 : i16
    // expected-remark @below {{not raised: it multicasts}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S multicast_mask = %mask, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @unguarded(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: the TMA load is issued neither under a predicate nor in an scf.if}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @in_loop(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    scf.for %i = %c0 to %c1 step %c1 {
      // expected-remark @below {{not raised: the TMA load is not issued at the kernel's top level}}
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @two_guards(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    %q = arith.cmpi eq, %tx, %c1 : index
    // expected-remark @below {{not raised: the loads on this mbarrier are issued under different guards}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    // expected-remark @below {{not raised: the loads on this mbarrier are issued under different guards}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %q : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @odd_phase(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier is not initialised, loaded and waited on for phase 0 once, in this order, at the kernel's top level}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    %true = arith.constant true
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %true, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @dynamic_id(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%bx], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier is indexed with a non-zero or dynamic id}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @apart(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: an mbarrier.arrive.expect_tx on this mbarrier is not beside its loads}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192 : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @bytes(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: the loads' bytes (8192) are not expected by exactly one arrive.expect_tx}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c64, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @no_bytes(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: no arrive.expect_tx expects the loads' bytes}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @count(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c128, predicate = %p : !mbar
    gpu.barrier
    // expected-remark @below {{not raised: its mbarrier's arrival count is not 1 (the issuing thread arrives once)}}
    nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @count_all(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    scf.if %p {
      // expected-remark @below {{not raised: its mbarrier's arrival count is not the block size (every thread arrives once)}}
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192 : !mbar
    } else {
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c0 : !mbar
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mbar2 = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @inner_coordinate(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    scf.if %p {
      %x = arith.muli %bx, %c64 : index
      // expected-remark @below {{not raised: a coordinate or the destination of a load is computed inside its scf.if}}
      nvgpu.tma.async.load %d[%x, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192 : !mbar
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

// Predicated loads are issued where the first one stands: a coordinate of a
// later one computed after it (not a constant) keeps them all as they are.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @coordinate_after_first_load(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c16384 = arith.constant 16384 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem, %T : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1, predicate = %p : !mbar
    gpu.barrier
    %x = arith.muli %bx, %c64 : index
    // expected-remark @below {{not raised: a coordinate or the destination of a load is computed inside its scf.if or after the first load}}
    nvgpu.tma.async.load %d[%x, %c0], %mbar[%c0] to %S, predicate = %p : !desc, !mbar -> !smem
    %x2 = arith.addi %x, %c64 : index
    // expected-remark @below {{not raised: a coordinate or the destination of a load is computed inside its scf.if or after the first load}}
    nvgpu.tma.async.load %d[%x2, %c0], %mbar[%c0] to %T, predicate = %p : !desc, !mbar -> !smem
    nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c16384, predicate = %p : !mbar
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}


// -----

// `gpu.block_dim x` is the block size only where y and z are 1: here the
// block is 64 x 2, so 128 threads arrive and the count is 64.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @block_dim_x_of_2d_block(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c64, %ny = %c2, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %n = gpu.block_dim x
    %mbar = nvgpu.mbarrier.create -> !mbar
    nvgpu.mbarrier.init %mbar[%c0], %n : !mbar
    gpu.barrier
    %p = arith.cmpi eq, %tx, %c0 : index
    scf.if %p {
      // expected-remark @below {{not raised: its mbarrier's arrival count is not the block size (every thread arrives once)}}
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192 : !mbar
    } else {
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c0 : !mbar
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

// The copies replace the loads' scf.if: other work between the loads would
// run before or after both of them.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @work_between_loads(%A: memref<256x128xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c16384 = arith.constant 16384 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem, %S2 : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1 : !mbar
    gpu.barrier
    scf.if %p {
      // expected-remark @below {{not raised: its scf.if does other work between the loads}}
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
      %v = memref.load %S2[%c0, %c0] : !smem
      gpu.printf "between %f\0A", %v : f16
      // expected-remark @below {{not raised: its scf.if does other work between the loads}}
      nvgpu.tma.async.load %d[%c64, %c0], %mbar[%c0] to %S2 : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c16384 : !mbar
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
func.func @value_before_used_after(%A: memref<256x128xf16>, %out: memref<1xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c8192 = arith.constant 8192 : index
  %cast = memref.cast %A : memref<256x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%S : !smem) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    %mbar = nvgpu.mbarrier.create -> !mbar
    %p = arith.cmpi eq, %tx, %c0 : index
    nvgpu.mbarrier.init %mbar[%c0], %c1 : !mbar
    gpu.barrier
    scf.if %p {
      %v = memref.load %S[%c0, %c0] : !smem
      // expected-remark @below {{not raised: its scf.if computes a value before the loads that is used after them}}
      nvgpu.tma.async.load %d[%c0, %c0], %mbar[%c0] to %S : !desc, !mbar -> !smem
      nvgpu.mbarrier.arrive.expect_tx %mbar[%c0], %c8192 : !mbar
      memref.store %v, %out[%c0] : memref<1xf16>
    }
    nvgpu.mbarrier.try_wait.parity %mbar[%c0], %false, %ticks : !mbar
    gpu.terminator
  }
  return
}

// -----

// Per-thread cp.async copies (block 128 x 1 x 1) whose runs do not tile one
// window the CTA could copy together stay, with the reason.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @overlapping(%A: memref<64x64xf16>) workgroup(%S : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %r = arith.remui %tid, %c8 : index
    // expected-remark @below {{not raised: its indices differ between threads and do not tile one window that the CTA could copy together: the threads' runs do not tile a window (128 runs of 8 elements span 64)}}
    %t = nvgpu.device_async_copy %A[%r, %c8], %S[%r, %c8], 8 : memref<64x64xf16> to !smem
    gpu.return
  }
}

// -----

// Per-thread indices whose values overflow 64 bits in some thread are not
// evaluated (no wrapped arithmetic decides the window).
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @overflowing(%A: memref<64x64xf16>) workgroup(%S : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %big = arith.constant 4611686018427387904 : index
    %tid = gpu.thread_id x
    %r = arith.muli %tid, %big : index
    // expected-remark @below {{not raised: its indices differ between threads and do not tile one window that the CTA could copy together: a per-thread index part could not be evaluated}}
    %t = nvgpu.device_async_copy %A[%r, %c0], %S[%tid, %c0], 8 : memref<64x64xf16> to !smem
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  // Thread t reads row t / 8 and writes it to row 63 - t / 8.
  gpu.func @other_layout(%A: memref<64x64xf16>) workgroup(%S : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c8 = arith.constant 8 : index
    %c63 = arith.constant 63 : index
    %tid = gpu.thread_id x
    %r = arith.divui %tid, %c8 : index
    %m = arith.remui %tid, %c8 : index
    %c = arith.muli %m, %c8 : index
    %flip = arith.subi %c63, %r : index
    // expected-remark @below {{not raised: its indices differ between threads and do not tile one window that the CTA could copy together: the destination does not hold the threads' runs in the layout of the window they read}}
    %t = nvgpu.device_async_copy %A[%r, %c], %S[%flip, %c], 8 : memref<64x64xf16> to !smem
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  // A per-thread part scaled by a value the threads share.
  gpu.func @scaled_by_shared(%A: memref<64x64xf16>, %s: index) workgroup(%S : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %r = arith.muli %tid, %s : index
    // expected-remark @below {{not raised: its indices differ between threads and do not tile one window that the CTA could copy together: an index is not a sum of a part every thread shares and one of the thread ids and constants}}
    %t = nvgpu.device_async_copy %A[%r, %c0], %S[%r, %c0], 8 : memref<64x64xf16> to !smem
    gpu.return
  }
}
