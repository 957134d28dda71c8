// RUN: ac-opt --asynccopy-to-nvvm="explain=true" -verify-diagnostics %s -o /dev/null
// RUN: sed /expected-remark/d %s | ac-opt --asynccopy-to-nvvm -o /dev/null 2>&1 | count 0

// explain=true turns on the implementation selection's remarks (one per
// candidate until one accepts) and asynccopy-report's line per copy (after
// materialisation, so it names the tensor-map parameter); without it the
// pipeline is silent.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<256x256xf16>, %out: memref<256x256xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // expected-remark @below {{tma: accepted (1 issue, 8192 B)}}
      // expected-remark @below {{copy @k#0 impl=tma dir=load bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg2}}
      asynccopy.copy %in to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0]
          : memref<256x256xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      // expected-remark @below {{tma: accepted (1 issue, 8192 B)}}
      // expected-remark @below {{copy @k#1 impl=tma dir=store bytes=8192 issues=1 bytes_per_issue=8192 desc=param:arg3}}
      %t = asynccopy.copy %tile to %out window [%c0, %c0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<256x256xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
