"""Python front end of asynccopy: compile kernels in process, save and load
them, and launch them on tensors.

    import asynccopy
    module = asynccopy.compile(source)          # MLIR text or a path
    module.save("out/tiled")                    # PTX, cubin, metadata
    module = asynccopy.load("out/tiled")        # no MLIR needed
    module["tiled_copy"](x, y, grid=(128, 256), block=(128,))

See docs/python.md.
"""

import json
import os
import shutil
import subprocess
import tempfile

from ._launch import Kernel

__all__ = ["CompileError", "Module", "compile", "load"]

class CompileError(Exception):
    """The compiler rejected the source; `diagnostics` holds its located
    messages ("<file>:<line>:<col>: error: ...", with notes)."""

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(self.diagnostics) or "compilation failed")


class Module:
    """A compiled PTX module: `.ptx`, `.cubin` (None without ptxas),
    `.remarks`, `.kernels`, `.metadata`; `module["name"]` is a launchable
    kernel."""

    def __init__(self, ptx, cubin, metadata, remarks=()):
        self.ptx = ptx
        self.cubin = cubin
        self.metadata = metadata
        self.remarks = list(remarks)
        self._kernels = {}
        self._loaded = {}  # CUDA device -> CUmodule (see _launch.Kernel)

    @property
    def chip(self):
        return self.metadata["chip"]

    @property
    def kernels(self):
        return sorted(self.metadata["kernels"])

    def __getitem__(self, name):
        if name not in self.metadata["kernels"]:
            raise KeyError("no kernel %r in this module (kernels: %s)"
                           % (name, ", ".join(self.kernels)))
        if name not in self._kernels:
            self._kernels[name] = Kernel(self, name,
                                         self.metadata["kernels"][name])
        return self._kernels[name]

    def save(self, path):
        """Writes `path`/module.json (metadata), module.ptx and, when there
        is one, module.cubin; `load(path)` reads them back."""
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "module.json"), "w") as f:
            json.dump(dict(self.metadata, remarks=self.remarks), f, indent=2)
        with open(os.path.join(path, "module.ptx"), "w") as f:
            f.write(self.ptx)
        cubin = os.path.join(path, "module.cubin")
        if self.cubin is not None:
            with open(cubin, "wb") as f:
                f.write(self.cubin)
        elif os.path.exists(cubin):
            os.remove(cubin)


def load(path):
    """Reads a module `Module.save` wrote; needs no MLIR and no compiler."""
    with open(os.path.join(path, "module.json")) as f:
        metadata = json.load(f)
    if metadata.get("format") != 1:
        raise ValueError("%s: unknown module format %r"
                         % (path, metadata.get("format")))
    remarks = metadata.pop("remarks", [])
    with open(os.path.join(path, "module.ptx")) as f:
        ptx = f.read()
    cubin = None
    if os.path.exists(os.path.join(path, "module.cubin")):
        with open(os.path.join(path, "module.cubin"), "rb") as f:
            cubin = f.read()
    return Module(ptx, cubin, metadata, remarks)


def find_ptxas():
    """$ASYNCCOPY_PTXAS, ptxas on PATH, or /usr/local/cuda/bin/ptxas; None
    when there is none."""
    for candidate in (os.environ.get("ASYNCCOPY_PTXAS"), shutil.which("ptxas"),
                      "/usr/local/cuda/bin/ptxas"):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def _assemble(ptx, chip):
    ptxas = find_ptxas()
    if ptxas is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "m.ptx"), os.path.join(tmp, "m.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        run = subprocess.run([ptxas, "-arch=" + chip, src, "-o", out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise CompileError(["ptxas -arch=%s: %s" % (chip,
                                                         run.stderr.strip())])
        with open(out, "rb") as f:
            return f.read()


def _pipeline_options(**options):
    """The option string of the asynccopy pipelines for `compile`'s
    keywords: each python_style name becomes the kebab-case option
    (`descriptor_mode` -> `descriptor-mode`), True and False `true` and
    `false`, other values their str(). Names and values are not checked
    here: the pipeline rejects what it does not take."""
    words = []
    for name, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        words.append("%s=%s" % (name.replace("_", "-"), value))
    return " ".join(words)


def compile(source, **options):
    """Compiles MLIR `source` (text, or a path to a .mlir file) in process
    with asynccopy-to-nvvm, then PTX, assembled with ptxas when it is
    installed. The keywords are the pipeline's options in Python style,
    passed on as they are (docs/python.md lists them): `chip="sm_80"`,
    `descriptor_mode="scratch"`, `dynamic_smem="always"`, `stages=3`,
    `explain=True` (the implementation selection's remarks in `.remarks`),
    `check_synchronization=False`, `raise_upstream=False`, `features`,
    `opt_level`; the pipeline's defaults apply to the others. Raises
    CompileError with the located diagnostics, or with the pipeline's
    message for an option it does not take."""
    from . import _capi

    name = "<source>"
    if isinstance(source, os.PathLike) or (isinstance(source, str)
                                           and "\n" not in source
                                           and source.endswith(".mlir")):
        name = os.fspath(source)
        with open(name) as f:
            source = f.read()
    ok, ptx, metadata, diagnostics, remarks = _capi.compile_to_ptx(
        source, _pipeline_options(**options), name)
    if not ok:
        raise CompileError(diagnostics)
    # Warnings do not fail the compilation: they are kept with the remarks.
    return Module(ptx, _assemble(ptx, metadata["chip"]), metadata,
                  diagnostics + remarks)
