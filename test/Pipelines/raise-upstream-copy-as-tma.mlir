// A copy kernel in upstream's nvgpu TMA form: the transform dialect's
// rewrite_copy_as_tma turns a linalg.copy of a 64x64 f32 tensor into
// workgroup memory into a host tensor map, an mbarrier every thread arrives
// on and nvgpu.tma.async.load. The result is
// test/Integration/GPU/raise_nvgpu_tma.mlir (checked here); ac-opt raises it
// into an asynccopy TMA copy, upstream's pipeline compiles it as it is, and
// ptxas assembles both.
// RUN: %upstream_mlir_opt %s --transform-interpreter --test-transform-dialect-erase-schedule --canonicalize --cse > %t.mlir
// RUN: grep -v '^//' %S/../Integration/GPU/raise_nvgpu_tma.mlir > %t.expected
// RUN: diff %t.mlir %t.expected
// RUN: ac-opt %t.mlir -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s
// RUN: %upstream_mlir_opt %t.mlir --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" 2> %t.err | %extract_ptx | FileCheck %s
// RUN: not grep error %t.err

// CHECK: .entry raise_nvgpu_tma_kernel
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes

func.func @raise_nvgpu_tma(%in: memref<64x64xf32>, %out: memref<64x64xf32>)
    attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             workgroup(%smem : memref<64x64xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    linalg.copy ins(%in : memref<64x64xf32>) outs(%smem : memref<64x64xf32, #gpu.address_space<workgroup>>)
    scf.for %r = %tx to %c64 step %c128 {
      scf.for %k = %c0 to %c64 step %c1_0 {
        %v = memref.load %smem[%r, %k] : memref<64x64xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%r, %k] : memref<64x64xf32>
      }
    }
    gpu.terminator
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %copy = transform.structured.match ops{["linalg.copy"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.nvgpu.rewrite_copy_as_tma %copy : (!transform.any_op) -> ()
    transform.yield
  }
}
