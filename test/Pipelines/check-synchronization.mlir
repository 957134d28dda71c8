// The pipelines run asynccopy-check-synchronization by default, after
// asynccopy-assign-wait-groups and before the conversion; its errors fail
// the compilation. check-synchronization=false leaves it out.
// RUN: not ac-opt %s -asynccopy-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON
// RUN: not ac-opt %s -asynccopy-to-llvm="format=isa" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON
// RUN: ac-opt %s -asynccopy-to-nvvm="check-synchronization=false" | FileCheck %s --check-prefix=OFF
// RUN: not ac-opt %s -asynccopy-to-nvvm --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP
// RUN: not ac-opt %s -asynccopy-to-nvvm -mlir-print-ir-after-all -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORDER
// RUN: ac-opt %s -asynccopy-to-nvvm="check-synchronization=false" -mlir-print-ir-after-all -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORDER-OFF

// It runs on the mechanism ops (the error names 'asynccopy.tma.load'), and
// after asynccopy-assign-wait-groups: the wait that pass puts before the
// read of the cp.async load's buffer makes that read no error. A kernel
// that never initialises its barrier (a fragment) gets a remark only.
// ON: remark: allocates a barrier that this kernel never initialises
// ON-NOT: error:
// ON: error: 'asynccopy.tma.load' op is never waited for before the kernel returns on some path
// ON-NOT: error:
// OFF: llvm.func @fragment
// OFF: nvvm.cp.async.bulk.tensor.shared.cluster.global
// OFF: llvm.func @never_waited
// OFF: nvvm.cp.async.bulk.tensor.shared.cluster.global
// OFF: llvm.func @cp_async_guarded
// DUMP: asynccopy-to-nvvm{check-synchronization=true chip=sm_90a
// ORDER: IR Dump After AsyncCopyAssignWaitGroups
// ORDER-NEXT: module
// ORDER: IR Dump After AsyncCopyCheckSynchronization Failed
// ORDER-OFF: IR Dump After AsyncCopyAssignWaitGroups
// ORDER-OFF-NOT: AsyncCopyCheckSynchronization
// ORDER-OFF: IR Dump After ConvertAsyncCopyToNVVM

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fragment(%A: memref<4096x64xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @never_waited(%A: memref<4096x64xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @cp_async_guarded(%A: memref<128x64xf32>)
        workgroup(%S : memref<32x64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %t = asynccopy.copy %A to %S window [0, 0] [32, 64] {impl = #asynccopy<impl cp_async>}
          : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
      %v = memref.load %S[%c0, %c0] : memref<32x64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
