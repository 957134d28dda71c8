// RUN: ac-opt %s -split-input-file -verify-diagnostics

// The `asynccopy.*` attributes the passes record for each other are checked
// wherever they appear: a wrong type or an unknown name is an error at the op
// that carries it. (Each case holds an asynccopy op: MLIR verifies a
// dialect's attributes once the dialect is loaded.)

// expected-error @+1 {{'builtin.module' op attribute 'asynccopy.tma_descriptors' must be an array of #asynccopy.tensor_map, got 3 : i64}}
module attributes {asynccopy.tma_descriptors = 3} {
  func.func @kernel() {
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    return
  }
}

// -----

// expected-error @+1 {{attribute 'asynccopy.descriptor_mode' must be #asynccopy<descriptor_mode param> or #asynccopy<descriptor_mode scratch>, got "global"}}
func.func @descriptor_mode() attributes {asynccopy.descriptor_mode = "global"} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

// expected-error @+1 {{attribute 'asynccopy.descriptor_mode' must be #asynccopy<descriptor_mode param> or #asynccopy<descriptor_mode scratch>, got 1 : i64}}
func.func @descriptor_mode_type() attributes {asynccopy.descriptor_mode = 1} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

// expected-error @+1 {{attribute 'asynccopy.grid_constants' must be a non-negative integer (trailing tensor-map parameters), got -1 : i64}}
func.func @grid_constants() attributes {asynccopy.grid_constants = -1} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

// expected-error @+1 {{attribute 'asynccopy.launch_counters' must be an array of array<i64: y, z> (grid rows per launch counter), got [array<i64: 1, 0>]}}
func.func @launch_counters_zero_rows() attributes {asynccopy.launch_counters = [array<i64: 1, 0>]} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

// expected-error @+1 {{attribute 'asynccopy.launch_counters' must be an array of array<i64: y, z> (grid rows per launch counter), got [array<i64: 1, 1, 1>]}}
func.func @launch_counters_three() attributes {asynccopy.launch_counters = [array<i64: 1, 1, 1>]} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

func.func @store_edge_guard(%c: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @+1 {{attribute 'asynccopy.store_edge_guard' must be a unit attribute, got true}}
  scf.if %c {
  } {asynccopy.store_edge_guard = true}
  return
}

// -----

func.func @subview_guard(%c: i1) {
  // expected-error @+1 {{attribute 'asynccopy.subview_guard' must be a unit attribute, got 1 : i64}}
  scf.if %c {
  } {asynccopy.subview_guard = 1}
  return
}

// -----

func.func @wait_groups(%t: !asynccopy.token) {
  // expected-error @+1 {{'asynccopy.wait' op attribute 'asynccopy.wait_groups' must be an integer of completion-group bits, 0 to 3, got "x"}}
  asynccopy.wait %t {asynccopy.wait_groups = "x"} : !asynccopy.token
  return
}

// -----

func.func @wait_groups_range(%t: !asynccopy.token) {
  // expected-error @+1 {{attribute 'asynccopy.wait_groups' must be an integer of completion-group bits, 0 to 3, got 4 : i64}}
  asynccopy.wait %t {asynccopy.wait_groups = 4} : !asynccopy.token
  return
}

// -----

func.func @cluster_acquire(%s: index, %p: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @+1 {{attribute 'asynccopy.cluster_acquire' must be a unit attribute, got 1 : i64}}
  asynccopy.barrier.wait %b[%s], %p {asynccopy.cluster_acquire = 1} : !asynccopy.barrier<1>
  return
}

// -----

func.func @proxy_fence(%s: index, %p: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  // expected-error @+1 {{attribute 'asynccopy.proxy_fence' must be a unit attribute, got "yes"}}
  asynccopy.barrier.wait %b[%s], %p {asynccopy.proxy_fence = "yes"} : !asynccopy.barrier<1>
  return
}

// -----

