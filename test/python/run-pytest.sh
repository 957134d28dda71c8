#!/usr/bin/env bash
# ctest `python` and `python-other`: pip-installs python/ into a fresh venv in
# the build tree, offline (--no-index --no-build-isolation: the package's
# in-tree backend needs neither setuptools nor wheel), and runs its pytest
# suite against the libraries of this build, which the wheel carries.
#   run-pytest.sh SOURCE_DIR BUILD_DIR PYTHON FAKE_CUDA_DRIVER [PYTEST_PYTHON]
# Without PYTEST_PYTHON, PYTHON is Debian's: the venv sees its site packages
# (pytest, numpy), as the README's recipe does. With it, PYTHON is another
# interpreter (pyenv's, a torch venv's) and the venv is a plain one, as a
# user of that interpreter would make: no Debian packages, no wheel, and for
# Python >= 3.12 no setuptools either. pytest then comes from PYTHON itself,
# else from PYTEST_PYTHON's pure-Python pytest when that imports in PYTHON;
# with neither, only the install and a compile/save/load smoke test run.
#
# Sanitizer builds: the instrumented libraries need the sanitizer runtime
# first in the (uninstrumented) interpreter, which ctest passes as
# ASYNCCOPY_SANITIZER_PRELOAD; without it the test is skipped (exit 77).
set -euo pipefail
src=$1 build=$2 python=$3 fake_driver=$4 pytest_python=${5:-}

if [ "${ASYNCCOPY_SANITIZER_BUILD:-0}" = 1 ]; then
  if [ -z "${ASYNCCOPY_SANITIZER_PRELOAD:-}" ]; then
    echo "skipped: sanitizer build, and no shared sanitizer runtime was found" \
         "to preload into $python (see cmake/AsyncCopySanitizers.cmake)"
    exit 77
  fi
  # The interpreter's own allocations are not ours to check for leaks.
  host_env=(env "LD_PRELOAD=$ASYNCCOPY_SANITIZER_PRELOAD"
            "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}")
else
  host_env=(env)
fi

if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "$python lacks venv or ensurepip: install python3-venv (utils/setup.sh)" >&2
  exit 1
fi
if [ -z "$pytest_python" ] && ! "$python" -c 'import pytest' 2>/dev/null; then
  echo "$python lacks pytest: install python3-pytest (utils/setup.sh)" >&2
  exit 1
fi
echo "interpreter: $("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

if [ -z "$pytest_python" ]; then
  venv=$build/python/venv
  venv_args=(--system-site-packages)
else
  venv=$build/python/venv-other
  venv_args=()
fi
rm -rf "$venv"
"$python" -m venv "${venv_args[@]}" "$venv"
"$venv/bin/python" -c 'import importlib.util as u
print("in the venv: setuptools", "yes" if u.find_spec("setuptools") else "no",
      "| wheel", "yes" if u.find_spec("wheel") else "no")'
# The backend writes only into pip's temporary wheel folder: installing from
# the source tree leaves no build/ or *.egg-info behind.
ASYNCCOPY_BUILD_DIR=$build "$venv/bin/pip" install -q --no-index \
  --no-build-isolation --no-deps --disable-pip-version-check "$src/python"

cd "$build/python"
# The installed package's own libraries, not those of another build.
unset ASYNCCOPY_LIB_DIR
export AC_FAKE_CUDA_DRIVER=$fake_driver
# Where the build made the native launch, the suite checks that it loads.
if [ -e "$build/lib/_fastlaunch.abi3.so" ]; then
  export AC_FASTLAUNCH_BUILT=1
fi
pytest_path=
if [ -n "$pytest_python" ] && ! "$venv/bin/python" -c 'import pytest' 2>/dev/null; then
  # Borrow the other interpreter's pytest and the pure-Python packages it
  # imports, each linked into a folder of its own (not its whole
  # site-packages, whose extension modules are built for another Python).
  pytest_path=$build/python/borrowed-pytest
  rm -rf "$pytest_path"
  mkdir -p "$pytest_path"
  "$pytest_python" - "$pytest_path" <<'PY'
import importlib.util, os, sys
for name in ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "attr",
             "py", "exceptiongroup", "tomli"):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin in (None, "built-in", "frozen"):
        continue
    path = os.path.dirname(spec.origin) if spec.submodule_search_locations else spec.origin
    os.symlink(path, os.path.join(sys.argv[1], os.path.basename(path)))
PY
  if ! PYTHONPATH=$pytest_path "$venv/bin/python" -c 'import pytest' 2>/dev/null; then
    echo "pytest does not import in $python (neither its own nor" \
         "$pytest_python's): running the smoke test only"
    exec "${host_env[@]}" "$venv/bin/python" - "$src/python/tests/kernels.mlir" <<'PY'
import os, sys, tempfile
import asynccopy
module = asynccopy.compile(sys.argv[1])
assert module.kernels and ".entry" in module.ptx, module.kernels
with tempfile.TemporaryDirectory() as out:
    module.save(os.path.join(out, "m"))
    assert asynccopy.load(os.path.join(out, "m")).kernels == module.kernels
print("smoke test passed:", asynccopy.__file__, module.kernels)
PY
  fi
  echo "pytest: $pytest_python's, borrowed through $pytest_path"
fi
PYTHONPATH=$pytest_path "${host_env[@]}" \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
