#!/usr/bin/env bash
# ctest `python-install`: what a user does after building. `pip install
# ./python` into a fresh plain venv of each PYTHON (offline, no build
# isolation, so no setuptools or wheel needed), then, in another folder and
# without ASYNCCOPY_LIB_DIR, compile a kernel given as a string and check
# that the libraries came from the installed package (the wheel carries this
# build's, python/_backend/asynccopy_backend.py).
#   check-install.sh SOURCE_DIR BUILD_DIR PYTHON...
# An empty PYTHON (no second interpreter) is left out.
set -euo pipefail
src=$1 build=$2
shift 2

if [ "${ASYNCCOPY_SANITIZER_BUILD:-0}" = 1 ]; then
  # The instrumented libraries need the sanitizer runtime preloaded; ctest
  # `python` covers that case.
  echo "skipped: sanitizer build"
  exit 77
fi

work=$build/python/install
rm -rf "$work"
mkdir -p "$work/elsewhere"
tested=0
for python in "$@"; do
  [ -n "$python" ] || continue
  if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
    echo "$python lacks venv or ensurepip: left out"
    continue
  fi
  venv=$work/venv-$tested
  "$python" -m venv "$venv"
  ASYNCCOPY_BUILD_DIR=$build "$venv/bin/pip" install -q --no-index \
    --no-build-isolation --no-deps --disable-pip-version-check "$src/python"
  (cd "$work/elsewhere" && env -u ASYNCCOPY_LIB_DIR "$venv/bin/python" - <<'PY'
import os, sys
import asynccopy
from asynccopy import _capi, _launch

SOURCE = """
gpu.module @kernels {
  gpu.func @copy(%in: memref<64xf32>, %out: memref<64xf32>)
      workgroup(%tile : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %t = asynccopy.copy %in to %tile window [%c0] [64]
        : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    %u = asynccopy.copy %tile to %out window [%c0] [64]
        : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32> -> !asynccopy.token
    asynccopy.wait %u : !asynccopy.token
    gpu.return
  }
}
"""
module = asynccopy.compile(SOURCE)
assert module.kernels == ["copy"] and ".entry copy" in module.ptx, module.kernels
package = os.path.dirname(asynccopy.__file__)
for lib in (_capi._capi(), _launch._encoder()):
    assert os.path.dirname(lib._name) == os.path.join(package, "lib"), lib._name
print("%s %s: compiled %s with %s" % (
    os.path.basename(sys.executable), sys.version.split()[0], module.kernels,
    os.path.join(package, "lib")))
PY
  )
  tested=$((tested + 1))
done
if [ "$tested" = 0 ]; then
  echo "skipped: no interpreter with venv and ensurepip"
  exit 77
fi
