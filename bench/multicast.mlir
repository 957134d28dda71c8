// Panel broadcast benchmark: groups of C CTAs (C = 2 or 4, along x) need
// the same 128-row panel of a 1024x8192 f16 matrix (16 MiB, L2-resident);
// each CTA streams the panel through two 128x64 SMEM tiles (128 TMA loads of
// 16 KiB, 128-B swizzle, tile k+1 in flight while tile k is waited for),
// like the A operand of a GEMM shared by the CTAs of a row. `independent`:
// every CTA loads every tile itself. `multicast`: the C CTAs form a cluster
// and the copy is collective over x, so each loads 1/C of the tile and
// multicasts it; a split cluster barrier (arrive after tile k is consumed,
// wait before its buffer is refilled) keeps a CTA from overwriting a tile a
// peer still uses. 2112 CTAs of one warp per launch either way;
// `@<variant><C>` launches `iters` times on one stream.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @independent(%A: memref<1024x8192xf16>)
        workgroup(%tile0 : memref<128x64xf16, #gpu.address_space<workgroup>>,
                  %tile1 : memref<128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %by = gpu.block_id y
      %panel = arith.remui %by, %c8 : index
      %row = arith.muli %panel, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
      %col_p = arith.muli %c0, %c64 : index
      %odd_p = arith.remui %c0, %c2 : index
      %is1_p = arith.cmpi eq, %odd_p, %c1 : index
      scf.if %is1_p {
        asynccopy.copy %A to %tile1 window [%row, %col_p] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      } else {
        asynccopy.copy %A to %tile0 window [%row, %col_p] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      scf.for %k = %c0 to %c128 step %c1 {
        %more = arith.cmpi ult, %k, %c127 : index
        scf.if %more {
          %k1 = arith.addi %k, %c1 : index
          %col_n = arith.muli %k1, %c64 : index
          %odd_n = arith.remui %k1, %c2 : index
          %is1_n = arith.cmpi eq, %odd_n, %c1 : index
          scf.if %is1_n {
            asynccopy.copy %A to %tile1 window [%row, %col_n] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          } else {
            asynccopy.copy %A to %tile0 window [%row, %col_n] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          }
        }
        %stage = arith.remui %k, %c2 : index
        %half = arith.divui %k, %c2 : index
        %parity = arith.remui %half, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<2>
      }
      gpu.return
    }
    gpu.func @multicast2(%A: memref<1024x8192xf16>)
        workgroup(%tile0 : memref<128x64xf16, #gpu.address_space<workgroup>>,
                  %tile1 : memref<128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %by = gpu.block_id y
      %panel = arith.remui %by, %c8 : index
      %row = arith.muli %panel, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %col_p = arith.muli %c0, %c64 : index
      %odd_p = arith.remui %c0, %c2 : index
      %is1_p = arith.cmpi eq, %odd_p, %c1 : index
      scf.if %is1_p {
        asynccopy.copy %A to %tile1 window [%row, %col_p] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      } else {
        asynccopy.copy %A to %tile0 window [%row, %col_p] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      scf.for %k = %c0 to %c128 step %c1 {
        %notfirst = arith.cmpi ugt, %k, %c0 : index
        scf.if %notfirst {
          nvvm.cluster.wait
        }
        %more = arith.cmpi ult, %k, %c127 : index
        scf.if %more {
          %k1 = arith.addi %k, %c1 : index
          %col_n = arith.muli %k1, %c64 : index
          %odd_n = arith.remui %k1, %c2 : index
          %is1_n = arith.cmpi eq, %odd_n, %c1 : index
          scf.if %is1_n {
            asynccopy.copy %A to %tile1 window [%row, %col_n] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          } else {
            asynccopy.copy %A to %tile0 window [%row, %col_n] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          }
        }
        %stage = arith.remui %k, %c2 : index
        %half = arith.divui %k, %c2 : index
        %parity = arith.remui %half, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<2>
        nvvm.cluster.arrive
      }
      nvvm.cluster.wait
      gpu.return
    }
    gpu.func @multicast4(%A: memref<1024x8192xf16>)
        workgroup(%tile0 : memref<128x64xf16, #gpu.address_space<workgroup>>,
                  %tile1 : memref<128x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %by = gpu.block_id y
      %panel = arith.remui %by, %c8 : index
      %row = arith.muli %panel, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %col_p = arith.muli %c0, %c64 : index
      %odd_p = arith.remui %c0, %c2 : index
      %is1_p = arith.cmpi eq, %odd_p, %c1 : index
      scf.if %is1_p {
        asynccopy.copy %A to %tile1 window [%row, %col_p] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      } else {
        asynccopy.copy %A to %tile0 window [%row, %col_p] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
            : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
      }
      scf.for %k = %c0 to %c128 step %c1 {
        %notfirst = arith.cmpi ugt, %k, %c0 : index
        scf.if %notfirst {
          nvvm.cluster.wait
        }
        %more = arith.cmpi ult, %k, %c127 : index
        scf.if %more {
          %k1 = arith.addi %k, %c1 : index
          %col_n = arith.muli %k1, %c64 : index
          %odd_n = arith.remui %k1, %c2 : index
          %is1_n = arith.cmpi eq, %odd_n, %c1 : index
          scf.if %is1_n {
            asynccopy.copy %A to %tile1 window [%row, %col_n] [128, 64] barrier %bar[%c1] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          } else {
            asynccopy.copy %A to %tile0 window [%row, %col_n] [128, 64] barrier %bar[%c0] {swizzle = 128 : i64, collective = [#gpu<dim x>]}
                : memref<1024x8192xf16> to memref<128x64xf16, #gpu.address_space<workgroup>>
          }
        }
        %stage = arith.remui %k, %c2 : index
        %half = arith.divui %k, %c2 : index
        %parity = arith.remui %half, %c2 : index
        %phase = arith.index_cast %parity : index to i1
        asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<2>
        nvvm.cluster.arrive
      }
      nvvm.cluster.wait
      gpu.return
    }
  }
  func.func @independent2(%A: memref<1024x8192xf16>, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cx = arith.constant 2 : index
    %gy = arith.constant 1056 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@independent
          blocks in (%cx, %gy, %c1) threads in (%c32, %c1, %c1)
          args(%A : memref<1024x8192xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  func.func @multicast2(%A: memref<1024x8192xf16>, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cx = arith.constant 2 : index
    %gy = arith.constant 1056 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@multicast2
          clusters in (%cx, %c1, %c1) blocks in (%cx, %gy, %c1) threads in (%c32, %c1, %c1)
          args(%A : memref<1024x8192xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  func.func @independent4(%A: memref<1024x8192xf16>, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cx = arith.constant 4 : index
    %gy = arith.constant 528 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@independent
          blocks in (%cx, %gy, %c1) threads in (%c32, %c1, %c1)
          args(%A : memref<1024x8192xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  func.func @multicast4(%A: memref<1024x8192xf16>, %iters: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cx = arith.constant 4 : index
    %gy = arith.constant 528 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {
      %next = gpu.launch_func async [%t] @kernels::@multicast4
          clusters in (%cx, %c1, %c1) blocks in (%cx, %gy, %c1) threads in (%c32, %c1, %c1)
          args(%A : memref<1024x8192xf16>)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}
