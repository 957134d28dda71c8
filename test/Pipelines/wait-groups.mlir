// The pipelines run asynccopy-assign-wait-groups: in the GPU test that
// reuses two SMEM tiles for four TMA stores, every wait but the last leaves
// the younger store in flight (wait_group 1), through ptxas.
// RUN: ac-opt %S/../Integration/GPU/tma_store_wait_groups.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group 1;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group 1;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group 1;
// CHECK: cp.async.bulk.wait_group 0;
// CHECK-NOT: cp.async.bulk.wait_group
