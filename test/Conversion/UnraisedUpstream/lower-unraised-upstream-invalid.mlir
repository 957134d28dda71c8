// RUN: ac-opt %s -split-input-file -asynccopy-lower-unraised-upstream -verify-diagnostics

// A workgroup buffer allocated in host code (what
// `transform.structured.promote` makes) that raising did not turn into an
// attribution of its launch: no kernel could address it.
func.func @host_workgroup_alloc(%v: f16) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'memref.alloc' op allocates workgroup memory in host code, which no kernel can address: make it a workgroup attribution of its gpu.launch}}
  %smem = memref.alloc() : memref<64xf16, #gpu.address_space<workgroup>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    memref.store %v, %smem[%c0] : memref<64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
