"""ctypes binding of libAsyncCopyCAPI.so (include/asynccopy-c/Compile.h)."""

import ctypes as C
import json

from . import _libs

_lib = None


def _capi():
    global _lib
    if _lib is None:
        lib = _libs.load("libAsyncCopyCAPI.so", "the asynccopy compiler")
        lib.acCompile.restype = C.c_void_p
        lib.acCompile.argtypes = [C.c_char_p, C.c_char_p, C.c_char_p]
        for name in ("acCompilationPTX", "acCompilationMetadata"):
            getattr(lib, name).restype = C.c_char_p
            getattr(lib, name).argtypes = [C.c_void_p]
        lib.acCompilationSucceeded.argtypes = [C.c_void_p]
        for kind in ("Diagnostic", "Remark"):
            count = getattr(lib, "acCompilationNum%ss" % kind)
            count.restype, count.argtypes = C.c_size_t, [C.c_void_p]
            get = getattr(lib, "acCompilationGet%s" % kind)
            get.restype, get.argtypes = C.c_char_p, [C.c_void_p, C.c_size_t]
        lib.acCompilationDestroy.argtypes = [C.c_void_p]
        _lib = lib
    return _lib


def compile_to_ptx(source, options, source_name):
    """Returns (succeeded, ptx, metadata, diagnostics, remarks)."""
    lib = _capi()
    handle = lib.acCompile(source.encode(), options.encode(),
                           source_name.encode())
    try:
        def strings(kind):
            count = getattr(lib, "acCompilationNum%ss" % kind)(handle)
            get = getattr(lib, "acCompilationGet%s" % kind)
            return [get(handle, i).decode() for i in range(count)]
        return (bool(lib.acCompilationSucceeded(handle)),
                lib.acCompilationPTX(handle).decode(),
                json.loads(lib.acCompilationMetadata(handle).decode()),
                strings("Diagnostic"), strings("Remark"))
    finally:
        lib.acCompilationDestroy(handle)
