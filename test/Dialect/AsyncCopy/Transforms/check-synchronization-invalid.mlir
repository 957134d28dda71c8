// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-check-synchronization -o /dev/null
// RUN: not ac-opt %s -split-input-file -asynccopy-check-synchronization -o /dev/null

// One case per error of asynccopy-check-synchronization, on the mechanism
// ops that selection makes (the pass runs after it in the pipelines).

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 1. A barrier never initialised that the kernel loads into and waits on: a
// protocol without its init (a fragment that never waits gets a remark
// instead, check-synchronization.mlir). The first use says so.
gpu.module @m {
  gpu.func @never_initialised(%A: memref<4096x64xf16>, %S: !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    // expected-error @below {{uses stage 0 of a barrier that is not initialised here: add `asynccopy.barrier.init`}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 1. Initialised in one branch only.
gpu.module @m {
  gpu.func @init_in_one_branch(%A: memref<4096x64xf16>, %S: !smem, %p: i1) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    scf.if %p {
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    }
    // expected-error @below {{uses stage 0 of a barrier that is not initialised on some path here}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// 1. Initialised after its first use (an arrival on a peer's view).
gpu.module @m {
  gpu.func @init_after_use(%rank: i32) kernel {
    %c0 = arith.constant 0 : index
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    // expected-error @below {{'asynccopy.barrier.remote' op uses a barrier that is not initialised here}}
    %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
    asynccopy.barrier.arrive %r[%c0] : !asynccopy.barrier<2, remote>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// 1. A wait before the init.
gpu.module @m {
  gpu.func @wait_before_init() kernel {
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    // expected-error @below {{'asynccopy.barrier.wait' op uses stage 1 of a barrier that is not initialised here}}
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// 2. Initialised twice.
gpu.module @m {
  gpu.func @init_twice() kernel {
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-error @below {{initialises a barrier that is already initialised (re-initialising}}
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// 2. Initialised in a loop body: again on the second iteration.
gpu.module @m {
  gpu.func @init_in_loop() kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-error @below {{initialises a barrier that is already initialised on some path}}
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 3. Init count 1, two loads (two arrivals) in the phase.
gpu.module @m {
  gpu.func @too_many_arrivals(%A: memref<4096x64xf16>) workgroup(%S : !smem, %T : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    asynccopy.tma.load %A to %T window [64, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{waits for phase 0 of stage 0 of a barrier, which gets 2 arrivals per phase but was initialised to expect 1: the phase completes early}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 3. Init count 2, one load: the phase never completes.
gpu.module @m {
  gpu.func @too_few_arrivals(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<2>
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c1] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{waits for phase 0 of stage 1 of a barrier, which gets 1 arrival per phase but was initialised to expect 2: the phase never completes; initialise it with `asynccopy.barrier.init %b, 1`}}
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// 3. `barrier.arrive` is one arrival per thread: 128 of them.
gpu.module @m {
  gpu.func @arrive_per_thread() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.barrier.arrive %b[%c0] : !asynccopy.barrier<1>
    // expected-error @below {{which gets 128 arrivals per phase but was initialised to expect 1}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 3. Expect-tx bytes on top of a load's: the load expects its own.
gpu.module @m {
  gpu.func @extra_tx_bytes(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    asynccopy.barrier.arrive_expect_tx %b[%c0], 8192 : !asynccopy.barrier<1>
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{waits for phase 0 of stage 0 of a barrier, whose arrivals expect 16384 transaction bytes but whose copies deliver 8192}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#split = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>]>

// 3. A partitioned multicast load is one arrival with the whole window in
// every CTA, not one per piece.
gpu.module @m {
  gpu.func @multicast_pieces(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {asynccopy.cluster_shape = array<i64: 2, 1, 1>, collective = [#gpu<dim x>], plan = #split} : memref<4096x64xf16> to !smem
    // expected-error @below {{which gets 1 arrival per phase but was initialised to expect 2}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#chunk = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 8192>

// 3. A DSMEM copy completes on the destination's barrier with its own
// bytes: expecting them again leaves the phase open.
gpu.module @m {
  gpu.func @dsmem_expected_twice(%rank: i32) workgroup(%S : !smem, %D : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %peer = arith.xori %rank, %c1_i32 : i32
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    asynccopy.barrier.arrive_expect_tx %b[%c0], 8192 : !asynccopy.barrier<1>
    asynccopy.dsmem.copy %S to %D remote %peer barrier %b[%c0] {plan = #chunk} : !smem to !smem
    // expected-error @below {{whose arrivals expect 16384 transaction bytes but whose copies deliver 8192}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 4. SMEM read before the load into it is waited for.
gpu.module @m {
  gpu.func @read_before_wait(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{'memref.load' op reads SMEM that 'asynccopy.tma.load' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first; add `asynccopy.barrier.wait`}}
    %v = memref.load %S[%c0, %c0] : !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 4. A wait for the wrong parity returns at once: phase 0 has parity 0.
gpu.module @m {
  gpu.func @wrong_parity(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    // expected-error @below {{is never waited for before the kernel returns on some path}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{'asynccopy.barrier.wait' op waits for parity 1 of stage 0, but phase 0 (parity 0) is the open one here, with arrivals or copies pending: the wait returns at once, before they complete; wait for parity 0}}
    asynccopy.barrier.wait %b[%c0], %true : !asynccopy.barrier<1>
    // expected-error @below {{reads SMEM that 'asynccopy.tma.load' may still be writing: on some path its completion on stage 0, phase 0 of its barrier}}
    %v = memref.load %S[%c0, %c0] : !smem
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 4. Waited for in one branch only, then read.
gpu.module @m {
  gpu.func @wait_in_one_branch(%A: memref<4096x64xf16>, %p: i1) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    // expected-error @below {{is never waited for before the kernel returns on some path}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    scf.if %p {
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    }
    // expected-error @below {{'vector.load' op reads SMEM that 'asynccopy.tma.load' may still be writing}}
    %v = vector.load %S[%c0, %c0] : !smem, vector<8xf16>
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 4. A load never waited for before the kernel returns.
gpu.module @m {
  gpu.func @never_waited(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-error @below {{'asynccopy.tma.load' op is never waited for before the kernel returns on some path: its completion on stage 0, phase 0 of its barrier is not waited for; add `asynccopy.barrier.wait` on its stage with that phase's parity before `gpu.return`}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<32x64xf32, #gpu.address_space<workgroup>>
#cp = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>

// 4. A cp.async load whose group is never waited for.
gpu.module @m {
  gpu.func @cp_async_never_waited(%A: memref<128x64xf32>) workgroup(%S : !smem) kernel {
    // expected-error @below {{'asynccopy.cp_async.copy' op is never waited for before the kernel returns on some path: its completion (its group) is not waited for; add `asynccopy.wait` on its token}}
    %t = asynccopy.cp_async.copy %A to %S window [0, 0] [32, 64] {plan = #cp} : memref<128x64xf32> to !smem -> !asynccopy.token
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#chunk = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 8192>

// 4. A peer's DSMEM copy into %D (every CTA runs this copy, into its peer)
// is read before the barrier says it landed.
gpu.module @m {
  gpu.func @dsmem_read_before_wait(%rank: i32) workgroup(%S : !smem, %D : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %peer = arith.xori %rank, %c1_i32 : i32
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-note @below {{the copy in flight}}
    asynccopy.dsmem.copy %S to %D remote %peer barrier %b[%c0] {plan = #chunk} : !smem to !smem
    // expected-error @below {{reads SMEM that 'asynccopy.dsmem.copy' may still be writing}}
    %v = memref.load %D[%c0, %c0] : !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 5. SMEM written while a load into it is in flight.
gpu.module @m {
  gpu.func @store_during_load(%A: memref<4096x64xf16>, %v: f16) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{'memref.store' op writes SMEM that 'asynccopy.tma.load' may still be writing}}
    memref.store %v, %S[%c0, %c0] : !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 5. Two loads into one buffer on two stages: the second may land first.
gpu.module @m {
  gpu.func @load_over_load(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    // expected-note @below {{the copy in flight}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    // expected-error @below {{'asynccopy.tma.load' op writes SMEM that 'asynccopy.tma.load' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first}}
    asynccopy.tma.load %A to %S window [64, 0] [64, 64] barrier %b[%c1] {plan = #plan} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<2>
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 5. A load into SMEM that a TMA store still reads (its bulk group not
// read yet: wait_group 1 leaves it pending).
gpu.module @m {
  gpu.func @load_over_store(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    // expected-warning @below {{reads this CTA's SMEM until its bulk group is waited for, and the kernel may return before that on some path (the SMEM is then released under it); add `asynccopy.wait_group bulk 0 {read}` (or `asynccopy.wait` on its token) before `gpu.return`}}
    %t = asynccopy.tma.store %S to %B window [0, 0] [64, 64] {plan = #plan} : !smem to memref<4096x64xf16> -> !asynccopy.token
    asynccopy.wait_group bulk 1 {read}
    // expected-error @below {{'asynccopy.tma.load' op writes SMEM that 'asynccopy.tma.store' may still be reading: on some path its completion (its group) is not waited for first; add `asynccopy.wait` on its token (or `wait_group bulk N {read}`) before this copy}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#split = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>]>

// 6. A collective load not waited for: the peers may still multicast into
// this CTA after it exits.
gpu.module @m {
  gpu.func @exit_during_multicast(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-error @below {{'asynccopy.tma.load' op is a collective load, and the kernel may return while the peers of its cluster still multicast into this CTA's SMEM and barrier: its completion on stage 0, phase 0 of its barrier is not waited for}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {asynccopy.cluster_shape = array<i64: 2, 1, 1>, collective = [#gpu<dim x>], plan = #split} : memref<4096x64xf16> to !smem
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only>

// 6. The same with the group leader loading for all (replicated).
gpu.module @m {
  gpu.func @exit_during_replicated(%A: memref<4096x64xf16>, %p: i1) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-error @below {{is a collective load, and the kernel may return while the peers}}
    asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {asynccopy.cluster_shape = array<i64: 2, 1, 1>, collective = [#gpu<dim x>], partition = #asynccopy.replicated, plan = #plan} : memref<4096x64xf16> to !smem
    scf.if %p {
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>

// 4. A constant parity in a loop: right in the first iteration, stale from
// the second on (each iteration completes one phase of stage 0).
gpu.module @m {
  gpu.func @constant_parity_in_loop(%A: memref<4096x64xf16>, %B: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    scf.for %k = %c0 to %c4 step %c1 {
      asynccopy.tma.load %A to %S window [0, 0] [64, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !smem
      // expected-error @below {{'asynccopy.barrier.wait' op waits for parity 0 of stage 0, but phase 1 (parity 1) is the open one here, with arrivals or copies pending}}
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    }
    gpu.return
  }
}

// -----

// 3. Constant indices give the exact bytes: two loads fill the two halves of
// one buffer; after the wait for the first, an access that reaches into the
// second half (a scalar in it, a vector of rows 30-33) reads what the second
// load may still write.
!buf = memref<64x64xf16, #gpu.address_space<workgroup>>
!lo = memref<32x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
!hi = memref<32x64xf16, strided<[64, 1], offset: 2048>, #gpu.address_space<workgroup>>
#plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 4096>
gpu.module @m {
  gpu.func @second_half(%A: memref<4096x64xf16>) workgroup(%S : !buf) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c30 = arith.constant 30 : index
    %c40 = arith.constant 40 : index
    %false = arith.constant false
    %pad = arith.constant 0.0 : f16
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<2>
    %lo = memref.subview %S[0, 0] [32, 64] [1, 1] : !buf to !lo
    %hi = memref.subview %S[32, 0] [32, 64] [1, 1] : !buf to !hi
    asynccopy.tma.load %A to %lo window [0, 0] [32, 64] barrier %b[%c0] {plan = #plan} : memref<4096x64xf16> to !lo
    // expected-note @below {{the copy in flight}}
    asynccopy.tma.load %A to %hi window [32, 0] [32, 64] barrier %b[%c1] {plan = #plan} : memref<4096x64xf16> to !hi
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<2>
    // expected-error @below {{'memref.load' op reads SMEM that 'asynccopy.tma.load' may still be writing: on some path its completion on stage 1, phase 0 of its barrier is not waited for first}}
    %v = memref.load %S[%c40, %c0] : !buf
    // expected-error @below {{'vector.transfer_read' op reads SMEM that 'asynccopy.tma.load' may still be writing}}
    %x = vector.transfer_read %S[%c30, %c0], %pad {in_bounds = [true, true]} : !buf, vector<4x64xf16>
    asynccopy.barrier.wait %b[%c1], %false : !asynccopy.barrier<2>
    gpu.return
  }
}

// -----

// 5. Before selection: `asynccopy.copy` on a barrier is one arrival that
// carries its bytes, so a barrier initialised to 2 with one copy arriving
// per phase never completes it.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @generic_balance(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 2 : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    // expected-error @below {{'asynccopy.barrier.wait' op waits for phase 0 of stage 0 of a barrier, which gets 1 arrival per phase but was initialised to expect 2: the phase never completes}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// 5. Before selection: a wait on the wrong constant parity while the copy
// on the open phase is pending returns at once.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @generic_parity(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    asynccopy.copy %A to %S window [64, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    // expected-error @below {{'asynccopy.barrier.wait' op waits for parity 0 of stage 0, but phase 1 (parity 1) is the open one here, with arrivals or copies pending}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    asynccopy.barrier.wait %b[%c0], %true : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

// 5. Before selection: a read between a copy and the wait for its barrier,
// and a copy with a token that is never waited for (nor its SMEM used, where
// asynccopy-assign-wait-groups would wait for it).
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @generic_in_flight(%A: memref<4096x64xf16>) workgroup(%S : !smem, %T : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] : memref<4096x64xf16> to !smem
    // expected-error @below {{'memref.load' op reads SMEM that 'asynccopy.copy' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first}}
    %v = memref.load %S[%c0, %c0] : !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    // expected-error @below {{'asynccopy.copy' op is never waited for before the kernel returns on some path: its completion (its group) is not waited for; add `asynccopy.wait` on its token}}
    %t = asynccopy.copy %A to %T window [0, 0] [64, 64] : memref<4096x64xf16> to !smem -> !asynccopy.token
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

// 6. wgmma operands: a wgmma issued before the load's wait (it reads the
// tile in flight), and a GEMM loop on one buffer that keeps a wgmma group in
// flight (`wait.group 1`) while the next iteration's load overwrites the
// tile it reads.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
gpu.module @m {
  gpu.func @wgmma_reads_in_flight(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
    %v = memref.subview %S[0, 0] [64, 16] [1, 1] : !smem to memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
    %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
    %zero = llvm.mlir.zero : !acc
    nvvm.wgmma.fence.aligned
    // expected-error @below {{'nvvm.wgmma.mma_async' op reads SMEM that 'asynccopy.copy' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first}}
    %r = nvvm.wgmma.mma_async %d, %d, %zero, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }

  gpu.func @wgmma_group_in_flight(%A: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
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
      // expected-error @below {{'asynccopy.copy' op writes SMEM that a wgmma may still be reading: on some path its wgmma group is not complete; add `nvvm.wgmma.wait.group.sync.aligned` (after `nvvm.wgmma.commit.group.sync.aligned`) before this copy}}
      asynccopy.copy %A to %S window [%row, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %S[0, 0] [64, 16] [1, 1] : !smem to memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      nvvm.wgmma.fence.aligned
      // expected-note @below {{the wgmma that reads it}}
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.return
  }
}

// -----

// The same on B of `asynccopy.wgmma_register_a` (A in registers): attention's
// O += P V issued before V's load is waited for, and a loop over blocks of V
// on one buffer that keeps the wgmma group in flight (`wait.group 1`) while
// the next block's load overwrites the V it reads.
!smem = memref<16x64xf16, #gpu.address_space<workgroup>>
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
gpu.module @m {
  gpu.func @register_a_reads_in_flight(%V: memref<4096x64xf16>, %p: i32) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %true = arith.constant true
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-note @below {{the copy in flight}}
    asynccopy.copy %V to %S window [0, 0] [16, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
    %d = asynccopy.wgmma_descriptor %S major mn : !smem
    %zero = llvm.mlir.zero : !acc
    nvvm.wgmma.fence.aligned
    // expected-error @below {{'asynccopy.wgmma_register_a' op reads SMEM that 'asynccopy.copy' may still be writing: on some path its completion on stage 0, phase 0 of its barrier is not waited for first}}
    %o = asynccopy.wgmma_register_a [%p, %p, %p, %p], %d, %zero, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }

  gpu.func @register_a_group_in_flight(%V: memref<4096x64xf16>, %p: i32) workgroup(%S : !smem) kernel {
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
      // expected-error @below {{'asynccopy.copy' op writes SMEM that a wgmma may still be reading: on some path its wgmma group is not complete; add `nvvm.wgmma.wait.group.sync.aligned` (after `nvvm.wgmma.commit.group.sync.aligned`) before this copy}}
      asynccopy.copy %V to %S window [%row, 0] [16, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %b[%c0], %ph : !asynccopy.barrier<1>
      %d = asynccopy.wgmma_descriptor %S major mn : !smem
      nvvm.wgmma.fence.aligned
      // expected-note @below {{the wgmma that reads it}}
      %next = asynccopy.wgmma_register_a [%p, %p, %p, %p], %d, %acc, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// A DSMEM copy completes on the peer's barrier: its own CTA does not know
// when the copy has read its SMEM, and returns while it may still be
// reading (waiting for the peer's copy into this CTA says nothing of it).
gpu.module @m {
  gpu.func @dsmem_send_at_exit(%rank: i32) workgroup(%S : !smem, %D : !smem) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    %peer = arith.xori %rank, %c1_i32 : i32
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    // expected-warning @below {{is a DSMEM copy, and this CTA may return while it still reads this CTA's SMEM (it completes on the peer's barrier); wait on a barrier the peer arrives on after its wait for the copy, or add `nvvm.cluster.arrive` and `nvvm.cluster.wait`, before `gpu.return`}}
    asynccopy.copy %S to %D remote %peer barrier %b[%c0] : !smem to !smem
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// A one-way hand-off (a split-K partial tile sent to rank 0) whose sender
// does not wait for the acknowledgement before it returns: which CTA sends
// is data, so a remark.
gpu.module @m {
  gpu.func @dsmem_send_unacknowledged(%rank: i32) workgroup(%S : !smem) kernel
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
      // expected-remark @below {{is a DSMEM copy, and this CTA may return while it still reads this CTA's SMEM}}
      asynccopy.copy %S to %S remote %c0_i32 barrier %full[%c0] : !smem to !smem
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}


// -----

// 5. A wait on a barrier nothing completes on this path: the error names
// the missing arrival (an init count of 0 is not legal, so it is not
// suggested).
gpu.module @m {
  gpu.func @no_arrival() kernel {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    // expected-note @below {{barrier allocated here}}
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
    // expected-error @below {{'asynccopy.barrier.wait' op waits for phase 0 of stage 0 of a barrier, which gets 0 arrivals per phase but was initialised to expect 1: the phase never completes; no copy or `barrier.arrive` on this path completes on it: add the one that should}}
    asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// 6. A one-way hand-off whose receiver reads the receive buffer before it
// waits for the peer's copy into it: only CTA 1 sends (a branch on the
// CTA's index in the cluster), so the copy CTA 1 issues does not stand for
// one CTA 0 issues, but it may arrive in CTA 0 at any time until CTA 0's
// wait on its barrier. (CTA 1's own accesses to its copy of the buffer, in
// the branch that sends, are not held against it.)
gpu.module @m {
  gpu.func @dsmem_read_before_receive() workgroup(%S : !smem, %R : !smem) kernel
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
      // expected-error @below {{reads SMEM that 'asynccopy.copy' may still be writing: on some path its completion on stage 0 of its barrier is not waited for first; add `asynccopy.barrier.wait` on its stage with that phase's parity before this access}}
      %v = memref.load %R[%c0, %c0] : !smem
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %ack = asynccopy.barrier.remote %empty, %peer : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    } else {
      %one = arith.constant 1.0 : f32
      memref.store %one, %R[%c0, %c0] : !smem
      // expected-note @below {{the copy in flight (a peer's: only some CTAs send it, into any other)}}
      asynccopy.copy %R to %R remote %peer barrier %full[%c0] : !smem to !smem
      asynccopy.barrier.wait %empty[%c0], %false : !asynccopy.barrier<1>
    }
    gpu.return
  }
}

// -----

!smem = memref<64x64xf32, #gpu.address_space<workgroup>>

// The same unacknowledged hand-off with the sender chosen by its index in
// the cluster: every CTA but rank 0 sends and may return while its copy
// still reads its SMEM, so a warning.
gpu.module @m {
  gpu.func @dsmem_send_unacknowledged_by_index() workgroup(%S : !smem) kernel
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
    %x = gpu.cluster_block_id x
    %first = arith.cmpi eq, %x, %c0 : index
    scf.if %first {
      asynccopy.barrier.wait %full[%c0], %false : !asynccopy.barrier<1>
      %v = memref.load %S[%c0, %c0] : !smem
      %ack = asynccopy.barrier.remote %empty, %c1_i32 : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.arrive %ack[%c0] : !asynccopy.barrier<1, remote>
    } else {
      // expected-warning @below {{is a DSMEM copy, and this CTA may return while it still reads this CTA's SMEM}}
      asynccopy.copy %S to %S remote %c0_i32 barrier %full[%c0] : !smem to !smem
    }
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>

// A TMA store the kernel returns without waiting for, not even until it has
// read its SMEM: the CTA's SMEM may be released (and given to the next CTA
// on the SM) while the store still reads it.
gpu.module @m {
  gpu.func @store_at_exit(%B: memref<4096x64xf16>) workgroup(%S : !smem) kernel {
    %c0 = arith.constant 0 : index
    // expected-warning @below {{reads this CTA's SMEM until its bulk group is waited for, and the kernel may return before that on some path}}
    asynccopy.copy %S to %B window [%c0, %c0] [64, 64] : !smem to memref<4096x64xf16>
    // expected-note @below {{the kernel returns here}}
    gpu.return
  }
}
