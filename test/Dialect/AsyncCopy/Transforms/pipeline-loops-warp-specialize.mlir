// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-pipeline-loops -asynccopy-check-synchronization -o /dev/null

// Loops marked `asynccopy.pipeline_warp_specialize`: the kernel gets a
// producer warpgroup after the threads it was written for. Its first warp
// issues every load (one lane, through the load's predicate), waiting for
// the stage's empty barrier from the N-th load on; the consumers run the
// loop without loads, free each stage with one arrival per warp, and run
// the code after the loop with CTA barriers among themselves.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @async_consumer
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: asynccopy.barrier.init %[[FULL]], 1 : !asynccopy.barrier<3>
// CHECK: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<3>
// CHECK: asynccopy.barrier.init %[[EMPTY]], 8 : !asynccopy.barrier<3>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %[[C256]] : index
// CHECK: scf.if %[[PRODUCER]] {
// CHECK:   nvvm.setmaxregister decrease 40
// CHECK:   %[[C288:.*]] = arith.constant 288 : index
// CHECK:   %[[WARP:.*]] = arith.cmpi ult, %[[TID]], %[[C288]] : index
// CHECK:   scf.if %[[WARP]] {
// CHECK:     %[[C256B:.*]] = arith.constant 256 : index
// CHECK:     %[[ISSUER:.*]] = arith.cmpi eq, %[[TID]], %[[C256B]] : index
// CHECK:     scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[K:.*]] = %{{.*}}) -> (index) {
// CHECK:       %[[S:.*]] = arith.remui %[[K]], %[[N:.*]] : index
// CHECK:       %[[REFILL:.*]] = arith.cmpi uge, %[[K]], %{{.*}} : index
// CHECK:       scf.if %[[REFILL]] {
// CHECK:         %[[ROUND:.*]] = arith.divui %[[K]]
// CHECK:         %[[NEXT:.*]] = arith.addi %[[ROUND]]
// CHECK:         %[[PAR:.*]] = arith.remui %[[NEXT]]
// CHECK:         %[[BIT:.*]] = arith.index_cast %[[PAR]] : index to i1
// CHECK:         asynccopy.barrier.wait %[[EMPTY]][%[[S]]], %[[BIT]]
// CHECK:       }
// CHECK:       scf.if
// CHECK:         %[[COL:.*]] = arith.muli %[[IV]]
// CHECK:         %[[STAGE:.*]] = memref.subview %{{.*}}[%[[S]], 0, 0]
// CHECK:         asynccopy.copy %{{.*}} to %[[STAGE]] window [0, %[[COL]]] [64, 64] barrier %[[FULL]][%[[S]]] predicate %[[ISSUER]]
// CHECK:       }
// CHECK:       arith.addi %[[K]]
// CHECK:       scf.yield
// CHECK:   }
// CHECK: } else {
// CHECK:   nvvm.setmaxregister increase 232
// CHECK:   %[[R:.*]]:3 = scf.for %[[CK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[G:.*]] = %{{.*}}) -> (i1, {{.*}}, index) {
// CHECK-NOT: asynccopy.copy
// CHECK:     asynccopy.barrier.wait %[[FULL]]
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:     %[[NOTFIRST:.*]] = arith.cmpi ne, %[[G]], %{{.*}} : index
// CHECK:     nvvm.bar.warp.sync
// CHECK:     %[[LANE:.*]] = gpu.lane_id
// CHECK:     %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK:     %[[ARRIVE:.*]] = arith.andi %[[NOTFIRST]], %[[LANE0]] : i1
// CHECK:     scf.if %[[ARRIVE]] {
// CHECK:       asynccopy.barrier.arrive %[[EMPTY]]
// CHECK:     }
// CHECK:     scf.yield
// CHECK:   }
// CHECK:   nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:   %[[RAN:.*]] = arith.cmpi ne, %[[R]]#2, %{{.*}} : index
// CHECK:   %[[LAST:.*]] = arith.remui
// CHECK:   %[[END:.*]] = arith.andi %[[RAN]], %{{.*}} : i1
// CHECK:   scf.if %[[END]] {
// CHECK:     asynccopy.barrier.arrive %[[EMPTY]][%[[LAST]]]
// CHECK:   }
// CHECK:   llvm.extractvalue %[[R]]#1[0]
// CHECK:   gpu.barrier
// CHECK:   arith.constant 256 : index
// CHECK-NOT: gpu.block_dim
// CHECK: } {asynccopy.consumer_threads = 256 : i64}
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @async_consumer(%A: memref<64x512xf16>, %out: memref<256xf32>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %zero = llvm.mlir.zero : !acc
    %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %acc = %zero) -> (i1, !acc) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 16] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 16>, #wg>
      nvvm.wgmma.fence.aligned
      %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %next : i1, !acc
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_async_consumer,
       asynccopy.pipeline_warp_specialize}
    %x = llvm.extractvalue %r#1[0] : !acc
    %tid = gpu.thread_id x
    gpu.barrier
    %threads = gpu.block_dim x
    %last = arith.subi %threads, %c1 : index
    %i = arith.subi %last, %tid : index
    memref.store %x, %out[%i] : memref<256xf32>
    gpu.return
  }
}

