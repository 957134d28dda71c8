// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=PTX81
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa features=+ptx83" | FileCheck %s --check-prefix=HOST
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa features=+ptx83" | %extract_ptx | FileCheck %s --check-prefix=PTX83

// A kernel of the peer tests, compiled ahead of time: with the default PTX
// ISA 8.1 the peer TMA store declines (its tensor-map fence is PTX 8.3) and
// the sync path stores through the translated address; with +ptx83 it is a
// TMA store whose per-PE maps the host gets from the runtime before the
// launch.
// PTX81: .visible .const .align 8 .b8 __asynccopy_symm[1048];
// PTX81-LABEL: .entry store_to_peer(
// PTX81-NOT: cp.async.bulk.tensor
// PTX81: ld.const.b64 {{.*}}[__asynccopy_symm];
// PTX81: ld.shared.b16
// PTX81-NEXT: st.b16
// PTX81: trap;

// HOST-LABEL: llvm.func @host
// HOST: %[[MAPS:.*]] = llvm.call @acSymmPeerTensorMapsOrExit
// HOST: gpu.launch_func @kernels::@store_to_peer {{.*}} args({{.*}}, %{{.*}} : i32, %[[MAPS]] : !llvm.ptr)

// PTX83-LABEL: .entry store_to_peer(
// PTX83: fence.proxy.tensormap::generic.acquire.sys
// PTX83: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX83: trap;

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store_to_peer(%G: memref<1024x1024xf16>, %i: index, %j: index, %pe: i32)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      // The tile the PE stores to its peer comes from its own copy.
      %l = asynccopy.copy %G to %S window [%j, %i] [64, 64]
          : memref<1024x1024xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %l : !asynccopy.token
      %t = asynccopy.copy %S to %G window [%i, %j] [64, 64] peer %pe
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
  func.func @host(%G: memref<1024x1024xf16>, %pe: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@store_to_peer blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%G : memref<1024x1024xf16>, %c0 : index, %c0 : index, %pe : i32)
    return
  }
}
