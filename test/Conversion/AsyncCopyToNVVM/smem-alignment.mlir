// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// The conversion aligns every allocation an SMEM view of a copy may come
// from (Analysis/SmemBuffer), whatever views lie between: without it the
// upstream lowering gives workgroup buffers their element alignment and TMA
// faults with "misaligned address".

// A 128-B swizzled TMA load into stage 1 of a double buffer (a subview):
// the buffer is aligned to the 1024-B swizzle atom.
// CHECK-LABEL: gpu.func @subview_stage
// CHECK-SAME: workgroup(%{{.*}} : memref<2x64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// PTX-LABEL: .entry subview_stage
// PTX: .shared .align 1024 .b8 {{.*}}[16384];
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @subview_stage(%A: memref<128x64xf16>) workgroup(%buf : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %v = memref.subview %buf[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// A TMA load into a memref.view of a byte arena, 1024 B in.
// CHECK-LABEL: gpu.func @byte_view
// CHECK-SAME: workgroup(%{{.*}} : memref<9216xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// PTX-LABEL: .entry byte_view
// PTX: .shared .align 1024 .b8 {{.*}}[9216];
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @byte_view(%A: memref<128x64xf16>) workgroup(%raw : memref<9216xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %v = memref.view %raw[%c1024][] : memref<9216xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] {swizzle = 128 : i64} : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}

// -----

// A bulk store from a reshaped, cast subview: 16 B.
// CHECK-LABEL: gpu.func @reshaped
// CHECK-SAME: workgroup(%{{.*}} : memref<4104xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// PTX-LABEL: .entry reshaped
// PTX: .shared .align 16 .b8 {{.*}}[8208];
// PTX: cp.async.bulk.global.shared::cta.bulk_group
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @reshaped(%B: memref<128x64xf16>) workgroup(%buf : memref<4104xf16, #gpu.address_space<workgroup>>) kernel {
      %f = memref.subview %buf[8] [4096] [1] : memref<4104xf16, #gpu.address_space<workgroup>> to memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>>
      %e = memref.expand_shape %f [[0, 1]] output_shape [64, 64] : memref<4096xf16, strided<[1], offset: 8>, #gpu.address_space<workgroup>> into memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>>
      %c = memref.cast %e : memref<64x64xf16, strided<[64, 1], offset: 8>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %c to %B window [0, 0] [64, 64] : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A TMA store from a reinterpret_cast of a flat buffer (offset 4096
// elements): 128 B.
// CHECK-LABEL: gpu.func @reinterpret
// CHECK-SAME: workgroup(%{{.*}} : memref<8192xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
// PTX-LABEL: .entry reinterpret
// PTX: .shared .align 128 .b8 {{.*}}[16384];
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @reinterpret(%B: memref<128x64xf16>) workgroup(%buf : memref<8192xf16, #gpu.address_space<workgroup>>) kernel {
      %v = memref.reinterpret_cast %buf to offset: [4096], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %v to %B window [0, 0] [64, 64] {impl = #asynccopy<impl tma>} : memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Two buffers swapped through scf.for iter_args: both are aligned.
// CHECK-LABEL: gpu.func @iter_args
// CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64}, %{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
// PTX-LABEL: .entry iter_args
// PTX: .shared .align 128 .b8 {{.*}}[8192];
// PTX: .shared .align 128 .b8 {{.*}}[8192];
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @iter_args(%A: memref<128x64xf16>, %n: index) workgroup(%x : memref<64x64xf16, #gpu.address_space<workgroup>>, %y : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x, %next = %y) -> (memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>) {
        %ii = arith.index_cast %i : index to i32
        %p = arith.trunci %ii : i32 to i1
        asynccopy.copy %A to %cur window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %b[%c0], %p : !asynccopy.barrier<1>
        scf.yield %next, %cur : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}

// -----

// An scf.if chooses between a memref.global and a workgroup attribution:
// both are aligned.
// CHECK: memref.global "private" @tile : memref<64x64xf16, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-LABEL: gpu.func @if_result
// CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
// PTX-LABEL: .entry if_result
// PTX-DAG: .shared .align 128 .b8 __wg_if_result_0[8192];
// PTX-DAG: .shared .align 128 .b8 tile[8192];
module attributes {gpu.container_module} {
  gpu.module @m {
    memref.global "private" @tile : memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.func @if_result(%A: memref<128x64xf16>, %q: i1) workgroup(%x : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %v = scf.if %q -> (memref<64x64xf16, #gpu.address_space<workgroup>>) {
        %g = memref.get_global @tile : memref<64x64xf16, #gpu.address_space<workgroup>>
        scf.yield %g : memref<64x64xf16, #gpu.address_space<workgroup>>
      } else {
        scf.yield %x : memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      asynccopy.copy %A to %v window [0, 0] [64, 64] barrier %b[%c0] : memref<128x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
