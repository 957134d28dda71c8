// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm -canonicalize -cse \
// RUN:   | FileCheck %s
// Every kernel through the upstream NVVM lowering into PTX, assembled by
// ptxas for sm_90a (module by module; most modules target sm_80):
// RUN: ac-opt %s -split-input-file --pass-pipeline='builtin.module(asynccopy-select-implementation,convert-asynccopy-to-nvvm,gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// A load then a store of the same window: 4 x f32 per vector (16-B rows),
// distributed over the CTA. The dynamic row offset is guarded: a vector
// inside the tensor is one vector.load, one outside it a masked load (zeros);
// the store writes only what lies inside the tensor. A CTA barrier ends each
// copy (the token waits are CTA barriers too).
// CHECK-LABEL: gpu.func @load_store
// CHECK-SAME: (%[[A:.*]]: memref<4096x4096xf32>, %[[B:.*]]: memref<4096x4096xf32>, %[[I:.*]]: index)
// CHECK-DAG: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK-DAG: %[[G:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [16777216], strides: [1]
// CHECK-DAG: %[[SF:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4096], strides: [1]
// CHECK: scf.for %[[V:.*]] = %{{.*}} to %[[C1024]] step %{{.*}} {
// CHECK:   %[[E:.*]] = arith.muli %[[V]], %[[C4]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:   %[[RS:.*]] = arith.muli %[[ROW]], %[[C4096]] : index
// CHECK:   %[[OFF:.*]] = arith.addi %[[RS]], %{{.*}} : index
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[C4096]] : index
// CHECK:   %[[N:.*]] = arith.select %[[IN]], %[[C4]], %{{.*}} : index
// CHECK:   %[[FULL:.*]] = arith.cmpi eq, %[[N]], %[[C4]] : index
// CHECK:   %[[VAL:.*]] = scf.if %[[FULL]] -> (vector<4xf32>) {
// CHECK:     %[[L:.*]] = vector.load %[[G]][%[[OFF]]] {alignment = 16 : i64} : memref<16777216xf32, strided<[1]>>, vector<4xf32>
// CHECK:     scf.yield %[[L]]
// CHECK:   } else {
// CHECK:     %[[NB:.*]] = vector.broadcast %[[N]] : index to vector<4xindex>
// CHECK:     %[[MASK:.*]] = arith.cmpi ugt, %[[NB]], %[[IOTA]] : vector<4xindex>
// CHECK:     %[[ML:.*]] = vector.maskedload %[[G]][%[[OFF]]], %[[MASK]], %[[ZEROS]] {alignment = 16 : i64}
// CHECK:     scf.yield %[[ML]]
// CHECK:   }
// CHECK:   vector.store %[[VAL]], %[[SF]][%[[E]]] {alignment = 16 : i64} : memref<4096xf32, strided<[1]>, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK: %[[GB:.*]] = memref.reinterpret_cast %[[B]]
// CHECK: scf.for
// CHECK:   %[[SV:.*]] = vector.load %[[SF]][%{{.*}}] {alignment = 16 : i64}
// CHECK:   scf.if %{{.*}} {
// CHECK:     vector.store %[[SV]], %[[GB]][%{{.*}}] {alignment = 16 : i64}
// CHECK:   } else {
// CHECK:     vector.maskedstore %[[GB]][%{{.*}}], %{{.*}}, %[[SV]] {alignment = 16 : i64}
// CHECK:   }
// CHECK: }
// CHECK-NEXT: gpu.barrier

