// Kernels exercising per-thread copies (impl = cp_async and sync) end to end:
// here they go through the NVVM pipeline and ptxas; utils/run-per-thread-copies.py
// runs them on an sm_90 GPU against a host reference:
//   utils/run-per-thread-copies.py --build DIR   (here: ac-opt + ptxas -> cubins)
//   utils/run-per-thread-copies.py --run DIR     (on the GPU machine: CUDA
//                                                 driver through ctypes)
// also clean under `compute-sanitizer --tool {memcheck,racecheck,synccheck}`.
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-select-implementation,convert-asynccopy-to-nvvm,gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' \
// RUN:   | %extract_ptx | FileCheck %s
// CHECK-DAG: .entry k1(
// CHECK-DAG: .entry k2(
// CHECK-DAG: .entry k3(
// CHECK-DAG: .entry k4(
// CHECK-DAG: .entry k5(
// CHECK-DAG: .entry k6(
// CHECK-DAG: .entry k7(
// CHECK-DAG: .entry k8(
// CHECK-DAG: .entry k9(
// CHECK-DAG: .entry k9b(
// CHECK-DAG: .entry k10(
// CHECK-DAG: .entry k10b(

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    // K1: cp.async 16 B, dynamic offsets, OOB rows.
    gpu.func @k1(%A: memref<256x256xf16>, %O: memref<64x64xf16>, %i: index, %y: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c64 = arith.constant 64 : index
      %j = arith.muli %y, %c64 : index
      %t = asynccopy.copy %A to %S window [%i, %j] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      gpu.return
    }
    // K2: cp.async ragged, partial vectors.
    gpu.func @k2(%A: memref<100x70xf16, strided<[128, 1]>>, %O: memref<64x64xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 32] [64, 64] {impl = #asynccopy<impl cp_async>} : memref<100x70xf16, strided<[128, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      gpu.return
    }
    // K3: cp.async tiled + swizzle 128.
    gpu.func @k3(%A: memref<256x256xf16>, %O: memref<1x2x64x64xf16>, %i: index, %y: index) workgroup(%S : memref<1x2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c128 = arith.constant 128 : index
      %j = arith.muli %y, %c128 : index
      %t = asynccopy.copy %A to %S window [%i, %j] [64, 128] {impl = #asynccopy<impl cp_async>, transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64} : memref<256x256xf16> to memref<1x2x64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<1x2x64x64xf16, #gpu.address_space<workgroup>> to memref<1x2x64x64xf16> -> !asynccopy.token
      gpu.return
    }
    // K4: cp.async transpose f32 (4-B transfers along a strided dim).
    gpu.func @k4(%A: memref<64x64xf32>, %O: memref<16x32xf32>, %i: index) workgroup(%S : memref<16x32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 0] [32, 16] {impl = #asynccopy<impl cp_async>, transforms = [#asynccopy.transpose<[1, 0]>]} : memref<64x64xf32> to memref<16x32xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<16x32xf32, #gpu.address_space<workgroup>> to memref<16x32xf32> -> !asynccopy.token
      gpu.return
    }
    // K5: sync load (oob nan, swizzle 64) + dump + store back.
    gpu.func @k5(%A: memref<100x70xf16, strided<[128, 1]>>, %B: memref<100x70xf16, strided<[128, 1]>>, %O: memref<64x32xf16>, %i: index) workgroup(%S : memref<64x32xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 48] [64, 32] {impl = #asynccopy<impl sync>, oob = #asynccopy<oob nan>, swizzle = 64 : i64} : memref<100x70xf16, strided<[128, 1]>> to memref<64x32xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<64x32xf16, #gpu.address_space<workgroup>> to memref<64x32xf16> -> !asynccopy.token
      %t3 = asynccopy.copy %S to %B window [%i, 48] [64, 32] {impl = #asynccopy<impl sync>, swizzle = 64 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>> to memref<100x70xf16, strided<[128, 1]>> -> !asynccopy.token
      gpu.return
    }
    // K6: sync collapse_leading.
    gpu.func @k6(%A: memref<8x16x64xf32>, %O: memref<32x64xf32>, %a: index) workgroup(%S : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%a, 0, 0] [2, 16, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.collapse_leading<2>]} : memref<8x16x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x64xf32> -> !asynccopy.token
      gpu.return
    }
    // K7: sync drop_unit_dims + tile, dump + store back.
    gpu.func @k7(%A: memref<4x256x256xf16>, %B: memref<4x256x256xf16>, %O: memref<2x2x32x64xf16>, %k: index, %i: index, %j: index) workgroup(%S : memref<2x2x32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%k, %i, %j] [1, 64, 128] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[32, 64]>]} : memref<4x256x256xf16> to memref<2x2x32x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<2x2x32x64xf16, #gpu.address_space<workgroup>> to memref<2x2x32x64xf16> -> !asynccopy.token
      %t3 = asynccopy.copy %S to %B window [%k, %i, %j] [1, 64, 128] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[32, 64]>]} : memref<2x2x32x64xf16, #gpu.address_space<workgroup>> to memref<4x256x256xf16> -> !asynccopy.token
      gpu.return
    }
    // K8: sync reductions with ragged windows.
    gpu.func @k8(%A: memref<128x128xi32>, %Badd: memref<128x128xi32>, %Bmax: memref<128x128xi32>, %Binc: memref<128x128xi32>, %Bdec: memref<128x128xi32>, %Bxor: memref<128x128xi32>, %Af: memref<128x128xf32>, %Bf: memref<128x128xf32>, %i: index) workgroup(%S : memref<64x64xi32, #gpu.address_space<workgroup>>, %Sf : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      %t = asynccopy.copy %A to %S window [%i, 64] [64, 64] {impl = #asynccopy<impl sync>} : memref<128x128xi32> to memref<64x64xi32, #gpu.address_space<workgroup>> -> !asynccopy.token
      %tf = asynccopy.copy %Af to %Sf window [%i, 64] [64, 64] {impl = #asynccopy<impl sync>} : memref<128x128xf32> to memref<64x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      %t1 = asynccopy.copy %S to %Badd window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      %t2 = asynccopy.copy %S to %Bmax window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction max>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      %t3 = asynccopy.copy %S to %Binc window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction inc>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      %t4 = asynccopy.copy %S to %Bdec window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction dec>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      %t5 = asynccopy.copy %S to %Bxor window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction xor>} : memref<64x64xi32, #gpu.address_space<workgroup>> to memref<128x128xi32> -> !asynccopy.token
      %t6 = asynccopy.copy %Sf to %Bf window [%i, 96] [64, 64] {impl = #asynccopy<impl sync>, reduction = #asynccopy<reduction add>} : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<128x128xf32> -> !asynccopy.token
      gpu.return
    }
  }
  // K9: a cp.async load completing on a barrier that expects every thread.
  gpu.module @m9 [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k9(%A: memref<256x256xf16>, %O: memref<64x64xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %f = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 128 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl cp_async>} : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %f : !asynccopy.barrier<1>
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      gpu.return
    }
  }
  // K9b: a sync load completing on a count-1 barrier.
  gpu.module @m9b [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k9b(%A: memref<256x256xf16>, %O: memref<64x64xf16>, %i: index) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %f = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 64] [64, 64] barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %f : !asynccopy.barrier<1>
      %t2 = asynccopy.copy %S to %O {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      gpu.return
    }
  }
  // K10: remote sync copy inside a 2-CTA cluster: CTA r sends its S to CTA r^1.
  gpu.module @m10 [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k10(%A: memref<2x64x64xf16>, %O: memref<2x64x64xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>, %D : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %f = arith.constant false
      %c1i = arith.constant 1 : i32
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %r = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %ri = arith.index_cast %r : i32 to index
      %t = asynccopy.copy %A to %S window [%ri, 0, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<2x64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %peer = arith.xori %r, %c1i : i32
      asynccopy.copy %S to %D remote %peer barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %f : !asynccopy.barrier<1>
      %t2 = asynccopy.copy %D to %O window [%ri, 0, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<2x64x64xf16> -> !asynccopy.token
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
  // K10b (cluster barrier before reading): remote sync copy inside a 2-CTA cluster: CTA r sends its S to CTA r^1.
  gpu.module @m10b [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k10b(%A: memref<2x64x64xf16>, %O: memref<2x64x64xf16>) workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>, %D : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %f = arith.constant false
      %c1i = arith.constant 1 : i32
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      %r = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %ri = arith.index_cast %r : i32 to index
      %t = asynccopy.copy %A to %S window [%ri, 0, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<2x64x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %peer = arith.xori %r, %c1i : i32
      asynccopy.copy %S to %D remote %peer barrier %b[%c0] {impl = #asynccopy<impl sync>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %f : !asynccopy.barrier<1>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %t2 = asynccopy.copy %D to %O window [%ri, 0, 0] [1, 64, 64] {impl = #asynccopy<impl sync>, transforms = [#asynccopy.drop_unit_dims<[0]>]} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<2x64x64xf16> -> !asynccopy.token
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
}
