// RUN: ac-opt %s -split-input-file -verify-diagnostics -convert-asynccopy-to-nvvm

// IR selected elsewhere (not by asynccopy-select-implementation, which
// declines these) is still refused where the chip cannot run it: mechanism
// ops name their oldest chip (NVVMRequiresSM, which the gpu.module's NVVM
// target verifies), and the conversion checks what depends on operands.

// Before sm_80 there is no cp.async (selection falls back to the sync copy,
// select-implementation-sm80.mlir): an explicit one and its groups are errors.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    gpu.func @cp_async_sm75(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      // expected-error @+1 {{'asynccopy.cp_async.copy' op is not supported on sm_75}}
      %t = asynccopy.cp_async.copy %A to %S window [%i, 0] [64, 64] {plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128, vector_bytes = 16>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A peer TMA copy selected and materialised elsewhere: the conversion still
// refuses it instead of emitting a fence the back end cannot select.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @peer_tma_selected(%A: memref<4096x4096xf16>, %i: index, %pe: i32, %maps: !llvm.ptr) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op is a `peer` TMA copy, whose tensor-map fence (fence.proxy.tensormap) needs PTX ISA 8.3 or newer; this GPU module targets PTX 8.1 (add features = "+ptx83" to its #nvvm.target, or use impl = bulk or sync)}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] peer %pe {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 3>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
