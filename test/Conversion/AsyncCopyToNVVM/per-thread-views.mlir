// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -asynccopy-partition-collective -asynccopy-materialize-tma-descriptors -convert-asynccopy-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="chip=sm_80 format=isa" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=PTX

// Per-thread copies into SMEM views: the vector width and the swizzle follow
// where the view starts in its allocation (Analysis/SmemBuffer), not only
// its type.

// A memref.view 8 B into a byte arena (its type has offset 0): 8-B vectors.
// CHECK-LABEL: gpu.func @narrow
// CHECK: vector.store %{{.*}} {alignment = 8 : i64} : memref<4096xf32, strided<[1]>, #gpu.address_space<workgroup>>, vector<2xf32>
// PTX-LABEL: .entry narrow
// PTX: st.shared.v2.b32
// PTX: ld.shared.v2.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @narrow(%A: memref<128x64xf32>) workgroup(%raw : memref<16392xi8, #gpu.address_space<workgroup>>) kernel {
      %c8 = arith.constant 8 : index
      %v = memref.view %raw[%c8][] : memref<16392xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %A to %v window [0, 0] [64, 64] {impl = #asynccopy<impl sync>} : memref<128x64xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %s = asynccopy.copy %v to %A window [64, 0] [64, 64] : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x64xf32> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A swizzled copy one 128-B row into its buffer: the swizzle works on the
// address (TMA's pattern), so the row's 128 B enter the XOR.
// CHECK-LABEL: gpu.func @swizzle_row
// CHECK-SAME: {llvm.align = 1024 : i64}
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: scf.for
// CHECK:   %[[A:.*]] = arith.addi %{{.*}}, %[[C128]] : index
// CHECK:   %[[X:.*]] = arith.xori %[[A]], %{{.*}} : index
// CHECK:   arith.subi %[[X]], %[[C128]] : index
// PTX-LABEL: .entry swizzle_row
// PTX: xor.b
// PTX: st.shared.v4.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @swizzle_row(%A: memref<128x64xf16>) workgroup(%buf : memref<65x64xf16, #gpu.address_space<workgroup>>) kernel {
      %v = memref.subview %buf[1, 0] [64, 64] [1, 1] : memref<65x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %A to %v window [0, 0] [64, 64] {swizzle = 128 : i64, impl = #asynccopy<impl sync>} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %s = asynccopy.copy %v to %A window [64, 0] [64, 64] {swizzle = 128 : i64} : memref<64x64xf16, strided<[64, 1], offset: 64>, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
}

// -----

// A row chosen at run time: where the view starts in its swizzle atom is
// read from its address.
// CHECK-LABEL: gpu.func @swizzle_dynamic
// CHECK-DAG: %[[C1023:.*]] = arith.constant 1023 : index
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index
// CHECK: %[[S:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK: %[[BASE:.*]] = arith.andi %[[S]], %[[C1023]] : index
// CHECK: scf.for
// CHECK:   arith.addi %{{.*}}, %[[BASE]] : index
// CHECK:   nvgpu.device_async_copy
// PTX-LABEL: .entry swizzle_dynamic
// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    gpu.func @swizzle_dynamic(%A: memref<128x64xf16>, %i: index) workgroup(%buf : memref<4x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %v = memref.subview %buf[0, %i, 0] [1, 64, 64] [1, 1, 1] : memref<4x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %t = asynccopy.copy %A to %v window [0, 0] [64, 64] {swizzle = 128 : i64} : memref<128x64xf16> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %s = asynccopy.copy %v to %A window [64, 0] [64, 64] {swizzle = 128 : i64} : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<128x64xf16> -> !asynccopy.token
      asynccopy.wait %s : !asynccopy.token
      gpu.return
    }
  }
}
