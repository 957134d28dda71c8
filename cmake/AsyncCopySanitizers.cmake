# Sanitizer and fuzzer builds of the project's own targets.
#
#   -DASYNCCOPY_ENABLE_SANITIZERS=ON  compile and link everything defined after
#       this point (lib/, tools/, test/) with ASan + UBSan. The MLIR/LLVM static
#       libraries from the distribution stay uninstrumented, which ASan tolerates.
#   -DASYNCCOPY_ENABLE_FUZZER=ON      (clang only) additionally instruments our
#       code for libFuzzer coverage and builds tools/ac-fuzz.
option(ASYNCCOPY_ENABLE_SANITIZERS
  "Build with -fsanitize=address,undefined" OFF)
option(ASYNCCOPY_ENABLE_FUZZER
  "Build the libFuzzer target ac-fuzz (clang; implies sanitizers)" OFF)

if(ASYNCCOPY_ENABLE_FUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ASYNCCOPY_ENABLE_FUZZER needs clang "
      "(e.g. -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22)")
  endif()
  set(ASYNCCOPY_ENABLE_SANITIZERS ON)
endif()

if(ASYNCCOPY_ENABLE_SANITIZERS)
  message(STATUS "asynccopy: building with ASan + UBSan")
  # UBSan reports abort (no recovery), so a report fails the test or is a
  # fuzzer finding. vptr is dropped implicitly: LLVM is built without RTTI.
  set(_ac_san_flags -fsanitize=address,undefined -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  add_compile_options(${_ac_san_flags}
    # See the header: LLVM's manual poisoning must match the uninstrumented
    # MLIR/LLVM libraries.
    "SHELL:-include ${CMAKE_CURRENT_LIST_DIR}/asan-llvm-no-manual-poison.h")
  add_link_options(-fsanitize=address,undefined)
  # clang leaves the sanitizer runtime to the executable: a shared library
  # (libAsyncCopyCAPI.so, the runtime, the plugin) keeps __asan_*/__ubsan_*
  # undefined, which LLVM's -Wl,-z,defs rejects. (gcc links libasan.so into
  # each shared library.)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    add_link_options(
      "$<$<IN_LIST:$<TARGET_PROPERTY:TYPE>,SHARED_LIBRARY;MODULE_LIBRARY>:-Wl,-z,undefs>")
  endif()

  # The shared ASan runtime (with UBSan's handlers for clang), for programs
  # that are not instrumented but load our instrumented libraries:
  # mlir-runner and Python (the JIT lit tests, ctest `python`) and the AOT
  # test programs. ASan must come first in their library list, so the tests
  # that run them LD_PRELOAD it (lit: %run_plain_host) and skip, with a
  # message, where it is not found.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(_ac_asan_names libasan.so)
  else()
    set(_ac_asan_names libclang_rt.asan.so
        libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so)
  endif()
  set(ASYNCCOPY_SANITIZER_PRELOAD "")
  foreach(_ac_name ${_ac_asan_names})
    execute_process(
      COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${_ac_name}
      OUTPUT_VARIABLE _ac_path OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(IS_ABSOLUTE "${_ac_path}" AND EXISTS "${_ac_path}")
      get_filename_component(ASYNCCOPY_SANITIZER_PRELOAD "${_ac_path}" REALPATH)
      break()
    endif()
  endforeach()
  if(ASYNCCOPY_SANITIZER_PRELOAD)
    message(STATUS "asynccopy: sanitizer runtime for uninstrumented hosts: "
      "${ASYNCCOPY_SANITIZER_PRELOAD}")
  else()
    message(WARNING "asynccopy: no shared ASan runtime found (${_ac_asan_names});"
      " the tests that load our libraries into mlir-runner, Python or AOT "
      "programs are skipped")
  endif()
endif()

if(ASYNCCOPY_ENABLE_FUZZER)
  message(STATUS "asynccopy: building the libFuzzer target ac-fuzz")
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
