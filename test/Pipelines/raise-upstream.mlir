// The pipelines raise upstream copies first (option raise-upstream, on by
// default): the GPU tests written in upstream ops only compile to PTX that
// ptxas assembles; with raise-upstream=false the copies keep their upstream
// meaning: every thread copies the whole view, element by element.
// RUN: ac-opt %S/../Integration/GPU/raise_memref_copy.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=COPY
// RUN: ac-opt %S/../Integration/GPU/raise_nvgpu_cp_async.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=ASYNC
// RUN: %upstream_mlir_opt %S/../Integration/GPU/raise_nvgpu_cp_async.mlir \
// RUN:   --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" 2> %t.err \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=UPSTREAM
// RUN: not grep error %t.err
// Per-thread cp.async runs that tile a slab: one CTA copy per slab, 16-B
// cp.async (the slab rows are 128-B aligned in SMEM), one group.
// RUN: ac-opt %S/../Integration/GPU/raise_nvgpu_cp_async_per_thread.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=TILES
// On sm_80 the load completes through a token (cp.async or sync).
// RUN: ac-opt %S/../Integration/GPU/raise_memref_copy.mlir -asynccopy-to-llvm="format=isa chip=sm_80" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=SM80
// RUN: ac-opt %S/../Integration/GPU/raise_memref_copy.mlir -asynccopy-to-llvm="format=isa raise-upstream=false" 2> %t.off \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=OFF
// RUN: FileCheck %s --check-prefix=OFF-REMARK < %t.off
// The option prints with the pipeline.
// RUN: ac-opt %s -asynccopy-to-nvvm="raise-upstream=false" -dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=DUMP

// Load: a 3-D TMA load on an mbarrier; store: a TMA store and its group.
// COPY: .entry raise_memref_copy_kernel
// COPY: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// COPY: mbarrier.try_wait.parity
// COPY: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// COPY: cp.async.bulk.wait_group 0

// The copies join one group (no commit per copy); selection cannot prove
// the SMEM rows' 16-B alignment, so they are synchronous copies, and the
// group's commit and wait stay.
// ASYNC: .entry raise_nvgpu_cp_async_kernel
// ASYNC-NOT: cp.async.commit_group
// ASYNC: ld.global
// ASYNC: cp.async.commit_group
// ASYNC: cp.async.wait_group 0
// TILES: .entry raise_nvgpu_cp_async_per_thread_kernel
// TILES: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16;
// TILES-NOT: cp.async.commit_group
// TILES-NOT: ld.global
// TILES: cp.async.commit_group
// TILES-NEXT: cp.async.wait_group 0
// UPSTREAM: .entry raise_nvgpu_cp_async_kernel
// UPSTREAM: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 16;
// UPSTREAM: cp.async.commit_group

// SM80-NOT: cp.async.bulk
// SM80: .entry raise_memref_copy_kernel
// SM80: cp.async

// OFF: .entry raise_memref_copy_kernel
// OFF-NOT: cp.async.bulk
// OFF: ld.global
// OFF: st.shared
// OFF-REMARK: remark: copied element by element in every thread that runs it
// OFF-REMARK: remark: copied element by element in every thread that runs it

// DUMP: raise-upstream=false
module {
}
