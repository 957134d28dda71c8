// Ring exchange through bulk copies (cp.async.bulk, no tensor map) to and from
// peers: whole rows (16-B multiples), promised in bounds; the last block moves
// the remaining rows with a smaller buffer (bulk copies cannot clip).
// Every case: a ragged f16 tensor (1000x1000, tiles not dividing it) and an
// f32 one (600x1000); `dst` has a row stride of 1024 elements (the columns
// beyond the tensor are guard bands, like the guard regions the harness puts
// before and after it) and lives in the symmetric heap like `src`.
// The host functions take `%pe` (ring: the peer to push to / pull from) or
// `%me` (all-to-all: this PE) and launch on the calling thread's default
// device (harness.cpp, utils/build-multigpu-tests.sh).
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s
// Every kernel reads the device table before it touches the peer (the
// peer-side copy comes after the lookup) and traps on a bad PE or address.
// CHECK: .const .align 8 .b8 __asynccopy_symm[1048];
// CHECK-LABEL: .entry push_f16(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: [__asynccopy_symm]
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry pull_f16(
// CHECK: [__asynccopy_symm]
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry push_f32(
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: [__asynccopy_symm]
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: trap;
// CHECK-LABEL: .entry pull_f32(
// CHECK: [__asynccopy_symm]
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: trap;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @push_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<16x1000xf16, #gpu.address_space<workgroup>>, %tail : memref<8x1000xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %false = arith.constant false
      %by = gpu.block_id y
      %row = arith.muli %by, %c16 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %c62 = arith.constant 62 : index
      %last = arith.cmpi eq, %by, %c62 : index
      scf.if %last {
        asynccopy.copy %src to %tail window [%row, 0] [8, 1000] barrier %bar[%c0]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<1000x1000xf16> to memref<8x1000xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tail to %dst window [%row, 0] [8, 1000] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<8x1000xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      } else {
        asynccopy.copy %src to %tile window [%row, 0] [16, 1000] barrier %bar[%c0]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<1000x1000xf16> to memref<16x1000xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tile to %dst window [%row, 0] [16, 1000] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<16x1000xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      }
      gpu.return
    }
    gpu.func @pull_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<16x1000xf16, #gpu.address_space<workgroup>>, %tail : memref<8x1000xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %false = arith.constant false
      %by = gpu.block_id y
      %row = arith.muli %by, %c16 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %c62 = arith.constant 62 : index
      %last = arith.cmpi eq, %by, %c62 : index
      scf.if %last {
        asynccopy.copy %src to %tail window [%row, 0] [8, 1000] barrier %bar[%c0] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<1000x1000xf16> to memref<8x1000xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tail to %dst window [%row, 0] [8, 1000]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<8x1000xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      } else {
        asynccopy.copy %src to %tile window [%row, 0] [16, 1000] barrier %bar[%c0] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<1000x1000xf16> to memref<16x1000xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tile to %dst window [%row, 0] [16, 1000]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<16x1000xf16, #gpu.address_space<workgroup>> to memref<1000x1000xf16, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      }
      gpu.return
    }
    gpu.func @push_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<7x1000xf32, #gpu.address_space<workgroup>>, %tail : memref<5x1000xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %false = arith.constant false
      %by = gpu.block_id y
      %row = arith.muli %by, %c7 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %c85 = arith.constant 85 : index
      %last = arith.cmpi eq, %by, %c85 : index
      scf.if %last {
        asynccopy.copy %src to %tail window [%row, 0] [5, 1000] barrier %bar[%c0]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<600x1000xf32> to memref<5x1000xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tail to %dst window [%row, 0] [5, 1000] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<5x1000xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      } else {
        asynccopy.copy %src to %tile window [%row, 0] [7, 1000] barrier %bar[%c0]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<600x1000xf32> to memref<7x1000xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tile to %dst window [%row, 0] [7, 1000] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<7x1000xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      }
      gpu.return
    }
    gpu.func @pull_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
        workgroup(%tile : memref<7x1000xf32, #gpu.address_space<workgroup>>, %tail : memref<5x1000xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %false = arith.constant false
      %by = gpu.block_id y
      %row = arith.muli %by, %c7 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %c85 = arith.constant 85 : index
      %last = arith.cmpi eq, %by, %c85 : index
      scf.if %last {
        asynccopy.copy %src to %tail window [%row, 0] [5, 1000] barrier %bar[%c0] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<600x1000xf32> to memref<5x1000xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tail to %dst window [%row, 0] [5, 1000]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<5x1000xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      } else {
        asynccopy.copy %src to %tile window [%row, 0] [7, 1000] barrier %bar[%c0] peer %pe
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<600x1000xf32> to memref<7x1000xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
        %s = asynccopy.copy %tile to %dst window [%row, 0] [7, 1000]
            {impl = #asynccopy<impl bulk>, oob = #asynccopy<oob promise_in_bounds>}
            : memref<7x1000xf32, #gpu.address_space<workgroup>> to memref<600x1000xf32, strided<[1024, 1]>> -> !asynccopy.token
        asynccopy.wait %s : !asynccopy.token
      }
      gpu.return
    }
  }
  func.func @ring_bulk_push_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gy = arith.constant 63 : index
    gpu.launch_func @kernels::@push_f16 blocks in (%c1, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<1000x1000xf16>, %dst : memref<1000x1000xf16, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_bulk_pull_f16(%src: memref<1000x1000xf16>, %dst: memref<1000x1000xf16, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gy = arith.constant 63 : index
    gpu.launch_func @kernels::@pull_f16 blocks in (%c1, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<1000x1000xf16>, %dst : memref<1000x1000xf16, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_bulk_push_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gy = arith.constant 86 : index
    gpu.launch_func @kernels::@push_f32 blocks in (%c1, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<600x1000xf32>, %dst : memref<600x1000xf32, strided<[1024, 1]>>, %pe : i32)
    return
  }
  func.func @ring_bulk_pull_f32(%src: memref<600x1000xf32>, %dst: memref<600x1000xf32, strided<[1024, 1]>>, %pe: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gy = arith.constant 86 : index
    gpu.launch_func @kernels::@pull_f32 blocks in (%c1, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%src : memref<600x1000xf32>, %dst : memref<600x1000xf32, strided<[1024, 1]>>, %pe : i32)
    return
  }
}
