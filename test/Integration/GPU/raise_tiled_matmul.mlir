// Generated from test/Pipelines/raise-upstream-tile-promote.mlir (which checks
// it) by /usr/lib/llvm-22/bin/mlir-opt --transform-interpreter
// --test-transform-dialect-erase-schedule --canonicalize --cse: a tiled
// matmul C += A B (128x128 f32) in upstream ops only, its A and B tiles
// promoted to workgroup memory with memref.copy. asynccopy-raise-upstream
// makes the copies TMA loads; the harness checks C against a host matmul.
// RUN: %gpu_tests raise_tiled_matmul | FileCheck %s
// CHECK: raise_tiled_matmul: PASS
#map = affine_map<()[s0] -> (s0 * 4)>
module {
  func.func @raise_tiled_matmul(%arg0: memref<128x128xf32>, %arg1: memref<128x128xf32>, %arg2: memref<128x128xf32>) attributes {llvm.emit_c_interface} {
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<16x32xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<32x16xf32, #gpu.address_space<workgroup>>
    gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %c4, %arg10 = %c4, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c32, %arg13 = %c8, %arg14 = %c1) {
      %0 = arith.muli %arg4, %c32 : index
      %1 = arith.muli %arg3, %c32 : index
      %subview = memref.subview %arg0[%0, 0] [32, 128] [1, 1] : memref<128x128xf32> to memref<32x128xf32, strided<[128, 1], offset: ?>>
      %subview_1 = memref.subview %arg1[0, %1] [128, 32] [1, 1] : memref<128x128xf32> to memref<128x32xf32, strided<[128, 1], offset: ?>>
      %subview_2 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<128x128xf32> to memref<32x32xf32, strided<[128, 1], offset: ?>>
      scf.for %arg15 = %c0 to %c128 step %c16 {
        %subview_3 = memref.subview %subview[0, %arg15] [32, 16] [1, 1] : memref<32x128xf32, strided<[128, 1], offset: ?>> to memref<32x16xf32, strided<[128, 1], offset: ?>>
        %subview_4 = memref.subview %subview_1[%arg15, 0] [16, 32] [1, 1] : memref<128x32xf32, strided<[128, 1], offset: ?>> to memref<16x32xf32, strided<[128, 1], offset: ?>>
        gpu.barrier
        memref.copy %subview_3, %alloc_0 : memref<32x16xf32, strided<[128, 1], offset: ?>> to memref<32x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        memref.copy %subview_4, %alloc : memref<16x32xf32, strided<[128, 1], offset: ?>> to memref<16x32xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %thread_id_x = gpu.thread_id  x
        %thread_id_y = gpu.thread_id  y
        %2 = affine.apply #map()[%thread_id_y]
        %subview_5 = memref.subview %alloc_0[%2, 0] [4, 16] [1, 1] : memref<32x16xf32, #gpu.address_space<workgroup>> to memref<4x16xf32, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
        %subview_6 = memref.subview %alloc[0, %thread_id_x] [16, 1] [1, 1] : memref<16x32xf32, #gpu.address_space<workgroup>> to memref<16x1xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
        %subview_7 = memref.subview %subview_2[%2, %thread_id_x] [4, 1] [1, 1] : memref<32x32xf32, strided<[128, 1], offset: ?>> to memref<4x1xf32, strided<[128, 1], offset: ?>>
        scf.for %arg16 = %c0 to %c4 step %c1 {
          scf.for %arg17 = %c0 to %c16 step %c1 {
            %3 = memref.load %subview_5[%arg16, %arg17] : memref<4x16xf32, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>
            %4 = memref.load %subview_6[%arg17, %c0] : memref<16x1xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
            %5 = memref.load %subview_7[%arg16, %c0] : memref<4x1xf32, strided<[128, 1], offset: ?>>
            %6 = arith.mulf %3, %4 : f32
            %7 = arith.addf %5, %6 : f32
            memref.store %7, %subview_7[%arg16, %c0] : memref<4x1xf32, strided<[128, 1], offset: ?>>
          }
        }
        gpu.barrier
      }
      gpu.terminator
    }
    return
  }
  module attributes {transform.with_named_sequence} {
  }
}

