// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// Remote (DSMEM) copies between strided SMEM views take the sync path (one
// bulk copy would move a contiguous run, not the view): every thread
// addresses both sides through their strides, so only the viewed elements of
// the peer's buffer are written. PTX ISA 8.0 here: plain stores and one
// release arrival (remote-st-async.mlir has the st.async form of 8.1).

// Rows of 32 elements, 64 apart in the source and 128 apart, every other
// element, in the destination: one element per store.
// CHECK-LABEL: gpu.func @element_strides
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[SRC:.*]] = memref.reinterpret_cast %{{.*}} to offset: [136], sizes: [480], strides: [1]
// CHECK: %[[DST:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[COL:.*]] = arith.remui %[[E]], %[[C32]] : index
// CHECK:   %[[DCOL:.*]] = arith.muli %[[COL]], %[[C2]] : index
// CHECK:   %[[ROW:.*]] = arith.divui %[[E]], %[[C32]] : index
// CHECK:   %[[SROW:.*]] = arith.muli %[[ROW]], %[[C64]] : index
// CHECK:   %[[S:.*]] = arith.addi %[[COL]], %[[SROW]] : index
// CHECK:   %[[DROW:.*]] = arith.muli %[[ROW]], %[[C128]] : index
// CHECK:   %[[D:.*]] = arith.addi %[[DCOL]], %[[DROW]] : index
// CHECK:   %[[V:.*]] = memref.load %[[SRC]][%[[S]]]
// CHECK:   %[[DI:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK:   %[[P:.*]] = llvm.getelementptr %[[DST]][%[[DI]]] : (!llvm.ptr<7>, i64) -> !llvm.ptr<7>, f32
// CHECK:   llvm.store %[[V]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<7>
// CHECK: }
// CHECK: gpu.barrier
// CHECK: nvvm.mbarrier.arrive %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// PTX-LABEL: .entry element_strides
// PTX: st.shared::cluster.b32
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @element_strides(%rank: i32) workgroup(%s : memref<16x64xf32, #gpu.address_space<workgroup>>, %d : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %s[%c0, %x] : memref<16x64xf32, #gpu.address_space<workgroup>>
      %sv = memref.subview %s[2, 8] [8, 32] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>>
      %dv = memref.subview %d[1, 0] [8, 32] [2, 2] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[128, 2], offset: 64>, #gpu.address_space<workgroup>>
      asynccopy.copy %sv to %dv remote %rank barrier %b[%c0] : memref<8x32xf32, strided<[64, 1], offset: 136>, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[128, 2], offset: 64>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Rows contiguous on both sides, at different pitches and 16-B aligned
// starts: 16-B vectors along each row.
// CHECK-LABEL: gpu.func @row_vectors
// CHECK: scf.for
// CHECK:   %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<{{.*}}xf32, strided<[1], offset: 8>, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:   llvm.store %[[V]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<7>
// PTX-LABEL: .entry row_vectors
// PTX: ld.shared.v4.b32
// PTX: st.shared::cluster.v4.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @row_vectors(%rank: i32) workgroup(%s : memref<16x64xf32, #gpu.address_space<workgroup>>, %d : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %s[%c0, %x] : memref<16x64xf32, #gpu.address_space<workgroup>>
      %sv = memref.subview %s[0, 8] [8, 16] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      %dv = memref.subview %d[4, 4] [8, 16] [1, 1] : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[32, 1], offset: 132>, #gpu.address_space<workgroup>>
      asynccopy.copy %sv to %dv remote %rank barrier %b[%c0] : memref<8x16xf32, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[32, 1], offset: 132>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Whole buffers through the sync path: one dense run, 16-B vectors, no
// per-dim arithmetic.
// CHECK-LABEL: gpu.func @dense
// CHECK: scf.for %[[V:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:   %[[E:.*]] = arith.muli %[[V]], %{{.*}} : index
// CHECK-NEXT:   vector.load %{{.*}}[%[[E]]] {alignment = 16 : i64}
// CHECK-NOT: arith.divui
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<7>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @dense(%rank: i32) workgroup(%s : memref<16x64xf32, #gpu.address_space<workgroup>>, %d : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %s[%c0, %x] : memref<16x64xf32, #gpu.address_space<workgroup>>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<16x64xf32, #gpu.address_space<workgroup>> to memref<16x64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A view at a run-time row (a dynamic offset) of the destination, through
// the sync path: its pointer carries the offset; rows are 128 B apart, so
// 16-B vectors.
// CHECK-LABEL: gpu.func @dynamic_offset
// CHECK: llvm.extractvalue %{{.*}}[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: nvvm.mapa
// CHECK: scf.for
// CHECK:   llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<7>
// PTX-LABEL: .entry dynamic_offset
// PTX: st.shared::cluster.v4.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @dynamic_offset(%rank: i32, %row: index) workgroup(%s : memref<8x32xf32, #gpu.address_space<workgroup>>, %d : memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %s[%c0, %x] : memref<8x32xf32, #gpu.address_space<workgroup>>
      %dv = memref.subview %d[%row, 0] [8, 32] [1, 1] : memref<16x32xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      asynccopy.copy %s to %dv remote %rank barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// fp8 elements one by one between odd-strided views: i8 stores.
// CHECK-LABEL: gpu.func @fp8_elements
// CHECK: %[[V:.*]] = memref.load {{.*}} : memref<{{.*}}xf8E5M2, strided<[1], offset: 3>, #gpu.address_space<workgroup>>
// CHECK: %[[I:.*]] = builtin.unrealized_conversion_cast %[[V]] : f8E5M2 to i8
// CHECK: llvm.store %[[I]], %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<7>
// PTX-LABEL: .entry fp8_elements
// PTX: st.shared::cluster.b8
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @fp8_elements(%rank: i32, %in: memref<64xf8E5M2>) workgroup(%s : memref<64xf8E5M2, #gpu.address_space<workgroup>>, %d : memref<64xf8E5M2, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<64xf8E5M2>
      memref.store %v, %s[%x] : memref<64xf8E5M2, #gpu.address_space<workgroup>>
      %sv = memref.subview %s[3] [9] [5] : memref<64xf8E5M2, #gpu.address_space<workgroup>> to memref<9xf8E5M2, strided<[5], offset: 3>, #gpu.address_space<workgroup>>
      %dv = memref.subview %d[7] [9] [3] : memref<64xf8E5M2, #gpu.address_space<workgroup>> to memref<9xf8E5M2, strided<[3], offset: 7>, #gpu.address_space<workgroup>>
      asynccopy.copy %sv to %dv remote %rank barrier %b[%c0] : memref<9xf8E5M2, strided<[5], offset: 3>, #gpu.address_space<workgroup>> to memref<9xf8E5M2, strided<[3], offset: 7>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
