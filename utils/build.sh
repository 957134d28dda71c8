#!/usr/bin/env bash
# Configures (once) and builds the project into ./build with two jobs.
# BUILD_DIR, JOBS, CMAKE_ARGS (extra configure flags) and TARGET (build
# targets, space-separated, instead of all) override the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE=Release -DLLVM_ENABLE_ASSERTIONS=ON \
    "${launcher[@]}" ${CMAKE_ARGS:-}
fi
# shellcheck disable=SC2086 # TARGET is a list
cmake --build "$BUILD_DIR" -j "${JOBS:-2}" ${TARGET:+--target $TARGET}
