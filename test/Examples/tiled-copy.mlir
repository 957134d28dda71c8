// The bundled example lowers to PTX that ptxas accepts for sm_90a.
// RUN: ac-opt %S/../../examples/tiled_copy.mlir -asynccopy-to-llvm="format=isa" \
// RUN:   | %extract_ptx | FileCheck %s
// CHECK-LABEL: .entry tiled_copy(
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group 0
