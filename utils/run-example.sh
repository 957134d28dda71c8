#!/usr/bin/env bash
# Sets up (the packages the example needs: utils/setup.sh --example), builds
# ac-opt (the one target the example needs: not the runtime, the C API, the
# plugin or the tests, which `.ci/run` and a plain utils/build.sh build) and
# runs it on the bundled example, printing the PTX.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh --example
# A new build folder is configured for clang-22 (gcc spends about three
# times as long per translation unit on the MLIR headers, precompiled or
# not) and without ccache, whose empty cache only costs on a new machine
# (hashing the precompiled header for every translation unit).
if [ ! -f "${BUILD_DIR:-build}/build.ninja" ] && command -v clang++-22 >/dev/null; then
  export CC=clang-22 CXX=clang++-22 CCACHE=0
fi
TARGET=ac-opt utils/build.sh >/dev/null
# Lower the example to PTX (implementation selection, tensor maps, NVVM) and
# print it; ptxas assembles it when CUDA is installed.
ptxas_args=()
[ -x /usr/local/cuda/bin/ptxas ] && ptxas_args=(--ptxas /usr/local/cuda/bin/ptxas --arch sm_90a)
build/bin/ac-opt --asynccopy-to-llvm="format=isa" examples/tiled_copy.mlir \
  | python3 utils/extract-ptx.py "${ptxas_args[@]}"