// PTX-LABEL: .entry load_store
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.shared.v4.b32
// PTX: bar.sync 0;
// PTX-DAG: ld.shared.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX: bar.sync 0;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @load_store(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %i: index) workgroup(%S : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<4096x4096xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<4096x4096xf32> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A ragged window with oob = nan: a vector at the end of a row loads the
// min(70 - col, 8) elements inside the tensor and NaN for the rest; the store
// back writes only those elements.
// CHECK-LABEL: gpu.func @ragged_nan
// CHECK-DAG: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xindex>
// CHECK-DAG: %[[NANS:.*]] = arith.constant dense<0x7FF7> : vector<8xf16>
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C38:.*]] = arith.constant 38 : index
// CHECK: scf.for
// CHECK:   %[[LEFT:.*]] = arith.subi %[[C38]], %{{.*}} : index
// CHECK:   %[[MIN:.*]] = arith.minui %[[LEFT]], %[[C8]] : index
// CHECK:   %[[INROW:.*]] = arith.select %{{.*}}, %[[MIN]], %{{.*}} : index
// CHECK:   %[[N:.*]] = arith.select %{{.*}}, %[[INROW]], %{{.*}} : index
// CHECK:   scf.if %{{.*}} -> (vector<8xf16>) {
// CHECK:     vector.load
// CHECK:   } else {
// CHECK:     %[[NB:.*]] = vector.broadcast %[[N]] : index to vector<8xindex>
// CHECK:     %[[MASK:.*]] = arith.cmpi ugt, %[[NB]], %[[IOTA]] : vector<8xindex>
// CHECK:     vector.maskedload %{{.*}}[%{{.*}}], %[[MASK]], %[[NANS]]
// CHECK:   }
// CHECK: gpu.barrier
// CHECK: vector.maskedstore

