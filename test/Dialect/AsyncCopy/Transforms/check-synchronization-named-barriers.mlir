// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-check-synchronization | FileCheck %s
// RUN: not ac-opt %s -split-input-file -asynccopy-check-synchronization -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXIT

// Named barriers (`nvvm.barrier id = .. number_of_threads = ..`,
// `nvvm.barrier.arrive`) that cannot complete, or complete with the wrong
// threads, are errors; ping-pong turns and a warp-specialised kernel's
// subsets pass.
// EXIT: error: 'nvvm.barrier' op uses named barrier 16

// Two warpgroups take turns on barriers 2 and 3 (256 threads each: one
// syncs, the other arrives); the first arrival before the loop comes from
// the second warpgroup only.
// CHECK-LABEL: gpu.func @pingpong
gpu.module @kernels {
  gpu.func @pingpong() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %n = arith.constant 256 : i32
    %tid = gpu.thread_id x
    %wgi = arith.divui %tid, %c128 : index
    %wg = arith.index_castui %wgi : index to i32
    %last = arith.cmpi eq, %wg, %one : i32
    scf.if %last {
      nvvm.barrier.arrive id = %two number_of_threads = %n
    }
    scf.for %j = %c0 to %c8 step %c1 {
      %mine = arith.addi %wg, %two : i32
      nvvm.barrier id = %mine number_of_threads = %n
      %inc = arith.addi %wg, %one : i32
      %mod = arith.remui %inc, %two : i32
      %next = arith.addi %mod, %two : i32
      nvvm.barrier.arrive id = %next number_of_threads = %n
    }
    gpu.return
  }
}

// -----

// The consumers of a 384-thread kernel (a producer warpgroup after them)
// synchronise among themselves on barrier 1.
// CHECK-LABEL: gpu.func @consumers
gpu.module @kernels {
  gpu.func @consumers() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c256 = arith.constant 256 : index
    %id = arith.constant 1 : i32
    %n = arith.constant 256 : i32
    %tid = gpu.thread_id x
    %producer = arith.cmpi uge, %tid, %c256 : index
    scf.if %producer {
    } else {
      nvvm.barrier id = %id number_of_threads = %n
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @out_of_range() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %id = arith.constant 16 : i32
    %n = arith.constant 128 : i32
    // expected-error @below {{uses named barrier 16, but a CTA has 16 (0 to 15)}}
    nvvm.barrier id = %id number_of_threads = %n
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @not_warps() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %id = arith.constant 3 : i32
    %n = arith.constant 100 : i32
    // expected-error @below {{counts 100 threads: a named barrier counts whole warps (a positive multiple of 32)}}
    nvvm.barrier.arrive id = %id number_of_threads = %n
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @more_than_block() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %id = arith.constant 3 : i32
    %n = arith.constant 256 : i32
    // expected-error @below {{counts 256 threads, but the block has 128: it can never complete}}
    nvvm.barrier id = %id number_of_threads = %n
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @two_counts() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %id = arith.constant 4 : i32
    %n128 = arith.constant 128 : i32
    %n256 = arith.constant 256 : i32
    // expected-note @below {{other count here}}
    nvvm.barrier id = %id number_of_threads = %n256
    // expected-error @below {{counts 128 threads on named barrier 4, which counts 256 elsewhere: one phase would complete the other's}}
    nvvm.barrier id = %id number_of_threads = %n128
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @barrier_zero() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c128 = arith.constant 128 : index
    %id = arith.constant 0 : i32
    %n = arith.constant 128 : i32
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c128 : index
    scf.if %low {
      // expected-error @below {{uses barrier 0 for 128 threads, but the kernel's CTA barriers use it for the whole block: one would complete the other's phase}}
      nvvm.barrier id = %id number_of_threads = %n
    }
    // expected-note @below {{CTA barrier here}}
    gpu.barrier
    gpu.return
  }
}

// -----

// Only the first warpgroup reaches the sync, which waits for 256 threads,
// and nobody arrives on barrier 5.
gpu.module @kernels {
  gpu.func @too_few() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c128 = arith.constant 128 : index
    %id = arith.constant 5 : i32
    %n = arith.constant 256 : i32
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c128 : index
    scf.if %low {
      // expected-error @below {{waits for 256 threads on named barrier 5, but at most 128 threads reach a sync or an arrival on it (the conditions on the thread index around them): it can never complete}}
      nvvm.barrier id = %id number_of_threads = %n
    }
    gpu.return
  }
}

// -----

// Warp 0 syncs and warp 1 arrives on barrier 6, which counts 96 threads:
// only 64 can.
gpu.module @kernels {
  gpu.func @too_few_arrivals() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %id = arith.constant 6 : i32
    %n = arith.constant 96 : i32
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %first = arith.cmpi eq, %warp, %c0 : index
    %second = arith.cmpi eq, %warp, %c1 : index
    scf.if %first {
      // expected-error @below {{waits for 96 threads on named barrier 6, but at most 64 threads reach}}
      nvvm.barrier id = %id number_of_threads = %n
    }
    scf.if %second {
      nvvm.barrier.arrive id = %id number_of_threads = %n
    }
    gpu.return
  }
}
