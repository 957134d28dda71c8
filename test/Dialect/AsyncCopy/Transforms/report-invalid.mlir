// RUN: ac-opt %s -asynccopy-report=output=%t.missing/report.txt -verify-diagnostics
// RUN: not ac-opt %s -asynccopy-report=output=%t.missing/report.txt -o /dev/null 2>/dev/null

// A report file that cannot be opened is an error on the module.
// expected-error@+1 {{asynccopy-report cannot write '}}
module {
  func.func @f() {
    return
  }
}
