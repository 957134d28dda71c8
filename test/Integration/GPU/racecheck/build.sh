#!/usr/bin/env bash
# Builds remote_store_schemes for sm_90a (no GPU needed) into
# ${1:-build/racecheck}/, next to run-racecheck.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../../../build/racecheck}
mkdir -p "$out"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
"$nvcc" -O2 -std=c++17 -lineinfo -gencode arch=compute_90a,code=sm_90a \
  "$here/remote_store_schemes.cu" -o "$out/remote_store_schemes"
cp "$here/run-racecheck.sh" "$out/"
echo "built $out/remote_store_schemes"
