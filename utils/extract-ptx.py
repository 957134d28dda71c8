#!/usr/bin/env python3
"""Prints the PTX of every gpu.binary in ac-opt output read from stdin.

`gpu-module-to-binary{format=isa}` stores PTX in the `assembly = "..."`
property of each #gpu.object, escaped the way MLIR prints string attributes
(\\XX hex escapes). This undoes that so ptxas and FileCheck can read it.
"""

import re
import sys


def unescape(s):
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)


def main():
    text = sys.stdin.read()
    blobs = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)
    if not blobs:
        sys.stderr.write("extract-ptx: no gpu.binary assembly in the input\n")
        return 1
    for blob in blobs:
        sys.stdout.write(unescape(blob))
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
