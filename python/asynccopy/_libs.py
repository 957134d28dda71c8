"""Finds the project's shared libraries.

Searched in order: $ASYNCCOPY_LIB_DIR (an override), the package's own
`lib/` folder (where `pip install ./python` copies them from the build
tree), the build tree next to a source checkout (python/../build/lib), then
the dynamic loader's path (LD_LIBRARY_PATH, ldconfig).
"""

import ctypes
import importlib.machinery
import importlib.util
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates(name):
    env = os.environ.get("ASYNCCOPY_LIB_DIR")
    if env:
        yield os.path.join(env, name)
    yield os.path.join(_HERE, "lib", name)
    yield os.path.join(_HERE, "..", "..", "build", "lib", name)


def load(name, what):
    """Loads `name` (e.g. libAsyncCopyCAPI.so) or raises OSError saying where
    it looked."""
    tried = []
    for path in _candidates(name):
        if os.path.exists(path):
            return ctypes.CDLL(os.path.abspath(path))
        tried.append(path)
    try:
        return ctypes.CDLL(name)
    except OSError:
        raise OSError("%s (%s) not found in %s or on the loader path: build "
                      "the project, then pip install ./python again or set "
                      "ASYNCCOPY_LIB_DIR to its build/lib"
                      % (name, what, ", ".join(tried))) from None


def load_extension(name):
    """The extension module `asynccopy.<name>` built as <name>.abi3.so next to
    the libraries (the stable ABI of CPython 3.9: any interpreter the package
    supports loads it), or None where there is none."""
    for path in _candidates(name + ".abi3.so"):
        if os.path.exists(path):
            loader = importlib.machinery.ExtensionFileLoader(
                "asynccopy." + name, os.path.abspath(path))
            spec = importlib.util.spec_from_loader(loader.name, loader)
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            return module
    return None
