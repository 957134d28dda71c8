"""Python front end of asynccopy.

Debian ships no MLIR Python bindings, so the compile API drives the `ac-opt`
tool: it takes MLIR text and a pass pipeline and returns the resulting text
(IR or PTX), raising `CompileError` with ac-opt's located diagnostics.
"""

import os
import shutil
import subprocess

__all__ = ["CompileError", "find_ac_opt", "compile"]


class CompileError(RuntimeError):
    """ac-opt rejected the input; the message holds its diagnostics."""


def find_ac_opt():
    """Returns the ac-opt path: $ASYNCCOPY_AC_OPT, the build tree, or PATH."""
    env = os.environ.get("ASYNCCOPY_AC_OPT")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "build", "bin", "ac-opt")
    if os.path.exists(built):
        return os.path.abspath(built)
    found = shutil.which("ac-opt")
    if not found:
        raise CompileError("ac-opt not found; build the project or set ASYNCCOPY_AC_OPT")
    return found


def compile(source, passes=(), extra_args=()):
    """Runs `ac-opt` over MLIR `source` with the given pass flags."""
    cmd = [find_ac_opt(), *passes, *extra_args, "-"]
    result = subprocess.run(cmd, input=source, capture_output=True, text=True)
    if result.returncode != 0:
        raise CompileError(result.stderr.strip())
    return result.stdout
