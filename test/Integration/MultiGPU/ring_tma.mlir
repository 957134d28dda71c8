// Ring exchange through TMA copies to and from peers: PE p's tile ends up in
// PE (p+1)%N's buffer. `push` kernels run on PE p, TMA-load each tile of
// their local `src` and TMA-store it into PE `%pe` = (p+1)%N's `dst` (`peer`
// on the store); `pull` kernels run on PE p and TMA-load PE `%pe` = (p-1)%N's
// `src` tile (`peer` on the load), then store it into their local `dst`.
// Every case: a ragged f16 tensor (1000x1000, tiles not dividing it) and an
// f32 one (600x1000); `dst` has a row stride of 1024 elements (the columns
// beyond the tensor are guard bands, like the guard regions the harness puts
// before and after it) and lives in the symmetric heap like `src`.
// The host functions take `%pe` (ring: the peer to push to / pull from) or
// `%me` (all-to-all: this PE) and launch on the calling thread's default
// device (harness.cpp, utils/build-multigpu-tests.sh).
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa features=+ptx83" | %extract_ptx | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa features=+ptx83" | FileCheck %s --check-prefix=HOST
// PTX ISA 8.3 for fence.proxy.tensormap. Each host function encodes the
// per-PE tensor maps of its peer-side copy before the launch.
// HOST-LABEL: llvm.func @ring_tma_push_f16(
// HOST: llvm.call @acSymmPeerTensorMapsOrExit(
// HOST: gpu.launch_func @kernels::@push_f16
// HOST-LABEL: llvm.func @ring_tma_pull_f16(
// HOST: llvm.call @acSymmPeerTensorMapsOrExit(
// HOST: gpu.launch_func @kernels::@pull_f16
// HOST-LABEL: llvm.func @ring_tma_push_f32(
// HOST: llvm.call @acSymmPeerTensorMapsOrExit(
// HOST: gpu.launch_func @kernels::@push_f32
// HOST-LABEL: llvm.func @ring_tma_pull_f32(
// HOST: llvm.call @acSymmPeerTensorMapsOrExit(
// HOST: gpu.launch_func @kernels::@pull_f32
// Every kernel reads the device table before it touches the peer (the
// peer-side copy comes after the lookup) and traps on a bad PE or address.
// CHECK: .const .align 8 .b8 __asynccopy_symm[1048];
// CHECK-LABEL: .entry push_f16(
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: fence.proxy.tensormap::generic.acquire.sys
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry pull_f16(
// CHECK: fence.proxy.tensormap::generic.acquire.sys
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry push_f32(
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: fence.proxy.tensormap::generic.acquire.sys
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry pull_f32(
// CHECK: fence.proxy.tensormap::generic.acquire.sys
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta
// CHECK: trap;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @push_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %src to %tile window [%row, %col] [64, 64] barrier %bar[%c0] {impl = #asynccopy<impl tma>}
          : memref<1000x1000xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %s = asynccopy.copy %tile to %dst window [%row, %col] [64, 64] peer %pe {impl = #asynccopy<impl tma>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @pull_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %src to %tile window [%row, %col] [64, 64] barrier %bar[%c0] peer %pe {impl = #asynccopy<impl tma>}
          : memref<1000x1000xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %s = asynccopy.copy %tile to %dst window [%row, %col] [64, 64] {impl = #asynccopy<impl tma>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @push_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c32 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %src to %tile window [%row, %col] [64, 32] barrier %bar[%c0] {impl = #asynccopy<impl tma>}
          : memref<600x1000xf32> to memref<64x32xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %s = asynccopy.copy %tile to %dst window [%row, %col] [64, 32] peer %pe {impl = #asynccopy<impl tma>}
          : memref<64x32xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @pull_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c32 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %src to %tile window [%row, %col] [64, 32] barrier %bar[%c0] peer %pe {impl = #asynccopy<impl tma>}
          : memref<600x1000xf32> to memref<64x32xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %s = asynccopy.copy %tile to %dst window [%row, %col] [64, 32] {impl = #asynccopy<impl tma>}
          : memref<64x32xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
  func.func @ring_tma_push_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 16 : index
    %gy = arith.constant 16 : index
    gpu.launch_func @kernels::@push_f16 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<1000x1000xf16>, %dst : memref<1000x1000xf16, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_tma_pull_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 16 : index
    %gy = arith.constant 16 : index
    gpu.launch_func @kernels::@pull_f16 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<1000x1000xf16>, %dst : memref<1000x1000xf16, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_tma_push_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 32 : index
    %gy = arith.constant 10 : index
    gpu.launch_func @kernels::@push_f32 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<600x1000xf32>, %dst : memref<600x1000xf32, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_tma_pull_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 32 : index
    %gy = arith.constant 10 : index
    gpu.launch_func @kernels::@pull_f32 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<600x1000xf32>, %dst : memref<600x1000xf32, strided<[1024, 1]>>, %pe : i32)
    return
  }
}
