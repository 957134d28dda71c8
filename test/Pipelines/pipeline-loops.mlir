// The pipelines run asynccopy-pipeline-loops first: the marked loops of the GPU
// tests come out as N-stage pipelines, through ptxas.

// TMA, 3 stages: two prologue loads, the refill in the loop; the stores'
// waits become one `.read` wait before the refill and one after the loop.
// RUN: ac-opt %S/../Integration/GPU/pipeline_tma.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=TMA
// TMA: .shared .align 1024 .b8 {{.*}}[24576];
// TMA-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TMA: cp.async.bulk.wait_group.read 0;
// TMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TMA: mbarrier.try_wait.parity.shared.b64
// TMA: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// TMA-NOT: cp.async.bulk.wait_group.read
// TMA: cp.async.bulk.wait_group 0;

// cp.async, 4 stages: three committed prologue steps, then wait_group 2.
// RUN: ac-opt %S/../Integration/GPU/pipeline_cp_async.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=CPA
// CPA: .shared .align 16 .b8 {{.*}}[8192];
// CPA-COUNT-3: cp.async.commit_group;
// CPA: cp.async.wait_group 2;
// CPA: cp.async.cg.shared.global
// CPA: cp.async.commit_group;

// The pipeline option `stages` pipelines the same loop without its marker.
// RUN: sed 's/{asynccopy.pipeline_stages = 3 : i64}//' %S/../Integration/GPU/pipeline_tma.mlir \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa stages=3" | %extract_ptx | FileCheck %s --check-prefix=TMA
// Without either, the loop keeps its one tile.
// RUN: sed 's/{asynccopy.pipeline_stages = 3 : i64}//' %S/../Integration/GPU/pipeline_tma.mlir \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=NONE
// NONE: .shared .align 1024 .b8 {{.*}}[8192];
// NONE-NOT: cp.async.bulk.wait_group.read

// Collective loads, 4 stages: the pass's empty barrier initialised with the
// program's full barrier, before the program's cluster barrier and the one
// the pass puts before the loop's run; in the loop the
// stage freed on both CTAs with remote arrivals, then a multicast refill
// after an empty-barrier wait; no cluster barrier in the loop, one after
// it (no CTA goes on while its last multicasts may still land in a peer).
// RUN: ac-opt %S/../Integration/GPU/pipeline_multicast.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=MC
// MC-COUNT-8: mbarrier.init.shared.b64
// MC: barrier.cluster.arrive;
// MC: barrier.cluster.wait;
// MC: barrier.cluster.arrive;
// MC: barrier.cluster.wait;
// MC-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// MC-NOT: barrier.cluster
// The arrivals only release this CTA's reads (CTA scope, as CUTLASS's
// consumer release), and no wait acquires at cluster scope.
// MC: mbarrier.arrive.shared::cluster.b64
// MC-NOT: .cluster.shared
// MC: mbarrier.try_wait.parity.shared.b64
// MC: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// MC-NOT: barrier.cluster
// MC: bra.uni
// MC: barrier.cluster.arrive;
// MC-NEXT: barrier.cluster.wait;
// MC-NOT: barrier.cluster

// `asynccopy.pipeline_empty_barrier` with a constant block size (4 warps):
// no CTA barrier in the loop; each warp syncs its lanes and its first lane
// arrives on the stage's empty barrier, which the refill waits on.
// RUN: ac-opt %S/../Integration/GPU/pipeline_tma_warps.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=WARPS
// WARPS-COUNT-2: bar.sync 0;
// WARPS-NOT: bar.sync
// WARPS: mbarrier.try_wait.parity.shared.b64
// WARPS-NOT: bar.sync
// WARPS: bar.warp.sync -1;
// WARPS-NOT: bar.sync
// WARPS: mbarrier.arrive.shared.b64
// WARPS-NOT: bar.sync
// WARPS: mbarrier.try_wait.parity.shared.b64
// WARPS-NOT: bar.sync
// WARPS: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// WARPS-NOT: bar.sync