// PTX-LABEL: .entry ragged_nan
// PTX: ld.global.v4.b32
// PTX: ld.global.b16
// PTX: st.global.v4.b32
// PTX: st.global.b16

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @ragged_nan(%A: memref<100x70xf16, strided<[128, 1]>>, %B: memref<100x70xf16, strided<[128, 1]>>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 32] [64, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob nan>} : memref<100x70xf16, strided<[128, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 32] [64, 64] {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<100x70xf16, strided<[128, 1]>> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Dynamic strides leave only the element alignment: one element per thread
// and step, memref.load/store, each load guarded on both dims (memref sizes
// from the strided metadata); promise_in_bounds skips the store's guard.
// CHECK-LABEL: gpu.func @scalar_dynamic
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %{{.*}}, %{{.*}}, %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[G:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%{{.*}}], strides: [1]
// CHECK: scf.for %[[V:.*]] =
// CHECK:   %[[COL:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:   %[[RS:.*]] = arith.muli %[[ROW]], %[[STRIDES]]#0 : index
// CHECK:   %[[OFF:.*]] = arith.addi %[[RS]], %[[COL]] : index
// CHECK:   %[[ROWOK:.*]] = arith.cmpi ult, %[[ROW]], %[[SIZES]]#0 : index
// CHECK:   %[[COLOK:.*]] = arith.cmpi ult, %[[COL]], %[[SIZES]]#1 : index
// CHECK:   %[[OK:.*]] = arith.andi %[[ROWOK]], %[[COLOK]] : i1
// CHECK:   %[[X:.*]] = scf.if %{{.*}} -> (f16) {
// CHECK:     %[[L:.*]] = memref.load %[[G]][%[[OFF]]] : memref<?xf16, strided<[1]>>
// CHECK:     scf.yield %[[L]] : f16
// CHECK:   } else {
// CHECK:     scf.yield %[[ZERO]] : f16
// CHECK:   }
// CHECK:   memref.store %[[X]], %{{.*}}[%[[V]]] : memref<1024xf16, strided<[1]>, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK:   %[[Y:.*]] = memref.load %{{.*}} : memref<1024xf16, strided<[1]>, #gpu.address_space<workgroup>>
// CHECK:   memref.store %[[Y]], %{{.*}} : memref<?xf16, strided<[1]>>
// CHECK: }
// CHECK-NEXT: gpu.barrier

// PTX-LABEL: .entry scalar_dynamic
// PTX: ld.global.b16
// PTX: ld.shared.b16
// PTX: st.global.b16

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @scalar_dynamic(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %i: index, %j: index) workgroup(%S : memref<32x32xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, %j] [32, 32] {impl = #asynccopy<impl sync>} : memref<?x?xf16> to memref<32x32xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, %j] [32, 32] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<32x32xf16, #gpu.address_space<workgroup>> to memref<?x?xf16> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// An f32 add reduction: one atomic per element, skipped outside the tensor.
// CHECK-LABEL: gpu.func @reduce_add_f32
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK:   %[[X:.*]] = memref.load %{{.*}} : memref<4096xf32, strided<[1]>, #gpu.address_space<workgroup>>
// CHECK:   %[[IN:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : index
// CHECK:   scf.if %[[IN]] {
// CHECK:     memref.atomic_rmw addf %[[X]], %{{.*}}[%{{.*}}] : (f32, memref<1048576xf32, strided<[1]>>) -> f32
// CHECK:   }
// CHECK: }
// CHECK-NEXT: gpu.barrier

// PTX-LABEL: .entry reduce_add_f32
// PTX: atom.global.add.f32

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @reduce_add_f32(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %i: index) workgroup(%S : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<1024x1024xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Integer reductions: max is signed on signless i32, xor is a plain atomic,
// inc/dec (PTX's wrap-around counters) are compare-and-swap loops.
// CHECK-LABEL: gpu.func @reduce_int
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: memref.atomic_rmw maxs %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<1048576xi32, strided<[1]>>) -> i32
// CHECK: gpu.barrier
// CHECK: memref.atomic_rmw xori %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<1048576xi32, strided<[1]>>) -> i32
// CHECK: gpu.barrier
// inc: old >= v ? 0 : old + 1
// CHECK: %[[V:.*]] = memref.load
// CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<1048576xi32, strided<[1]>> {
// CHECK: ^bb0(%[[OLD:.*]]: i32):
// CHECK:   %[[WRAP:.*]] = arith.cmpi uge, %[[OLD]], %[[V]] : i32
// CHECK:   %[[INC:.*]] = arith.addi %[[OLD]], %[[ONE]] : i32
// CHECK:   %[[R:.*]] = arith.select %[[WRAP]], %[[ZERO]], %[[INC]] : i32
// CHECK:   memref.atomic_yield %[[R]] : i32
// CHECK: gpu.barrier
// dec: (old == 0 || old > v) ? v : old - 1
// CHECK: %[[V2:.*]] = memref.load
// CHECK: memref.generic_atomic_rmw
// CHECK: ^bb0(%[[OLD2:.*]]: i32):
// CHECK:   %[[Z:.*]] = arith.cmpi eq, %[[OLD2]], %[[ZERO]] : i32
// CHECK:   %[[ABOVE:.*]] = arith.cmpi ugt, %[[OLD2]], %[[V2]] : i32
// CHECK:   %[[W2:.*]] = arith.ori %[[Z]], %[[ABOVE]] : i1
// CHECK:   %[[DEC:.*]] = arith.subi %[[OLD2]], %[[ONE]] : i32
// CHECK:   %[[R2:.*]] = arith.select %[[W2]], %[[V2]], %[[DEC]] : i32
// CHECK:   memref.atomic_yield %[[R2]] : i32

// PTX-LABEL: .entry reduce_int
// PTX: atom.global.max.s32
// PTX: atom.global.xor.b32
// PTX: atom{{.*}}.global.cas.b32
// PTX: atom{{.*}}.global.cas.b32

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @reduce_int(%A: memref<1024x1024xi32>, %B: memref<1024x1024xi32>, %i: index) workgroup(%S : memref<64x64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<1024x1024xi32> to memref<64x64xi32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction max>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %t3 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction xor>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %t4 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction inc>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      %t5 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction dec>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<1024x1024xi32> -> !asynccopy.token
      asynccopy.wait %t5 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Swizzle 64 on a sync copy: byte offset o -> o ^ (((o >> 7) & 3) << 4), the
// layout a TMA load with swizzle 64 produces, on both the load and the store.
// CHECK-LABEL: gpu.func @swizzled
// CHECK-SAME: workgroup(%{{.*}} : memref<64x32xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[V:.*]] =
// CHECK:   %[[O:.*]] = arith.muli %[[V]], %[[C16]] : index
// CHECK:   %[[ROW:.*]] = arith.shrui %[[O]], %[[C7]] : index
// CHECK:   %[[M:.*]] = arith.andi %[[ROW]], %[[C3]] : index
// CHECK:   %[[X:.*]] = arith.shli %[[M]], %[[C4]] : index
// CHECK:   %[[SO:.*]] = arith.xori %[[O]], %[[X]] : index
// CHECK:   %[[SE:.*]] = arith.divui %[[SO]], %[[C2]] : index
// CHECK:   %[[L:.*]] = vector.load
// CHECK:   vector.store %[[L]], %{{.*}}[%[[SE]]] {alignment = 16 : i64} : memref<2048xf16
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK:   arith.xori
// CHECK:   %[[SE2:.*]] = arith.divui %{{.*}}, %[[C2]] : index
// CHECK:   vector.load %{{.*}}[%[[SE2]]] {alignment = 16 : i64} : memref<2048xf16

// PTX-LABEL: .entry swizzled
// PTX: xor.b64
// PTX: st.shared.v4.b32

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @swizzled(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %i: index) workgroup(%S : memref<64x32xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 32] {impl = #asynccopy<impl sync>, swizzle = 64 : i64, oob = #asynccopy<oob promise_in_bounds>} : memref<4096x4096xf16> to memref<64x32xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 0] [64, 32] {impl = #asynccopy<impl sync>, swizzle = 64 : i64, oob = #asynccopy<oob promise_in_bounds>} : memref<64x32xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      asynccopy.wait %t2 : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A sync load with a barrier arrives on the stage once, from thread 0, after
// the CTA barrier (the barrier is initialised with count 1, as for TMA).
// CHECK-LABEL: gpu.func @barrier
// CHECK-DAG: %[[BAR:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
// CHECK-DAG: %[[SI:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i64
// CHECK: scf.for
// CHECK:   vector.store {{.*}} : memref<4096xf16, strided<[1]>, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[BAR]][%[[SI]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT:   nvvm.mbarrier.arrive %[[P]] : !llvm.ptr<3> -> i64
// CHECK-NEXT: }

// PTX-LABEL: .entry barrier
// PTX: st.shared.v4.b32
// PTX: bar.sync 0;
// PTX: mbarrier.arrive.shared.b64

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @barrier(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %i: index, %s: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %t = asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      %t2 = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// Transforms: collapse_leading<2> reads the merged dim's GMEM coordinates
// back by dividing by the inner extent (strides 1024 and 64, radix 16);
// drop_unit_dims keeps the dropped dim at its window offset.
// CHECK-LABEL: gpu.func @transforms
// CHECK-SAME: (%[[A:.*]]: memref<8x16x64xf32>, %[[C:.*]]: memref<4x256x256xf16>, %[[K:.*]]: index, %[[I:.*]]: index)
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
// CHECK: %[[FLAT:.*]] = arith.muli %[[K]], %[[C16]] : index
// CHECK: scf.for
// CHECK:   %[[M:.*]] = arith.addi %[[FLAT]], %{{.*}} : index
// CHECK:   %[[D0:.*]] = arith.divui %[[M]], %[[C16]] : index
// CHECK:   %[[D1:.*]] = arith.remui %[[M]], %[[C16]] : index
// CHECK:   %[[O0:.*]] = arith.muli %[[D0]], %[[C1024]] : index
// CHECK:   %[[O1:.*]] = arith.muli %[[D1]], %[[C64]] : index
// CHECK:   vector.load
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK:   vector.store
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK:   %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:   %[[PLANE:.*]] = arith.muli %[[K]], %[[C65536]] : index
// CHECK:   arith.cmpi ult, %[[K]], %{{.*}} : index
// CHECK:   vector.load

// PTX-LABEL: .entry transforms
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @transforms(%A: memref<8x16x64xf32>, %C: memref<4x256x256xf16>, %a: index, %i: index) workgroup(%S : memref<32x64xf32, #gpu.address_space<workgroup>>, %T : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%a, 0, 0] [2, 16, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.collapse_leading<2>]} : memref<8x16x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      %t2 = asynccopy.copy %S to %A window [%a, 0, 0] [2, 16, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.collapse_leading<2>]} : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<8x16x64xf32> -> !asynccopy.token
      %t3 = asynccopy.copy %C to %T window [%a, %i, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<4x256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      %t4 = asynccopy.copy %T to %C window [%a, %i, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4x256x256xf16> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A remote (DSMEM) sync copy, sm_90a: every thread stores its vectors through
// the mapa address of the destination buffer in CTA %rank; after the CTA
// barrier thread 0 arrives, release at cluster scope, on the mapa address of
// the destination CTA's barrier stage.
// CHECK-LABEL: gpu.func @remote
// CHECK-SAME: %[[RANK:[^:]*]]: i32, %[[STAGE:[^:]*]]: index)
// CHECK-DAG: %[[BAR:.*]] = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
// CHECK-DAG: %[[SI:.*]] = builtin.unrealized_conversion_cast %[[STAGE]] : index to i64
// CHECK: %[[DST:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[RDST:.*]] = nvvm.mapa %[[DST]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BAR]][%[[SI]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK-NEXT: %[[RP:.*]] = nvvm.mapa %[[P]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: scf.for
// CHECK:   %[[X:.*]] = vector.load %{{.*}}[%[[E:.*]]] {alignment = 16 : i64} : memref<8192xf16, strided<[1]>, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:   %[[EI:.*]] = arith.index_cast %[[E]] : index to i64
// CHECK:   %[[PTR:.*]] = llvm.getelementptr %[[RDST]][%[[EI]]] : (!llvm.ptr<7>, i64) -> !llvm.ptr<7>, f16
// CHECK:   llvm.store %[[X]], %[[PTR]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<7>
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT:   nvvm.mbarrier.arrive %[[RP]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// CHECK-NEXT: }

// PTX-LABEL: .entry remote
// PTX: mapa.shared::cluster.u64
// PTX: st.shared::cluster.v4.b32
// PTX: bar.sync 0;
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @remote(%A: memref<4096x64xf16>, %i: index, %rank: i32, %s: index) workgroup(%S : memref<128x64xf16, #gpu.address_space<workgroup>>, %D : memref<128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      %t = asynccopy.copy %A to %S window [%i, 0] [128, 64] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob promise_in_bounds>} : memref<4096x64xf16> to memref<128x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.copy %S to %D remote %rank barrier %b[%s] {impl = #asynccopy<impl sync>} : memref<128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// In the consumers' side of a kernel that asynccopy-pipeline-loops split
// for a producer warpgroup (`asynccopy.consumer_threads` on the `scf.if`),
// a per-thread copy shares its work among the 128 threads of the block as
// written, not among all 256 that run the kernel; the producer's side
// keeps the whole block.
// Its CTA barriers (the copy's, the wait's) become barrier 1 over those
// 128 threads.
// CHECK-LABEL: gpu.func @consumers
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[T:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: scf.if %{{.*}} {
// CHECK:   gpu.block_dim
// CHECK:   gpu.barrier
// CHECK:   nvvm.barrier0
// CHECK: } else {
// CHECK-NOT: gpu.block_dim
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C128]]
// CHECK-NOT: gpu.block_dim
// CHECK-NOT: gpu.barrier
// CHECK:   nvvm.barrier id = %[[ONE]] number_of_threads = %[[T]]
// CHECK-NOT: gpu.barrier
// CHECK: } {asynccopy.consumer_threads = 128 : i64}

// PTX-LABEL: .entry consumers
// PTX: bar.sync 0;
// PTX: bar.sync 1, 128;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @consumers(%A: memref<64x64xf32>, %B: memref<64x64xf32>) workgroup(%S : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %producer = arith.cmpi uge, %tid, %c128 : index
      scf.if %producer {
        %t = asynccopy.copy %B to %S {impl = #asynccopy<impl sync>} : memref<64x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
      } else {
        %t = asynccopy.copy %A to %S {impl = #asynccopy<impl sync>} : memref<64x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
        asynccopy.wait %t : !asynccopy.token
      } {asynccopy.consumer_threads = 128 : i64}
      gpu.return
    }
  }
}
