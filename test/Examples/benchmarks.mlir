// The benchmark modules keep compiling to PTX that ptxas accepts for sm_90a.
// RUN: ac-opt %S/../../bench/tma_copy.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=CHECK-COPY
// RUN: ac-opt %S/../../bench/multicast.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s --check-prefix=CHECK-MULTICAST
// CHECK-COPY-LABEL: .entry copy_tile(
// CHECK-COPY: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COPY: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// CHECK-MULTICAST-LABEL: .entry independent(
// CHECK-MULTICAST-NOT: multicast::cluster
// CHECK-MULTICAST-LABEL: .entry multicast2(
// CHECK-MULTICAST: barrier.cluster.arrive
// CHECK-MULTICAST: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK-MULTICAST-LABEL: .entry multicast4(
// CHECK-MULTICAST: multicast::cluster