// `asynccopy.pipeline_dynamic_schedule` on the grid-stride loop: thread 0
// claims the first three tiles before a CTA barrier; each iteration claims
// one more, releases the stage, publishes the claim in the SMEM ring and
// refills from it. The host allocates and zeroes a counter per launch.
// RUN: ac-opt %S/../Integration/GPU/pipeline_tma_dynamic.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=DYN
// DYN-COUNT-3: atom.global.add.u64
// DYN: bar.sync 0;
// DYN-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// DYN: atom.global.add.u64
// DYN: cp.async.bulk.wait_group.read 0;
// DYN: bar.sync 0;
// DYN: st.shared.b64
// DYN: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// DYN: mbarrier.try_wait.parity.shared.b64
// DYN: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// DYN: cp.async.bulk.wait_group 0;
// RUN: ac-opt %S/../Integration/GPU/pipeline_tma_dynamic.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | FileCheck %s --check-prefix=DYNHOST
// DYNHOST-LABEL: llvm.func @pipeline_tma_dynamic
// DYNHOST-COUNT-2: llvm.call @mgpuMemset32
// DYNHOST: llvm.call @mgpuMemset16
// DYNHOST: llvm.call @mgpuMemset16
// DYNHOST: llvm.call @mgpuMemset32
// DYNHOST: llvm.br
// DYNHOST-NOT: llvm.call @mgpuMemset32
// DYNHOST: llvm.call @mgpuMemFree
// In scratch mode the launch also gets its map buffer: the counter's
// memset, then the maps' copy, each on the launch's stream.
// RUN: ac-opt %S/../Integration/GPU/pipeline_tma_dynamic.mlir -asynccopy-to-llvm="format=isa descriptor-mode=scratch" \
// RUN:   | FileCheck %s --check-prefix=DYNSCRATCH
// DYNSCRATCH-LABEL: llvm.func @pipeline_tma_dynamic
// DYNSCRATCH: llvm.call @mgpuMemset32
// DYNSCRATCH: llvm.call @mgpuMemcpy
// DYNSCRATCH: llvm.call @mgpuMemset32
// DYNSCRATCH: llvm.call @mgpuMemcpy

// cp.async with a dynamic schedule, on the sm_80 path: the claims are
// 64-bit global atomics, published after the wait_group's CTA barrier.
// RUN: ac-opt %S/../Integration/GPU/pipeline_cp_async_dynamic.mlir -asynccopy-to-llvm="format=isa chip=sm_80" \
// RUN:   | %extract_ptx_sm80 | FileCheck %s --check-prefix=CPADYN
// CPADYN-COUNT-4: atom.global.add.u64
// CPADYN: bar.sync 0;
// CPADYN: cp.async.commit_group;
// CPADYN: atom.global.add.u64
// CPADYN: cp.async.wait_group 2;
// CPADYN: bar.sync 0;
// CPADYN: st.shared.{{[bu]}}64
// CPADYN: cp.async.cg.shared.global
// CPADYN: cp.async.commit_group;

// Pipelined loops that run more than once per init of their barriers
// (pipeline-loops-runs.mlir: in scf.for, scf.while, under scf.if, cp.async,
// collective and per-warp release in loop nests): all lower to PTX that
// ptxas accepts, and the pipeline counter kept between runs lives in
// registers (no local memory).
// RUN: ac-opt %S/../Dialect/AsyncCopy/Transforms/pipeline-loops-runs.mlir -split-input-file \
// RUN:   -asynccopy-to-llvm="format=isa" | %extract_ptx | FileCheck %s --check-prefix=RUNS
// RUNS-NOT: .local
// RUNS: .visible .entry in_for(
// RUNS-NOT: .local
// RUNS: .visible .entry in_while(
// RUNS-NOT: .local
// RUNS: .visible .entry once_per_init(
// RUNS-NOT: .local
// RUNS: .visible .entry cp_async_in_for(
// RUNS-NOT: .local
// RUNS: .visible .entry collective_in_for(
// RUNS-NOT: .local
// RUNS: .visible .entry per_warp_in_for(
// RUNS-NOT: .local
