// asynccopy-to-llvm anchored on container modules nested in the top-level
// one (the upstream passes it runs, nvvm-attach-target, the gpu.module
// nesting and gpu-module-to-binary, handle the gpu.modules directly inside
// the module they run on): each inner module gets its kernels' PTX, through
// ptxas, with its own cluster shape.
// RUN: ac-opt %s --pass-pipeline='builtin.module(builtin.module(asynccopy-to-llvm{format=isa}))' \
// RUN:   | %extract_ptx | FileCheck %s

// @pair: each of 2 CTAs loads 32 of the 64 rows (row offset rank << 5).
// CHECK: .entry k(
// CHECK: .param .align 64 .b8 k_param_{{[0-9]+}}[128]
// CHECK: shl.b32 {{.*}}, 5;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// @quad: each of 4 CTAs loads 16 rows (rank << 4).
// CHECK: .entry k(
// CHECK: .param .align 64 .b8 k_param_{{[0-9]+}}[128]
// CHECK: shl.b32 {{.*}}, 4;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
module {
  module @pair attributes {gpu.container_module} {
    gpu.module @kernels {
      gpu.func @k(%A: memref<4096x4096xf16>)
          workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
        %c0 = arith.constant 0 : index
        %false = arith.constant false
        %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
        asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
        asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        gpu.return
      }
    }
    func.func @host(%A: memref<4096x4096xf16>) {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c128 = arith.constant 128 : index
      gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%A : memref<4096x4096xf16>)
      return
    }
  }

  module @quad attributes {gpu.container_module} {
    gpu.module @kernels {
      gpu.func @k(%A: memref<4096x4096xf16>)
          workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
        %c0 = arith.constant 0 : index
        %false = arith.constant false
        %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
        asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
        asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
        gpu.return
      }
    }
    func.func @host(%A: memref<4096x4096xf16>) {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      gpu.launch_func @kernels::@k clusters in (%c4, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%A : memref<4096x4096xf16>)
      return
    }
  }
}
