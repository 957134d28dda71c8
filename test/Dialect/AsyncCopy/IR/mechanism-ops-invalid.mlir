// RUN: ac-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of the mechanism ops and their plans. Each case is
// otherwise valid, so it fails only through the rule it names.

func.func @tma_plan_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA box has 1 to 5 dims, got 6}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [1, 1, 1, 1, 64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_box(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{TMA box extents are 1 to 256 elements, got 300}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [300, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_issues(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA plan issues at least once, got 0}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 0, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA plan moves at least one byte, got 0}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 0>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_descriptor(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{the tensor-map parameter is a kernel argument index, got -1}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = -1>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @chunk_plan_empty(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a chunk plan moves at least one chunk of at least one byte, got 0 of 4096 B}}
  asynccopy.bulk.load %B to %V window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 0, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @chunk_plan_vector(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{vector_bytes is a power of two up to 16, got 3}}
  %t = asynccopy.sync.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 3>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @direction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{copies GMEM -> SMEM, got}}
  asynccopy.tma.load %S to %A window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16>
  return
}

// -----

func.func @element_types(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{source element type 'f32' and destination element type 'f16' differ}}
  asynccopy.tma.load %B to %S window [%i] [4096] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<65536xf32> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @impl(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{'asynccopy.tma.load' op has no attribute `impl`; it takes `cache`, `collective`, `commit`, `oob`, `partition`, `plan`}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {impl = #asynccopy<impl tma>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  %r = asynccopy.barrier.remote %b, %rank : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
  // expected-error @+1 {{cannot complete on a remote barrier view}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %r[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_load_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `barrier`: a TMA load completes on an mbarrier}}
  %t = asynccopy.tma.load %A to %S window [%i, 0] [64, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @tma_load_remote(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `remote`}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] remote %rank barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_load_reduction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `reduction`}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {reduction = #asynccopy<reduction add>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The bytes a TMA load's barrier expects are the window's: a plan that says
// otherwise (here more than an mbarrier transaction count holds) is wrong.
func.func @tma_load_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a TMA plan of 1 issue(s) of 8192-B boxes and bytes = 2097152 for a window of 8192 B}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 2097152>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_store_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `barrier`}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_store_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `collective`}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_store_remote(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `remote`}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] remote %rank {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_store_reduction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `reduction`; a reducing store is asynccopy.tma.reduce}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {reduction = #asynccopy<reduction add>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_reduce_kind(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `reduction`: a store without one is asynccopy.tma.store}}
  %t = asynccopy.tma.reduce %S to %A window [%i, 0] [64, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_prefetch_smem(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{prefetches a GMEM tensor, got}}
  asynccopy.tma.prefetch %S {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_transforms(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `transforms`}}
  asynccopy.bulk.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {transforms = [#asynccopy.transpose<[1, 0]>], plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_swizzle(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `swizzle`}}
  asynccopy.bulk.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {swizzle = 128 : i64, plan = #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_reduction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `reduction`}}
  %t = asynccopy.bulk.store %V to %B window [%i] [1024] {reduction = #asynccopy<reduction add>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
  return
}

// -----

func.func @bulk_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `collective`}}
  asynccopy.bulk.load %B to %V window [%i] [1024] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_chunk_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{moves chunks of 20 B; bulk copies move multiples of 16 B}}
  asynccopy.bulk.load %B to %V window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 20>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_vector(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a plan with vector_bytes; bulk copies have no per-thread vectors}}
  asynccopy.bulk.load %B to %V window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_load_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `barrier`: a bulk load completes on an mbarrier}}
  %t = asynccopy.bulk.load %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @bulk_load_remote(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `remote`}}
  asynccopy.bulk.load %B to %V window [%i] [1024] remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_load_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{moves 2097152 B, more than the 1048575 B an mbarrier transaction count holds; split the copy}}
  asynccopy.bulk.load %B to %V window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 512, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @bulk_store_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `barrier`}}
  %t = asynccopy.bulk.store %V to %B window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
  return
}

// -----

