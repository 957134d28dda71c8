// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm -canonicalize -cse \
// RUN:   | FileCheck %s
// Every kernel through the upstream NVVM lowering into PTX, assembled by
// ptxas for sm_80 (module by module):
// RUN: ac-opt %s -split-input-file --pass-pipeline='builtin.module(asynccopy-select-implementation,convert-asynccopy-to-nvvm,gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=PTX

// 16-B transfers (8 x f16, 16-B aligned rows) bypass L1: cp.async.cg. The
// CTA's threads stride over the 512 vectors of the window; the dynamic row
// offset is guarded (srcElements = 8 inside the tensor, 0 past its end).
// CHECK-LABEL: gpu.func @cg16
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[I:.*]]: index)
// CHECK-SAME: workgroup(%[[S:.*]] : memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK-DAG: %[[G:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [16777216], strides: [1]
// CHECK-DAG: %[[SF:.*]] = memref.reinterpret_cast %[[S]] to offset: [0], sizes: [4096], strides: [1]
// CHECK-DAG: %[[TX:.*]] = gpu.thread_id x
// CHECK-DAG: %[[BX:.*]] = gpu.block_dim x
// CHECK-DAG: %[[BY:.*]] = gpu.block_dim y
// CHECK-DAG: %[[BZ:.*]] = gpu.block_dim z
// CHECK: %[[TID:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: %[[BXY:.*]] = arith.muli %[[BX]], %[[BY]] : index
// CHECK: %[[NT:.*]] = arith.muli %[[BXY]], %[[BZ]] : index
// CHECK: scf.for %[[V:.*]] = %[[TID]] to %[[C512]] step %[[NT]] {
// CHECK:   %[[E:.*]] = arith.muli %[[V]], %[[C8]] : index
// CHECK:   %[[COL:.*]] = arith.remui %[[E]], %[[C64]] : index
// CHECK:   %[[R:.*]] = arith.divui %[[E]], %[[C64]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[I]], %[[R]] : index
// CHECK:   %[[RS:.*]] = arith.muli %[[ROW]], %[[C4096]] : index
// CHECK:   %[[OFF:.*]] = arith.addi %[[RS]], %[[COL]] : index
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[C4096]] : index
// CHECK:   %[[N:.*]] = arith.select %[[IN]], %[[C8]], %[[C0]] : index
// CHECK:   %{{.*}} = nvgpu.device_async_copy %[[G]][%[[OFF]]], %[[SF]][%[[E]]], 8, %[[N]] {bypassL1} : memref<16777216xf16, strided<[1]>> to memref<4096xf16, strided<[1]>, #gpu.address_space<workgroup>>
// CHECK: }
// CHECK: nvvm.cp.async.commit.group
// The token was a constant (folded away); the wait is cp.async.wait_group 0.
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0

// PTX-LABEL: .entry cg16
// PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16, %{{.*}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 0;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @cg16(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Rows of 68 x f16 (136 B) are only 8-B aligned: 4-element cp.async.ca.
// CHECK-LABEL: gpu.func @ca8
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C68:.*]] = arith.constant 68 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C256]] step
// CHECK:   arith.muli %{{.*}}, %[[C68]] : index
// CHECK:   nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 4, %{{.*}} : memref<17408xf16, strided<[1]>> to memref<1024xf16, strided<[1]>, #gpu.address_space<workgroup>>

// PTX-LABEL: .entry ca8
// PTX: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 8, %{{.*}};
// PTX: cp.async.commit_group;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @ca8(%A: memref<256x68xf16>, %i: index) workgroup(%S : memref<16x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [16, 64] {impl = #asynccopy<impl cp_async>} : memref<256x68xf16> to memref<16x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Rows of 33 x f32 are only 4-B aligned: one f32 per cp.async.ca.
// CHECK-LABEL: gpu.func @ca4_f32
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 1, %{{.*}} : memref<8448xf32, strided<[1]>> to memref<512xf32, strided<[1]>, #gpu.address_space<workgroup>>

// PTX-LABEL: .entry ca4_f32
// PTX: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 4, %{{.*}};

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @ca4_f32(%A: memref<256x33xf32>, %i: index) workgroup(%S : memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [16, 32] {impl = #asynccopy<impl cp_async>} : memref<256x33xf32> to memref<16x32xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A narrow i8 window: 4-B rows, 4 x i8 per cp.async.ca.
// CHECK-LABEL: gpu.func @ca4_i8
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C64]] step
// CHECK:   nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 4, %{{.*}} : memref<1048576xi8, strided<[1]>> to memref<256xi8, strided<[1]>, #gpu.address_space<workgroup>>

