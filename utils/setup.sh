#!/usr/bin/env bash
# Installs the Debian packages the project builds and tests with (Debian 12).
# CUDA (ptxas) is expected at /usr/local/cuda; tests that need it are skipped
# where it is missing. With --example, only what configuring the project and
# building ac-opt need (utils/run-example.sh): not the Python packages of
# the tests (pip alone recommends a compiler toolchain and python3-dev).
# clang-22 builds the project in about a third of gcc's time (run-example and
# .ci/run use it for a new build folder; gcc builds the sanitizer stage).
set -euo pipefail
packages=(cmake ninja-build g++ clang-22 ccache libgtest-dev
          libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools python3)
if [ "${1:-}" != --example ]; then
  # python3-dev: the headers of the package's native launch (_fastlaunch).
  packages+=(python3-venv python3-pip python3-setuptools python3-pytest
             python3-numpy python3-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi
