// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation=explain=true -verify-diagnostics | FileCheck %s
// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-select-implementation=explain=true -asynccopy-materialize-tma-descriptors \
// RUN:   -asynccopy-report=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT

// `peer` copies are selected like local ones: TMA (PTX ISA 8.3 for the
// tensor-map fence), bulk, cp.async (a peer address is a global address) and
// sync all take them; TMA declines multicasting one and an older PTX.
// CHECK-LABEL: gpu.func @peer_ptx83
// CHECK: asynccopy.tma.load {{.*}} peer %{{.*}} {
// CHECK: asynccopy.bulk.load {{.*}} peer %{{.*}} {
// CHECK: asynccopy.tma.store {{.*}} peer %{{.*}} {
// CHECK: asynccopy.tma.reduce {{.*}} peer %{{.*}} {
// REPORT: copy @peer_ptx83#0 impl=tma dir=load {{.*}} desc=peer:arg3 peer=tensor_maps
// REPORT: copy @peer_ptx83#1 impl=bulk dir=load {{.*}} peer=address declined: tma: accepts (impl fixed in the input, or a multicast given up)
// REPORT: copy @peer_ptx83#2 impl=tma dir=store {{.*}} desc=peer:arg3 peer=tensor_maps
// REPORT: copy @peer_ptx83#3 impl=tma dir=reduce_add {{.*}} desc=peer:arg3 peer=tensor_maps
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
    gpu.func @peer_ptx83(%A: memref<1024x1024xf16>, %i: index, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+1 {{tma: accepted (1 issue, 8192 B)}}
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] peer %pe
          : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-remark @+2 {{tma: declined: a collective copy multicasts one tensor map's boxes over the cluster, and a `peer` copy's per-PE tensor maps are not multicast; each CTA loads the whole window instead}}
      // expected-remark @+1 {{bulk: accepted (64 chunks of 128 B)}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] peer %pe {collective = [#gpu<dim x>]}
          : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-remark @+1 {{tma: accepted (1 issue, 8192 B)}}
      %t = asynccopy.copy %S to %A window [%i, 0] [64, 64] peer %pe
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      // expected-remark @+1 {{tma: accepted (1 issue, 8192 B)}}
      %r = asynccopy.copy %S to %A window [%i, 0] [64, 64] peer %pe {reduction = #asynccopy<reduction add>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// At PTX 8.1 (the default) TMA declines; bulk, cp.async and sync take the
// copies as they would local ones.
// CHECK-LABEL: gpu.func @peer_ptx81
// CHECK: asynccopy.bulk.load {{.*}} peer %{{.*}} {
// CHECK: asynccopy.cp_async.copy {{.*}} peer %{{.*}} {
// CHECK: asynccopy.sync.copy {{.*}} peer %{{.*}} {
// REPORT: copy @peer_ptx81#0 impl=bulk dir=load {{.*}} peer=address declined: tma: a `peer` TMA copy acquires its PE's tensor map with fence.proxy.tensormap
// REPORT: copy @peer_ptx81#1 impl=cp_async dir=load {{.*}} peer=address
// REPORT: copy @peer_ptx81#2 impl=sync dir=reduce_add {{.*}} peer=address
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_90a", features = "+ptx81">] {
    gpu.func @peer_ptx81(%A: memref<1024x1024xf16>, %pe: i32) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+2 {{tma: declined: a `peer` TMA copy acquires its PE's tensor map with fence.proxy.tensormap, which needs PTX ISA 8.3 or newer; this GPU module targets PTX 8.1 (add features = "+ptx83" to its #nvvm.target, or features=+ptx83 to the pipeline)}}
      // expected-remark @+1 {{bulk: accepted (64 chunks of 128 B)}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] peer %pe
          : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      // expected-remark @+4 {{tma: declined: a TMA load completes on an mbarrier}}
      // expected-remark @+3 {{bulk: declined: a bulk load completes on an mbarrier}}
      // expected-remark @+2 {{dsmem: declined}}
      // expected-remark @+1 {{cp_async: accepted (64 chunks of 128 B, 16-B vectors)}}
      %t = asynccopy.copy %A to %S window [0, 0] [64, 64] peer %pe
          : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      // expected-warning @+6 {{'asynccopy.copy' op falls back to per-thread sync copies (64 chunks of 128 B, 2-B vectors) though it asks for a reduction, which TMA does in hardware: a `peer` TMA copy}}
      // expected-remark @+5 {{tma: declined: a `peer` TMA copy}}
      // expected-remark @+4 {{bulk: declined: reductions are done by TMA}}
      // expected-remark @+3 {{dsmem: declined}}
      // expected-remark @+2 {{cp_async: declined}}
      // expected-remark @+1 {{sync: accepted (64 chunks of 128 B, 2-B vectors)}}
      %r = asynccopy.copy %S to %A window [0, 0] [64, 64] peer %pe {reduction = #asynccopy<reduction add>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      gpu.return
    }
  }
}
