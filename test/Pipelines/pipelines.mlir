// asynccopy-to-nvvm: selection, tensor maps, conversion and the upstream
// GPU -> NVVM lowering; the kernel ends as an llvm.func whose tensor maps are
// 128-B __grid_constant__ parameters.
// RUN: ac-opt %s -asynccopy-to-nvvm | FileCheck %s
// asynccopy-to-llvm with format=isa: PTX for the chosen chip, through ptxas.
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa opt-level=3" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX
// format=bin: a cubin object embedded in the host module (needs ptxas).
// RUN: %if ptxas %{ ac-opt %s -asynccopy-to-llvm="format=bin" | FileCheck %s --check-prefix=BIN %}
// Descriptor mode and chip reach the passes; an unknown mode is an error.
// RUN: not ac-opt %s -asynccopy-to-nvvm="descriptor-mode=bogus" 2>&1 | FileCheck %s --check-prefix=MODE

// CHECK: gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx81">]
// CHECK-LABEL: llvm.func @tiled_copy
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>, nvvm.grid_constant})
// CHECK-SAME: asynccopy.tma_descriptors = [#asynccopy.tensor_map<arg = 0, {{.*}}, box = [1, 2, 64, 64]
// CHECK-NOT: asynccopy.grid_constants
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta

// PTX: .target sm_90a
// PTX-LABEL: .entry tiled_copy(
// PTX: .param .align 64 .b8 tiled_copy_param_{{[0-9]+}}[128]
// PTX: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group

// BIN: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90a", features = "+ptx81">, properties = {{.*}}bin = "

// MODE: for the --descriptor-mode option: Cannot find option named 'bogus'!

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_copy(%in: memref<16384x16384xf16>, %out: memref<16384x16384xf16>)
        workgroup(%tile : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %phase = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 128] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<16384x16384xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 128]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<16384x16384xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
