// Without -verify-diagnostics, `expected-*` comments are plain comments: no
// error is printed and ac-opt exits 0 (MLIR 22's driver alone prints
// "expected ... was not produced" errors and still exits 0). With it, an
// expectation that is not produced fails the run.
// RUN: ac-opt %s 2>&1 | FileCheck %s --implicit-check-not=error
// RUN: not ac-opt %s -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: func.func @quiet
// VERIFY: 11:6: error: expected remark "never emitted" was not produced
func.func @quiet() {
  // expected-remark @below {{never emitted}}
  return
}
