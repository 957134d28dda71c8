// RUN: ac-opt %s -split-input-file -verify-diagnostics \
// RUN:   -asynccopy-select-implementation -asynccopy-partition-collective \
// RUN:   -asynccopy-assign-wait-groups -asynccopy-check-synchronization | FileCheck %s

// Correct kernels get no diagnostic (-verify-diagnostics fails on any
// unexpected one), and the pass changes nothing; what depends on data gets
// a remark. The kernels go through selection, partitioning and
// asynccopy-assign-wait-groups as in the pipelines.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// A TMA load waited for, read, stored back; the second phase with the
// other parity.
// CHECK-LABEL: gpu.func @load_wait_store
// CHECK-COUNT-2: asynccopy.tma.load
gpu.module @m {
  gpu.func @load_wait_store(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    %v = memref.load %S[%c0, %c0] : !smem
    %t = asynccopy.copy %S to %B window [0, 0] [64, 64] : !smem to memref<4096x64xf16> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    asynccopy.copy %A to %S window [64, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %true : !asynccopy.barrier<1>
    memref.store %v, %S[%c0, %c0] : !smem
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Two loads on one stage of a barrier initialised with 2; two stages of one
// buffer in flight at once (disjoint bytes).
// CHECK-LABEL: gpu.func @two_per_phase
gpu.module @m {
  gpu.func @two_per_phase(%A: memref<4096x64xf16>) workgroup(%S : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %s0 = memref.subview %S[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
    %s1 = memref.subview %S[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    asynccopy.copy %A to %s0 window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
    asynccopy.copy %A to %s1 window [64, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    %v = memref.load %S[%c0, %c0, %c0] : memref<2x64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// A loop of load, wait, store with a loop-carried parity.
// CHECK-LABEL: gpu.func @loop_carried_parity
gpu.module @m {
  gpu.func @loop_carried_parity(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %false) -> (i1) {
      %row = arith.muli %i, %c64 : index
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %S to %B window [%row, 0] [64, 64] : !smem to memref<4096x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    }
    gpu.return
  }
}

// -----

!ring = memref<3x64x64xf16, #gpu.address_space<workgroup>>
!tile = memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>

// What a software pipeliner emits: a ring of N = 3 stages, stage k mod N
// and parity (k / N) mod 2, prologue loads in guards, per-stage "full"
// barriers the loads complete on and "empty" barriers the consumers of the
// cluster arrive on (on CTA 0's, through a remote view) before a stage is
// loaded again, loads in the loop under a guard. Nothing to report.
// CHECK-LABEL: gpu.func @pipelined_ring
gpu.module @m {
  gpu.func @pipelined_ring(%A: memref<8192x64xf16>, %K: index) workgroup(%S : !ring) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %c0_i32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f16
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<3>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<3>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<3>
    asynccopy.barrier.init %empty, 2 : !asynccopy.barrier<3>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %leader = asynccopy.barrier.remote %empty, %c0_i32 : !asynccopy.barrier<3> -> !asynccopy.barrier<3, remote>
    scf.for %p = %c0 to %c3 step %c1 {
      %go = arith.cmpi ult, %p, %K : index
      scf.if %go {
        %row = arith.muli %p, %c64 : index
        %tile = memref.subview %S[%p, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !tile
        asynccopy.copy %A to %tile window [%row, 0] [64, 64] barrier %full[%p] : memref<8192x64xf16> to !tile
      }
    }
    %acc = scf.for %k = %c0 to %K step %c1 iter_args(%sum = %zero) -> (f16) {
      %s = arith.remui %k, %c3 : index
      %round = arith.divui %k, %c3 : index
      %par = arith.remui %round, %c2 : index
      %phase = arith.index_cast %par : index to i1
      asynccopy.barrier.wait %full[%s], %phase : !asynccopy.barrier<3>
      %tile = memref.subview %S[%s, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !tile
      %v = memref.load %tile[%c0, %c0] : !tile
      %next = arith.addf %sum, %v : f16
      asynccopy.barrier.arrive %leader[%s] : !asynccopy.barrier<3, remote>
      %k3 = arith.addi %k, %c3 : index
      %more = arith.cmpi ult, %k3, %K : index
      scf.if %more {
        asynccopy.barrier.wait %empty[%s], %phase : !asynccopy.barrier<3>
        %row = arith.muli %k3, %c64 : index
        asynccopy.copy %A to %tile window [%row, 0] [64, 64] barrier %full[%s] : memref<8192x64xf16> to !tile
      }
      scf.yield %next : f16
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Collective loads (partitioned and replicated) waited for before the kernel
// returns; a DSMEM copy to the peer, with the barrier expecting one arrival.
// CHECK-LABEL: gpu.func @cluster_copies
// CHECK: asynccopy.tma.load {{.*}}multicast
// CHECK: asynccopy.tma.load {{.*}}leader_only
// CHECK: asynccopy.dsmem.copy
gpu.module @m {
  gpu.func @cluster_copies(%A: memref<4096x64xf16>, %rank: i32) workgroup(%S : !smem, %T : !smem, %D : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<3>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<3>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    asynccopy.copy %A to %T window [64, 0] [64, 64] barrier %b[%c1] {collective = [#gpu<dim x>], partition = #asynccopy.replicated} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<3>
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<3>
    %peer = arith.xori %rank, %c1_i32 : i32
    asynccopy.copy %S to %D remote %peer barrier %b[%c2] : !smem to !smem
    asynccopy.barrier.wait %b[%c2], %false : !asynccopy.barrier<3>
    %v = memref.load %D[%c0, %c0] : !smem
    // No CTA returns while its multicasts may still land in the peer.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

!smem = memref<32x64xf32, #gpu.address_space<workgroup>>

// cp.async loads: the token's wait (wait_group after the pass before) and
// the guard asynccopy-assign-wait-groups puts before a read both count; a
// cp.async load on a barrier expects one arrival per thread.
// CHECK-LABEL: gpu.func @cp_async
// CHECK: asynccopy.wait_group cp_async 0
gpu.module @m {
  gpu.func @cp_async(%A: memref<128x64xf32>) workgroup(%S : !smem, %T : !smem) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %t = asynccopy.copy %A to %S window [0, 0] [32, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to !smem -> !asynccopy.token
    %v = memref.load %S[%c0, %c0] : !smem
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 128 : !asynccopy.barrier<1>
    asynccopy.copy %A to %T window [32, 0] [32, 64] barrier %b[%c0] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    %w = memref.load %T[%c0, %c0] : !smem
    gpu.return
  }
}

// -----

// Every thread arrives: a barrier initialised with the block size (from
// the launches) balances one `barrier.arrive`; a wait for the parity of the
// phase before the first returns at once and is no error either.
// CHECK-LABEL: gpu.func @arrive_all
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @arrive_all() kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 256 : !asynccopy.barrier<1>
      asynccopy.barrier.wait %b[%c0], %true : !asynccopy.barrier<1>
      asynccopy.barrier.arrive %b[%c0], 2 : !asynccopy.barrier<1>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @m::@arrive_all blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Data-dependent: a load under a branch condition before a wait on its
// stage (the phase may get no arrival), a barrier initialised in a loop
// that may run more than once, a guarded load the kernel may return
// without waiting for. Remarks, not errors.
// CHECK-LABEL: gpu.func @data_dependent
gpu.module @m {
  gpu.func @data_dependent(%A: memref<4096x64xf16>, %p: i1, %n: index) workgroup(%S : !smem, %T : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    scf.if %p {
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    }
    // expected-remark @below {{waits for phase 0 of stage 0 of a barrier whose arrivals or transaction bytes differ between the paths here (branches, trip counts): the checker cannot tell whether they balance its init count of 1}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<2>
    %v = memref.load %S[%c0, %c0] : !smem
    // expected-note @below {{barrier allocated here}}
    %once = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    scf.for %i = %c0 to %n step %c1 {
      // expected-remark @below {{initialises a barrier that is already initialised on some path}}
      asynccopy.barrier.init %once, 1 : !asynccopy.barrier<1>
    }
    scf.if %p {
      // expected-remark @below {{is never waited for before the kernel returns on some path}}
      asynccopy.copy %A to %T window [0, 0] [64, 64] barrier %b[%c1] : memref<4096x64xf16> to !smem
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!ring = memref<2x64x64xf16, #gpu.address_space<workgroup>>
!tile = memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
!tile0 = memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
!tile1 = memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>

// A pipeline whose prologue loads both stages at constant indices without
// guards, and a loop of dynamic trip count that waits stage k mod 2 (whether
// the prologue's loads are waited for depends on the trip count: no
// diagnostic for the known pattern), with local "empty" barriers every
// thread arrives on.
// CHECK-LABEL: gpu.func @unguarded_prologue
gpu.module @m {
  gpu.func @unguarded_prologue(%A: memref<8192x64xf16>, %K: index) workgroup(%S : !ring) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<2>
    asynccopy.barrier.init %empty, 128 : !asynccopy.barrier<2>
    %t0 = memref.subview %S[0, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !tile0
    %t1 = memref.subview %S[1, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !tile1
    asynccopy.copy %A to %t0 window [0, 0] [64, 64] barrier %full[%c0] : memref<8192x64xf16> to !tile0
    asynccopy.copy %A to %t1 window [64, 0] [64, 64] barrier %full[%c1] : memref<8192x64xf16> to !tile1
    scf.for %k = %c0 to %K step %c1 {
      %s = arith.remui %k, %c2 : index
      %round = arith.divui %k, %c2 : index
      %par = arith.remui %round, %c2 : index
      %phase = arith.index_cast %par : index to i1
      asynccopy.barrier.wait %full[%s], %phase : !asynccopy.barrier<2>
      %tile = memref.subview %S[%s, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !tile
      %v = memref.load %tile[%c0, %c0] : !tile
      asynccopy.barrier.arrive %empty[%s] : !asynccopy.barrier<2>
      %k2 = arith.addi %k, %c2 : index
      %more = arith.cmpi ult, %k2, %K : index
      scf.if %more {
        asynccopy.barrier.wait %empty[%s], %phase : !asynccopy.barrier<2>
        %row = arith.muli %k2, %c64 : index
        asynccopy.copy %A to %tile window [%row, 0] [64, 64] barrier %full[%s] : memref<8192x64xf16> to !tile
      }
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// Warp specialisation: the producer branch loads, the consumer branch
// waits and reads; neither branch sees the other's copies.
// CHECK-LABEL: gpu.func @warp_specialised
gpu.module @m {
  gpu.func @warp_specialised(%A: memref<8192x64xf16>, %K: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %false = arith.constant false
    %true = arith.constant true
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<1>
    asynccopy.barrier.init %empty, 1 : !asynccopy.barrier<1>
    %tid = gpu.thread_id x
    %producer = arith.cmpi ult, %tid, %c32 : index
    scf.if %producer {
      %r = scf.for %k = %c0 to %K step %c1 iter_args(%phase = %true) -> (i1) {
        asynccopy.barrier.wait %empty[%c0], %phase : !asynccopy.barrier<1>
        %row = arith.muli %k, %c64 : index
        asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %full[%c0] : memref<8192x64xf16> to !smem
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      }
    } else {
      %r = scf.for %k = %c0 to %K step %c1 iter_args(%phase = %false) -> (i1) {
        asynccopy.barrier.wait %full[%c0], %phase : !asynccopy.barrier<1>
        %v = memref.load %S[%c0, %c0] : !smem
        asynccopy.barrier.arrive_expect_tx %empty[%c0], 0 : !asynccopy.barrier<1>
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      }
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// scf.while runs its condition region, then its body; the loop exits from
// the condition region, so what it waits for there is complete after the
// loop. Unstructured control flow (several blocks) is not followed.
// CHECK-LABEL: gpu.func @while_loop
// CHECK-LABEL: gpu.func @unstructured
gpu.module @m {
  gpu.func @while_loop(%A: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    %r = scf.while (%i = %c0) : (index) -> index {
      // Later iterations wait for a phase nothing arrives on (with the
      // parity of the completed one, so they do not block): data.
      // expected-remark @below {{waits for stage 0 of a barrier whose arrivals or transaction bytes differ between the paths here}}
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      %v = memref.load %S[%c0, %c0] : !smem
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
    %w = memref.load %S[%c0, %c0] : !smem
    gpu.return
  }
  gpu.func @unstructured(%A: memref<4096x64xf16>, %p: i1) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    cf.cond_br %p, ^init, ^use
  ^init:
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    cf.br ^use
  ^use:
    gpu.return
  }
}

// -----

// Stores whose tokens are not used still close a bulk group each: two
// tiles, each stored without a token; `wait_group bulk 1 {read}` leaves
// the younger store in flight and releases the older one's tile.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @tokenless_stores
gpu.module @m {
  gpu.func @tokenless_stores(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>) workgroup(%S0 : !smem, %S1 : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    asynccopy.copy %A to %S0 window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.copy %A to %S1 window [64, 0] [64, 64] barrier %b[%c1] : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<2>
    asynccopy.copy %S0 to %B window [0, 0] [64, 64] : !smem to memref<4096x64xf16>
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    asynccopy.copy %S1 to %B window [64, 0] [64, 64] : !smem to memref<4096x64xf16>
    asynccopy.wait_group bulk 1 {read}
    asynccopy.copy %A to %S0 window [128, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %true : !asynccopy.barrier<2>
    asynccopy.wait_group bulk 0
    gpu.return
  }
}

// -----

// A barrier the kernel never initialises and never waits on: a fragment (as
// lowering tests write them). One remark at the alloc and no errors: not
// for the use before init, not for the load never waited for, not for the
// multicast in flight at the return, not for the load into SMEM the first
// load may still be writing. (One it loads into and waits on is a protocol
// without its init: an error, check-synchronization-invalid.mlir.)
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @never_initialised
gpu.module @m {
  gpu.func @never_initialised(%A: memref<4096x64xf16>, %phase: i1) workgroup(%S : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-remark @below {{allocates a barrier that this kernel never initialises: add `asynccopy.barrier.init` (with the arrivals of one phase) after it; its arrivals, waits and the copies that complete on it are not checked}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.copy %A to %S window [64, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    gpu.return
  }
}

// -----

// An initialised barrier next to it is still checked: the same copy on it
// that is never waited for is an error.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @one_initialised(%A: memref<4096x64xf16>) workgroup(%S : !smem, %T : !smem) kernel {
    %c0 = arith.constant 0 : index
    // expected-remark @below {{never initialises}}
    %a = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %a[%c0] : memref<4096x64xf16> to !smem
    // expected-error @below {{is never waited for before the kernel returns}}
    asynccopy.copy %A to %T window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

// A warp-specialised multicast pipeline written by hand, as CUTLASS and
// Mosaic GPU write them: warp 1 produces (waits for the empty stage, then
// its lane 0 issues the collective load), warp 0 consumes (waits for the
// full stage, then its lane 0 frees the stage in both CTAs of the pair).
// Loads issued in one warp's branch and waited for in the other's get no
// diagnostic.
// CHECK-LABEL: gpu.func @warp_specialized_multicast
gpu.module @m {
  gpu.func @warp_specialized_multicast(%A: memref<1024x8192xf16>)
      workgroup(%buf : memref<4x128x64xf16, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cS = arith.constant 4 : index
    %all = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %by = gpu.block_id y
    %panel = arith.remui %by, %c8 : index
    %row = arith.muli %panel, %c128 : index
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %lane0 = arith.cmpi eq, %lane, %c0 : index
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<4>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<4>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<4>
    asynccopy.barrier.init %empty, 2 : !asynccopy.barrier<4>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %producer = arith.cmpi eq, %warp, %c1 : index
    scf.if %producer {
      scf.for %k = %c0 to %c128 step %c1 {
        %s = arith.remui %k, %cS : index
        %round = arith.divui %k, %cS : index
        %refill = arith.cmpi uge, %k, %cS : index
        scf.if %refill {
          %prev = arith.subi %round, %c1 : index
          %par = arith.remui %prev, %c2 : index
          %ph = arith.index_cast %par : index to i1
          asynccopy.barrier.wait %empty[%s], %ph : !asynccopy.barrier<4>
        }
        %col = arith.muli %k, %c64 : index
        %stage = memref.subview %buf[%s, 0, 0] [1, 128, 64] [1, 1, 1]
            : memref<4x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        asynccopy.copy %A to %stage window [%row, %col] [128, 64] barrier %full[%s] predicate %lane0
            {swizzle = 128 : i64, collective = [#gpu<dim x>]} : memref<1024x8192xf16> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      }
    } else {
      scf.for %k = %c0 to %c128 step %c1 {
        %s = arith.remui %k, %cS : index
        %round = arith.divui %k, %cS : index
        %par = arith.remui %round, %c2 : index
        %ph = arith.index_cast %par : index to i1
        asynccopy.barrier.wait %full[%s], %ph : !asynccopy.barrier<4>
        nvvm.bar.warp.sync %all : i32
        %next = arith.addi %k, %cS : index
        %more = arith.cmpi ult, %next, %c128 : index
        %release = arith.andi %more, %lane0 : i1
        scf.if %release {
          %r0 = asynccopy.barrier.remote %empty, %c0_i32 : !asynccopy.barrier<4> -> !asynccopy.barrier<4, remote>
          asynccopy.barrier.arrive %r0[%s] {asynccopy.cta_release} : !asynccopy.barrier<4, remote>
          %r1 = asynccopy.barrier.remote %empty, %c1_i32 : !asynccopy.barrier<4> -> !asynccopy.barrier<4, remote>
          asynccopy.barrier.arrive %r1[%s] {asynccopy.cta_release} : !asynccopy.barrier<4, remote>
        }
      }
    }
    gpu.return
  }
}

// -----

// Another CTA's copy of a barrier used before a cluster barrier has
// followed `barrier.init`: that CTA may not have initialised it yet. A
// warning (the kernel compiles), once per op: a multicast right after the
// init, and a DSMEM copy completing on a barrier initialised after the
// cluster barrier.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @cluster_init_unpublished
gpu.module @m {
  gpu.func @cluster_init_unpublished(%A: memref<4096x64xf16>, %rank: i32) workgroup(%S : !smem, %D : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-warning @below {{'asynccopy.tma.load' op uses another CTA's copy of a barrier before a cluster barrier has followed its `asynccopy.barrier.init`: that CTA may not have initialised it yet; add `nvvm.cluster.arrive` and `nvvm.cluster.wait` after the inits, before the first remote arrival, DSMEM copy or multicast}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-note @below {{barrier allocated here}}
    %d = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %d, 1 : !asynccopy.barrier<1>
    %peer = arith.xori %rank, %c1_i32 : i32
    // expected-warning @below {{'asynccopy.dsmem.copy' op uses another CTA's copy of a barrier before a cluster barrier}}
    asynccopy.copy %S to %D remote %peer barrier %d[%c0] : !smem to !smem
    asynccopy.barrier.wait %d[%c0], %false : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

// The cluster barrier on one branch only: the remote arrival may come
// first on the other path.
// CHECK-LABEL: gpu.func @cluster_init_one_path
gpu.module @m {
  gpu.func @cluster_init_one_path(%p: i1, %phase: i1) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    scf.if %p {
      nvvm.cluster.arrive
      nvvm.cluster.wait
    }
    %leader = asynccopy.barrier.remote %b, %c0_i32 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
    // expected-warning @below {{'asynccopy.barrier.arrive' op uses another CTA's copy of a barrier before a cluster barrier has followed its `asynccopy.barrier.init` on some path}}
    asynccopy.barrier.arrive %leader[%c0] : !asynccopy.barrier<1, remote>
    asynccopy.barrier.wait %b[%c0], %phase : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// A constant parity in a loop with a dynamic trip count: stale from the
// second iteration on, if there is one (a remark).
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @constant_parity_dynamic_loop
gpu.module @m {
  gpu.func @constant_parity_dynamic_loop(%A: memref<4096x64xf16>, %n: index) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    scf.for %k = %c0 to %n step %c1 {
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
      // expected-remark @below {{'asynccopy.barrier.wait' op waits for parity 0 of stage 0, but phase 1 (parity 1) is the open one here}}
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    }
    gpu.return
  }
}

// -----

// Waited on but fed only by other CTAs (remote arrivals on the leader's
// copy, as barrier lowering tests write them): still a fragment, a remark.
// CHECK-LABEL: gpu.func @never_initialised_remote_only
gpu.module @m {
  gpu.func @never_initialised_remote_only(%s: index, %rank: i32, %phase: i1) kernel {
    // expected-remark @below {{allocates a barrier that this kernel never initialises}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
    asynccopy.barrier.arrive %r[%s] : !asynccopy.barrier<2, remote>
    asynccopy.barrier.wait %b[%s], %phase : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// Two loads fill the two halves of one buffer on two stages. After the
// wait for the first, constant-index accesses inside the first half (a
// scalar, a vector row, a transfer) and an access at a dynamic index, which
// may fall into either half, are no error: only bytes certainly written by
// the second load would be.
!buf = memref<64x64xf16, #gpu.address_space<workgroup>>
!lo = memref<32x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
!hi = memref<32x64xf16, strided<[64, 1], offset: 2048>, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @halves
gpu.module @m {
  gpu.func @halves(%A: memref<4096x64xf16>, %i: index) workgroup(%S : !buf) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %false = arith.constant false
    %pad = arith.constant 0.0 : f16
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    %lo = memref.subview %S[0, 0] [32, 64] [1, 1] : !buf to !lo
    %hi = memref.subview %S[32, 0] [32, 64] [1, 1] : !buf to !hi
    asynccopy.copy %A to %lo window [0, 0] [32, 64] barrier %b[%c0] : memref<4096x64xf16> to !lo
    asynccopy.copy %A to %hi window [32, 0] [32, 64] barrier %b[%c1] : memref<4096x64xf16> to !hi
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<2>
    %v = memref.load %S[%c5, %c0] : !buf
    %w = vector.load %S[%c31, %c0] : !buf, vector<64xf16>
    %x = vector.transfer_read %S[%c0, %c0], %pad {in_bounds = [true, true]} : !buf, vector<32x64xf16>
    %y = memref.load %S[%i, %c0] : !buf
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// A GEMM loop on one buffer: the wgmma of an iteration completes
// (`wait.group 0`) before the next iteration's load overwrites its tile.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-LABEL: gpu.func @wgmma_loop
gpu.module @m {
  gpu.func @wgmma_loop(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %row = arith.muli %k, %c64 : index
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %S[0, 0] [64, 16] [1, 1] : !smem to memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    }
    gpu.return
  }
}

// -----

// Warp specialisation in a gpu.launch: the branch on the launch's thread id
// runs the arrival in the first warp only, so the checker does not count it
// per thread of the CTA (nor remark that the paths' arrivals differ).
// CHECK-LABEL: func.func @launch_warp_arrivals
func.func @launch_warp_arrivals() {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 32 : !asynccopy.barrier<1>
    gpu.barrier
    %first = arith.cmpi ult, %tx, %c32 : index
    scf.if %first {
      asynccopy.barrier.arrive %b[%c0] : !asynccopy.barrier<1>
    }
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.terminator
  }
  return
}

// -----

// A CTA that waited for its multicast but returns without a cluster
// barrier after that wait: its piece may still be landing in a slower peer.
// A warning at the load, with a note at the return; a cluster barrier
// before the wait does not help.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @multicast_leaves_early
gpu.module @m {
  gpu.func @multicast_leaves_early(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-warning @below {{is a collective load, and this CTA may return while its multicast still lands in a slower peer of its cluster; add `nvvm.cluster.arrive` and `nvvm.cluster.wait` after its wait and before `gpu.return`}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    nvvm.cluster.arrive
    nvvm.cluster.wait
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

// An unmarked loop is reported; a loop marked for pipelining is not (the
// pass puts the cluster barrier after its runs), nor one followed by the
// barrier.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @multicast_loops
gpu.module @m {
  gpu.func @multicast_loops(%A: memref<4096x64xf16>) workgroup(%T : !smem, %U : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %p = scf.for %i = %c0 to %c4 step %c1 iter_args(%ph = %false) -> (i1) {
      asynccopy.copy %A to %T window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %ph : !asynccopy.barrier<2>
      %n = arith.xori %ph, %true : i1
      scf.yield %n : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    %q = scf.for %i = %c0 to %c4 step %c1 iter_args(%ph = %false) -> (i1) {
      // expected-warning @below {{is a collective load, and this CTA may return while its multicast still lands}}
      asynccopy.copy %A to %U window [%i, 0] [64, 64] barrier %b[%c1] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c1], %ph : !asynccopy.barrier<2>
      %n = arith.xori %ph, %true : i1
      scf.yield %n : i1
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

// A cluster barrier on one path of a branch only: reported.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @multicast_one_path
gpu.module @m {
  gpu.func @multicast_one_path(%A: memref<4096x64xf16>, %c: i1) workgroup(%S : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-warning @below {{is a collective load, and this CTA may return while its multicast still lands}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    scf.if %c {
      nvvm.cluster.arrive
      nvvm.cluster.wait
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

// The barrier on every path after the wait: not reported.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @multicast_then_cluster_barrier
gpu.module @m {
  gpu.func @multicast_then_cluster_barrier(%A: memref<4096x64xf16>, %c: i1) workgroup(%S : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    scf.if %c {
      nvvm.cluster.arrive
      nvvm.cluster.wait
    } else {
      nvvm.cluster.arrive
      nvvm.cluster.wait
    }
    gpu.return
  }
}

// -----

// Attention's O += P V over blocks of V on one buffer, with B of
// `asynccopy.wgmma_register_a` (A, P, in registers): the wgmma of an
// iteration completes (`wait.group 0`) before the next block's load
// overwrites V.
!smem = memref<16x64xf16, #gpu.address_space<workgroup>>
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-LABEL: gpu.func @register_a_loop
gpu.module @m {
  gpu.func @register_a_loop(%V: memref<4096x64xf16>, %p: i32) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %row = arith.muli %k, %c16 : index
      asynccopy.copy %V to %S window [%row, 0] [16, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %ph : !asynccopy.barrier<1>
      %d = asynccopy.wgmma_descriptor %S major mn : !smem
      nvvm.wgmma.fence.aligned
      %next = asynccopy.wgmma_register_a [%p, %p, %p, %p], %d, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// A one-way hand-off acknowledged: rank 0 arrives on the sender's %empty
// once it has read the slot, and the sender waits for that before it
// returns (gemm_gen.py's split-K over a cluster): no diagnostic.
// CHECK-LABEL: gpu.func @dsmem_send_acknowledged
gpu.module @m {
  gpu.func @dsmem_send_acknowledged(%rank: i32) workgroup(%S : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<1>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %empty, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %first = arith.cmpi eq, %rank, %c0_i32 : i32
    scf.if %first {
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %v = memref.load %S[%c0, %c0] : !smem
      %ack = asynccopy.barrier.remote %empty, %c1_i32 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    } else {
      asynccopy.copy %S to %S remote %c0_i32 barrier %full[%c0] : !smem to !smem
      asynccopy.barrier.wait %empty[%c0], %false : !asynccopy.barrier<1>
    }
    gpu.return
  }
}


// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// The same hand-off with the peer's rank computed (1 - x) and the branch on
// the CTA's index in the cluster: only CTA 1 sends, so its copy does not
// stand for one CTA 0 sends into CTA 1, and CTA 0's wait is not counted
// against it (it was rejected: "gets 0 arrivals per phase"): no diagnostic.
// CHECK-LABEL: gpu.func @dsmem_send_from_one_cta
gpu.module @m {
  gpu.func @dsmem_send_from_one_cta() workgroup(%S : !smem, %R : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<1>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %empty, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %x = gpu.cluster_block_id x
    %xi = arith.index_cast %x : index to i32
    %peer = arith.subi %c1_i32, %xi : i32
    %first = arith.cmpi eq, %x, %c0 : index
    scf.if %first {
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %v = memref.load %R[%c0, %c0] : !smem
      %ack = asynccopy.barrier.remote %empty, %peer : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    } else {
      asynccopy.copy %S to %R remote %peer barrier %full[%c0] : !smem to !smem
      asynccopy.barrier.wait %empty[%c0], %false : !asynccopy.barrier<1>
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// The sender's own accesses to its copy of the receive buffer (it writes
// the partial tile there and sends it from there, as the GEMM generator's
// split-K does), in the branch that sends, and the receiver's read after
// its wait: no diagnostic.
// CHECK-LABEL: gpu.func @dsmem_send_from_receive_buffer
gpu.module @m {
  gpu.func @dsmem_send_from_receive_buffer() workgroup(%R : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<1>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %empty, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %x = gpu.cluster_block_id x
    %xi = arith.index_cast %x : index to i32
    %peer = arith.subi %c1_i32, %xi : i32
    %first = arith.cmpi eq, %x, %c0 : index
    scf.if %first {
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %v = memref.load %R[%c0, %c0] : !smem
      %ack = asynccopy.barrier.remote %empty, %peer : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    } else {
      %one = arith.constant 1.0 : f32
      memref.store %one, %R[%c0, %c0] : !smem
      asynccopy.copy %R to %R remote %peer barrier %full[%c0] : !smem to !smem
      asynccopy.barrier.wait %empty[%c0], %false : !asynccopy.barrier<1>
    }
    %w = memref.load %R[%c0, %c0] : !smem
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// A hand-off from CTA 0 to CTA 1 in a cluster of 4, then every CTA reads its
// copy of the buffer: CTAs 2 and 3 neither send nor wait, and whether a copy
// comes to them is not known, so the read (no wait follows it) gets no
// diagnostic; CTA 1's own read follows its wait.
// CHECK-LABEL: gpu.func @dsmem_read_by_bystanders
gpu.module @m {
  gpu.func @dsmem_read_by_bystanders() workgroup(%R : !smem) kernel
      attributes {known_cluster_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %full = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %full, 1 : !asynccopy.barrier<1>
    %empty = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %empty, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %x = gpu.cluster_block_id x
    %first = arith.cmpi eq, %x, %c0 : index
    scf.if %first {
      asynccopy.copy %R to %R remote %c1_i32 barrier %full[%c0] : !smem to !smem
      asynccopy.barrier.wait %empty[%c0], %false : !asynccopy.barrier<1>
    }
    %second = arith.cmpi eq, %x, %c1 : index
    scf.if %second {
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %ack = asynccopy.barrier.remote %empty, %c0_i32 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    }
    %v = memref.load %R[%c0, %c0] : !smem
    gpu.return
  }
}
