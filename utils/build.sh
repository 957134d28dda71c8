#!/usr/bin/env bash
# Configures (once) and builds the project into ./build with two jobs.
# BUILD_DIR, JOBS, CMAKE_ARGS (extra configure flags) and TARGET (build
# targets, space-separated, instead of all) override the defaults.
# A new build folder precompiles the upstream MLIR headers
# (-DASYNCCOPY_PRECOMPILED_HEADERS=ON, cmake/AsyncCopyPCH.cmake: less than
# half the compile time; CMAKE_ARGS="-DASYNCCOPY_PRECOMPILED_HEADERS=OFF"
# turns it off), and compiles through ccache where it is installed (and
# CCACHE is not 0), told to cache compilations that use the precompiled
# header. CC and CXX pick the compilers of a new build folder (gcc unless
# set; utils/run-example.sh uses clang-22).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  launcher=()
  if [ "${CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
    ccache="env;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache"
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER="$ccache" -DCMAKE_CXX_COMPILER_LAUNCHER="$ccache")
  fi
  # shellcheck disable=SC2086 # CMAKE_ARGS is a list
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE=Release -DLLVM_ENABLE_ASSERTIONS=ON \
    -DASYNCCOPY_PRECOMPILED_HEADERS=ON \
    "${launcher[@]}" ${CMAKE_ARGS:-}
fi
# shellcheck disable=SC2086 # TARGET is a list
cmake --build "$BUILD_DIR" -j "${JOBS:-2}" ${TARGET:+--target $TARGET}
