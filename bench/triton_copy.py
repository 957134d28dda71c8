#!/usr/bin/env python3
"""Triton copies of the 1 GiB f16 matrix (16384x32768) vs our pipelined copy.

Times, in one process on one GPU (CUDA events, `iters` back-to-back launches
after 3 warm-ups, mean per copy; every variant's output is checked with
torch.equal):
  - torch's D2D copy (`out.copy_(inp)`, a cudaMemcpyAsync): sanity baseline;
  - `plain`: one BMxBN tile per program, tl.load / tl.store;
  - `persistent`: grid programs loop over the tiles with
    `tl.range(pid, tiles, nprog, num_stages=s)`, s in 2, 3, 4 (pointers);
  - `tma`: the same persistent loop over tensor descriptors (device-side
    `tl.make_tensor_descriptor`, or host-side `TensorDescriptor`, or the
    older experimental descriptor API, whichever the installed Triton has),
    if it works;
then runs our executable (subprocess, e.g. build-pbench/pipelined-copy-bench
with the chosen configuration; it prints `ms=`) and prints
ratio = triton_best_time / our_time, and our time against torch's copy.

  bench/triton_copy.py --ours "build/bench/pipelined-copy-bench 1g 20 132 32 tma_1g_128x128_s4 3 first"
"""
import argparse
import re
import shlex
import statistics
import subprocess
import sys
import time

import torch
import triton
import triton.language as tl

import benchlib

M, N = 16384, 32768


