#!/usr/bin/env bash
# Sets up, builds, and runs ac-opt on the bundled example, printing the result.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh
utils/build.sh >/dev/null
# Lower the example to PTX (implementation selection, tensor maps, NVVM) and
# print it; ptxas assembles it when CUDA is installed.
ptxas_args=()
[ -x /usr/local/cuda/bin/ptxas ] && ptxas_args=(--ptxas /usr/local/cuda/bin/ptxas --arch sm_90a)
build/bin/ac-opt --asynccopy-to-llvm="format=isa" examples/tiled_copy.mlir \
  | python3 utils/extract-ptx.py "${ptxas_args[@]}"
