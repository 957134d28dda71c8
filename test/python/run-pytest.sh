#!/usr/bin/env bash
# ctest `python`: pip-installs python/ into a venv in the build tree (offline,
# with Debian's setuptools: --no-build-isolation) and runs its pytest suite
# against the libraries of this build.
#   run-pytest.sh SOURCE_DIR BUILD_DIR PYTHON FAKE_CUDA_DRIVER
set -euo pipefail
src=$1 build=$2 python=$3 fake_driver=$4
if ! "$python" -c 'import venv, ensurepip, pytest' 2>/dev/null; then
  echo "$python lacks venv or pytest: install python3-venv python3-pytest" \
       "(utils/setup.sh)" >&2
  exit 1
fi
venv=$build/python/venv
[ -x "$venv/bin/python" ] || "$python" -m venv --system-site-packages "$venv"
# Build from a copy: setuptools writes build/ and *.egg-info next to the
# sources.
rm -rf "$build/python/src"
mkdir -p "$build/python/src"
cp -r "$src/python/pyproject.toml" "$src/python/asynccopy" "$build/python/src/"
"$venv/bin/pip" install -q --no-build-isolation --no-index --no-deps \
  --force-reinstall "$build/python/src"
cd "$build/python"
ASYNCCOPY_LIB_DIR=$build/lib AC_FAKE_CUDA_DRIVER=$fake_driver \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
