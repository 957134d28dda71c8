// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-to-nvvm

// Each `nvvm.wgmma.mma_async` reads its descriptors as its layout flags,
// operand types and shape say: a descriptor that describes the tile another
// way would make the tensor cores read another tile (a wrong C, no fault).
// A row-major A and a column-major B are K-major.

!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @b_mn_major_read_as_k(%A: memref<64x64xf16>, %B: memref<16x64xf16>, %D: memref<128xf32>)
        workgroup(%sa : memref<64x64xf16, #wg>, %sb : memref<16x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x64xf16> to memref<64x64xf16, #wg>
      asynccopy.copy %B to %sb window [0, 0] [16, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<16x64xf16> to memref<16x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %va = memref.subview %sa[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1]>, #wg>
      %da = asynccopy.wgmma_descriptor %va major k : memref<64x16xf16, strided<[64, 1]>, #wg>
      // expected-note @below {{its descriptor}}
      %db = asynccopy.wgmma_descriptor %sb major mn : memref<16x64xf16, #wg>
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand k-major (layout <col>), but its `asynccopy.wgmma_descriptor` describes a mn-major tile: the tensor cores would read it transposed; give the wgmma B <row> or the descriptor `major k`}}
      %r = nvvm.wgmma.mma_async %da, %db, %zero, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// A K-major descriptor read by a wgmma that transposes A (<col>).
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @a_k_major_read_as_mn(%A: memref<64x64xf16>, %D: memref<128xf32>)
        workgroup(%sa : memref<64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : i64
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %va = memref.subview %sa[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1]>, #wg>
      // expected-note @below {{its descriptor}}
      %da = asynccopy.wgmma_descriptor %va major k : memref<64x16xf16, strided<[64, 1]>, #wg>
      // The next K step of the same rows: the descriptor advanced by 32 B.
      %next = arith.addi %da, %c2 : i64
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its A operand mn-major (layout <col>), but its `asynccopy.wgmma_descriptor` describes a k-major tile: the tensor cores would read it transposed; give the wgmma A <row> or the descriptor `major mn`}}
      %r = nvvm.wgmma.mma_async %next, %da, %zero, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <col>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// The operand type of the wgmma is not the view's element type.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @element_type(%A: memref<64x64xf16>, %D: memref<128xf32>)
        workgroup(%sa : memref<64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %va = memref.subview %sa[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1]>, #wg>
      // expected-note @below {{its descriptor}}
      %da = asynccopy.wgmma_descriptor %va major k : memref<64x16xf16, strided<[64, 1]>, #wg>
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its A operand as bf16, but its descriptor's view holds 'f16' elements}}
      %r = nvvm.wgmma.mma_async %da, %da, %zero, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// The wgmma reads 128 N rows of B from a view of 64.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_few_rows(%A: memref<64x64xf16>, %D: memref<128xf32>)
        workgroup(%sa : memref<64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %va = memref.subview %sa[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1]>, #wg>
      // expected-note @below {{its descriptor}}
      %da = asynccopy.wgmma_descriptor %va major k : memref<64x16xf16, strided<[64, 1]>, #wg>
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand with 128 N rows, but its descriptor's view holds only 64: the tensor cores would read past it}}
      %r = nvvm.wgmma.mma_async %da, %da, %zero, #nvvm.shape<m = 64, n = 128, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// A view that starts 3 rows into a 128-B swizzle atom, in a loop written
// with one buffer...
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inside_atom(%A: memref<72x512xf16>, %out: memref<128xf32>)
        workgroup(%sa : memref<72x64xf16, #wg>) kernel {
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
        asynccopy.copy %A to %sa window [0, %col] [72, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<72x512xf16> to memref<72x64xf16, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %v = memref.subview %sa[3, 0] [64, 16] [1, 1] : memref<72x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
        // expected-error @below {{views its buffer from byte 384, 384 bytes into a 1024-B swizzle atom: an operand starts at an atom (plus a K offset inside its first row)}}
        %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
        nvvm.wgmma.fence.aligned
        %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
        nvvm.wgmma.commit.group.sync.aligned
        nvvm.wgmma.wait.group.sync.aligned 0
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %next : i1, !acc
      }
      %x = llvm.extractvalue %r#1[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// ... and the same loop marked for a 3-stage pipeline: the view is then at a
// dynamic stage of a 3-stage buffer, whose stages are whole atoms apart, so
// the verdict is the same.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inside_atom_pipelined(%A: memref<72x512xf16>, %out: memref<128xf32>)
        workgroup(%sa : memref<72x64xf16, #wg>) kernel {
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
        asynccopy.copy %A to %sa window [0, %col] [72, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<72x512xf16> to memref<72x64xf16, #wg>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %v = memref.subview %sa[3, 0] [64, 16] [1, 1] : memref<72x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
        // expected-error @below {{views its buffer from byte 384 plus a multiple of 1024, 384 bytes into a 1024-B swizzle atom: an operand starts at an atom (plus a K offset inside its first row)}}
        %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
        nvvm.wgmma.fence.aligned
        %next = nvvm.wgmma.mma_async %d, %d, %acc, #nvvm.shape<m = 64, n = 64, k = 16>, D [<f32>, <one>], A [<f16>, <one>, <row>], B [<f16>, <one>, <col>] : !acc -> !acc
        nvvm.wgmma.commit.group.sync.aligned
        nvvm.wgmma.wait.group.sync.aligned 0
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %next : i1, !acc
      } {asynccopy.pipeline_stages = 3 : i64}
      %x = llvm.extractvalue %r#1[0] : !acc
      %tid = gpu.thread_id x
      memref.store %x, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// The same checks on B of `asynccopy.wgmma_register_a` (A in registers): V,
// MN-major in SMEM, read K-major (<col>).
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @register_a_b_mn_read_as_k(%B: memref<16x64xf16>, %D: memref<128xf32>)
        workgroup(%sb : memref<16x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [16, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<16x64xf16> to memref<16x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      // expected-note @below {{its descriptor}}
      %db = asynccopy.wgmma_descriptor %sb major mn : memref<16x64xf16, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand k-major (layout <col>), but its `asynccopy.wgmma_descriptor` describes a mn-major tile: the tensor cores would read it transposed; give the wgmma B <row> or the descriptor `major k`}}
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <col>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// A K-major B read MN-major (<row>).
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @register_a_b_k_read_as_mn(%B: memref<64x64xf16>, %D: memref<128xf32>)
        workgroup(%sb : memref<64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [64, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<64x64xf16> to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #wg> to memref<64x16xf16, strided<[64, 1]>, #wg>
      // expected-note @below {{its descriptor}}
      %db = asynccopy.wgmma_descriptor %vb major k : memref<64x16xf16, strided<[64, 1]>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand mn-major (layout <row>), but its `asynccopy.wgmma_descriptor` describes a k-major tile: the tensor cores would read it transposed; give the wgmma B <col> or the descriptor `major mn`}}
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// bf16 operands on an f16 tile.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @register_a_b_element_type(%B: memref<16x64xf16>, %D: memref<128xf32>)
        workgroup(%sb : memref<16x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [16, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<16x64xf16> to memref<16x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      // expected-note @below {{its descriptor}}
      %db = asynccopy.wgmma_descriptor %sb major mn : memref<16x64xf16, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand as bf16, but its descriptor's view holds 'f16' elements}}
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<bf16>, <one>], B[<bf16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// 128 N rows of V read from a view of 64.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @register_a_b_too_few_rows(%B: memref<16x64xf16>, %D: memref<128xf32>)
        workgroup(%sb : memref<16x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [16, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<16x64xf16> to memref<16x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      // expected-note @below {{its descriptor}}
      %db = asynccopy.wgmma_descriptor %sb major mn : memref<16x64xf16, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      // expected-error @below {{reads its B operand with 128 N rows, but its descriptor's view holds only 64: the tensor cores would read past it}}
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 128, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <row>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

// B's view starts 3 rows into a 128-B swizzle atom.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @register_a_b_inside_atom(%B: memref<72x64xf16>, %D: memref<128xf32>)
        workgroup(%sb : memref<72x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %true = arith.constant true
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %B to %sb window [0, 0] [72, 64] barrier %bar[%c0] {swizzle = 128 : i64}
          : memref<72x64xf16> to memref<72x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %vb = memref.subview %sb[3, 0] [64, 16] [1, 1] : memref<72x64xf16, #wg> to memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
      // expected-error @below {{views its buffer from byte 384, 384 bytes into a 1024-B swizzle atom: an operand starts at an atom (plus a K offset inside its first row)}}
      %db = asynccopy.wgmma_descriptor %vb major k : memref<64x16xf16, strided<[64, 1], offset: 192>, #wg>
      %tid = gpu.thread_id x
      %a = arith.index_cast %tid : index to i32
      %zero = llvm.mlir.zero : !acc
      nvvm.wgmma.fence.aligned
      %r = asynccopy.wgmma_register_a [%a, %a, %a, %a], %db, %zero, <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>], B[<f16>, <one>, <col>] : !acc
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %x = llvm.extractvalue %r[0] : !acc
      memref.store %x, %D[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
