// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation \
// RUN:   -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors \
// RUN:   -asynccopy-report -o /dev/null 2>&1 | FileCheck %s
// The same lines on a stream, tensor maps in a scratch buffer:
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation \
// RUN:   -asynccopy-partition-collective \
// RUN:   -asynccopy-materialize-tma-descriptors=descriptor-mode=scratch \
// RUN:   -asynccopy-report=output=- -o /dev/null | FileCheck %s --check-prefix=STREAM
// The report changes nothing:
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation \
// RUN:   -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors \
// RUN:   > %t.before
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation \
// RUN:   -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors \
// RUN:   -asynccopy-report=output=%t.report > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=STREAM-PARAM < %t.report
// Each run of the pass rewrites the file: the last split input is left.
// STREAM-PARAM-NOT: copy @
// STREAM-PARAM: prefetch @prefetch#0 impl=tma dir=prefetch bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg3{{$}}
// Before selection a copy has no implementation to report:
// RUN: ac-opt %s -split-input-file -asynccopy-report=output=- -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=UNSELECTED
// UNSELECTED: copy @tma#0 impl=auto dir=load unselected: run asynccopy-select-implementation first{{$}}
// UNSELECTED: prefetch @prefetch#0 impl=auto dir=prefetch unselected: run asynccopy-select-implementation first{{$}}
// The pipelines run the report before the conversion with explain=true:
// RUN: ac-opt %s -split-input-file -asynccopy-to-nvvm="explain=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// and not without it:
// RUN: ac-opt %s -split-input-file -asynccopy-to-nvvm -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark: copy

// TMA: a 64x64 box is one issue; 512 rows exceed the 256-element box limit
// and are issued as two boxes of 256 rows; a 512-element inner dim is split
// into 256-element pieces, and every row of the 4-row window is issued on
// its own so that each piece lands where the dense SMEM layout puts it.
// CHECK: remark: copy @tma#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg1{{$}}
// CHECK: remark: copy @tma#1 impl=tma dir=load bytes=32768 issues=2 bytes_per_issue=16384 desc=param:arg2 split=box_limit:d0:512/256{{$}}
// CHECK: remark: copy @tma#2 impl=tma dir=load bytes=4096 issues=8 bytes_per_issue=512 desc=param:arg3 split=dense_smem:d0:4/1,box_limit:d1:512/256{{$}}
// STREAM: copy @tma#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=8192 desc=scratch:arg1+0{{$}}
// STREAM: copy @tma#1 impl=tma dir=load bytes=32768 issues=2 bytes_per_issue=16384 desc=scratch:arg1+128 split=box_limit:d0:512/256{{$}}
// STREAM: copy @tma#2 impl=tma dir=load bytes=4096 issues=8 bytes_per_issue=512 desc=scratch:arg1+256 split=dense_smem:d0:4/1,box_limit:d1:512/256{{$}}
// PIPE: remark: copy @tma#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg1{{$}}
// PIPE: remark: copy @tma#1 impl=tma
// PIPE: remark: copy @tma#2 impl=tma
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %L : memref<512x32xf16, #gpu.address_space<workgroup>>,
                  %W : memref<4x512xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %L window [0, 0] [512, 32] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<512x32xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %W window [0, 0] [4, 512] barrier %b[%c0]
          : memref<4096x4096xf16> to memref<4x512xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Multicast: in a 2x2 cluster a group of 4 CTAs shares the 64x64 box, each
