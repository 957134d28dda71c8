// RUN: ac-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-asynccopy-to-nvvm))'

// TMA plans written by hand that the op verifier cannot check against the
// window's tensor view (it needs the contiguity analysis) or the cluster:
// the lowering names what does not fit instead of indexing past it.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @box_rank(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op has a TMA plan that does not fit its window: a rank-3 box and no `dims` for a rank-2 tensor view}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [1, 64, 64], issues = 1, bytes = 8192, descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dims_view(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op has a TMA plan that does not fit its window: a tensor-map dim reads view dim 5 of a rank-2 tensor view}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, dims = [<extent = 4096, stride = 4096, view = [5], scale = [1]>, <extent = 4096, stride = 1, view = [1], scale = [1]>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @offset_rank(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op has a TMA plan that does not fit its window: an issue offset of rank 3 for a rank-2 tensor view}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0, 0], smem = 0>, <view = [0, 32, 0], smem = 4096>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_cluster_shape(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op is collective but has no cluster shape; run asynccopy-partition-collective first (the asynccopy-to-nvvm pipeline does)}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @group_size(%A: memref<4096x4096xf16>, %i: index, %map: !llvm.ptr)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-error @+1 {{'asynccopy.tma.load' op splits its box into 2 pieces for a group of 4 CTAs}}
      asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], asynccopy.cluster_shape = array<i64: 4, 1, 1>, plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 2>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
