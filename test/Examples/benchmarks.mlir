// The benchmark modules keep compiling to PTX that ptxas accepts for sm_90a.
// RUN: ac-opt %S/../../bench/tma_copy.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=COPY
// RUN: ac-opt %S/../../bench/multicast.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=MULTICAST
// COPY-LABEL: .entry copy_tile(
// COPY: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// COPY: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// MULTICAST-LABEL: .entry independent(
// MULTICAST-NOT: multicast::cluster
// MULTICAST-LABEL: .entry multicast2(
// MULTICAST: barrier.cluster.arrive
// MULTICAST: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// MULTICAST-LABEL: .entry multicast4(
// MULTICAST: multicast::cluster
