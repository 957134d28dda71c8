// RUN: ac-opt %s -split-input-file -asynccopy-pack-shared-memory="mode=always" -allow-unregistered-dialect | FileCheck %s --check-prefixes=CHECK,ALWAYS
// RUN: ac-opt %s -split-input-file -asynccopy-pack-shared-memory -allow-unregistered-dialect | FileCheck %s --check-prefixes=CHECK,AUTO
// RUN: ac-opt %s -split-input-file -asynccopy-pack-shared-memory="mode=never" -allow-unregistered-dialect | FileCheck %s --check-prefix=NEVER

// The IR convert-asynccopy-to-nvvm leaves: workgroup attributions with the
// alignment their copies need and barriers as shared LLVM globals. With
// mode=always (or auto, once a kernel has more than 48 KiB) they move into one dynamic shared memory window: each buffer at
// its offset from the window's first 1024-B aligned byte, the barrier's
// address in place of its llvm.mlir.addressof; the launch gets the window's
// bytes added to the size it had.

// CHECK-LABEL: gpu.func @packed
// CHECK-SAME: asynccopy.dynamic_smem_bytes = 74752 : i64
// CHECK: %[[WINDOW:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[WINDOW]]
// CHECK: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: %[[REM:.*]] = arith.remui %[[BASE]], %[[C1024]]
// CHECK: %[[GAP:.*]] = arith.subi %{{.*}}, %[[REM]]
// CHECK: %[[START:.*]] = arith.remui %[[GAP]], %{{.*}}
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[AT0:.*]] = arith.addi %[[START]], %[[C0]]
// CHECK: %[[BIG:.*]] = memref.view %[[WINDOW]][%[[AT0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256x128xf16, #gpu.address_space<workgroup>>
// CHECK: %[[C65536:.*]] = arith.constant 65536 : index
// CHECK: %[[AT1:.*]] = arith.addi %[[START]], %[[C65536]]
// CHECK: %[[TILE:.*]] = memref.view %[[WINDOW]][%[[AT1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[C73728:.*]] = arith.constant 73728 : index
// CHECK: %[[AT2:.*]] = arith.addi %[[START]], %[[C73728]]
// CHECK: %[[ADDR:.*]] = arith.addi %[[BASE]], %[[AT2]]
// CHECK: %[[I64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK: %[[BAR:.*]] = llvm.inttoptr %[[I64]] : i64 to !llvm.ptr<3>
// CHECK: "test.use"(%[[BIG]], %[[TILE]], %[[BAR]])
// CHECK-NOT: llvm.mlir.addressof
// CHECK: gpu.return
// CHECK-NOT: @__asynccopy_barrier
// CHECK-LABEL: func.func @host
// CHECK: %[[GIVEN:.*]] = arith.constant 256 : i32
// CHECK: %[[BYTES:.*]] = arith.constant 74752 : i32
// CHECK: %[[SIZE:.*]] = arith.addi %[[GIVEN]], %[[BYTES]] : i32
// CHECK: gpu.launch_func @kernels::@packed {{.*}} dynamic_shared_memory_size %[[SIZE]]
// NEVER-LABEL: gpu.func @packed
// NEVER-NOT: dynamic
// NEVER: workgroup(
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.mlir.global internal @__asynccopy_barrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<2 x i64>
    gpu.func @packed()
        workgroup(%big : memref<256x128xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64},
                  %tile : memref<64x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
      %bar = llvm.mlir.addressof @__asynccopy_barrier : !llvm.ptr<3>
      "test.use"(%big, %tile, %bar) : (memref<256x128xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>, !llvm.ptr<3>) -> ()
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %given = arith.constant 256 : i32
    gpu.launch_func @kernels::@packed blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %given
    return
  }
}

// -----

// 16 KiB: static under auto, dynamic under always.
// CHECK-LABEL: gpu.func @small
// AUTO-NOT: asynccopy.dynamic_smem_bytes
// AUTO: workgroup(
// AUTO-NOT: gpu.dynamic_shared_memory
// ALWAYS-SAME: asynccopy.dynamic_smem_bytes = 16384 : i64
// ALWAYS: gpu.dynamic_shared_memory
// ALWAYS-NOT: memref.extract_aligned_pointer_as_index
// ALWAYS: memref.view
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @small() workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
      "test.use"(%tile) : (memref<64x64xf32, #gpu.address_space<workgroup>>) -> ()
      gpu.return
    }
  }
}

// -----

// A barrier a device function also uses keeps its static address (the
// function cannot know the window); a kernel that declares its own dynamic
// shared memory is left alone.
// ALWAYS-LABEL: llvm.mlir.global internal @shared_with_callee
// ALWAYS-LABEL: gpu.func @uses_callee
// ALWAYS-SAME: asynccopy.dynamic_smem_bytes = 4096 : i64
// ALWAYS: memref.view
// ALWAYS: llvm.mlir.addressof @shared_with_callee
// ALWAYS-LABEL: gpu.func @own_window
// ALWAYS-NOT: asynccopy.dynamic_smem_bytes
// ALWAYS: workgroup(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @shared_with_callee() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<1 x i64>
    func.func @helper() {
      %p = llvm.mlir.addressof @shared_with_callee : !llvm.ptr<3>
      "test.use"(%p) : (!llvm.ptr<3>) -> ()
      return
    }
    gpu.func @uses_callee() workgroup(%tile : memref<1024xf32, #gpu.address_space<workgroup>>) kernel {
      %p = llvm.mlir.addressof @shared_with_callee : !llvm.ptr<3>
      "test.use"(%tile, %p) : (memref<1024xf32, #gpu.address_space<workgroup>>, !llvm.ptr<3>) -> ()
      func.call @helper() : () -> ()
      gpu.return
    }
    gpu.func @own_window() workgroup(%tile : memref<1024xf32, #gpu.address_space<workgroup>>) kernel {
      %w = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      "test.use"(%tile, %w) : (memref<1024xf32, #gpu.address_space<workgroup>>, memref<?xi8, #gpu.address_space<workgroup>>) -> ()
      gpu.return
    }
  }
}

// -----

// An attribution with a strided layout is no memref.view of the window: the
// kernel stays static.
// ALWAYS-LABEL: gpu.func @strided
// ALWAYS-NOT: asynccopy.dynamic_smem_bytes
// ALWAYS: workgroup(
// ALWAYS-NOT: gpu.dynamic_shared_memory
// ALWAYS: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided() workgroup(%tile : memref<16x16xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) kernel {
      "test.use"(%tile) : (memref<16x16xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) -> ()
      gpu.return
    }
  }
}
