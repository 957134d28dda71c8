// examples/jit/cp_async_sync_copy.mlir through the JIT path: lowered with
// --asynccopy-to-llvm (PTX, which ptxas assembles), every symbol the host
// code calls is defined by the runtime or the runner utilities, and
// mlir-runner links and runs @main. Without a CUDA driver the runtime stops
// it with its one-line message; on a GPU it prints no mismatch.
// RUN: ac-opt %examples/jit/cp_async_sync_copy.mlir --asynccopy-to-llvm=format=isa -o %t.mlir
// RUN: %extract_ptx < %t.mlir > /dev/null
// RUN: %check_jit_symbols %t.mlir | FileCheck %s --check-prefix=SYMBOLS
// RUN: env ASYNCCOPY_CUDA_DRIVER=%t.no-driver.so not %mlir_runner %t.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-DRIVER
// RUN: %if cuda-gpu %{ %mlir_runner %t.mlir | FileCheck %s %}

// SYMBOLS-DAG: mgpuModuleLoadJIT libAsyncCopyRuntime.so
// SYMBOLS-DAG: mgpuLaunchKernel libAsyncCopyRuntime.so
// SYMBOLS-DAG: mgpuMemcpy libAsyncCopyRuntime.so
// SYMBOLS-DAG: printI64 libmlir_c_runner_utils.so

// NO-DRIVER: asynccopy runtime: cannot load {{.*}}no-driver.so
// NO-DRIVER-NOT: JIT session error
// NO-DRIVER-NOT: Symbols not found

// CHECK: cp_async_sync_copy: mismatches = 0
