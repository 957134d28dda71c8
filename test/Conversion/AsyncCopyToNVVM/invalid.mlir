// RUN: ac-opt %s -split-input-file -verify-diagnostics -convert-asynccopy-to-nvvm

// Multicast needs collective partitioning, which comes with the cluster work.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @collective(%A: memref<4096x4096xf16>, %i: index)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{collective copies need asynccopy-partition-collective}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// An explicit impl that declines stops the conversion with the reason.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @misaligned(%A: memref<64x100xf16>)
        workgroup(%S : memref<8x96xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: global stride 200 B of dim 0 is not a multiple of 16 B}}
      asynccopy.copy %A to %S window [0, 0] [8, 96] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @wait_sm80(%p: i1) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{waits with mbarrier.try_wait.parity, which needs sm_90 or newer}}
      asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// Hopper-only features on a module that targets sm_80 get one clean error
// instead of the NVPTX back end's "Cannot select" abort (an explicit TMA copy
// is already refused by implementation selection).
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @tma_sm80(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: TMA needs sm_90 or newer; this GPU module targets an older chip}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_86">] {
    gpu.func @expect_tx_sm86() kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{uses mbarrier.arrive.expect_tx, which needs sm_90 or newer}}
      asynccopy.barrier.arrive_expect_tx %b[%c0], 16384 : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @fence_sm80() kernel {
      // expected-error @+1 {{uses fence.proxy.async, which needs sm_90 or newer}}
      asynccopy.fence_async_shared
      gpu.return
    }
  }
}
