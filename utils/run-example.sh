#!/usr/bin/env bash
# Sets up, builds, and runs ac-opt on the bundled example, printing the result.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh
utils/build.sh >/dev/null
build/bin/ac-opt examples/tiled_copy.mlir
