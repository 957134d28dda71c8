// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm

// An explicit impl that declines stops the conversion with the reason.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @misaligned(%A: memref<64x100xf16>)
        workgroup(%S : memref<8x96xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: global stride 200 B of dim 0 is not a multiple of 16 B; TMA needs 16-B strides; use impl = sync}}
      asynccopy.copy %A to %S window [0, 0] [8, 96] barrier %b[%c0] {impl = #asynccopy<impl tma>}
          : memref<64x100xf16> to memref<8x96xf16, #gpu.address_space<workgroup>>
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
      // expected-error @+1 {{impl = tma cannot perform this copy: TMA needs sm_90 or newer; this GPU module targets sm_80}}
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
      // expected-error @+1 {{'asynccopy.barrier.arrive_expect_tx' op is not supported on sm_86}}
      asynccopy.barrier.arrive_expect_tx %b[%c0], 16384 : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @fence_sm80() kernel {
      // expected-error @+1 {{'asynccopy.fence_async_shared' op is not supported on sm_80}}
      asynccopy.fence_async_shared
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    gpu.func @wait_group_sm75() kernel {
      // expected-error @+1 {{'asynccopy.wait_group' op uses cp.async groups (cp.async.wait_group), which needs sm_80 or newer; this GPU module targets sm_75}}
      asynccopy.wait_group cp_async 0
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_70">] {
    gpu.func @mbarrier_sm70() kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.barrier.init' op is not supported on sm_70}}
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// A copy to another CTA needs a cluster: no implementation exists before
// sm_90.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @remote_sm80(%rank: i32) workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>, %d : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+6 {{no implementation can perform this copy}}
      // expected-note @+5 {{tma: TMA needs sm_90 or newer; this GPU module targets sm_80}}
      // expected-note @+4 {{bulk: a bulk copy needs sm_90 or newer; this GPU module targets sm_80}}
      // expected-note @+3 {{dsmem: a DSMEM copy needs sm_90 or newer; this GPU module targets sm_80}}
      // expected-note @+2 {{cp_async: cp.async loads GMEM into SMEM; this is an SMEM -> SMEM copy}}
      // expected-note @+1 {{sync: a copy to another CTA of the cluster needs sm_90 or newer; this GPU module targets sm_80}}
      asynccopy.copy %s to %d remote %rank barrier %b[%c0] : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// The chip decides which instructions exist; an unknown one is an error, not
// an LLVM abort. (Not "foo": upstream's NVVM verifier reads an uninitialised
// SM version for chips without digits and fails at random, docs/robustness.md.)
module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op targets chip 'sm_90x', which is not an NVIDIA GPU architecture; expected sm_<N> with an optional a/f suffix (e.g. sm_90a)}}
  gpu.module @kernels [#nvvm.target<chip = "sm_90x">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// The conversion never emits a `peer` TMA copy without the fence that
// acquires its tensor map (PTX ISA 8.3).
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @peer_tma(%A: memref<4096x4096xf16>, %i: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{impl = tma cannot perform this copy: a `peer` TMA copy acquires its PE's tensor map with fence.proxy.tensormap, which needs PTX ISA 8.3 or newer; this GPU module targets PTX 8.1}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] peer %pe {impl = #asynccopy<impl tma>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Before sm_80 there are no mbarriers to wait on.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    gpu.func @wait_sm75(%p: i1) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.barrier.wait' op is not supported on sm_75}}
      asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// On sm_80 barrier.wait is mbarrier.test_wait.parity, PTX ISA 7.1; LLVM
// compiles for sm_80 with PTX 7.0 unless the target asks for more.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @wait_ptx70(%p: i1) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.barrier.wait' op uses mbarrier.test_wait.parity, which needs PTX ISA 7.1 or newer; this GPU module targets PTX 7.0 (add features = "+ptx71" or newer to its #nvvm.target)}}
      asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// A wgmma descriptor whose swizzle differs from the copy that fills its
// buffer: wgmma would read a permuted tile.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma_swizzle_mismatch(%A: memref<64x64xf16>, %D: memref<1xi64>)
        workgroup(%sa : memref<2x64x32xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-note @below {{the copy}}
      // expected-warning @below {{falls back to per-thread sync copies}}
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 32]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<2x64x32xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 0, 0] [1, 64, 16] [1, 1, 1] : memref<2x64x32xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[32, 1]>, #gpu.address_space<workgroup>>
      // expected-error @below {{describes its operand with a 64-B swizzle, but a copy fills its buffer with 128-B swizzle}}
      %d = asynccopy.wgmma_descriptor %v major k swizzle 64 : memref<64x16xf16, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.store %d, %D[%c0] : memref<1xi64>
      gpu.return
    }
  }
}

// -----

// No copy fills the buffer: the swizzle is unknown.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma_no_copy(%D: memref<1xi64>)
        workgroup(%sa : memref<64x16xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @below {{reads a buffer that no copy in this kernel fills, so its swizzle is unknown: give the descriptor `swizzle N`}}
      %d = asynccopy.wgmma_descriptor %sa major k : memref<64x16xf16, #gpu.address_space<workgroup>>
      memref.store %d, %D[%c0] : memref<1xi64>
      gpu.return
    }
  }
}

// -----

// The copy's layout (rows of 128 B, without the tile transform: rows of
// 256 B) is not one the descriptor can describe.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma_layout_of_copy(%A: memref<64x64xf16>, %D: memref<1xi64>)
        workgroup(%sa : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0]
          : memref<64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 0] [64, 16] [1, 1] : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      // expected-error @below {{cannot describe this view as a k-major wgmma operand with the 0-B swizzle of its buffer: a K-major operand without swizzle is a [2, MN, 8] view}}
      %d = asynccopy.wgmma_descriptor %v major k : memref<64x16xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      memref.store %d, %D[%c0] : memref<1xi64>
      gpu.return
    }
  }
}

// -----

// A view that starts 4 rows into a 128-B swizzle atom.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma_inside_atom(%A: memref<64x64xf16>, %D: memref<1xi64>)
        workgroup(%sa : memref<1x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %sa window [0, 0] [64, 64] barrier %bar[%c0]
          {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
          : memref<64x64xf16> to memref<1x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %v = memref.subview %sa[0, 4, 0] [1, 56, 16] [1, 1, 1] : memref<1x64x64xf16, #gpu.address_space<workgroup>> to memref<56x16xf16, strided<[64, 1], offset: 256>, #gpu.address_space<workgroup>>
      // expected-error @below {{views its buffer from byte 512, 512 bytes into a 1024-B swizzle atom: an operand starts at an atom (plus a K offset inside its first row)}}
      %d = asynccopy.wgmma_descriptor %v major k : memref<56x16xf16, strided<[64, 1], offset: 256>, #gpu.address_space<workgroup>>
      memref.store %d, %D[%c0] : memref<1xi64>
      gpu.return
    }
  }
}