@triton.jit
def copy_plain(inp, out, N: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    tpr = N // BN
    r = (pid // tpr) * BM + tl.arange(0, BM)
    c = (pid % tpr) * BN + tl.arange(0, BN)
    offs = r[:, None] * N + c[None, :]
    tl.store(out + offs, tl.load(inp + offs))


@triton.jit
def copy_persistent(inp, out, M: tl.constexpr, N: tl.constexpr,
                    BM: tl.constexpr, BN: tl.constexpr, STAGES: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    tpr = N // BN
    tiles = (M // BM) * tpr
    for t in tl.range(pid, tiles, nprog, num_stages=STAGES):
        r = (t // tpr) * BM + tl.arange(0, BM)
        c = (t % tpr) * BN + tl.arange(0, BN)
        offs = r[:, None] * N + c[None, :]
        tl.store(out + offs, tl.load(inp + offs))


def make_tma_kernels():
    """The TMA-descriptor persistent copy for whichever API exists: returns
    (api name, launcher(inp, out, BM, BN, stages, grid, warps)) or raises."""
    errors = []
    if hasattr(tl, "make_tensor_descriptor"):
        @triton.jit
        def copy_tma_dev(inp, out, M: tl.constexpr, N: tl.constexpr,
                         BM: tl.constexpr, BN: tl.constexpr,
                         STAGES: tl.constexpr):
            pid = tl.program_id(0)
            nprog = tl.num_programs(0)
            tpr = N // BN
            tiles = (M // BM) * tpr
            din = tl.make_tensor_descriptor(inp, shape=[M, N], strides=[N, 1],
                                            block_shape=[BM, BN])
            dout = tl.make_tensor_descriptor(out, shape=[M, N], strides=[N, 1],
                                             block_shape=[BM, BN])
            for t in tl.range(pid, tiles, nprog, num_stages=STAGES):
                r = (t // tpr) * BM
                c = (t % tpr) * BN
                dout.store([r, c], din.load([r, c]))

        def alloc(size, alignment, stream):
            return torch.empty(size, device="cuda", dtype=torch.int8)

        triton.set_allocator(alloc)

        def launch(inp, out, BM, BN, s, grid, w):
            copy_tma_dev[(grid,)](inp, out, M, N, BM, BN, s, num_warps=w)
        yield "tl.make_tensor_descriptor", launch
    try:
        from triton.tools.tensor_descriptor import TensorDescriptor

        @triton.jit
        def copy_tma_host(din, dout, M: tl.constexpr, N: tl.constexpr,
                          BM: tl.constexpr, BN: tl.constexpr,
                          STAGES: tl.constexpr):
            pid = tl.program_id(0)
            nprog = tl.num_programs(0)
            tpr = N // BN
            tiles = (M // BM) * tpr
            for t in tl.range(pid, tiles, nprog, num_stages=STAGES):
                r = (t // tpr) * BM
                c = (t % tpr) * BN
                dout.store([r, c], din.load([r, c]))

        def launch(inp, out, BM, BN, s, grid, w):
            din = TensorDescriptor.from_tensor(inp, [BM, BN])
            dout = TensorDescriptor.from_tensor(out, [BM, BN])
            copy_tma_host[(grid,)](din, dout, M, N, BM, BN, s, num_warps=w)
        yield "TensorDescriptor (host)", launch
    except ImportError as e:
        errors.append(str(e))
    try:
        from triton.tools.experimental_descriptor import create_2d_tma_descriptor

        @triton.jit
        def copy_tma_exp(din, dout, M: tl.constexpr, N: tl.constexpr,
                         BM: tl.constexpr, BN: tl.constexpr,
                         STAGES: tl.constexpr):
            pid = tl.program_id(0)
            nprog = tl.num_programs(0)
            tpr = N // BN
            tiles = (M // BM) * tpr
            for t in tl.range(pid, tiles, nprog, num_stages=STAGES):
                r = (t // tpr) * BM
                c = (t % tpr) * BN
                x = tl._experimental_descriptor_load(din, [r, c], [BM, BN],
                                                     tl.float16)
                tl._experimental_descriptor_store(dout, x, [r, c])

        def launch(inp, out, BM, BN, s, grid, w):
            din = create_2d_tma_descriptor(inp.data_ptr(), M, N, BM, BN, 2)
            dout = create_2d_tma_descriptor(out.data_ptr(), M, N, BM, BN, 2)
            copy_tma_exp[(grid,)](din, dout, M, N, BM, BN, s, num_warps=w)
        yield "experimental_descriptor", launch
    except ImportError as e:
        errors.append(str(e))


def timed(fn, iters):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    return benchlib.window_ms(fn, iters)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", help="our benchmark command (prints ms=)")
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--quick", action="store_true",
                    help="fewer Triton variants")
    args = ap.parse_args()
    gb = 2.0 * M * N * 2 / 1e9
    props = torch.cuda.get_device_properties(0)
    sms = props.multi_processor_count
    print(f"torch {torch.__version__} triton {triton.__version__} "
          f"gpu {props.name} sms {sms} matrix {M}x{N} f16 "
          f"bytes_moved {gb:.3f} GB iters {args.iters}", flush=True)
    inp = torch.randint(-32768, 32767, (M, N), dtype=torch.int16,
                        device="cuda").view(torch.float16)
    out = torch.empty_like(inp)
    results = []  # (kind, label, ms)

    def measure(kind, label, fn):
        out.zero_()
        try:
            t0 = time.time()
            fn()  # compile
            torch.cuda.synchronize()
            compile_s = time.time() - t0
            ms = timed(fn, args.iters)
            ok = torch.equal(out.view(torch.int16), inp.view(torch.int16))
        except Exception as e:  # noqa: BLE001 - report and go on
            msg = str(e).strip().splitlines()
            print(f"{kind:10s} {label:44s} FAILED: {type(e).__name__}: "
                  f"{msg[0] if msg else ''}"[:300], flush=True)
            return
        print(f"{kind:10s} {label:44s} {ms:.4f} ms {gb / ms * 1e3:7.1f} GB/s "
              f"check={'PASS' if ok else 'FAIL'} (first call {compile_s:.1f} s)",
              flush=True)
        if ok:
            results.append((kind, label, ms))

    torch_ms = timed(lambda: out.copy_(inp), args.iters)
    print(f"torch_copy {'out.copy_(inp)':44s} {torch_ms:.4f} ms "
          f"{gb / torch_ms * 1e3:7.1f} GB/s", flush=True)

    tiles = [(64, 128), (128, 128)] if args.quick else [(64, 128), (128, 128), (64, 256)]
    warps = [4, 8]
    grids = [sms, 2 * sms]
    for BM, BN in tiles:
        for w in warps:
            measure("plain", f"BM={BM} BN={BN} warps={w}",
                    lambda: copy_plain[(M // BM * (N // BN),)](
                        inp, out, N, BM, BN, num_warps=w))
    for BM, BN in tiles:
        for s in (2, 3, 4):
            for w in warps:
                for g in grids:
                    measure("persistent", f"BM={BM} BN={BN} stages={s} warps={w} grid={g}",
                            lambda: copy_persistent[(g,)](
                                inp, out, M, N, BM, BN, s, num_warps=w))
    tma_ok = False
    try:
        for api, launch in make_tma_kernels():
            before = len(results)
            print(f"tma api: {api}", flush=True)
            for BM, BN in tiles:
                if BN * 2 > 256 and api == "experimental_descriptor":
                    continue
                for s in (2, 3, 4):
                    for w in warps:
                        for g in grids:
                            measure("tma", f"BM={BM} BN={BN} stages={s} warps={w} grid={g}",
                                    lambda: launch(inp, out, BM, BN, s, g, w))
            if len(results) > before:
                tma_ok = True
                break
    except Exception as e:  # noqa: BLE001
        print(f"tma: FAILED: {type(e).__name__}: {e}"[:300], flush=True)
    if not tma_ok:
        print("tma: no working TMA-descriptor variant with this Triton")

    torch_ms2 = timed(lambda: out.copy_(inp), args.iters)
    print(f"torch_copy {'out.copy_(inp) (again)':44s} {torch_ms2:.4f} ms "
          f"{gb / torch_ms2 * 1e3:7.1f} GB/s", flush=True)
    if not results:
        print("no Triton variant worked")
        return 1
    for kind in ("plain", "persistent", "tma"):
        rs = [r for r in results if r[0] == kind]
        if rs:
            b = min(rs, key=lambda r: r[2])
            print(f"best {kind:10s} {b[1]:44s} {b[2]:.4f} ms "
                  f"{gb / b[2] * 1e3:.1f} GB/s")
    best = min(results, key=lambda r: r[2])
    print(f"triton_best {best[0]} {best[1]} {best[2]:.4f} ms "
          f"{gb / best[2] * 1e3:.1f} GB/s", flush=True)
    if not args.ours:
        return 0
    # Free our tensors' memory for the subprocess (it allocates 2 GiB).
    del inp, out
    torch.cuda.empty_cache()
    print(f"ours: {args.ours}", flush=True)
    proc = subprocess.run(shlex.split(args.ours), capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    ms = [float(m) for m in re.findall(r" ms=([0-9.]+)", proc.stdout)]
    if proc.returncode != 0 or not ms:
        print(f"ours: failed (rc {proc.returncode})")
        return 1
    ours = statistics.median(ms)
    print(f"ours_ms {ours:.4f} (median of {len(ms)}) "
          f"{gb / ours * 1e3:.1f} GB/s")
    print(f"ratio triton_best/ours: {best[2] / ours:.3f}")
    print(f"ratio torch_copy/ours: {torch_ms / ours:.3f} (torch copy before) "
          f"{torch_ms2 / ours:.3f} (after)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
