// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// Per-thread copies write SMEM in the generic proxy; TMA and bulk stores
// read it in the async proxy. Where the lowering owns the sequence it makes
// the writes visible to the async proxy: every writing thread executes
// fence.proxy.async.shared::cta before the CTA barrier after which one
// thread issues the store (CUTLASS's tma_store_fence), on sm_90+.

// A sync load, then a TMA store of the same tile.
// CHECK-LABEL: gpu.func @sync_load_tma_store
// CHECK: scf.for
// CHECK:   vector.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// PTX-LABEL: .entry sync_load_tma_store
// PTX: st.shared.v4.b32
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @sync_load_tma_store(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// cp.async loads completed by their group wait: each thread fences after
// cp.async.wait_group, before the CTA barrier.
// CHECK-LABEL: gpu.func @cp_async_wait_bulk_store
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.cp.async.bulk.global.shared.cta
// PTX-LABEL: .entry cp_async_wait_bulk_store
// PTX: cp.async.cg.shared.global
// PTX: cp.async.wait_group 0;
// PTX-NEXT: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX: cp.async.bulk.global.shared::cta.bulk_group
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @cp_async_wait_bulk_store(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] {impl = #asynccopy<impl bulk>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// The same with an explicit wait_group.
// CHECK-LABEL: gpu.func @cp_async_wait_group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// PTX-LABEL: .entry cp_async_wait_group
// PTX: cp.async.wait_group 1;
// PTX-NEXT: fence.proxy.async.shared::cta;
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @cp_async_wait_group(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait_group cp_async 1
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// cp.async loads completed by their barrier: the arrival fires when they
// land, no thread can fence them before it, so the waiting threads fence
// after the wait.
// CHECK-LABEL: gpu.func @cp_async_barrier_tma_store
// CHECK: nvvm.cp.async.mbarrier.arrive
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// PTX-LABEL: .entry cp_async_barrier_tma_store
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: fence.proxy.async.shared::cta;
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @cp_async_barrier_tma_store(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 128 : !asynccopy.barrier<1>
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %u = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Before Hopper no async proxy reads SMEM: no fence.
// CHECK-LABEL: gpu.func @ampere
// CHECK-NOT: nvvm.fence.proxy
// CHECK: gpu.return
// PTX-LABEL: .entry ampere
// PTX-NOT: fence.proxy
// PTX: ret;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @ampere(%A: memref<128x64xf32>, %B: memref<128x64xf32>) workgroup(%s : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %s window [0, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %u = asynccopy.copy %A to %s window [64, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %u : !asynccopy.token
      %v = asynccopy.copy %s to %B window [0, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %v : !asynccopy.token
      gpu.return
    }
  }
}