// Where a mechanism op's tensor map is lives in its plan; the attributes
// that used to say it are not the dialect's any more.
func.func @descriptor(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{'asynccopy.copy' op has unknown attribute 'asynccopy.descriptor'; the asynccopy dialect defines no such attribute}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {asynccopy.descriptor = 2} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @cluster_shape(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{attribute 'asynccopy.cluster_shape' must be array<i64: x, y, z> of positive extents, got array<i64: 2, 1>}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], asynccopy.cluster_shape = array<i64: 2, 1>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @smem_offsets(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{attribute 'asynccopy.smem_offsets' must be array<i64: ...> of two entries per SMEM operand: (0, offset) or (power-of-two modulus, residue), got [1, 0]}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {asynccopy.smem_offsets = [1, 0]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// expected-error @+1 {{'func.func' op has unknown attribute 'asynccopy.foo'; the asynccopy dialect defines no such attribute}}
func.func @unknown() attributes {asynccopy.foo} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  return
}

// -----

// A loop is pipelined with a positive number of stages.
func.func @pipeline_stages_zero(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_stages' must be a positive integer (pipeline stages), got 0 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = 0 : i64}
  return
}

// -----

func.func @pipeline_stages_string(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_stages' must be a positive integer (pipeline stages), got "3"}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = "3"}
  return
}

// -----

// A consumer release is a unit attribute.
func.func @cta_release_value(%s: index, %r: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %v = asynccopy.barrier.remote %b, %r : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
  // expected-error @below {{attribute 'asynccopy.cta_release' must be a unit attribute, got true}}
  asynccopy.barrier.arrive %v[%s] {asynccopy.cta_release = true} : !asynccopy.barrier<1, remote>
  return
}

// -----

// Asking for empty-barrier release is a unit attribute.
func.func @pipeline_empty_barrier_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_empty_barrier' must be a unit attribute, got 1 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_empty_barrier = 1 : i64}
  return
}

// -----

// Asking for a dynamic schedule is a unit attribute.
func.func @pipeline_dynamic_schedule_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_dynamic_schedule' must be a unit attribute, got "dynamic"}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_dynamic_schedule = "dynamic"}
  return
}

// -----

// Asking for an asynchronous wgmma consumer is a unit attribute.
func.func @pipeline_async_consumer_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_async_consumer' must be a unit attribute, got 1 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_async_consumer = 1 : i64}
  return
}

// -----

// Asking for ping-pong consumers is a unit attribute.
func.func @pipeline_pingpong_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{attribute 'asynccopy.pipeline_pingpong' must be a unit attribute, got true}}
  scf.for %i = %c0 to %n step %c1 {
  } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize, asynccopy.pipeline_pingpong = true}
  return
}

// -----

// Every protocol attribute with a value of its type verifies.
func.func @valid(%t: !asynccopy.token, %s: index, %p: i1) attributes {asynccopy.tma_descriptors = [], asynccopy.descriptor_mode = #asynccopy<descriptor_mode scratch>, asynccopy.grid_constants = 0, asynccopy.launch_counters = [array<i64: 2, 1>, array<i64: 1, 1>]} {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  asynccopy.wait %t {asynccopy.wait_groups = 3} : !asynccopy.token
  asynccopy.barrier.wait %b[%s], %p {asynccopy.cluster_acquire, asynccopy.proxy_fence} : !asynccopy.barrier<1>
  scf.if %p {
  } {asynccopy.store_edge_guard}
  scf.if %p {
  } {asynccopy.subview_guard}
  scf.for %i = %s to %s step %s {
  } {asynccopy.pipeline_stages = 4 : i64, asynccopy.pipeline_empty_barrier, asynccopy.pipeline_dynamic_schedule}
  asynccopy.barrier.arrive %b[%s] {asynccopy.cta_release} : !asynccopy.barrier<1>
  return
}

// -----

// An attribute without a dialect prefix is one the op defines: a misspelt
// one is an error naming the closest, not a silently unswizzled tile.
func.func @misspelt_swizzle(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // expected-error @+1 {{'asynccopy.copy' op has no attribute `swizle`: did you mean `swizzle`?}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {swizle = 128 : i64} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @misspelt_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // expected-error @+1 {{'asynccopy.copy' op has no attribute `colective`: did you mean `collective`?}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {colective = [#gpu<dim x>]} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Nothing close: the error lists what the op takes.
func.func @unknown_on_copy(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %s = arith.constant 0 : index
  // expected-error @+1 {{'asynccopy.copy' op has no attribute `multicast`; it takes `cache`, `collective`, `commit`, `impl`, `oob`, `partition`, `reduction`, `swizzle`, `transforms` (an attribute of another dialect is written with its prefix)}}
  asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s] {multicast} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Ops without attributes of their own take none; other dialects' attributes
// keep their prefix and are theirs to check.
func.func @unknown_on_fence() {
  asynccopy.fence_async_shared {llvm.keep}
  // expected-error @+1 {{'asynccopy.fence_async_shared' op has no attribute `scope`: it takes none (an attribute of another dialect is written with its prefix)}}
  asynccopy.fence_async_shared {scope = 1 : i32}
  return
}

// -----

// Unit attributes too.
func.func @misspelt_on_wait(%t: !asynccopy.token) {
  // expected-error @+1 {{'asynccopy.wait_group' op has no attribute `raed`: did you mean `read`?}}
  asynccopy.wait_group bulk 0 {raed}
  return
}
