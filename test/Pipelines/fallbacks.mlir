// The pipelines warn by default where a copy that asks for what TMA does
// falls back to per-thread copies; `fallbacks=error` fails the compilation
// (exit 1), `fallbacks=silent` says nothing. The kernel still compiles to
// PTX that ptxas assembles with the warning.
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa" 2> %t.warn | %extract_ptx | FileCheck %s --check-prefix=PTX
// RUN: FileCheck %s --check-prefix=WARN < %t.warn
// RUN: not ac-opt %s -asynccopy-to-llvm="format=isa fallbacks=error" 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: ac-opt %s -asynccopy-to-llvm="format=isa fallbacks=silent" 2>&1 >/dev/null | FileCheck %s --check-prefix=SILENT --allow-empty

// WARN: warning: 'asynccopy.copy' op falls back to per-thread sync copies (64 chunks of 96 B, 16-B vectors) though it asks for a swizzle, which TMA does in hardware: the innermost box dim spans 96 B, not the 128-B swizzle span
// WARN-NOT: warning
// ERROR: error: 'asynccopy.copy' op falls back to per-thread sync copies
// SILENT-NOT: warning
// PTX: .entry narrow_swizzled_rows
// PTX-NOT: cp.async.bulk.tensor
// PTX: ld.global.v4.b32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @narrow_swizzled_rows(%A: memref<1000x1000xf16>, %i: index, %out: memref<64x48xf16>)
        workgroup(%S : memref<64x48xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [%i, 0] [64, 48] barrier %b[%c0] {swizzle = 128 : i64}
          : memref<1000x1000xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %b[%c0], %false : !asynccopy.barrier<1>
      %tid = gpu.thread_id x
      %v = memref.load %S[%tid, %c0] : memref<64x48xf16, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid, %c0] : memref<64x48xf16>
      gpu.return
    }
  }
}
