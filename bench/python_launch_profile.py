"""cProfile of back-to-back launches of bench/python_launch.py's kernel
(param mode, torch tensors) on a GPU: where a launch's host time goes
between the package's Python code, torch's attribute reads and the one
call into the runtime. Usage (on the GPU machine, after
`bench/python_launch.py --build DIR` here):

    ASYNCCOPY_LIB_DIR=build/lib python3 bench/python_launch_profile.py DIR
"""
import cProfile
import os
import pstats
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
import asynccopy  # noqa: E402

ROWS, COLS = 64, 256


def main():
    indir = sys.argv[1]
    mode = sys.argv[2] if len(sys.argv) > 2 else "param"
    kernel = asynccopy.load(os.path.join(indir, mode))["copy_tile"]
    x = torch.randn(ROWS, COLS, device="cuda").to(torch.float16)
    y = torch.zeros_like(x)
    for _ in range(500):
        kernel(x, y, grid=1, block=128)
    torch.cuda.synchronize()
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(20000):
        kernel(x, y, grid=1, block=128)
    profile.disable()
    torch.cuda.synchronize()
    assert torch.equal(x, y)
    pstats.Stats(profile).sort_stats("tottime").print_stats(14)


if __name__ == "__main__":
    main()
