// Sync-fallback reductions on signed and unsigned integers: min/max compare
// with the element type's signedness (signless compares as signed, as TMA's
// s32/s64 maps do), add and the bitwise ops do not care, and PTX's
// wrap-around inc/dec become a compare-and-swap loop on the signless type.
// RUN: ac-opt %s -split-input-file -asynccopy-select-implementation -convert-asynccopy-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: ac-opt %s -split-input-file -asynccopy-to-llvm="chip=sm_90a format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @min_si32
// CHECK: %[[V:.*]] = builtin.unrealized_conversion_cast %{{.*}} : si32 to i32
// CHECK: %[[M:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<1048576xsi32, strided<[1]>> to memref<1048576xi32, strided<[1]>>
// CHECK: memref.atomic_rmw mins %[[V]], %[[M]][%{{.*}}] : (i32, memref<1048576xi32, strided<[1]>>) -> i32
// PTX-LABEL: .entry min_si32
// PTX: atom.global.min.s32
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @min_si32(%B: memref<1024x1024xsi32>, %i: index) workgroup(%S : memref<64x64xsi32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction min>} : memref<64x64xsi32, #gpu.address_space<workgroup>> to memref<1024x1024xsi32> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.func @max_ui64
// CHECK: memref.atomic_rmw maxu {{.*}} : (i64, memref<1048576xi64, strided<[1]>>) -> i64
// PTX-LABEL: .entry max_ui64
// PTX: atom.global.max.u64
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @max_ui64(%B: memref<1024x1024xui64>, %i: index) workgroup(%S : memref<64x32xui64, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %S to %B window [%i, 0] [64, 32] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction max>} : memref<64x32xui64, #gpu.address_space<workgroup>> to memref<1024x1024xui64> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.func @add_si16
// CHECK: memref.atomic_rmw addi {{.*}} : (i16, memref<1048576xi16, strided<[1]>>) -> i16
// PTX-LABEL: .entry add_si16
// PTX: atom.{{.*}}global.cas.b32
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @add_si16(%B: memref<1024x1024xsi16>, %i: index) workgroup(%S : memref<64x64xsi16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>} : memref<64x64xsi16, #gpu.address_space<workgroup>> to memref<1024x1024xsi16> -> !asynccopy.token
      gpu.return
    }
  }
}

// -----

// inc on ui32: old >= v ? 0 : old + 1, computed on i32.
// CHECK-LABEL: gpu.func @inc_ui32
// CHECK: %[[V:.*]] = builtin.unrealized_conversion_cast %{{.*}} : ui32 to i32
// CHECK: memref.generic_atomic_rmw {{.*}} : memref<1048576xi32, strided<[1]>>
// CHECK: ^bb0(%[[OLD:.*]]: i32):
// CHECK: %[[WRAP:.*]] = arith.cmpi uge, %[[OLD]], %[[V]] : i32
// CHECK: %[[NEW:.*]] = arith.select %[[WRAP]]
// CHECK: memref.atomic_yield %[[NEW]] : i32
// PTX-LABEL: .entry inc_ui32
// PTX: atom.{{.*}}global.cas.b32
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @inc_ui32(%B: memref<1024x1024xui32>, %i: index) workgroup(%S : memref<64x64xui32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %S to %B window [%i, 0] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction inc>} : memref<64x64xui32, #gpu.address_space<workgroup>> to memref<1024x1024xui32> -> !asynccopy.token
      gpu.return
    }
  }
}
