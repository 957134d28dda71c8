// Launch-overhead benchmark: two kernels with the same four memref
// arguments (4096x4096 f16), the same flag and the same 8 KiB of SMEM, and
// no work for the flag the host passes (0). `@ptr_only` never copies: it is
// launched with the memrefs' pointers and metadata alone. `@with_maps` has
// one TMA load from each memref behind `%flag != 0`, so materialisation
// gives it four tensor maps (one per memref) that the host encodes at every
// launch and passes as 128-B `__grid_constant__` parameters
// (descriptor-mode=param). `@launch_<kernel>` launches one CTA of one warp
// `iters` times back to back on one stream and waits for the last.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ptr_only(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>,
                       %c: memref<4096x4096xf16>, %d: memref<4096x4096xf16>,
                       %flag: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
    gpu.func @with_maps(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>,
                        %c: memref<4096x4096xf16>, %d: memref<4096x4096xf16>,
                        %flag: i32)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c0_i32 = arith.constant 0 : i32
      %false = arith.constant false
      %go = arith.cmpi ne, %flag, %c0_i32 : i32
      scf.if %go {
        %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
        asynccopy.barrier.init %bar, 4 : !asynccopy.barrier<1>
        asynccopy.copy %a to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0]
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.copy %b to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0]
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.copy %c to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0]
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.copy %d to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0]
            : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      }
      gpu.return
    }
  }
  func.func @launch_ptr_only(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>,
                             %c: memref<4096x4096xf16>, %d: memref<4096x4096xf16>,
                             %flag: i32, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@ptr_only
          blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
          args(%a : memref<4096x4096xf16>, %b : memref<4096x4096xf16>,
               %c : memref<4096x4096xf16>, %d : memref<4096x4096xf16>, %flag : i32)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  func.func @launch_with_maps(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>,
                              %c: memref<4096x4096xf16>, %d: memref<4096x4096xf16>,
                              %flag: i32, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@with_maps
          blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
          args(%a : memref<4096x4096xf16>, %b : memref<4096x4096xf16>,
               %c : memref<4096x4096xf16>, %d : memref<4096x4096xf16>, %flag : i32)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}
