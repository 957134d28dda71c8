// All-to-all of tiles through the per-thread path (impl = sync).
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
// CHECK: {{ld(.global)?.v4}}
// CHECK: [__asynccopy_symm]
// CHECK: {{st(.global)?.v4}}
// CHECK: trap;
// CHECK-LABEL: .entry pull_f16(
// CHECK: [__asynccopy_symm]
// CHECK: {{ld(.global)?.v4}}
// CHECK: {{st(.global)?.v4}}
// CHECK: trap;
// CHECK-LABEL: .entry push_f32(
// CHECK: {{ld(.global)?.v4}}
// CHECK: [__asynccopy_symm]
// CHECK: {{st(.global)?.v4}}
// CHECK: trap;
// CHECK-LABEL: .entry pull_f32(
// CHECK: [__asynccopy_symm]
// CHECK: {{ld(.global)?.v4}}
// CHECK: {{st(.global)?.v4}}
// CHECK: trap;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @push_f16(%src: memref<?x1000x1000xf16>, %dst: memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %q = gpu.block_id z
      %qpe = arith.index_cast %q : index to i32
      %mine = arith.index_cast %me : i32 to index
      %l = asynccopy.copy %src to %tile window [%q, %row, %col] [1, 64, 64] {impl = #asynccopy<impl sync>}
          : memref<?x1000x1000xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %l : !asynccopy.token
      %s = asynccopy.copy %tile to %dst window [%mine, %row, %col] [1, 64, 64] peer %qpe {impl = #asynccopy<impl sync>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @pull_f16(%src: memref<?x1000x1000xf16>, %dst: memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %q = gpu.block_id z
      %qpe = arith.index_cast %q : index to i32
      %mine = arith.index_cast %me : i32 to index
      %l = asynccopy.copy %src to %tile window [%mine, %row, %col] [1, 64, 64] peer %qpe {impl = #asynccopy<impl sync>}
          : memref<?x1000x1000xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %l : !asynccopy.token
      %s = asynccopy.copy %tile to %dst window [%q, %row, %col] [1, 64, 64] {impl = #asynccopy<impl sync>}
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @push_f32(%src: memref<?x600x1000xf32>, %dst: memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me: i32)
        workgroup(%tile : memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c32 : index
      %q = gpu.block_id z
      %qpe = arith.index_cast %q : index to i32
      %mine = arith.index_cast %me : i32 to index
      %l = asynccopy.copy %src to %tile window [%q, %row, %col] [1, 64, 32] {impl = #asynccopy<impl sync>}
          : memref<?x600x1000xf32> to memref<64x32xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %l : !asynccopy.token
      %s = asynccopy.copy %tile to %dst window [%mine, %row, %col] [1, 64, 32] peer %qpe {impl = #asynccopy<impl sync>}
          : memref<64x32xf32, #gpu.address_space<workgroup>> to memref<?x600x1000xf32, strided<[614400, 1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
    gpu.func @pull_f32(%src: memref<?x600x1000xf32>, %dst: memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me: i32)
        workgroup(%tile : memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c32 : index
      %q = gpu.block_id z
      %qpe = arith.index_cast %q : index to i32
      %mine = arith.index_cast %me : i32 to index
      %l = asynccopy.copy %src to %tile window [%mine, %row, %col] [1, 64, 32] peer %qpe {impl = #asynccopy<impl sync>}
          : memref<?x600x1000xf32> to memref<64x32xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %l : !asynccopy.token
      %s = asynccopy.copy %tile to %dst window [%q, %row, %col] [1, 64, 32] {impl = #asynccopy<impl sync>}
          : memref<64x32xf32, #gpu.address_space<workgroup>> to memref<?x600x1000xf32, strided<[614400, 1024, 1]>> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
  func.func @alltoall_sync_push_f16(%src: memref<?x1000x1000xf16>, %dst: memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 16 : index
    %gy = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %src, %c0 : memref<?x1000x1000xf16>
    gpu.launch_func @kernels::@push_f16 blocks in (%gx, %gy, %n) threads in (%c128, %c1, %c1)
        args(%src : memref<?x1000x1000xf16>, %dst : memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me : i32)
    return
  }
  func.func @alltoall_sync_pull_f16(%src: memref<?x1000x1000xf16>, %dst: memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 16 : index
    %gy = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %src, %c0 : memref<?x1000x1000xf16>
    gpu.launch_func @kernels::@pull_f16 blocks in (%gx, %gy, %n) threads in (%c128, %c1, %c1)
        args(%src : memref<?x1000x1000xf16>, %dst : memref<?x1000x1000xf16, strided<[1024000, 1024, 1]>>, %me : i32)
    return
  }
  func.func @alltoall_sync_push_f32(%src: memref<?x600x1000xf32>, %dst: memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 32 : index
    %gy = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %src, %c0 : memref<?x600x1000xf32>
    gpu.launch_func @kernels::@push_f32 blocks in (%gx, %gy, %n) threads in (%c128, %c1, %c1)
        args(%src : memref<?x600x1000xf32>, %dst : memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me : i32)
    return
  }
  func.func @alltoall_sync_pull_f32(%src: memref<?x600x1000xf32>, %dst: memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %gx = arith.constant 32 : index
    %gy = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %src, %c0 : memref<?x600x1000xf32>
    gpu.launch_func @kernels::@pull_f32 blocks in (%gx, %gy, %n) threads in (%c128, %c1, %c1)
        args(%src : memref<?x600x1000xf32>, %dst : memref<?x600x1000xf32, strided<[614400, 1024, 1]>>, %me : i32)
    return
  }
}
