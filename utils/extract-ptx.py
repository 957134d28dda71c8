#!/usr/bin/env python3
"""Prints the PTX of every gpu.binary in ac-opt output read from stdin.

`gpu-module-to-binary{format=isa}` stores PTX in the `assembly = "..."`
property of each #gpu.object, escaped the way MLIR prints string attributes
(\\XX hex escapes). This undoes that so FileCheck can read it. With --ptxas,
every module is also assembled on its own (ptxas takes one module per file)
and any ptxas error fails the run; --ptxas without a path takes the ptxas on
PATH, else CUDA's at /usr/local/cuda/bin. With --ptxas-messages, ptxas also
warns on spills, and what it prints for a module it accepts (warnings, its
"Potential Performance Loss: wgmma.mma_async instructions are serialized"
notes) follows that module's PTX as `// ptxas: ` lines, for FileCheck.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


CUDA_PTXAS = "/usr/local/cuda/bin/ptxas"
DEFAULT_PTXAS = shutil.which("ptxas") or CUDA_PTXAS


def unescape(s):
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptxas", nargs="?", const=DEFAULT_PTXAS,
                        help="assemble each module with this ptxas (default: "
                        "the one on PATH, else %s)" % CUDA_PTXAS)
    parser.add_argument("--arch", default="sm_90a", help="ptxas -arch")
    parser.add_argument("--ptxas-messages", action="store_true",
                        help="with --ptxas: warn on spills, and print what "
                        "ptxas says of each module after its PTX")
    args = parser.parse_args()

    text = sys.stdin.read()
    modules = [unescape(b) for b in
               re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)]
    if not modules:
        sys.stderr.write("extract-ptx: no gpu.binary assembly in the input\n")
        return 1
    if args.ptxas and not shutil.which(args.ptxas):
        sys.stderr.write("extract-ptx: no ptxas at %s\n" % args.ptxas)
        return 1
    status = 0
    for index, ptx in enumerate(modules):
        sys.stdout.write(ptx + "\n")
        if not args.ptxas:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "module%d.ptx" % index)
            with open(path, "w") as f:
                f.write(ptx)
            result = subprocess.run(
                [args.ptxas, "-arch=" + args.arch, path, "-o",
                 os.path.join(tmp, "module.cubin")]
                + (["--warn-on-spills"] if args.ptxas_messages else []),
                capture_output=True, text=True)
            if result.returncode != 0:
                sys.stderr.write("extract-ptx: ptxas -arch=%s rejected module %d:\n%s"
                                 % (args.arch, index, result.stderr))
                status = 1
            elif args.ptxas_messages:
                # ptxas ends some messages without a newline: split them at
                # each "ptxas ".
                said = (result.stdout + result.stderr).replace("ptxas ", "\nptxas ")
                for line in said.splitlines():
                    if line.strip():
                        sys.stdout.write("// ptxas: %s\n" % line.strip())
    return status


if __name__ == "__main__":
    sys.exit(main())