// -----

// A synchronous consumer of one warpgroup frees stage g mod N at the end of
// every iteration (the producer waits for it from the N-th load on, and an
// arrival nobody waits for is harmless). 256 threads: every thread may hold
// 255 registers already, so no `setmaxnreg`. The launches in the module
// start 128 threads more.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: func.func @host
// CHECK: %[[BX:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: gpu.launch_func @kernels::@sync_consumer blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[BX]],
// CHECK-LABEL: gpu.func @sync_consumer
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: asynccopy.barrier.init %{{.*}}, 4 : !asynccopy.barrier<2>
// CHECK-NOT: nvvm.setmaxregister
// CHECK: } else {
// CHECK:   scf.for %[[K:.*]] = %{{.*}} to %[[UB:.*]] step %[[STEP:.*]] iter_args
// CHECK:     asynccopy.barrier.wait
// CHECK:     memref.load
// CHECK:     %[[ALWAYS:.*]] = arith.constant true
// CHECK:     nvvm.bar.warp.sync
// CHECK:     %[[LANE0:.*]] = arith.cmpi eq
// CHECK:     %[[ARRIVE:.*]] = arith.andi %[[ALWAYS]], %[[LANE0]] : i1
// CHECK:     scf.if %[[ARRIVE]] {
// CHECK:       asynccopy.barrier.arrive
// CHECK:     scf.yield
module attributes {gpu.container_module} {
  func.func @host(%A: memref<64x512xf32>, %out: memref<128xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@sync_consumer blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<64x512xf32>, %out : memref<128xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @sync_consumer(%A: memref<64x512xf32>, %out: memref<128xf32>)
        workgroup(%sa : memref<64x64xf32, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %sum = %zero) -> (i1, f32) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
            : memref<64x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %row = arith.remui %tid, %c64 : index
        %x = memref.load %sa[%row, %c0] : memref<64x64xf32, #wg>
        %s = arith.addf %sum, %x : f32
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %s : i1, f32
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      memref.store %r#1, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// Loads multicast over 2x1 clusters: every consumer warp of both CTAs frees
// a stage (16 arrivals), remotely; the cluster barriers before and after
// the loop stay where they are, the one after on the consumers' side.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @multicast
// CHECK: asynccopy.barrier.init %[[EMPTY:.*]], 16 : !asynccopy.barrier<3>
// CHECK: nvvm.cluster.arrive
// CHECK: nvvm.cluster.wait
// CHECK: scf.if
// CHECK:   asynccopy.copy {{.*}}collective = [#gpu<dim x>]
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     asynccopy.barrier.remote %[[EMPTY]]
// CHECK:     asynccopy.barrier.arrive {{.*}} {asynccopy.cta_release}
// CHECK:   }
// CHECK:   nvvm.cluster.arrive
// CHECK:   nvvm.cluster.wait
// CHECK: }
gpu.module @kernels {
  gpu.func @multicast(%A: memref<64x512xf16>, %out: memref<256xf16>)
      workgroup(%sa : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %tid = gpu.thread_id x
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          {collective = [#gpu<dim x>]} : memref<64x512xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %row = arith.remui %tid, %c64 : index
      %x = memref.load %sa[%row, %c0] : memref<64x64xf16, #wg>
      memref.store %x, %out[%tid] : memref<256xf16>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 3 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// A persistent kernel: the loop sits in a loop over tiles. The producer's
// first warp walks the tiles too, with the ops their loads need (the tile's
// row), counting its loads across tiles; the consumers run the loop over
// tiles with the pipelined loop, its counter carried from tile to tile, and
// the epilogue, whose barrier leaves the producer out. With one consumer
// warpgroup no registers move.
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @persistent
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[FULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[EMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.init %[[EMPTY]], 4 : !asynccopy.barrier<2>
// CHECK: memref.store %{{.*}}, %[[STATE:.*]][%{{.*}}] : memref<1xi64>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %{{.*}} : index
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NOT: nvvm.setmaxregister
// CHECK:   scf.if
// CHECK:     %[[ISSUER:.*]] = arith.cmpi eq, %[[TID]]
// CHECK:     scf.for %[[T:.*]] = %[[BX]] to %{{.*}} step %{{.*}} iter_args(%[[K0:.*]] = %{{.*}}) -> (index) {
// CHECK:       %[[ROW:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:       %[[KEND:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[K:.*]] = %[[K0]]) -> (index) {
// CHECK:         %[[S:.*]] = arith.remui %[[K]]
// CHECK:         asynccopy.barrier.wait %[[EMPTY]][%[[S]]]
// CHECK:         asynccopy.copy %{{.*}} to %{{.*}} window [%[[ROW]], %{{.*}}] [64, 64] barrier %[[FULL]][%[[S]]] predicate %[[ISSUER]]
// CHECK:         scf.yield
// CHECK:       }
// CHECK:       scf.yield %[[KEND]] : index
// CHECK:     }
// CHECK:   }
// CHECK: } else {
// CHECK-NOT: nvvm.setmaxregister
// CHECK:   scf.for %{{.*}} = %[[BX]] to
// CHECK:     %[[G0:.*]] = memref.load %[[STATE]]
// CHECK:     scf.for
// CHECK-NOT:   asynccopy.copy
// CHECK:       asynccopy.barrier.wait %[[FULL]]
// CHECK:       asynccopy.barrier.arrive %[[EMPTY]]
// CHECK:     }
// CHECK:     memref.store %{{.*}}, %[[STATE]]
// CHECK:     gpu.barrier
// CHECK:   }
// CHECK: } {asynccopy.consumer_threads = 128 : i64}
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @persistent(%A: memref<1024x512xf32>, %out: memref<1024xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %bx = gpu.block_id x
    %tid = gpu.thread_id x
    %trow = arith.remui %tid, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %bx to %c16 step %c4 {
      %row = arith.muli %t, %c64 : index
      %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, f32) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %x = memref.load %sa[%trow, %c0] : memref<64x64xf32, #wg>
        %n = arith.addf %s, %x : f32
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %n : i1, f32
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      %i = arith.addi %row, %trow : index
      memref.store %r#1, %out[%i] : memref<1024xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A persistent kernel on 2x1 clusters multicasting its loads: the cluster
// barriers that publish the barriers and keep a CTA from leaving while its
// multicasts land go around the split and the consumers' loop over tiles,
// not around every tile (the producer waits for every release instead).
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @persistent_multicast
// CHECK: asynccopy.barrier.init %{{.*}}, 8 : !asynccopy.barrier<2>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.if
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       asynccopy.copy {{.*}}collective = [#gpu<dim x>]
// CHECK: } else {
// CHECK-NOT: nvvm.cluster
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       asynccopy.barrier.remote
// CHECK-NOT: nvvm.cluster
// CHECK:     gpu.barrier
// CHECK:   }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: } {asynccopy.consumer_threads = 128 : i64}
gpu.module @kernels {
  gpu.func @persistent_multicast(%A: memref<1024x512xf32>, %out: memref<1024xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, known_cluster_size = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %bx = gpu.block_id x
    %cluster = arith.divui %bx, %c2 : index
    %tid = gpu.thread_id x
    %trow = arith.remui %tid, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %cluster to %c16 step %c2 {
      %row = arith.muli %t, %c64 : index
      %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, f32) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            {collective = [#gpu<dim x>]} : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %x = memref.load %sa[%trow, %c0] : memref<64x64xf32, #wg>
        %n = arith.addf %s, %x : f32
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %n : i1, f32
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      %i = arith.addi %row, %trow : index
      memref.store %r#1, %out[%i] : memref<1024xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// Every reason a marked loop keeps its loads in the consumers: it is still
// pipelined, with a remark.
#wg = #gpu.address_space<workgroup>
gpu.module @kernels {
  gpu.func @no_block_size(%A: memref<64x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: its kernel's block size is not known whole warpgroups along x}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @writes_before(%A: memref<64x512xf32>, %out: memref<128xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    memref.store %zero, %out[%tid] : memref<128xf32>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: 'memref.store' before the loop accesses memory, and the producer warpgroup's threads would run it too}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @sync_load_before(%A: memref<64x512xf32>, %Q: memref<64x64xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>, %sq : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %qbar, 128 : !asynccopy.barrier<1>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // A per-thread load before the loop: the producer's threads would take
    // a share of it.
    asynccopy.copy %Q to %sq barrier %qbar[%c0] {impl = #asynccopy<impl cp_async>}
        : memref<64x64xf32> to memref<64x64xf32, #wg>
    asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: before the loop, a load is not a TMA or bulk copy on every run}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @predicated_load_before(%A: memref<64x512xf32>, %Q: memref<64x64xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>, %sq : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %first = arith.cmpi eq, %tid, %c0 : index
    %qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %qbar, 1 : !asynccopy.barrier<1>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %Q to %sq barrier %qbar[%c0] predicate %first
        : memref<64x64xf32> to memref<64x64xf32, #wg>
    asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: before the loop, a load has a `predicate`}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @thread_dependent_window(%A: memref<64x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: a load's operands may differ between threads, and the producer's thread would compute its own}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      %row = arith.muli %warp, %c0 : index
      asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @predicated(%A: memref<64x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: a load has a `predicate` (the threads that issue it), which no producer thread may satisfy}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0] predicate %true
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @per_thread_load(%A: memref<64x512xf32, strided<[1024, 2]>>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: a load is not a TMA or bulk copy on every run}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32, strided<[1024, 2]>> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  // A dynamic row stride: TMA where the tensor meets the tensor map's rules
  // at launch, a per-thread copy where it does not, which the producer's one
  // thread cannot run (it would copy its share only, and wait at a CTA
  // barrier the consumers never reach).
  gpu.func @launch_checked_load(%A: memref<64x?xf32, strided<[?, 1]>>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: a load is not a TMA or bulk copy on every run (selection would give it, or its fallback where the tensor breaks the tensor map's rules at launch, to every thread of the CTA)}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x?xf32, strided<[?, 1]>> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @store_in_body(%A: memref<64x512xf32>, %B: memref<64x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>, %sb : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: its body has 'asynccopy.copy', which may synchronise the whole CTA, producer warpgroup included}}
    %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %t = asynccopy.copy %sb to %B window [0, %col] [64, 64]
          : memref<64x64xf32, #wg> to memref<64x512xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  gpu.func @nested(%A: memref<64x512xf32>, %n: index)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %go = arith.cmpi sgt, %n, %c0 : index
    scf.if %go {
      // expected-remark @below {{not warp-specialised: it is neither at the top level of a kernel's body nor at the top level of a loop over tiles there (the producer warpgroup runs its own copy of these loops)}}
      %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
            : memref<64x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph : i1
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    }
    gpu.return
  }

  // The loop's bounds depend on the thread.
  gpu.func @thread_bounds(%A: memref<64x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: its bounds (or its loop over tiles') may differ between threads, and the producer's thread would run its own}}
    %ph = scf.for %kt = %c0 to %tid step %c1 iter_args(%ph = %false) -> (i1) {
      %col = arith.muli %kt, %c64 : index
      asynccopy.copy %A to %sa window [0, %col] [64, 64] barrier %bar[%c0]
          : memref<64x512xf32> to memref<64x64xf32, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }

  // The loop over tiles starts at the thread's id.
  gpu.func @thread_tiles(%A: memref<1024x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %tid to %c16 step %c8 {
      %row = arith.muli %t, %c64 : index
      // expected-remark @below {{not warp-specialised: its bounds (or its loop over tiles') may differ between threads, and the producer's thread would run its own}}
      %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph : i1
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    }
    gpu.return
  }

  // The tile's row is carried by the loop over tiles.
  gpu.func @tile_carried(%A: memref<1024x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %end = scf.for %t = %c0 to %c16 step %c1 iter_args(%row = %c0) -> (index) {
      // expected-remark @below {{not warp-specialised: a load's operands or the loop's bounds depend on a value its loop over tiles carries, which the producer warpgroup does not compute}}
      %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph : i1
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      %next = arith.addi %row, %c64 : index
      scf.yield %next : index
    }
    gpu.return
  }

  // The tile's row is read from memory in the loop over tiles.
  gpu.func @tile_read(%A: memref<1024x512xf32>, %rows: memref<16xindex>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %c0 to %c16 step %c1 {
      %row = memref.load %rows[%t] : memref<16xindex>
      // expected-remark @below {{not warp-specialised: a load's operands or the loop's bounds are computed in its loop over tiles by 'memref.load', which the producer warpgroup cannot run}}
      %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph : i1
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    }
    gpu.return
  }

  // A cluster barrier in the loop over tiles.
  gpu.func @tile_cluster_barrier(%A: memref<1024x512xf32>)
      workgroup(%sa : memref<64x64xf32, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    scf.for %t = %c0 to %c16 step %c1 {
      %row = arith.muli %t, %c64 : index
      // expected-remark @below {{not warp-specialised: its loop over tiles has a cluster barrier, which the producer warpgroup would not reach}}
      %ph = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %A to %sa window [%row, %col] [64, 64] barrier %bar[%c0]
            : memref<1024x512xf32> to memref<64x64xf32, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph : i1
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      nvvm.cluster.arrive
      nvvm.cluster.wait
    }
    gpu.return
  }
}

// -----

// Attention's shape: Q's tile is TMA-loaded once before the loop (one
// thread issues it, so the producer's threads may run it and wait for it
// too), and the body's second product takes A from registers
// (`asynccopy.wgmma_register_a`, which synchronises nothing): the loop is
// warp-specialised, the Q load and its wait stay before the split.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @q_before_loop
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: setmaxregister
// CHECK: %[[QBAR:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<1>
// CHECK: asynccopy.copy %{{.*}} to %{{.*}} window [0, 0] [64, 16] barrier %[[QBAR]][%{{.*}}]
// CHECK: asynccopy.barrier.wait %[[QBAR]]
// CHECK: scf.if %{{.*}} {
// CHECK:   asynccopy.copy %{{.*}} to %{{.*}} window [%{{.*}}, 0] [16, 16] barrier %{{.*}} predicate
// CHECK: } else {
// CHECK:   scf.for
// CHECK-NOT: asynccopy.copy
// CHECK:     asynccopy.wgmma_register_a
// CHECK: } {asynccopy.consumer_threads = 128 : i64}
gpu.module @kernels {
  gpu.func @q_before_loop(%Q: memref<64x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %zero = llvm.mlir.zero : !acc
    %qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %qbar, 1 : !asynccopy.barrier<1>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    asynccopy.copy %Q to %sq window [0, 0] [64, 16] barrier %qbar[%c0]
        : memref<64x16xf16> to memref<64x16xf16, #wg>
    asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>
    %r:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %o = %zero) -> (i1, !acc) {
      %row = arith.muli %j, %c16 : index
      asynccopy.copy %V to %sv window [%row, 0] [16, 16] barrier %bar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %o1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %dv, %o, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %o1 : i1, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// Two streams read until different points (attention's K by S = Q K^T, V by
// O += P V): each gets an empty barrier; the producer waits for each
// stream's release before refilling it, and the consumers release K's stage
// right after the wgmma group that read it completes, V's after the second.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @two_streams
// CHECK: %[[KFULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[VFULL:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[KEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[VEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.init %[[KEMPTY]], 4 : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.init %[[VEMPTY]], 4 : !asynccopy.barrier<2>
// CHECK: scf.if
// CHECK:   asynccopy.barrier.wait %[[KEMPTY]]
// CHECK:   asynccopy.copy %{{.*}} barrier %[[KFULL]]
// CHECK-NOT: asynccopy.copy
// CHECK:   asynccopy.barrier.wait %[[VEMPTY]]
// CHECK:   asynccopy.copy %{{.*}} barrier %[[VFULL]]
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     asynccopy.barrier.wait %[[KFULL]]
// CHECK:     nvvm.wgmma.mma_async
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:     nvvm.bar.warp.sync
// CHECK:     asynccopy.barrier.arrive %[[KEMPTY]]
// CHECK:     asynccopy.barrier.wait %[[VFULL]]
// CHECK:     asynccopy.wgmma_register_a
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:     nvvm.bar.warp.sync
// CHECK:     asynccopy.barrier.arrive %[[VEMPTY]]
// CHECK:     scf.yield
gpu.module @kernels {
  gpu.func @two_streams(%K: memref<256x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>,
                %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
    %r:3 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero, %o = %zero)
        -> (i1, !acc, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [%n0, 0] [16, 16] barrier %vbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %o1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %dv, %o, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1, %o1 : i1, !acc, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// FlashAttention-3's overlap: S(j) = Q K(j)^T (in a branch that skips it in
// the last iteration) is committed before O += P(j-1) V(j-1), so
// `wait.group 1` completes it while the second group runs: K's stage is
// released there, V's after `wait.group 0`.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @overlapped_streams
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[KEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[VEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     scf.if
// CHECK:       nvvm.wgmma.mma_async
// CHECK:     nvvm.wgmma.commit.group.sync.aligned
// CHECK:     asynccopy.wgmma_register_a
// CHECK:     nvvm.wgmma.commit.group.sync.aligned
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:     nvvm.bar.warp.sync
// CHECK:     asynccopy.barrier.arrive %[[KEMPTY]]
// CHECK:     arith.addf
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:     nvvm.bar.warp.sync
// CHECK:     asynccopy.barrier.arrive %[[VEMPTY]]
// CHECK:     scf.yield
gpu.module @kernels {
  gpu.func @overlapped_streams(%K: memref<256x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>,
                %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c17 = arith.constant 17 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %f = arith.constant 1.0 : f32
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
    %r:3 = scf.for %j = %c0 to %c17 step %c1 iter_args(%ph = %false, %o = %zero, %x = %f)
        -> (i1, !acc, f32) {
      %kb = arith.minui %j, %c15 : index
      %jm1 = arith.subi %j, %c1 : index
      %vb = arith.maxsi %jm1, %c0 : index
      %k0 = arith.muli %kb, %c16 : index
      %v0 = arith.muli %vb, %c16 : index
      asynccopy.copy %K to %sk window [%k0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [%v0, 0] [16, 16] barrier %vbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      %more = arith.cmpi ult, %j, %c16 : index
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      nvvm.wgmma.fence.aligned
      %s = scf.if %more -> (!acc) {
        %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
        %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
        %s1 = nvvm.wgmma.mma_async %dq, %dk, %zero, #nvvm.shape<m = 64, n = 16, k = 16>,
            D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
        scf.yield %s1 : !acc
      } else {
        scf.yield %zero : !acc
      }
      nvvm.wgmma.commit.group.sync.aligned
      asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %o1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %dv, %o, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %e = llvm.extractvalue %s[0] : !acc
      %x1 = arith.addf %x, %e : f32
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %o1, %x1 : i1, !acc, f32
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// `wait.group 1` completes only the groups before the most recent one: O +=
// P V committed first is complete there and V's stage released, but S = Q
// K^T, committed last, reads K until `wait.group 0`.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @latest_group_pending
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[KEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: %[[VEMPTY:.*]] = asynccopy.barrier.alloc : !asynccopy.barrier<2>
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT: nvvm.wgmma.wait.group
// CHECK:     asynccopy.barrier.arrive %[[VEMPTY]]
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:     asynccopy.barrier.arrive %[[KEMPTY]]
// CHECK:     scf.yield
gpu.module @kernels {
  gpu.func @latest_group_pending(%K: memref<256x16xf16>, %V: memref<256x16xf16>)
      workgroup(%sq : memref<64x16xf16, #wg>, %sk : memref<16x16xf16, #wg>,
                %sv : memref<16x16xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %false = arith.constant false
    %true = arith.constant true
    %a = arith.constant 0 : i32
    %zero = llvm.mlir.zero : !acc
    %kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %kbar, 1 : !asynccopy.barrier<1>
    %vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %vbar, 1 : !asynccopy.barrier<1>
    %r:3 = scf.for %j = %c0 to %c16 step %c1 iter_args(%ph = %false, %s = %zero, %o = %zero)
        -> (i1, !acc, !acc) {
      %n0 = arith.muli %j, %c16 : index
      asynccopy.copy %K to %sk window [%n0, 0] [16, 16] barrier %kbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.copy %V to %sv window [%n0, 0] [16, 16] barrier %vbar[%c0]
          : memref<256x16xf16> to memref<16x16xf16, #wg>
      asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>
      %dv = asynccopy.wgmma_descriptor %sv major mn : memref<16x16xf16, #wg>
      nvvm.wgmma.fence.aligned
      %o1 = asynccopy.wgmma_register_a [%a, %a, %a, %a], %dv, %o, <m = 64, n = 16, k = 16>,
          D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>
      %dq = asynccopy.wgmma_descriptor %sq major k : memref<64x16xf16, #wg>
      %dk = asynccopy.wgmma_descriptor %sk major k : memref<16x16xf16, #wg>
      %s1 = nvvm.wgmma.mma_async %dq, %dk, %s, #nvvm.shape<m = 64, n = 16, k = 16>,
          D [<f32>, <zero>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph, %s1, %o1 : i1, !acc, !acc
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    gpu.return
  }
}

// -----

// A packed batch (varlen): the CTA's sequence bounds are read from
// `cu_seqlens` before the loop, at one address every thread reads, so the
// trip count is the same in every thread and the producer's threads may
// read them too. A load at a per-thread address may not run in the
// producer's threads (their ids are past the consumers').

#wg = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @loaded_bounds
// CHECK: %[[S32:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<9xi32>
// CHECK: scf.if %{{.*}} {
// CHECK:   scf.for
// CHECK:     asynccopy.copy %{{.*}} to %{{.*}} window [%{{.*}}, 0] [64, 64] barrier %{{.*}} predicate
// CHECK: } else {
// CHECK:   scf.for
// CHECK-NOT: asynccopy.copy
// CHECK: } {asynccopy.consumer_threads = 128 : i64}
gpu.module @kernels {
  gpu.func @loaded_bounds(%K: memref<4096x64xf16>, %cu: memref<9xi32>, %out: memref<1024xf32>)
      workgroup(%sk : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %seq = gpu.block_id x
    %next = arith.addi %seq, %c1 : index
    %s32 = memref.load %cu[%seq] : memref<9xi32>
    %e32 = memref.load %cu[%next] : memref<9xi32>
    %start = arith.index_cast %s32 : i32 to index
    %end = arith.index_cast %e32 : i32 to index
    %len = arith.subi %end, %start : index
    %len63 = arith.addi %len, %c63 : index
    %n = arith.divui %len63, %c64 : index
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%ph = %false, %acc = %c0) -> (i1, index) {
      %off = arith.muli %j, %c64 : index
      %row = arith.addi %start, %off : index
      asynccopy.copy %K to %sk window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      %acc1 = arith.addi %acc, %c1 : index
      scf.yield %nph, %acc1 : i1, index
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    %tid = gpu.thread_id x
    %v = arith.index_cast %r#1 : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %out[%tid] : memref<1024xf32>
    gpu.return
  }

  gpu.func @per_thread_load(%K: memref<4096x64xf16>, %cu: memref<128xi32>)
      workgroup(%sk : memref<64x64xf16, #wg>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %true = arith.constant true
    %tid = gpu.thread_id x
    %x = memref.load %cu[%tid] : memref<128xi32>
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
    // expected-remark @below {{not warp-specialised: 'memref.load' before the loop accesses memory, and the producer warpgroup's threads would run it too}}
    %ph = scf.for %j = %c0 to %c8 step %c1 iter_args(%ph = %false) -> (i1) {
      %row = arith.muli %j, %c64 : index
      asynccopy.copy %K to %sk window [%row, 0] [64, 64] barrier %bar[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
      gpu.barrier
      %nph = arith.xori %ph, %true : i1
      scf.yield %nph : i1
    } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
    %xi = arith.index_cast %x : i32 to index
    gpu.return
  }
}
