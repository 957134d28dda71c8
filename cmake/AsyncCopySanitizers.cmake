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
endif()

if(ASYNCCOPY_ENABLE_FUZZER)
  message(STATUS "asynccopy: building the libFuzzer target ac-fuzz")
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
