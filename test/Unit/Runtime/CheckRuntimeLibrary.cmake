# Checks libAsyncCopyRuntime.so (ctest runtime-library):
#  - `nm -D --defined-only` lists every symbol of the mgpu* ABI MLIR's host
#    lowering calls and of the tensor-map C API;
#  - `ldd` shows no libcuda and no libMLIR/libLLVM dependency.
# Usage: cmake -DRUNTIME=<lib> -DNM=<nm> -P CheckRuntimeLibrary.cmake

set(expected
  mgpuModuleLoad mgpuModuleLoadJIT mgpuModuleUnload mgpuModuleGetFunction
  mgpuLaunchKernel mgpuLaunchClusterKernel
  mgpuStreamCreate mgpuStreamDestroy mgpuStreamSynchronize mgpuStreamWaitEvent
  mgpuEventCreate mgpuEventDestroy mgpuEventSynchronize mgpuEventRecord
  acEventElapsedMs
  mgpuMemAlloc mgpuMemFree mgpuMemcpy mgpuMemset32 mgpuMemset16
  mgpuMemHostRegister mgpuMemHostRegisterMemRef
  mgpuMemHostUnregister mgpuMemHostUnregisterMemRef
  mgpuSetDefaultDevice mgpuTensorMapEncodeTiledMemref
  acTensorMapEncodeTiled acTensorMapEncodeTiledOrExit acTensorMapValidateTiled
  acGetLastError acTensorMapDescriptorBytes
  acLauncherCreate acLauncherLaunch acLauncherDestroy acLauncherCounter
  acSymmCreate acSymmCreateProcess acSymmNvshmemUniqueId acSymmCreateNvshmem
  acSymmDestroy acSymmNumPes acSymmMalloc acSymmFree acSymmAddress
  acSymmBarrier acSymmPeerTensorMapsOrExit)

if(NOT NM)
  set(NM nm)
endif()
execute_process(COMMAND ${NM} -D --defined-only ${RUNTIME}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NM} -D --defined-only ${RUNTIME} failed: ${status}")
endif()

set(failed FALSE)
foreach(name IN LISTS expected)
  if(NOT symbols MATCHES "[ \t]T ${name}\n")
    message(SEND_ERROR "${RUNTIME} does not export ${name}")
    set(failed TRUE)
  endif()
endforeach()

# Nothing but the C ABI: no C++ (mangled) symbol escapes -fvisibility=hidden.
string(REGEX MATCHALL "[ \t][A-Za-z] _Z[^\n]*" mangled "${symbols}")
if(mangled)
  message(SEND_ERROR "${RUNTIME} exports C++ symbols: ${mangled}")
  set(failed TRUE)
endif()

execute_process(COMMAND ldd ${RUNTIME}
  OUTPUT_VARIABLE deps RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ldd ${RUNTIME} failed: ${status}")
endif()
foreach(forbidden libcuda libMLIR libLLVM libmlir)
  if(deps MATCHES "${forbidden}")
    message(SEND_ERROR "${RUNTIME} depends on ${forbidden}:\n${deps}")
    set(failed TRUE)
  endif()
endforeach()

if(failed)
  message(FATAL_ERROR "runtime library check failed")
endif()
list(LENGTH expected count)
message(STATUS "${RUNTIME}: exports all ${count} C ABI symbols; no libcuda, "
  "MLIR or LLVM dependency")
