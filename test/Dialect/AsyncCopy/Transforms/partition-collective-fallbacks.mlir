// RUN: ac-opt %s -split-input-file -verify-diagnostics -asynccopy-partition-collective | FileCheck %s

// A collective copy whose multicast cannot be planned is loaded by every CTA
// of its group on its own (each receives the whole window, as with the
// multicast): the pass drops `collective` and `partition` and says why.
// CHECK-NOT: collective
// CHECK-NOT: partition =
// CHECK: gpu.func @no_split
// CHECK-NOT: collective
// CHECK-NOT: partition =

// No launch and no `known_cluster_size`: the multicast cannot be planned, so
// every CTA loads the window itself.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unknown(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+1 {{is loaded by every CTA of its group on its own, without multicast: the cluster shape of kernel @unknown is unknown (launch it with constant `clusters in (...)` in this module or set `known_cluster_size` on the kernel to multicast)}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_cluster(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+1 {{is loaded by every CTA of its group on its own, without multicast: a launch of its kernel has a cluster size that is not a constant (set `known_cluster_size` on the kernel to multicast)}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@dynamic_cluster clusters in (%n, %c1, %c1) blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4096x4096xf16>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_shapes(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+1 {{is loaded by every CTA of its group on its own, without multicast: its kernel is launched with cluster shapes 2x1x1 and 4x1x1 (a multicast is compiled for one)}}
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>]}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @host(%A: memref<4096x4096xf16>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@two_shapes clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4096x4096xf16>)
    gpu.launch_func @kernels::@two_shapes clusters in (%c4, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4096x4096xf16>)
    return
  }
}

// -----

// One 128-B swizzled row cannot be cut (the innermost dim keeps its swizzle
// span), and partitioned<1> would leave the pieces strided in SMEM: every CTA
// loads the window itself.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_split(%A: memref<4096x4096xf16>)
        workgroup(%S : memref<1x64xf16, #gpu.address_space<workgroup>>,
                  %T : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      // expected-remark @+1 {{is loaded by every CTA of its group on its own, without multicast: no leading box dims split evenly over the 2 CTAs of the collective (each CTA multicasts one dense piece); use partition = #asynccopy.replicated or a window whose leading dim is a multiple of 2}}
      asynccopy.copy %A to %S window [0, 0] [1, 64] barrier %b[%c0] {collective = [#gpu<dim x>], swizzle = 128 : i64}
          : memref<4096x4096xf16> to memref<1x64xf16, #gpu.address_space<workgroup>>
      // expected-remark @+1 {{is loaded by every CTA of its group on its own, without multicast: partitioned<1> leaves box dim 0 (64 elements) whole, so the pieces are not dense in SMEM; partition an earlier dim}}
      asynccopy.copy %A to %T window [0, 0] [64, 64] barrier %b[%c0] {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<1>}
          : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
