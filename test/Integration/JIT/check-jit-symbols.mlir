// utils/check-jit-symbols.py finds a symbol that no library defines: here
// mgpuCreateSparseEnv, which MLIR's libmlir_cuda_runtime.so has and
// libAsyncCopyRuntime.so does not. mlir-runner fails the same way.
// RUN: not %check_jit_symbols %s > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --input-file=%t.err --check-prefix=ERR
// RUN: not %mlir_runner %s 2>&1 | FileCheck %s --check-prefix=RUNNER

// CHECK-DAG: mgpuStreamCreate libAsyncCopyRuntime.so
// CHECK-DAG: printNewline libmlir_c_runner_utils.so
// CHECK-DAG: malloc libc.so.6
// ERR: check-jit-symbols: {{.*}}check-jit-symbols.mlir needs mgpuCreateSparseEnv, which none of libAsyncCopyRuntime.so, libmlir_runner_utils.so, libmlir_c_runner_utils.so, libc.so.6{{.*}} defines
// RUNNER: mgpuCreateSparseEnv
module {
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuCreateSparseEnv()
  llvm.func @printNewline()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @main() {
    %0 = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    llvm.call @mgpuCreateSparseEnv() : () -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
}