func.func @dsmem_direction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{copies SMEM -> SMEM of another CTA, got}}
  asynccopy.dsmem.copy %B to %V remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `remote`: it names the destination CTA}}
  asynccopy.dsmem.copy %V to %W barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `barrier`: the bytes complete on the destination CTA's barrier}}
  asynccopy.dsmem.copy %V to %W remote %rank {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_window(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `window`}}
  asynccopy.dsmem.copy %V to %W window [0] [1024] remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_peer(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `peer`}}
  asynccopy.dsmem.copy %V to %W remote %rank barrier %b[%s] peer %rank {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_oob(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `oob`}}
  asynccopy.dsmem.copy %V to %W remote %rank barrier %b[%s] {oob = #asynccopy<oob zeros>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dsmem_token(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{completes on the barrier and returns no token}}
  %t = asynccopy.dsmem.copy %V to %W remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @dsmem_chunks(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{moves its 4096-B buffer as one chunk; the plan has 2 of 2048 B}}
  asynccopy.dsmem.copy %V to %W remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 2, chunk_bytes = 2048>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @cp_async_token(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs `token` or `barrier`: cp.async completes through commit/wait groups or through every thread's arrival on a barrier}}
  asynccopy.cp_async.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @cp_async_remote(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `remote`}}
  %t = asynccopy.cp_async.copy %B to %V window [%i] [1024] remote %rank {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @cp_async_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{takes no `collective`}}
  %t = asynccopy.cp_async.copy %B to %V window [%i] [1024] {collective = [#gpu<dim x>], plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @cp_async_nan(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{zero-fills elements outside the tensor; oob = nan needs TMA or sync}}
  %t = asynccopy.cp_async.copy %B to %V window [%i] [1024] {oob = #asynccopy<oob nan>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @cp_async_no_vector(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs a plan with vector_bytes: the width of one thread's access}}
  %t = asynccopy.cp_async.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @cp_async_width(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{moves 4, 8 or 16 B per cp.async, got vector_bytes = 2}}
  %t = asynccopy.cp_async.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 2>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @sync_no_vector(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{needs a plan with vector_bytes: the width of one thread's access}}
  %t = asynccopy.sync.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @sync_remote_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<64xi4, #gpu.address_space<workgroup>>, %Y: memref<64xi4, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{copies to another CTA move whole bytes, got 'i4'}}
  asynccopy.sync.copy %X to %Y remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 32, vector_bytes = 16>} : memref<64xi4, #gpu.address_space<workgroup>> to memref<64xi4, #gpu.address_space<workgroup>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// The rules of every copy (docs/ir.md, "Copies"), which the mechanism ops
// check as asynccopy.copy does: each case satisfies its mechanism's clauses.
//===----------------------------------------------------------------------===//

func.func @copy_element_type(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<4096x4096xindex>, %Y: memref<64x64xindex, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{copies move integer or floating-point elements of 1, 2, 4 or 8 bytes, got 'index'}}
  asynccopy.tma.load %X to %Y window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xindex> to memref<64x64xindex, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_negative_stride(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<4096x4096xf16, strided<[-4096, 1], offset: 16773120>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{source stride of dim 0 must be non-negative, got -4096}}
  asynccopy.tma.load %X to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16, strided<[-4096, 1], offset: 16773120>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_collective_dims(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`collective` holds cluster dims (#gpu<dim x>), got 0 : i64}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [0], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_partition_without_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{`partition` needs `collective`}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {partition = #asynccopy.replicated, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @copy_stage(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 2 : index
  // expected-error @+1 {{stage index 2 is out of range for '!asynccopy.barrier<2>' (2 stages: use 0 to 1)}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_window(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no window; both sides are whole SMEM buffers}}
  asynccopy.sync.copy %V to %W window [0] [1024] remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_shapes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<512xf32, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy needs two SMEM buffers (or strided views) of the same static shape}}
  asynccopy.sync.copy %V to %X remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<512xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` (DSMEM) copy needs a barrier; its bytes complete on the destination CTA's barrier}}
  asynccopy.sync.copy %V to %W remote %rank {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_reduction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy takes no peer, transforms, collective, reduction, swizzle or oob; drop `reduction`}}
  asynccopy.sync.copy %V to %W remote %rank barrier %b[%s] {reduction = #asynccopy<reduction add>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @remote_token(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a `remote` copy completes on the barrier and returns no token}}
  %t = asynccopy.sync.copy %V to %W remote %rank barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @smem_not_contiguous(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{the SMEM operand must be a contiguous buffer with a static shape}}
  %t = asynccopy.cp_async.copy %A to %X window [%i, 0] [64, 64] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<4096x4096xf16> to memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @smem_too_large(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<65536xf32, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{the SMEM buffer holds 262144 B, more than the 232448 B of shared memory a CTA can have}}
  %t = asynccopy.sync.copy %B to %X {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<65536xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @window_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window has 1 offsets and 1 sizes but the GMEM operand has rank 2}}
  asynccopy.tma.load %A to %S window [%i] [64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @window_transforms(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<1x1x64x64xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{transforms do not apply to the window: tile size 64 does not divide window dim 1 of size 96}}
  asynccopy.tma.load %A to %X window [%i, 0] [64, 96] barrier %b[%s] {transforms = [#asynccopy.tile<[64, 64]>], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<1x1x64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @window_smem_shape(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM shape [64, 64] does not match the transformed window shape [64, 32]}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 32] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @window_promise_in_bounds(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{promises an in-bounds window (oob = promise_in_bounds), but in dim 0 its 1024 elements from offset 65024 leave the tensor's [0, 65536)}}
  asynccopy.bulk.load %B to %V window [65024] [1024] barrier %b[%s] {oob = #asynccopy<oob promise_in_bounds>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @swizzle_value(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 (bytes), got 48}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {swizzle = 48 : i64, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @swizzle_span(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<64x48xf16, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle span of 64 B is incompatible with the innermost SMEM dim of 96 B (48 x 'f16')}}
  asynccopy.tma.load %A to %X window [%i, 0] [64, 48] barrier %b[%s] {swizzle = 64 : i64, plan = #asynccopy.tma_plan<box = [64, 48], issues = 1, bytes = 6144>} : memref<4096x4096xf16> to memref<64x48xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @oob_nan(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32, %X: memref<4096x4096xi32>, %Y: memref<64x64xi32, #gpu.address_space<workgroup>>) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{oob = nan needs a floating-point element type with a NaN, got 'i32'; use oob = zeros}}
  asynccopy.tma.load %X to %Y window [%i, 0] [64, 64] barrier %b[%s] {oob = #asynccopy<oob nan>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 16384>} : memref<4096x4096xi32> to memref<64x64xi32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @partition_axis(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{partition axis 2 is out of range for the rank-2 transformed window (use 0 to 1)}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<2>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @load_reduction(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{reductions apply only to SMEM -> GMEM copies}}
  %t = asynccopy.sync.copy %B to %V window [%i] [1024] {reduction = #asynccopy<reduction add>, plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @load_collective_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{collective copies multicast through TMA and need a barrier}}
  %t = asynccopy.sync.copy %B to %V window [%i] [1024] {collective = [#gpu<dim x>], plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
  return
}

// -----

func.func @load_completion(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a GMEM -> SMEM copy needs a barrier (TMA and bulk loads complete on an mbarrier) or a token result (cp_async, sync)}}
  asynccopy.sync.copy %B to %V window [%i] [1024] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @store_barrier(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{SMEM -> GMEM copies take no barrier; they complete through their token or `wait_group bulk`}}
  %t = asynccopy.sync.copy %V to %B window [%i] [1024] barrier %b[%s] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
  return
}

// -----

func.func @store_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{collective copies must be GMEM -> SMEM}}
  %t = asynccopy.sync.copy %V to %B window [%i] [1024] {collective = [#gpu<dim x>], plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096, vector_bytes = 16>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
  return
}

// -----

func.func @store_reduction_type(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{reduction 'xor' is not available for 'f16' elements; it supports 8- to 64-bit integers}}
  %t = asynccopy.tma.reduce %S to %A window [%i, 0] [64, 64] {reduction = #asynccopy<reduction xor>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @prefetch_window_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{window has 1 offsets and 1 sizes but the GMEM operand has rank 2}}
  asynccopy.tma.prefetch %A window [%i] [64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16>
  return
}

// -----

func.func @prefetch_swizzle(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 (bytes), got 48}}
  asynccopy.tma.prefetch %A window [%i, 0] [64, 64] {swizzle = 48 : i64, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16>
  return
}

// -----

func.func @prefetch_promise_in_bounds(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %V: memref<1024xf32, #gpu.address_space<workgroup>>, %W: memref<1024xf32, #gpu.address_space<workgroup>>, %B: memref<65536xf32>, %i: index, %rank: i32) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{promises an in-bounds window (oob = promise_in_bounds), but in dim 1 its 64 elements from offset 4064 leave the tensor's [0, 4096)}}
  asynccopy.tma.prefetch %A window [%i, 4064] [64, 64] {oob = #asynccopy<oob promise_in_bounds>, plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16>
  return
}

// -----

// A TMA plan's parts agree with each other and with the window.
func.func @tma_plan_offsets_missing(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA plan of 2 issues lists the offsets of each (issue_offsets), got 0}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_offsets_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{every issue of a TMA plan offsets the same tensor-view dims}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32], smem = 4096>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_issue_negative(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA issue's offsets are >= 0, one per tensor-view dim}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = -4096>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_dims_rank(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA plan has one tensor-map dim per box dim, got 1 for a rank-2 box}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, dims = [<extent = 4096, stride = 1, view = [1], scale = [1]>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_dim_scale(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{tensor-view dims are >= 0 and scales >= 1}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, dims = [<extent = 4096, stride = 4096, view = [0], scale = [0]>, <extent = 4096, stride = 1, view = [1], scale = [1]>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_dim_terms(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a tensor-map dim's coordinate sums one or more view dims, one scale each; got 2 dims and 1 scales}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, dims = [<extent = 4096, stride = 4096, view = [0, 1], scale = [1]>, <extent = 4096, stride = 1, view = [1], scale = [1]>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_multicast_and_leader(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a TMA plan is either split over its group (multicast) or issued by its leader (leader_only), not both}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>], leader_only>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_multicast_dim(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{multicast splits distinct dims of the rank-2 box, got dim 2}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 2, count = 2, smem_stride = 4096>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_multicast_count(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a multicast split names a box dim >= 0, 2 to 16 pieces and their SMEM stride, got dim 0, 1 pieces, stride 4096}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 1, smem_stride = 4096>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_multicast_issues(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{a multicast split shares one box; this plan has 2 issues}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [16, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = 4096>], multicast = [<dim = 0, count = 2, smem_stride = 2048>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_window_bytes(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a TMA plan of 1 issue(s) of 4096-B boxes and bytes = 8192 for a window of 8192 B}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_bytes_store(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{has a TMA plan of 1 issue(s) of 8192-B boxes and bytes = 4096 for a window of 8192 B}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 4096>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_plan_past_buffer(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a TMA issue at SMEM byte 8192 whose 4096-B box ends past the 8192-B buffer}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = 8192>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_plan_smem_align(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a TMA box at SMEM byte offset 6100; TMA writes a box at a 128-B aligned address}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [16, 64], issues = 4, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [16, 0], smem = 2048>, <view = [32, 0], smem = 4096>, <view = [48, 0], smem = 6100>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_multicast_not_collective(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a multicast plan but no `collective` group}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 4096>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_store_multicast(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{has a multicast plan; only loads multicast}}
  %t = asynccopy.tma.store %S to %A window [%i, 0] [64, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only>} : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<4096x4096xf16> -> !asynccopy.token
  return
}

// -----

func.func @tma_prefetch_bytes(%A: memref<4096x4096xf16>, %i: index) {
  // expected-error @+1 {{has a TMA plan of 1 issue(s) of 8192-B boxes and bytes = 8192 for a window of 4096 B}}
  asynccopy.tma.prefetch %A window [%i, 0] [32, 64] {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>} : memref<4096x4096xf16>
  return
}

// -----

func.func @tma_multicast_past_box(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a multicast split whose last piece ends past the 8192-B box}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {collective = [#gpu<dim x>], plan = #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192, multicast = [<dim = 0, count = 2, smem_stride = 8192>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_issue_past_int64(%A: memref<4096x4096xf16>, %S: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<2>
  %s = arith.constant 0 : index
  // expected-error @+1 {{has a TMA issue at SMEM byte 9223372036854775807 whose 4096-B box ends past the 8192-B buffer}}
  asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s] {plan = #asynccopy.tma_plan<box = [32, 64], issues = 2, bytes = 8192, issue_offsets = [<view = [0, 0], smem = 0>, <view = [32, 0], smem = 9223372036854775807>]>} : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The selected DSMEM copy keeps the rule of `asynccopy.copy`: a constant
// rank inside the kernel's clusters.
gpu.module @kernels {
  gpu.func @dsmem_rank_outside_cluster(%S: memref<1024xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
    %c0 = arith.constant 0 : index
    %r3 = arith.constant 3 : i32
    // expected-error @+1 {{'asynccopy.dsmem.copy' op targets CTA rank 3, but the kernel's clusters have 2 CTAs}}
    asynccopy.dsmem.copy %S to %S remote %r3 barrier %b[%c0] {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>} : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
