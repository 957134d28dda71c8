// An upstream pass that reports an error without failing (gpu-to-llvm on a
// host function that stores to workgroup memory) fails the pipeline: ac-opt exits with 1 and
// prints no half-lowered module (embedders see the failure too).
// RUN: not ac-opt %s -asynccopy-to-llvm 2>&1 | FileCheck %s
// RUN: not ac-opt %s -asynccopy-to-llvm 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: module

// CHECK: error: conversion of memref memory space #gpu.address_space<workgroup> to integer address space failed
module attributes {gpu.container_module} {
  func.func @host(%v: f16, %smem: memref<64xf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    memref.store %v, %smem[%c0] : memref<64xf16, #gpu.address_space<workgroup>>
    return
  }
}