// loading 16 rows; `replicated` has the group leader load the whole window.
// CHECK: remark: copy @multicast#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=2048 desc=param:arg1 collective=4 multicast=d0:4x16{{$}}
// CHECK: remark: copy @multicast#1 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg2 collective=2 multicast=leader{{$}}
// STREAM: copy @multicast#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=2048 desc=scratch:arg1+0 collective=4 multicast=d0:4x16{{$}}
// PIPE: remark: copy @multicast#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=2048 desc=param:arg1 collective=4 multicast=d0:4x16{{$}}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @multicast(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 2, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>, #gpu<dim y>], swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.replicated}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Bulk: a subview is no kernel argument (TMA declines); its 64 rows of 128 B
// are not contiguous in GMEM, so bulk issues one copy per row. DSMEM: one
// bulk copy of the whole buffer into another CTA. A remote copy of 6 B is
// not a multiple of 16 B: every thread stores its 2-B pieces.
// CHECK: remark: copy @bulk_dsmem#0 impl=bulk dir=load bytes=8192 issues=64 bytes_per_issue=128 split=rows:64 declined: tma: the GMEM operand is not a kernel argument
// CHECK: remark: copy @bulk_dsmem#1 impl=dsmem dir=remote bytes=16384 issues=1 bytes_per_issue=16384 declined: tma: TMA copies between GMEM and SMEM; this is an SMEM -> SMEM copy | bulk: bulk copies move between GMEM and SMEM; an SMEM -> SMEM copy is dsmem{{$}}
// CHECK: remark: copy @bulk_dsmem#2 impl=sync dir=remote bytes=6 issues=3 bytes_per_issue=2 per_thread=1 threads=128 declined: {{.*}} | dsmem: DSMEM bulk copies move a multiple of 16 B; this copy moves 6 B | cp_async: cp.async loads GMEM into SMEM; this is an SMEM -> SMEM copy{{$}}
// PIPE: remark: copy @bulk_dsmem#0 impl=bulk
// PIPE: remark: copy @bulk_dsmem#1 impl=dsmem
// PIPE: remark: copy @bulk_dsmem#2 impl=sync
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @bulk_dsmem(%A: memref<4096x4096xf16>, %rank: i32)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>,
                  %X : memref<128x64xf16, #gpu.address_space<workgroup>>,
                  %Y : memref<128x64xf16, #gpu.address_space<workgroup>>,
                  %s : memref<3xf16, #gpu.address_space<workgroup>>,
                  %d : memref<3xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %V = memref.reinterpret_cast %A to offset: [262144], sizes: [128, 4096], strides: [4096, 1]
          : memref<4096x4096xf16> to memref<128x4096xf16, strided<[4096, 1], offset: 262144>>
      asynccopy.copy %V to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<128x4096xf16, strided<[4096, 1], offset: 262144>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %X to %Y remote %rank barrier %b[%c0]
          : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0]
          : memref<3xf16, #gpu.address_space<workgroup>> to memref<3xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Per-thread copies. cp.async: without a barrier TMA and bulk decline, and
