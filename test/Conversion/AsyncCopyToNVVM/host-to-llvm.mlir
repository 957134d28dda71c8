// RUN: ac-opt %s -convert-asynccopy-host-to-llvm | FileCheck %s

// The runtime functions are declared once, whatever the number of calls.
// CHECK-DAG: llvm.func @acTensorMapEncodeTiledOrExit(!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32)
// CHECK-DAG: llvm.func @acSymmPeerTensorMapsOrExit(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32) -> !llvm.ptr
// CHECK-NOT: llvm.func @ac

// The encoder's arrays (dims, byte strides, box; innermost first) are
// allocas at the function's entry; the address is the memref's aligned
// pointer plus its offset in bytes; a dynamic extent and stride come from
// the memref's metadata, the static ones are constants; strides are scaled
// to bytes and the encoder takes those of dims 1..rank-1.
// CHECK-LABEL: func.func @encode
// CHECK-SAME: (%[[A:.*]]: memref<?x4096xf16, strided<[?, 1], offset: ?>>, %[[B:.*]]: memref<4096x4096xf32>, %[[SLOT:.*]]: !llvm.ptr)
// The peer op's arrays come first (each op puts its own at the entry).
// CHECK-COUNT-2: llvm.alloca %{{.*}} x i64 {alignment = 8 : i64}
// CHECK: llvm.alloca %{{.*}} x i32 {alignment = 4 : i64}
// CHECK: %[[DIMS:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64}
// CHECK: %[[STRIDES:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64}
// CHECK: %[[BOX:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 4 : i64}
// CHECK: scf.for
// CHECK: %{{.*}}, %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STR:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[ALIGNED:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[OFFSETB:.*]] = arith.muli %[[OFFSET]], %[[C2]]
// CHECK: %[[ADDR:.*]] = arith.addi %[[ALIGNED]], %[[OFFSETB]]
// CHECK: %[[ADDR64:.*]] = arith.index_castui %[[ADDR]] : index to i64
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// Dim 0 of the encoder is the innermost: 4096 elements, stride 1.
// CHECK: %[[E0:.*]] = llvm.mlir.constant(4096 : i64) : i64
// CHECK: llvm.store %[[E0]], %[[DIMS]]
// CHECK: llvm.store %{{.*}}, %[[STRIDES]]
// CHECK: llvm.store %{{.*}}, %[[BOX]]
// Dim 1: the dynamic extent and stride of memref dim 0.
// CHECK: %[[E1:.*]] = arith.index_cast %[[SIZES]]#0 : index to i64
// CHECK: %[[S1:.*]] = arith.index_cast %[[STR]]#0 : index to i64
// CHECK: %[[S1B:.*]] = llvm.mul %[[S1]], %{{.*}} : i64
// CHECK: %[[DIMS1:.*]] = llvm.getelementptr %[[DIMS]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.store %[[E1]], %[[DIMS1]]
// CHECK: %[[STRIDES1:.*]] = llvm.getelementptr %[[STRIDES]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.store %[[S1B]], %[[STRIDES1]]
// CHECK: %[[OUTER:.*]] = llvm.getelementptr %[[STRIDES]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// map_type 6 (f16), rank 2, swizzle 128, zero fill, 256-B L2 promotion.
// CHECK-DAG: %[[TYPE:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-DAG: %[[RANK:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[SWIZZLE:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-DAG: %[[FILL:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[L2:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit(%[[SLOT]], %[[TYPE]], %[[RANK]], %[[PTR]], %[[DIMS]], %[[OUTER]], %[[BOX]], %[[SWIZZLE]], %[[FILL]], %[[L2]]) : (!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32) -> ()
// A peer map: the same arguments without the output; NaN fill, 128-B L2
// promotion.
// CHECK: %[[NAN:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[L2P:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[MAPS:.*]] = llvm.call @acSymmPeerTensorMapsOrExit(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NAN]], %[[L2P]]) : (i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32) -> !llvm.ptr
// CHECK: call @use(%[[MAPS]])
// CHECK-NOT: asynccopy.encode
func.func private @use(!llvm.ptr)
func.func @encode(%A: memref<?x4096xf16, strided<[?, 1], offset: ?>>, %B: memref<4096x4096xf32>, %slot: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    asynccopy.encode_tensor_map %A into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [?, 4096], strides = [?, 1], box = [64, 64], swizzle = 128, oob = zeros, cache = evict_last, identity_view>} : memref<?x4096xf16, strided<[?, 1], offset: ?>>
    %maps = asynccopy.encode_peer_tensor_maps %B {map = #asynccopy.tensor_map<arg = 1, element_type = f32, map_type = 7, dims = [4096, 4096], strides = [4096, 1], box = [32, 32], swizzle = 128, oob = nan, cache = normal, identity_view, peer>} : memref<4096x4096xf32> -> !llvm.ptr
    func.call @use(%maps) : (!llvm.ptr) -> ()
  }
  return
}

// A transformed view (a packed batch's tokens x heads x head dim, tiled)
// reads the dynamic extent of descriptor dim 2 (the encoder's dim 1) from
// the memref dim `extent_dims` names: the token count, memref dim 0.
// CHECK-LABEL: func.func @encode_extent_dims
// CHECK-SAME: (%[[P:.*]]: memref<?x16x128xf16>
// CHECK: %{{.*}}, %{{.*}}, %[[PSIZES:.*]]:3, %{{.*}}:3 = memref.extract_strided_metadata %[[P]]
// CHECK: %[[TOKENS:.*]] = arith.index_cast %[[PSIZES]]#0 : index to i64
// CHECK: %[[PDIMS1:.*]] = llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.store %[[TOKENS]], %[[PDIMS1]]
// CHECK-NOT: %[[PSIZES]]#1
// CHECK: llvm.call @acTensorMapEncodeTiledOrExit
func.func @encode_extent_dims(%P: memref<?x16x128xf16>, %slot: !llvm.ptr) {
  asynccopy.encode_tensor_map %P into %slot {map = #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6, dims = [16, 2, ?, 64], strides = [128, 64, 2048, 1], box = [1, 2, 128, 64], swizzle = 128, oob = zeros, cache = normal, extent_dims = [-1, -1, 0, -1]>} : memref<?x16x128xf16>
  return
}
