#!/usr/bin/env bash
# Sets up (the packages the example needs: utils/setup.sh --example), builds
# ac-opt (the one target the example needs: not the runtime, the C API, the
# plugin or the tests, which `.ci/run` and a plain utils/build.sh build) and
# runs it on the bundled example, printing the PTX.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh --example
TARGET=ac-opt utils/build.sh >/dev/null
# Lower the example to PTX (implementation selection, tensor maps, NVVM) and
# print it; ptxas assembles it when CUDA is installed.
ptxas_args=()
[ -x /usr/local/cuda/bin/ptxas ] && ptxas_args=(--ptxas /usr/local/cuda/bin/ptxas --arch sm_90a)
build/bin/ac-opt --asynccopy-to-llvm="format=isa" examples/tiled_copy.mlir \
  | python3 utils/extract-ptx.py "${ptxas_args[@]}"