// each of 128 threads issues 4 of the 512 16-B transfers (bounds checked:
// the window may leave the tensor). sync: cp.async cannot fill with NaN; an
// explicit impl = sync that TMA could do says so; a sync reduction is one
// atomic per element.
// CHECK: remark: copy @per_thread#0 impl=cp_async dir=load bytes=8192 issues=512 bytes_per_issue=16 per_thread=4 threads=128 bounds=checked declined: tma: a TMA load completes on an mbarrier and this copy has no `barrier` | bulk: a bulk load completes on an mbarrier and this copy has no `barrier` | dsmem: dsmem copies SMEM to another CTA of the cluster; this copy has a GMEM side{{$}}
// CHECK: remark: copy @per_thread#1 impl=sync dir=load bytes=8192 issues=512 bytes_per_issue=16 per_thread=4 threads=128 bounds=checked declined: {{.*}} | cp_async: cp.async fills out-of-bounds elements with zeros; oob = nan needs TMA or sync{{$}}
// CHECK: remark: copy @per_thread#2 impl=sync dir=load bytes=8192 issues=512 bytes_per_issue=16 per_thread=4 threads=128 declined: tma: accepts (impl fixed in the input, or a multicast given up) | bulk: {{.*}}
// PIPE: remark: copy @per_thread#0 impl=cp_async
// PIPE: remark: copy @per_thread#1 impl=sync
// CHECK: remark: copy @per_thread#3 impl=sync dir=reduce_add bytes=8192 issues=4096 bytes_per_issue=2 per_thread=32 threads=128 bounds=checked vector_limit=reduction declined: tma: accepts (impl fixed in the input, or a multicast given up) | bulk: reductions are done by TMA | {{.*}}
// PIPE: remark: copy @per_thread#2 impl=sync
// PIPE: remark: copy @per_thread#3 impl=sync
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @per_thread(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64]
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %A to %S window [%i, 0] [64, 64] {oob = #asynccopy<oob nan>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl sync>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      %r = asynccopy.copy %S to %A window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.wait %r : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A TMA store whose window may reach the partial 16-B piece at the end of
// the 119-column inner dim: TMA stores the windows that end before it, the
// sync fallback the others. Without a known block size the per-thread
// share is unknown.
// CHECK: remark: copy @store_edge#0 impl=tma dir=store bytes=2048 issues=1 bytes_per_issue=2048 desc=param:arg3 edge_guard=tma{{$}}
// CHECK: remark: copy @store_edge#1 impl=sync dir=store bytes=2048 issues=1024 bytes_per_issue=2 per_thread=? threads=? bounds=checked vector_limit=layout edge_guard=sync declined: tma: TMA stores write whole 16-B pieces of the innermost dim; this branch writes the windows that reach the partial piece at its end | bulk: {{.*}} | cp_async: cp.async only loads (GMEM -> SMEM); this is a store{{$}}
// PIPE: remark: copy @store_edge#0 impl=tma dir=store {{.*}} edge_guard=tma{{$}}
// PIPE: remark: copy @store_edge#1 impl=sync dir=store {{.*}} edge_guard=sync declined:
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @store_edge(%out: memref<64x119xbf16, strided<[128, 1]>>, %i: index, %j: index)
        workgroup(%tile : memref<16x64xbf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %tile to %out window [%i, %j] [16, 64]
          : memref<16x64xbf16, #gpu.address_space<workgroup>> to memref<64x119xbf16, strided<[128, 1]>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A store into one head of one sequence of a packed batch (a rank-reducing
// subview clipped at a run-time length): TMA stores the argument's window
// where it ends inside the sequence, the sync copy the window crossing its
// end, and the report says why that branch exists.
// CHECK: remark: copy @clipped#0 impl=tma dir=store bytes=16384 issues=1 bytes_per_issue=16384 desc=param:arg4 clip_guard=tma{{$}}
// CHECK: remark: copy @clipped#1 impl=sync dir=store {{.*}} clip_guard=sync declined: tma: TMA moves the windows inside the subview; this branch moves a window that crosses its run-time end, which the argument's tensor map does not know | bulk: {{.*}}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @clipped(%Y: memref<?x16x128xf16>, %start: index, %len: index, %h: index)
        workgroup(%out : memref<64x128xf16, #gpu.address_space<workgroup>>) kernel {
      %seq = memref.subview %Y[%start, %h, 0] [%len, 1, 128] [1, 1, 1]
          : memref<?x16x128xf16> to memref<?x128xf16, strided<[2048, 1], offset: ?>>
      %t = asynccopy.copy %out to %seq window [0, 0] [64, 128]
          : memref<64x128xf16, #gpu.address_space<workgroup>> to memref<?x128xf16, strided<[2048, 1], offset: ?>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Prefetches: TMA; one TMA cannot describe is a hint that selection erases
// (with explain=true saying why), so the report has nothing to say about it.
// CHECK: remark: prefetch @prefetch#0 impl=tma dir=prefetch bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg3{{$}}
// CHECK-NOT: remark: prefetch @prefetch#1
// STREAM: prefetch @prefetch#0 impl=tma dir=prefetch bytes=8192 issues=1 bytes_per_issue=8192 desc=scratch:arg3+0{{$}}
// STREAM-NOT: prefetch @prefetch#1
// PIPE-DAG: remark: tma: declined: elements must be integers or floats; the prefetch is dropped
// PIPE: remark: prefetch @prefetch#0 impl=tma
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @prefetch(%A: memref<4096x4096xf16>, %X: memref<64x64xindex>, %i: index) kernel {
      asynccopy.prefetch %A window [%i, 0] [64, 64] {swizzle = 128 : i64} : memref<4096x4096xf16>
      asynccopy.prefetch %X window [0, 0] [64, 64] : memref<64x64xindex>
      gpu.return
    }
  }
}
