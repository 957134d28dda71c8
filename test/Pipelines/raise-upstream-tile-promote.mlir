// A matmul kernel written only with upstream ops: the transform dialect
// tiles a linalg.matmul in a gpu.launch along K, promotes its A and B tiles
// to workgroup memory (memref.copy between CTA barriers, workgroup
// allocations in host code), distributes the tile over the threads and
// turns it into loops. The result is test/Integration/GPU/raise_tiled_matmul.mlir
// (checked here to be what this file makes); ac-opt raises its copies into
// TMA loads, which ptxas assembles. Upstream's pipeline cannot compile it
// (`memrefCopy` is not defined in the GPU module); the asynccopy pipeline
// with raise-upstream=false says that the workgroup allocations promotion
// put in host code need raising.
// RUN: %upstream_mlir_opt %s --transform-interpreter --test-transform-dialect-erase-schedule --canonicalize --cse > %t.mlir
// RUN: grep -v '^//' %S/../Integration/GPU/raise_tiled_matmul.mlir > %t.expected
// RUN: diff %t.mlir %t.expected
// RUN: ac-opt %t.mlir -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s
// RUN: not ac-opt %t.mlir -asynccopy-to-llvm="format=isa raise-upstream=false" 2>&1 | FileCheck %s --check-prefix=NORAISE
// RUN: not %upstream_mlir_opt %t.mlir --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-format=isa" 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK: .entry raise_tiled_matmul_kernel
// CHECK: fence.proxy.async.global
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// OFF: 'memrefCopy' does not reference a symbol in the current scope
// NORAISE: error: 'memref.alloc' op allocates workgroup memory in host code, which no kernel can address

func.func @raise_tiled_matmul(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c32, %ny = %c8, %nz = %c1) {
    %i = arith.muli %by, %c32 : index
    %j = arith.muli %bx, %c32 : index
    %a = memref.subview %A[%i, 0] [32, 128] [1, 1] : memref<128x128xf32> to memref<32x128xf32, strided<[128, 1], offset: ?>>
    %b = memref.subview %B[0, %j] [128, 32] [1, 1] : memref<128x128xf32> to memref<128x32xf32, strided<[128, 1], offset: ?>>
    %c = memref.subview %C[%i, %j] [32, 32] [1, 1] : memref<128x128xf32> to memref<32x32xf32, strided<[128, 1], offset: ?>>
    linalg.matmul ins(%a, %b : memref<32x128xf32, strided<[128, 1], offset: ?>>, memref<128x32xf32, strided<[128, 1], offset: ?>>)
                  outs(%c : memref<32x32xf32, strided<[128, 1], offset: ?>>)
    gpu.terminator
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %mm tile_sizes [0, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %promoted = transform.structured.promote %tiled { operands_to_promote = [0, 1], mapping = [#gpu.memory_space<workgroup>] } : (!transform.any_op) -> !transform.any_op
    %per_thread, %forall = transform.structured.tile_using_forall %promoted num_threads [8, 32] (mapping = [#gpu.thread<y>, #gpu.thread<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %launch = transform.structured.match ops{["gpu.launch"]} in %root : (!transform.any_op) -> !transform.any_op
    %mapped = transform.gpu.map_nested_forall_to_threads %launch block_dims = [32, 8, 1] : (!transform.any_op) -> !transform.any_op
    %mm2 = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.convert_to_loops %mm2 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
