// Container modules nested in the top-level one: the pipelines run on each
// of them (innermost first) and then on the top-level module, because the
// upstream passes they use (nvvm-attach-target, the gpu.module nesting,
// gpu-to-llvm, gpu-module-to-binary) only handle the gpu.modules and
// launches directly inside the module they run on. Each inner module gets
// its kernels' PTX, through ptxas, with its own cluster shape; anchoring the
// pipeline on the inner modules gives the same.
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s
// RUN: ac-opt %s --pass-pipeline='builtin.module(builtin.module(asynccopy-to-llvm{format=isa}))' \
// RUN:   | %extract_ptx | FileCheck %s
// RUN: ac-opt %s -asynccopy-to-nvvm | FileCheck %s --check-prefix=NVVM
// The pass that does it prints as the pipeline with its options, so dumped
// pipelines (and crash reproducers) parse back:
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP
// RUN: ac-opt %s --pass-pipeline='builtin.module(asynccopy-to-llvm{check-synchronization=true chip=sm_90a descriptor-mode=param dynamic-smem=auto explain=false fallbacks=warn features= format=isa opt-level=2 raise-upstream=true runtime-counters=false stages=0})' \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// Every option prints with the value it was given:
// RUN: ac-opt %s -asynccopy-to-nvvm="chip=sm_80 features=+ptx83 opt-level=3 descriptor-mode=scratch dynamic-smem=never stages=2 explain=true check-synchronization=false raise-upstream=false runtime-counters=true" \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP-SET
// DUMP: builtin.module(
// DUMP-NEXT: asynccopy-to-llvm{check-synchronization=true chip=sm_90a descriptor-mode=param dynamic-smem=auto explain=false fallbacks=warn features= format=isa opt-level=2 raise-upstream=true runtime-counters=false stages=0}
// DUMP-SET: asynccopy-to-nvvm{check-synchronization=false chip=sm_80 descriptor-mode=scratch dynamic-smem=never explain=true fallbacks=warn features=+ptx83 format=bin opt-level=3 raise-upstream=false runtime-counters=true stages=2}

// NVVM: module @pair attributes {gpu.container_module}
// NVVM: gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx81">]
// NVVM: llvm.func @k(
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask
// NVVM: gpu.launch_func @kernels::@k clusters in
// NVVM: module @quad attributes {gpu.container_module}
// NVVM: gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx81">]
// NVVM: llvm.func @k(

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
