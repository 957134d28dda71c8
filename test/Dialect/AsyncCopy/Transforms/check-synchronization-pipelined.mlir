// A hazard in a loop written with single-buffer semantics is the same error
// whether or not the loop is marked for pipelining (with a producer
// warpgroup too): checked as written (the marker changes nothing), without the marker, after asynccopy-pipeline-loops
// (which leaves the loops of a kernel that fails the check alone, with a
// remark), and in the whole pipeline, on the mechanism ops.
//
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-check-synchronization -o /dev/null
// RUN: sed -E 's/\{asynccopy.pipeline_stages = 2 : i64(, asynccopy.pipeline_warp_specialize)?\}//' %s \
// RUN:   | ac-opt -split-input-file -verify-diagnostics -asynccopy-check-synchronization -o /dev/null
// RUN: ac-opt %s -split-input-file -verify-diagnostics=only-expected \
// RUN:   -asynccopy-pipeline-loops -asynccopy-check-synchronization -o /dev/null
// RUN: not ac-opt %s -split-input-file -asynccopy-to-nvvm -o /dev/null 2>&1 | FileCheck %s
// RUN: sed -E 's/\{asynccopy.pipeline_stages = 2 : i64(, asynccopy.pipeline_warp_specialize)?\}//' %s \
// RUN:   | not ac-opt -split-input-file -asynccopy-to-nvvm -o /dev/null 2>&1 | FileCheck %s

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// The barrier expects 2 arrivals per phase; one load arrives.
// CHECK: error: 'asynccopy.barrier.wait' op waits for phase 0 of stage 0 of a barrier, which gets 1 arrival per phase but was initialised to expect 2
gpu.module @m {
  gpu.func @two_arrivals_expected(%A: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
      // expected-error @below {{waits for phase 0 of stage 0 of a barrier, which gets 1 arrival per phase but was initialised to expect 2: the phase never completes}}
      asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// The same with a producer warpgroup asked for: the kernel keeps its loop.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: error: 'asynccopy.barrier.wait' op waits for phase 0 of stage 0 of a barrier, which gets 1 arrival per phase but was initialised to expect 2
gpu.module @m {
  gpu.func @two_arrivals_expected_ws(%A: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
      // expected-error @below {{waits for phase 0 of stage 0 of a barrier, which gets 1 arrival per phase but was initialised to expect 2: the phase never completes}}
      asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// The tile is read between its load and the wait for it.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: error: 'memref.load' op reads SMEM that 'asynccopy.tma.load' may still be writing
gpu.module @m {
  gpu.func @read_before_wait(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      // expected-note @below {{the copy in flight}}
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
      // expected-error @below {{reads SMEM that 'asynccopy.copy' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first}}
      %v = memref.load %S[%tid, %c0] : !smem
      asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
      memref.store %v, %B[%row, %tid] : memref<4096x64xf16>
      gpu.barrier
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// The loop (4 iterations) never waits for its loads: the next load writes
// the tile the last one may still write, and the kernel returns with one in
// flight.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: error: 'asynccopy.tma.load' op {{.*}}
gpu.module @m {
  gpu.func @never_waits(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    scf.for %i = %c0 to %n step %c1 {
      %row = arith.muli %i, %c64 : index
      // expected-error @+3 {{'asynccopy.copy' op writes SMEM that 'asynccopy.copy' may still be writing}}
      // expected-note @+2 {{the copy in flight}}
      // expected-error @+1 {{'asynccopy.copy' op is never waited for before the kernel returns on some path}}
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    } {asynccopy.pipeline_stages = 2 : i64}
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}
