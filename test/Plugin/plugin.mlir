// The distribution's mlir-opt with AsyncCopyPlugin.so: the dialect plugin
// parses asynccopy, the pass plugin runs its pipelines (named in
// --pass-pipeline: mlir-opt parses its pass flags before it loads plugins).
// REQUIRES: asynccopy-plugin
// RUN: %mlir_opt %s --load-dialect-plugin=%asynccopy_plugin --load-pass-plugin=%asynccopy_plugin \
// RUN:   --pass-pipeline="builtin.module(asynccopy-to-nvvm)" -o %t.plugin.mlir
// RUN: FileCheck %s < %t.plugin.mlir
// The plugin lowers exactly as ac-opt does (its passes see the same MLIR).
// RUN: ac-opt %s --asynccopy-to-nvvm -o %t.ac-opt.mlir
// RUN: diff %t.plugin.mlir %t.ac-opt.mlir
// RUN: %mlir_opt %s --load-dialect-plugin=%asynccopy_plugin --load-pass-plugin=%asynccopy_plugin \
// RUN:   --pass-pipeline="builtin.module(asynccopy-to-llvm{format=isa descriptor-mode=scratch})" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.module @kernels
// CHECK:       llvm.func @load_store(
// CHECK:         nvvm.mbarrier.init
// CHECK:         nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK:         mbarrier.try_wait.parity.shared.b64
// CHECK:         nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK:         nvvm.cp.async.bulk.commit.group
// CHECK:         nvvm.cp.async.bulk.wait_group 0
// CHECK-NOT:   asynccopy.

// PTX-LABEL: .entry load_store(
// PTX-NOT:   prefetch.tensormap
// PTX:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX:       cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX:       cp.async.bulk.wait_group{{[[:space:]]+}}0

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load_store(%in: memref<256x256xf32>, %out: memref<256x256xf32>)
        workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %phase = arith.constant false
      %bx = gpu.block_id x
      %c32 = arith.constant 32 : index
      %row = arith.muli %bx, %c32 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %c0] [32, 32] barrier %bar[%c0]
          : memref<256x256xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %c0] [32, 32]
          : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<256x256xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
