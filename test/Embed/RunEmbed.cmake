# ctest `embed`: installs the build into BUILD_DIR/embed-install, configures
# and builds examples/embed against it with find_package(AsyncCopy), and runs
# the consumer on examples/tiled_copy.mlir (asynccopy-to-nvvm must turn its
# TMA copies into NVVM ops). Arguments: BUILD_DIR, SOURCE_DIR, MLIR_DIR,
# GENERATOR, CXX, LAUNCHER (a compiler launcher, e.g. ccache; may be empty).
set(prefix ${BUILD_DIR}/embed-install)
set(consumer ${BUILD_DIR}/embed-build)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${prefix})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# The package must hold what the contract names, and no test-only library.
foreach(f lib/cmake/asynccopy/AsyncCopyConfig.cmake
          lib/cmake/asynccopy/AsyncCopyConfigVersion.cmake
          lib/cmake/asynccopy/AsyncCopyTargets.cmake
          include/asynccopy/InitAll.h include/asynccopy/Version.h
          include/asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.td
          include/asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.h.inc
          lib/libAsyncCopyRuntime.so lib/libAsyncCopyCAPI.so lib/AsyncCopyPlugin.so
          include/asynccopy-c/Compile.h bin/ac-opt)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(GLOB_RECURSE test_only ${prefix}/*TestPasses* ${prefix}/*FakeCuda*)
if(test_only)
  message(FATAL_ERROR "test-only files installed: ${test_only}")
endif()

file(REMOVE_RECURSE ${consumer})
set(launcher)
if(LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -G ${GENERATOR} -S ${SOURCE_DIR}/examples/embed
  -B ${consumer} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX}
  ${launcher} -DCMAKE_PREFIX_PATH=${prefix} -DMLIR_DIR=${MLIR_DIR})
run(${CMAKE_COMMAND} --build ${consumer} -j 2)

run(${consumer}/asynccopy-embed ${SOURCE_DIR}/examples/tiled_copy.mlir)
foreach(expected "// asynccopy " "gpu.module @kernels"
                 "nvvm.cp.async.bulk.tensor.shared.cluster.global"
                 "nvvm.cp.async.bulk.tensor.global.shared.cta")
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "asynccopy-embed printed no `${expected}`:\n${out}")
  endif()
endforeach()
if(out MATCHES "asynccopy\\.copy")
  message(FATAL_ERROR "asynccopy-embed left asynccopy ops:\n${out}")
endif()
