#!/usr/bin/env python3
"""Checks that mlir-runner can link a lowered module: every function or
global the module declares but does not define must be defined by one of the
given shared libraries (`nm -D --defined-only`) or by the C library that they
load (libc, libm: malloc, free, ...).

Usage: check-jit-symbols.py [--translate MLIR_TRANSLATE] --lib A.so [--lib B.so]... MODULE.mlir...

Each MODULE is LLVM-dialect MLIR (the output of `ac-opt --asynccopy-to-llvm`);
it is translated with `mlir-translate --mlir-to-llvmir` and its `declare`d
functions and `external` globals are looked up (LLVM intrinsics excepted).
Prints one line per symbol, `SYMBOL LIBRARY`; exits 1 naming every symbol
that no library defines.
"""

import argparse
import os
import re
import subprocess
import sys

DECLARE = re.compile(r'^declare\b[^@]*@"?([^"(\s]+)"?\(', re.MULTILINE)
EXTERNAL_GLOBAL = re.compile(r'^@"?([^"\s]+)"? = external\b', re.MULTILINE)
# `ldd` lines: `libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)`.
LDD_LINE = re.compile(r"^\s*(libc|libm)\.so\.\d+ => (\S+)", re.MULTILINE)


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True)
    if result.returncode != 0:
        sys.exit("check-jit-symbols: %s failed:\n%s" %
                 (" ".join(command), result.stderr))
    return result.stdout


def defined_symbols(library):
    """The dynamic symbols `library` defines, without version suffixes."""
    symbols = set()
    for line in run(["nm", "-D", "--defined-only", library]).splitlines():
        fields = line.split()
        if len(fields) == 3:
            symbols.add(fields[2].split("@")[0])
    return symbols


def c_libraries(libraries):
    """libc and libm as the first library loads them (what the JIT process
    has whatever it was asked to load)."""
    found = {}
    for library in libraries:
        for name, path in LDD_LINE.findall(run(["ldd", library])):
            found.setdefault(name, path)
    return sorted(found.values())


def needed_symbols(translate, module):
    llvm_ir = run([translate, "--mlir-to-llvmir", module])
    names = set(DECLARE.findall(llvm_ir)) | set(EXTERNAL_GLOBAL.findall(llvm_ir))
    return sorted(n for n in names if not n.startswith("llvm."))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--translate", default="mlir-translate")
    parser.add_argument("--lib", action="append", required=True,
                        help="a shared library passed to mlir-runner")
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()

    providers = [(lib, defined_symbols(lib)) for lib in args.lib]
    providers += [(lib, defined_symbols(lib)) for lib in c_libraries(args.lib)]
    status = 0
    for module in args.modules:
        for symbol in needed_symbols(args.translate, module):
            owner = next((lib for lib, symbols in providers
                          if symbol in symbols), None)
            if owner:
                print("%s %s" % (symbol, os.path.basename(owner)))
                continue
            sys.stderr.write(
                "check-jit-symbols: %s needs %s, which none of %s defines\n" %
                (module, symbol,
                 ", ".join(os.path.basename(lib) for lib, _ in providers)))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
