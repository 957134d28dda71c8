// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="features=+ptx81 format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// With PTX ISA 8.1 the sync path of a remote copy stores its 4-, 8- and
// 16-B pieces with st.async, which completes their bytes on the destination
// CTA's barrier; thread 0 arrives there once expecting all of them (the one
// arrival a copy makes), without a CTA barrier before it. NVVM has no op for
// st.async: inline PTX.

// CHECK-LABEL: gpu.func @rows
// CHECK-DAG: %[[BYTES:.*]] = llvm.mlir.constant(512 : i32) : i32
// CHECK: %[[RDST:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[RBAR:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: scf.for
// CHECK:   %[[V:.*]] = vector.load {{.*}} vector<4xf32>
// CHECK:   %[[P:.*]] = llvm.getelementptr %[[RDST]]
// CHECK:   %[[A:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<7> to i64
// CHECK:   %[[W:.*]] = llvm.bitcast %[[V]] : vector<4xf32> to vector<4xi32>
// CHECK:   %[[B:.*]] = llvm.ptrtoint %[[RBAR]] : !llvm.ptr<7> to i64
// CHECK:   nvvm.inline_ptx "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [$0], {$1, $2, $3, $4}, [$5];" ro(%[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[B]] : i64, i32, i32, i32, i32, i64)
// CHECK: }
// CHECK: scf.if
// CHECK:   nvvm.mbarrier.arrive.expect_tx %[[RBAR]], %[[BYTES]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
// CHECK: }
// CHECK-NEXT: gpu.barrier
// PTX-LABEL: .entry rows
// PTX: st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32
// PTX: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64
// PTX-NOT: mbarrier.arrive.release
// PTX: bar.sync 0;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @rows(%rank: i32) workgroup(%s : memref<16x64xf32, #gpu.address_space<workgroup>>, %d : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
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

// With a predicate, the arrival expects no bytes when the copy is skipped.
// CHECK-LABEL: gpu.func @predicated
// CHECK: %[[BYTES:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]] {scope = #nvvm.mem_scope<cluster>}
// PTX-LABEL: .entry predicated
// PTX: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @predicated(%rank: i32, %p: i1) workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>, %d : memref<128xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %s[%x] : memref<64xf32, #gpu.address_space<workgroup>>
      %dv = memref.subview %d[1] [64] [2] : memref<128xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[2], offset: 1>, #gpu.address_space<workgroup>>
      asynccopy.copy %s to %dv remote %rank barrier %b[%c0] predicate %p : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[2], offset: 1>, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// 2-B pieces (an odd f16 offset) are below st.async's 4 B: plain stores,
// then a CTA barrier and one release arrival.
// CHECK-LABEL: gpu.func @narrow
// CHECK-NOT: nvvm.inline_ptx
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<7>
// CHECK: gpu.barrier
// CHECK: nvvm.mbarrier.arrive %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// PTX-LABEL: .entry narrow
// PTX-NOT: st.async
// PTX: st.shared::cluster.b16
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @narrow(%rank: i32) workgroup(%s : memref<65xf16, #gpu.address_space<workgroup>>, %d : memref<64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %one = arith.constant 1.0 : f16
      memref.store %one, %s[%x] : memref<65xf16, #gpu.address_space<workgroup>>
      %sv = memref.subview %s[1] [64] [1] : memref<65xf16, #gpu.address_space<workgroup>> to memref<64xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>>
      asynccopy.copy %sv to %d remote %rank barrier %b[%c0] : memref<64xf16, strided<[1], offset: 1>, #gpu.address_space<workgroup>> to memref<64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// fp8 elements are i8 in LLVM: the loaded vector reaches st.async as
// vector<16xi8> (the upstream lowering of the load resolves the cast).
// CHECK-LABEL: gpu.func @fp8
// CHECK: %[[V:.*]] = vector.load {{.*}} vector<16xf8E4M3FN>
// CHECK: %[[I:.*]] = builtin.unrealized_conversion_cast %[[V]] : vector<16xf8E4M3FN> to vector<16xi8>
// CHECK: llvm.bitcast %[[I]] : vector<16xi8> to vector<4xi32>
// PTX-LABEL: .entry fp8
// PTX: st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%{{.*}}], {%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}}, [%{{.*}}];
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @fp8(%rank: i32, %in: memref<48xf8E4M3FN>) workgroup(%s : memref<48xf8E4M3FN, #gpu.address_space<workgroup>>, %d : memref<48xf8E4M3FN, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<48xf8E4M3FN>
      memref.store %v, %s[%x] : memref<48xf8E4M3FN, #gpu.address_space<workgroup>>
      asynccopy.copy %s to %d remote %rank barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<48xf8E4M3FN, #gpu.address_space<workgroup>> to memref<48xf8E4M3FN, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
