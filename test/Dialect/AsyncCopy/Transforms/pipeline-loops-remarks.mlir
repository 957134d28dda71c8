// RUN: ac-opt %s -split-input-file -asynccopy-pipeline-loops -verify-diagnostics | FileCheck %s

// A marked loop the pass cannot pipeline keeps its single buffer and gets
// a remark saying why; the marker is dropped.

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
!big = memref<2x64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @view_destination
// CHECK-SAME: workgroup(%{{.*}} : memref<2x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK-NOT: asynccopy.pipeline_stages
gpu.module @kernels {
  gpu.func @view_destination(%in: memref<4096x64xf16>) workgroup(%buf : !big) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %tile = memref.subview %buf[0, 0, 0] [1, 64, 64] [1, 1, 1] : !big to !smem
    // expected-remark @below {{not pipelined: its SMEM destination is not a workgroup attribution or a memref.alloc itself}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @used_after_loop(%in: memref<4096x64xf16>, %out: memref<64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its SMEM buffer is also used outside the loop}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    %v = memref.load %tile[%c0, %c0] : !smem
    memref.store %v, %out[%c0] : memref<64xf16>
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @staged_barrier(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
    // expected-remark @below {{not pipelined: a load completes on a barrier that is not a `barrier<1>` allocated outside the loop}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<2>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<8x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @token_escapes(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %t0 = asynccopy.copy %in to %tile window [%c0, 0] [8, 64] : memref<4096x64xf16> to !smem -> !asynccopy.token
    // expected-remark @below {{not pipelined: its SMEM buffer is also used outside the loop}}
    %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %t0) -> (!asynccopy.token) {
      %n = asynccopy.copy %in to %tile window [%i, 0] [8, 64] : memref<4096x64xf16> to !smem -> !asynccopy.token
      scf.yield %n : !asynccopy.token
    } {asynccopy.pipeline_stages = 2 : i64}
    asynccopy.wait %last : !asynccopy.token
    gpu.return
  }
}

// -----

!smem = memref<8x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @token_not_waited(%in: memref<4096x64xf16>, %out: memref<64xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %tile = memref.alloc() : !smem
    // expected-remark @below {{not pipelined: a load's token is used other than by an asynccopy.wait after it in the loop body}}
    %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %c0) -> (index) {
      %n = asynccopy.copy %in to %tile window [%i, 0] [8, 64] : memref<4096x64xf16> to !smem -> !asynccopy.token
      %v = memref.load %tile[%c0, %c0] : !smem
      memref.store %v, %out[%c0] : memref<64xf16>
      %u = builtin.unrealized_conversion_cast %n : !asynccopy.token to index
      scf.yield %u : index
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @offset_loaded(%in: memref<4096x64xf16>, %rows: memref<8xindex>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: a copy operand is computed by 'memref.load', which has memory effects}}
    scf.for %i = %c0 to %c8 step %c1 {
      %row = memref.load %rows[%i] : memref<8xindex>
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @view_of_buffer(%in: memref<4096x64xf16>, %out: memref<64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its SMEM buffer is used by 'memref.collapse_shape', whose types would change with a stage view}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %flat = memref.collapse_shape %tile [[0, 1]] : !smem into memref<4096xf16, #gpu.address_space<workgroup>>
      %v = memref.load %flat[%i] : memref<4096xf16, #gpu.address_space<workgroup>>
      memref.store %v, %out[%c0] : memref<64xf16>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @no_loads(%out: memref<64xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{not pipelined: its body has no GMEM -> SMEM copy at its top level}}
    scf.for %i = %c0 to %c8 step %c1 {
      %z = arith.constant 0.0 : f16
      memref.store %z, %out[%i] : memref<64xf16>
    } {asynccopy.pipeline_stages = 3 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @mixed(%in: memref<4096x64xf16>) workgroup(%tile : !smem, %other : memref<8x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: some loads complete on barriers and others through tokens}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      %t = asynccopy.copy %in to %other window [%i, 0] [8, 64] : memref<4096x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      asynccopy.wait %t : !asynccopy.token
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @unknown_cluster(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: the cluster shape of its kernel is unknown}}
    scf.for %i = %c0 to %c8 step %c1 {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] {collective = [#gpu<dim x>]} : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @i32_loop(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n = arith.constant 8 : i32
    %false = arith.constant false
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its induction variable is not an index}}
    scf.for %i = %z to %n step %one : i32 {
      %row = arith.index_cast %i : i32 to index
      asynccopy.copy %in to %tile window [%row, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// The body uses a buffer between its first load and the load that fills
// that buffer: the refill of every stage is issued at the first load.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @use_between_loads(%in: memref<4096x64xf16>, %out: memref<4096xf16>) workgroup(%a : !smem, %b : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its body uses an SMEM buffer between its first load and the load that fills that buffer}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      asynccopy.copy %in to %a window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      %v = memref.load %b[%c0, %c0] : !smem
      memref.store %v, %out[%i] : memref<4096xf16>
      gpu.barrier
      asynccopy.copy %in to %b window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}

// -----

// A use of the buffer before the load (the tile before) with stages
// released on empty barriers: the consumers would free a stage that the
// next iteration still reads.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @use_before_load_empty(%in: memref<4096x64xf16>, %out: memref<4096xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its body uses an SMEM buffer before loading it (the tile of the iteration before), while its stages are released on empty barriers}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      %v = memref.load %tile[%c0, %c0] : !smem
      memref.store %v, %out[%i] : memref<4096xf16>
      gpu.barrier
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier}
    gpu.return
  }
}

// -----

// Two loads on barriers initialised in different blocks: their phases
// restart at different points, which one pipeline counter cannot follow.
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @inits_in_two_blocks(%in: memref<4096x64xf16>) workgroup(%a : !smem, %b : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %ba = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %bb = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %ba, 1 : !asynccopy.barrier<1>
    scf.for %o = %c0 to %c2 step %c1 {
      asynccopy.barrier.init %bb, 1 : !asynccopy.barrier<1>
      // expected-remark @below {{not pipelined: its barriers are initialised in different blocks, so their phases restart at different points}}
      %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
        asynccopy.copy %in to %a window [%i, 0] [64, 64] barrier %ba[%c0] : memref<4096x64xf16> to !smem
        asynccopy.copy %in to %b window [%i, 0] [64, 64] barrier %bb[%c0] : memref<4096x64xf16> to !smem
        asynccopy.barrier.wait %ba[%c0], %phase : !asynccopy.barrier<1>
        asynccopy.barrier.wait %bb[%c0], %phase : !asynccopy.barrier<1>
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      } {asynccopy.pipeline_stages = 2 : i64}
    }
    gpu.return
  }
}

// -----

// A kernel that fails asynccopy-check-synchronization as written (two
// arrivals expected per phase, one load arrives) keeps its loops: pipelined,
// the hazard would hide under the pass's guards and ring stages
// (check-synchronization-pipelined.mlir checks the verdict).
!smem = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @fails_the_check
// CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>)
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<1>
gpu.module @kernels {
  gpu.func @fails_the_check(%in: memref<4096x64xf16>) workgroup(%tile : !smem) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
    // expected-remark @below {{not pipelined: its kernel fails asynccopy-check-synchronization as written (that pass reports why)}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%phase = %false) -> (i1) {
      asynccopy.copy %in to %tile window [%i, 0] [64, 64] barrier %bar[%c0] : memref<4096x64xf16> to !smem
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %flip = arith.xori %phase, %true : i1
      scf.yield %flip : i1
    } {asynccopy.pipeline_stages = 2 : i64}
    gpu.return
  }
}