// PTX-LABEL: .entry ca4_i8
// PTX: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 4, %{{.*}};

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @ca4_i8(%A: memref<1024x1024xi8>, %i: index) workgroup(%S : memref<64x4xi8, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 4] {impl = #asynccopy<impl cp_async>} : memref<1024x1024xi8> to memref<64x4xi8, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A window statically inside the tensor, and one promised in bounds, need
// no srcElements.
// CHECK-LABEL: gpu.func @unguarded
// CHECK-NOT: arith.cmpi
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 8 {bypassL1} :
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: arith.cmpi
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 8 {bypassL1} :
// CHECK: nvvm.cp.async.commit.group

// PTX-LABEL: .entry unguarded
// PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @unguarded(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [128, 64] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      %t2 = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>, oob = #asynccopy<oob promise_in_bounds>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A ragged window: 70 columns, 64 copied from column 32. Each vector reads
// the part of its row inside the tensor (min(70 - col, 8), 0 past the end)
// and cp.async zero-fills the rest; rows past row 100 read nothing.
// CHECK-LABEL: gpu.func @ragged
// CHECK-SAME: (%[[A:.*]]: memref<100x70xf16, strided<[128, 1]>>, %[[I:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C38:.*]] = arith.constant 38 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C70:.*]] = arith.constant 70 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[G:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [12742], strides: [1]
// CHECK: scf.for
// CHECK:   %[[E:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK:   %[[P:.*]] = arith.remui %[[E]], %[[C64]] : index
// CHECK:   %[[COL:.*]] = arith.addi %[[P]], %[[C32]] : index
// CHECK:   %[[R:.*]] = arith.divui %[[E]], %[[C64]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[I]], %[[R]] : index
// CHECK:   %[[RS:.*]] = arith.muli %[[ROW]], %[[C128]] : index
// CHECK:   %[[OFF:.*]] = arith.addi %[[RS]], %[[COL]] : index
// CHECK:   %[[ROWOK:.*]] = arith.cmpi ult, %[[ROW]], %[[C100]] : index
// 70 - (32 + p), folded:
// CHECK:   %[[LEFT:.*]] = arith.subi %[[C38]], %[[P]] : index
// CHECK:   %[[COLOK:.*]] = arith.cmpi ult, %[[COL]], %[[C70]] : index
// CHECK:   %[[MIN:.*]] = arith.minui %[[LEFT]], %[[C8]] : index
// CHECK:   %[[INROW:.*]] = arith.select %[[COLOK]], %[[MIN]], %[[C0]] : index
// CHECK:   %[[N:.*]] = arith.select %[[ROWOK]], %[[INROW]], %[[C0]] : index
// CHECK:   nvgpu.device_async_copy %[[G]][%[[OFF]]], %{{.*}}[%[[E]]], 8, %[[N]] {bypassL1}

// PTX-LABEL: .entry ragged
// PTX: min.u64
// PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16, %{{.*}};

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @ragged(%A: memref<100x70xf16, strided<[128, 1]>>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 32] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<100x70xf16, strided<[128, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A tiled window [64, 128] -> [1, 2, 64, 64]: SMEM position (o0, o1, r, c)
// reads GMEM (i + 64 * o0 + r, j + 64 * o1 + c); the offsets go through the
// tile (div/rem by 64) and each vector's coordinates back (o * 64 + r).
// CHECK-LABEL: gpu.func @tiled
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK: %[[I:.*]] = arith.muli %{{.*}}, %[[C64]] : index
// CHECK: %[[J:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[IO:.*]] = arith.divui %[[I]], %[[C64]] : index
// CHECK: %[[II:.*]] = arith.remui %[[I]], %[[C64]] : index
// CHECK: %[[JO:.*]] = arith.divui %[[J]], %[[C64]] : index
// CHECK: %[[JI:.*]] = arith.remui %[[J]], %[[C64]] : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C1024]] step
// CHECK:   %[[E:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK:   %[[PC:.*]] = arith.remui %[[E]], %[[C64]] : index
// CHECK:   %[[C:.*]] = arith.addi %[[JI]], %[[PC]] : index
// CHECK:   %[[PR0:.*]] = arith.divui %[[E]], %[[C64]] : index
// CHECK:   %[[PR:.*]] = arith.remui %[[PR0]], %[[C64]] : index
// CHECK:   %[[R:.*]] = arith.addi %[[II]], %[[PR]] : index
// CHECK:   %[[PO:.*]] = arith.divui %[[E]], %[[C4096]] : index
// CHECK:   %[[O1:.*]] = arith.addi %[[JO]], %[[PO]] : index
// CHECK:   %[[ROW0:.*]] = arith.muli %[[IO]], %[[C64]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[ROW0]], %[[R]] : index
// CHECK:   %[[COL0:.*]] = arith.muli %[[O1]], %[[C64]] : index
// CHECK:   %[[COL:.*]] = arith.addi %[[COL0]], %[[C]] : index
// CHECK:   %[[RS:.*]] = arith.muli %[[ROW]], %[[C4096]] : index
// CHECK:   %[[OFF:.*]] = arith.addi %[[RS]], %[[COL]] : index
// CHECK:   nvgpu.device_async_copy %{{.*}}[%[[OFF]]], %{{.*}}[%[[E]]], 8, %{{.*}} {bypassL1} : memref<16777216xf16, strided<[1]>> to memref<8192xf16, strided<[1]>, #gpu.address_space<workgroup>>

// PTX-LABEL: .entry tiled
// PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16, %{{.*}};

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @tiled(%A: memref<4096x4096xf16>, %x: index, %y: index) workgroup(%S : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %i = arith.muli %x, %c64 : index
      %j = arith.muli %y, %c128 : index
      %t = asynccopy.copy %A to %S window [%i, %j] [64, 128] {transforms = [#asynccopy.tile<[64, 64]>], impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Swizzle 128: the SMEM byte offset o becomes o ^ (((o >> 7) & 7) << 4),
// where a TMA load would put the element.
// CHECK-LABEL: gpu.func @swizzled
// The pass raises the buffer to the 1024-B swizzle atom.
// CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[V:.*]] = 
// Byte offset of vector v: 16 * v (8 x f16).
// CHECK:   %[[B:.*]] = arith.muli %[[V]], %[[C16]] : index
// CHECK:   %[[ROW:.*]] = arith.shrui %[[B]], %[[C7]] : index
// CHECK:   %[[M:.*]] = arith.andi %[[ROW]], %[[C7]] : index
// CHECK:   %[[X:.*]] = arith.shli %[[M]], %[[C4]] : index
// CHECK:   %[[SB:.*]] = arith.xori %[[B]], %[[X]] : index
// CHECK:   %[[SE:.*]] = arith.divui %[[SB]], %[[C2]] : index
// CHECK:   nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%[[SE]]], 8, %{{.*}} {bypassL1}

// PTX-LABEL: .entry swizzled
// PTX: xor.b64
// PTX: cp.async.cg.shared.global

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @swizzled(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>, swizzle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A token and a barrier stage: every thread arrives on the stage once its own
// cp.async have landed (cp.async.mbarrier.arrive.noinc), so the stage expects
// one arrival per thread of the CTA; the group is committed as well.
// CHECK-LABEL: gpu.func @token_and_barrier
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf16>, %[[I:.*]]: index, %[[STAGE:.*]]: index)
// CHECK-DAG: %[[SI:.*]] = builtin.unrealized_conversion_cast %[[STAGE]] : index to i64
// CHECK-DAG: %[[BAR:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
// CHECK: scf.for
// CHECK:   nvgpu.device_async_copy
// CHECK: }
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BAR]][%[[SI]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK-NEXT: nvvm.cp.async.mbarrier.arrive %[[P]] {noinc = true} : !llvm.ptr<3>
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0

// PTX-LABEL: .entry token_and_barrier
// PTX: cp.async.cg.shared.global
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64
// PTX-NEXT: cp.async.commit_group;
// PTX: cp.async.wait_group 0;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @token_and_barrier(%A: memref<4096x4096xf16>, %i: index, %s: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {impl = #asynccopy<impl cp_async>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// {commit = false} leaves the group open for asynccopy.commit_group.
// CHECK-LABEL: gpu.func @no_commit
// CHECK: nvgpu.device_async_copy
// CHECK-NOT: nvvm.cp.async.commit.group
// CHECK: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0

// PTX-LABEL: .entry no_commit
// PTX: cp.async.cg.shared.global
// PTX: cp.async.cg.shared.global
// PTX: cp.async.commit_group;
// PTX-NOT: cp.async.commit_group;
// PTX: cp.async.wait_group 0;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @no_commit(%A: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>, %S2 : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl cp_async>, commit = false} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.copy %A to %S2 window [%i, 64] [64, 64] {impl = #asynccopy<impl cp_async>, commit = false} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.commit_group cp_async
      asynccopy.wait_group cp_async 0
      gpu.return
    }
  }
}
