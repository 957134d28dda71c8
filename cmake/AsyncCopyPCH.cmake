# Precompiled upstream headers (-DASYNCCOPY_PRECOMPILED_HEADERS=ON, which
# utils/build.sh sets for a new build folder). A typical translation unit of
# ours takes ~25 s with gcc 12, ~20 s of it parsing the MLIR dialect headers
# (NVVMDialect.h alone: ~13 s); with them precompiled once (~1.5 min, 1.1 GB)
# it takes ~7-9 s, so ac-opt builds from scratch in about half the CPU time. Every MLIR-based target compiles with
# the same flags, so they all reuse one precompiled header
# (asynccopy_use_pch). Not in sanitizer builds, whose force-included header
# must precede everything (cmake/AsyncCopySanitizers.cmake).
#
# ccache caches these compilations only with
# CCACHE_SLOPPINESS=pch_defines,time_macros (utils/build.sh sets it in the
# compiler launcher); without it they are compiled, just not cached.
option(ASYNCCOPY_PRECOMPILED_HEADERS
  "Precompile the upstream MLIR headers once for all targets" OFF)

set(ASYNCCOPY_USE_PCH ${ASYNCCOPY_PRECOMPILED_HEADERS})
if(ASYNCCOPY_USE_PCH AND ASYNCCOPY_ENABLE_SANITIZERS)
  message(STATUS "asynccopy: no precompiled headers in sanitizer builds")
  set(ASYNCCOPY_USE_PCH OFF)
endif()

if(ASYNCCOPY_USE_PCH)
  message(STATUS "asynccopy: precompiled headers (cmake/pch/AsyncCopyPCH.h)")
  add_library(AsyncCopyPCH OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/AsyncCopyPCH.cpp)
  llvm_update_compile_flags(AsyncCopyPCH)
  target_precompile_headers(AsyncCopyPCH PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/pch/AsyncCopyPCH.h)
endif()

# Compiles `target` (an add_mlir_library name: its obj.<name> compiles) with
# the shared precompiled header.
function(asynccopy_use_pch target)
  if(NOT ASYNCCOPY_USE_PCH)
    return()
  endif()
  if(TARGET obj.${target})
    set(target obj.${target})
  endif()
  target_precompile_headers(${target} REUSE_FROM AsyncCopyPCH)
endfunction()

# Sources of the current directory compiled without it: those that include
# few of its headers, and InitAll.cpp, which includes many headers besides
# and, compiled without it, runs while the header is being precompiled (the
# one step that nothing else overlaps).
function(asynccopy_skip_pch)
  set_source_files_properties(${ARGN} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()
