// The dsmem_copy exchange through the synchronous path (impl = sync): every
// thread stores its share through mapa addresses into the peer's buffer with
// st.async, whose bytes complete on the peer's barrier, and one thread
// arrives there expecting them all (release, cluster scope); the waiting CTA
// acquires at cluster scope, so the stores are visible (racecheck checks
// it). With PTX ISA 8.0 the stores are plain ones, followed by bar.sync and
// one release arrival.
// RUN: %gpu_tests remote_sync_copy | FileCheck %s
// CHECK: remote_sync_copy: PASS
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%in: memref<4x256xf32>, %out: memref<4x256xf32>)
        workgroup(%src : memref<256xf32, #gpu.address_space<workgroup>>,
                  %dst : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %c1_i32 = arith.constant 1 : i32
      %false = arith.constant false
      %bx = gpu.block_id x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      scf.for %i = %tid to %c256 step %nt {
        %v = memref.load %in[%bx, %i] : memref<4x256xf32>
        memref.store %v, %src[%i] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // The peer's barrier is initialised before our copy completes on it.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %peer = arith.xori %rank, %c1_i32 : i32
      asynccopy.copy %src to %dst remote %peer barrier %bar[%c0] {impl = #asynccopy<impl sync>}
          : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      scf.for %i = %tid to %c256 step %nt {
        %v = memref.load %dst[%i] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%bx, %i] : memref<4x256xf32>
      }
      // The peer may still be reading our source: nobody leaves early.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
  func.func @remote_sync_copy(%in: memref<4x256xf32>, %out: memref<4x256xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@kernel clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%in : memref<4x256xf32>, %out : memref<4x256xf32>)
    return
  }
}
