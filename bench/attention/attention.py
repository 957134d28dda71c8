#!/usr/bin/env python3
"""Attention forward throughput of the asynccopy kernel
(bench/attention/attention_gen.py) against torch's SDPA backends (cuDNN,
FlashAttention-2), flash_attn if importable, and a Triton fused-attention
kernel written after the Triton tutorial's design, in one process on one GPU
(issue 39).

O = softmax(Q K^T / sqrt(D)) V and the log-sum-exp of each row, Q, K, V, O
in torch's (B, H, S, D) layout. Shapes as FlashAttention-3's table: B * S =
16k tokens, H * D = 2048, S from 512 to 16k, head dims 64, 128 and 256,
causal and not, f16 and bf16; GQA (32 query heads, 8 K/V heads).

  bench/attention/attention.py --build DIR   here: generates and compiles
                                             each configuration (needs
                                             libAsyncCopyCAPI.so, ptxas)
  bench/attention/attention.py --run DIR     on the GPU machine (torch,
                                             Triton; libAsyncCopyRuntime.so
                                             through ASYNCCOPY_LIB_DIR)

`--small` builds/runs only small shapes (ragged S, causal, GQA, every head
dim), checked against an f32 reference, e.g. under compute-sanitizer.

Checks: O's relative Frobenius error against an f32 reference (small
shapes) or against the f32 reference of sampled heads (large shapes) below
1e-2 (f16) / 3e-2 (bf16), no NaN; LSE's max abs error below 1e-3 against
the f32 reference; O and LSE sit between NaN guard bands that must stay
NaN. Timing: median of 5 windows of 10 back-to-back launches (CUDA events),
`--rounds` interleaved sweeps over the launchers of a shape. TFLOP/s =
4 B H S^2 D (halved when causal) / time. Prints a table and `JSON {...}`
with summary.json's ratios; exits 1 if a result is wrong.
"""
import argparse
import math
import os
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, HERE)

import asynccopy  # noqa: E402
import benchlib  # noqa: E402
import attention_gen  # noqa: E402

TOKENS, WIDTH = 16384, 2048
SEQS = (512, 1024, 2048, 4096, 8192, 16384)
# (B, H, HKV, S, D, causal, dtype) beyond the sweep: GQA.
EXTRA = ((4, 32, 8, 4096, 128, False, "f16"), (4, 32, 8, 4096, 128, True, "f16"))
# Small shapes: ragged S, GQA, every head dim, causal and not.
SMALL = ((1, 2, 2, 200, 64, False, "f16"), (2, 4, 2, 333, 128, True, "f16"),
         (1, 2, 1, 256, 128, False, "bf16"), (1, 2, 2, 190, 256, True, "bf16"),
         (1, 2, 2, 384, 256, False, "f16"), (1, 1, 1, 130, 128, True, "bf16"),
         (1, 4, 1, 300, 128, True, "f16"), (1, 2, 2, 333, 128, False, "f16"))
# Small packed varlen batches (sequence lengths, H, HKV, D, causal, dtype):
# every window inside a sequence by TMA, the one crossing its end by the
# sync copy, against an f32 reference per sequence; rows past the batch and
# LSE entries past it must stay NaN.
VARLEN_SMALL = (((1, 64, 200, 35), 4, 2, 128, False, "f16"),
                ((130, 7, 256, 64), 4, 4, 128, True, "bf16"),
                ((90, 128, 3), 2, 1, 64, True, "f16"))
# Kernel variants per head dim: (key block, stages, producer warpgroup,
# pingpong consumers, K/V multicast over 2-CTA clusters, S of the next key
# block during the softmax). At head dim 128, key blocks of 64 in 2 stages
# without a producer take 128 registers and 96 KB of SMEM, so two CTAs
# share an SM: one's Q load and epilogue overlap the other's loop (what a
# persistent kernel gets), which pays at short S.
VARIANTS = {64: ((128, 3, False, False, False, False), (128, 3, True, False, False, False),
                 (128, 3, True, True, False, False), (128, 3, True, True, False, True)),
            128: ((128, 2, False, False, False, False), (128, 2, True, False, False, False),
                  (128, 2, True, True, False, False), (128, 2, True, True, True, False),
                  (64, 3, True, True, False, False), (64, 2, False, False, False, False),
                  (128, 2, False, False, False, True), (128, 2, True, False, False, True),
                  (128, 2, True, True, False, True), (176, 2, True, False, False, False),
                  (176, 2, True, True, False, False), (176, 2, True, False, False, True)),
            256: ((64, 2, False, False, False, False), (64, 2, True, False, False, False),
                  (64, 2, True, True, False, False), (64, 2, True, True, False, True))}
PEAK_TFLOPS = 989.0  # dense f16/bf16 of the H100/H200 SXM
HANG_S = 10
GUARD = 8  # rows of NaN guard band around O and LSE


def sweep(dtypes=("f16", "bf16"), seqs=SEQS):
    for dtype in dtypes:
        for d in (64, 128, 256):
            for causal in (False, True):
                for s in seqs:
                    yield (TOKENS // s, WIDTH // d, WIDTH // d, s, d, causal, dtype)
    yield from EXTRA


# Run only the kernels whose name holds this (`--kernels`).
KERNELS = ""


def configurations(shapes):
    for b, h, hkv, s, d, causal, dtype in shapes:
        for bn, stages, ws, pp, mc, ov in VARIANTS[d]:
            a = attention_gen.Attention(b, h, hkv, s, d, causal, dtype, bn, stages, ws, pp, mc,
                                        overlap=ov)
            if (not mc or a.cluster != (1, 1)) and KERNELS in a.name:
                yield a


# Varlen kernels: loads through each sequence's subview (clipped), or from
# the packed tensors with a producer warpgroup (and pingpong consumers, and
# the next block's S during the softmax).
VARLEN_VARIANTS = ((False, False, False), (True, False, False), (True, True, False),
                   (True, True, True))


def varlen_kernels(lengths, h, hkv, d, causal, dtype):
    """The varlen kernels for a batch of `lengths` (S = the longest, rounded
    up to 64)."""
    s = -(-max(lengths) // 64) * 64
    bn, stages = VARIANTS[d][0][:2]
    kernels = [attention_gen.Attention(len(lengths), h, hkv, s, d, causal, dtype, bn, stages,
                                       ws, pp, varlen=True, overlap=ov)
               for ws, pp, ov in VARLEN_VARIANTS]
    return [a for a in kernels if KERNELS in a.name]


def varlen_batch(causal):
    """The timed varlen batch: random lengths 1..4096 (seed 39) packed up to
    16k tokens, 16 heads of 128, f16."""
    rng = random.Random(39)
    lengths = []
    while sum(lengths) < TOKENS:
        lengths.append(min(rng.randint(1, 4096), TOKENS - sum(lengths)))
    return (tuple(lengths), 16, 16, 128, causal, "f16")


def build(outdir, shapes, small=False, varlen=False):
    os.makedirs(outdir, exist_ok=True)
    specs = (list(VARLEN_SMALL) if small else []) + (
        [varlen_batch(c) for c in (False, True)] if varlen else [])
    extra = [a for spec in specs for a in varlen_kernels(*spec)]
    for a in list(configurations(shapes)) + extra:
        text = attention_gen.emit(a)
        module = asynccopy.compile(text)
        if module.cubin is None:
            sys.exit("ptxas not found: the run needs cubins")
        module.save(os.path.join(outdir, a.name))
        print("built", a.name, flush=True)


def triton_attention():
    """A fused-attention kernel after the Triton tutorial's design: one
    program per 128 (or 64) query rows of a head, online softmax in exp2,
    K/V blocks through TMA descriptors, causal as an unmasked sweep below
    the diagonal plus a masked one on it. Autotuned over key block, stages
    and warps per (D, causal, dtype)."""
    import triton
    import triton.language as tl
    from triton.tools.tensor_descriptor import TensorDescriptor

    def set_blocks(nargs):
        d = nargs["qd"].block_shape[1]
        for name, rows in (("qd", "BM"), ("od", "BM"), ("kd", "BN"), ("vd", "BN")):
            nargs[name].block_shape = [nargs[rows], d]

    configs = [triton.Config({"BM": bm, "BN": bn}, num_stages=st, num_warps=w,
                             pre_hook=set_blocks)
               for bm, bn, st, w in ((128, 64, 3, 4), (128, 128, 3, 8),
                                     (128, 64, 4, 8), (128, 128, 2, 8),
                                     (64, 64, 3, 4))]

    def prune(configs, named, **kw):
        d = named["qd"].block_shape[1]
        return [c for c in configs if not (d == 256 and c.kwargs["BN"] == 128)]

    @triton.jit
    def inner(acc, l, m, q, kd, vd, kvrow, qpos, lo, hi, scale, BM: tl.constexpr,
              BN: tl.constexpr, MASK: tl.constexpr):
        for n in tl.range(lo, hi, BN):
            k = kd.load([kvrow + n, 0])
            s = tl.dot(q, k.T) * scale
            if MASK:
                keep = qpos[:, None] >= (n + tl.arange(0, BN))[None, :]
                s = tl.where(keep, s, -float("inf"))
            mn = tl.maximum(m, tl.max(s, 1))
            p = tl.math.exp2(s - mn[:, None])
            alpha = tl.math.exp2(m - mn)
            l = l * alpha + tl.sum(p, 1)
            v = vd.load([kvrow + n, 0])
            acc = acc * alpha[:, None]
            acc = tl.dot(p.to(v.dtype), v, acc)
            m = mn
        return acc, l, m

    @triton.autotune(configs, key=["D", "CAUSAL", "S"],
                     prune_configs_by={"early_config_prune": prune})
    @triton.jit
    def fwd(qd, kd, vd, od, lse, sm_scale, H, G, S, D: tl.constexpr,
            CAUSAL: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
        start = tl.program_id(0) * BM
        bh = tl.program_id(1)
        kvh = (bh // H) * (H // G) + (bh % H) // G
        qrow = bh * S + start
        kvrow = kvh * S
        scale = sm_scale * 1.4426950408889634
        q = qd.load([qrow, 0])
        m = tl.full([BM], -float("inf"), tl.float32)
        l = tl.zeros([BM], tl.float32)
        acc = tl.zeros([BM, D], tl.float32)
        qpos = start + tl.arange(0, BM)
        if CAUSAL:
            acc, l, m = inner(acc, l, m, q, kd, vd, kvrow, qpos, 0, start, scale,
                              BM, BN, False)
            acc, l, m = inner(acc, l, m, q, kd, vd, kvrow, qpos, start, start + BM,
                              scale, BM, BN, True)
        else:
            acc, l, m = inner(acc, l, m, q, kd, vd, kvrow, qpos, 0, S, scale,
                              BM, BN, False)
        tl.store(lse + bh * S + qpos, (m + tl.math.log2(l)) * 0.6931471805599453)
        od.store([qrow, 0], (acc / l[:, None]).to(od.dtype))

    def launcher(q, k, v, o, lse, causal):
        b, h, s, d = q.shape
        hkv = k.shape[1]
        # Block shapes are set per configuration by its pre-hook.
        qd = TensorDescriptor(q.view(-1, d), [b * h * s, d], [d, 1], [1, d])
        od = TensorDescriptor(o.view(-1, d), [b * h * s, d], [d, 1], [1, d])
        kd = TensorDescriptor(k.view(-1, d), [b * hkv * s, d], [d, 1], [1, d])
        vd = TensorDescriptor(v.view(-1, d), [b * hkv * s, d], [d, 1], [1, d])

        def grid(meta):
            return (triton.cdiv(s, meta["BM"]), b * h)

        return lambda: fwd[grid](qd, kd, vd, od, lse, 1.0 / math.sqrt(d), h,
                                 h // hkv, s, D=d, CAUSAL=causal)
    return launcher, triton.__version__


def reference(q, k, v, causal, heads=None):
    """O and LSE in f32 (for the heads `heads` of a (B*H) flattening, or
    all)."""
    import torch
    b, h, s, d = q.shape
    g = h // k.shape[1]
    qf = q.reshape(b * h, s, d)
    kf = k.repeat_interleave(g, dim=1).reshape(b * h, s, d)
    vf = v.repeat_interleave(g, dim=1).reshape(b * h, s, d)
    idx = heads if heads is not None else range(b * h)
    outs, lses = [], []
    for i in idx:
        sc = qf[i].float() @ kf[i].float().t() / math.sqrt(d)
        if causal:
            sc = sc.masked_fill(torch.ones(s, s, device=q.device, dtype=torch.bool)
                                .triu(1), float("-inf"))
        lse = torch.logsumexp(sc, -1)
        outs.append(torch.softmax(sc, -1) @ vf[i].float())
        lses.append(lse)
    return torch.stack(outs), torch.stack(lses)


def sdpa_launchers(q, k, v, causal):
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel
    import torch.nn.functional as F
    gqa = q.shape[1] != k.shape[1]
    out = {}
    for name, backend in (("sdpa cudnn", SDPBackend.CUDNN_ATTENTION),
                          ("sdpa flash2", SDPBackend.FLASH_ATTENTION)):
        def call(backend=backend):
            with sdpa_kernel(backend):
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                      enable_gqa=gqa)
        out[name] = call
    try:
        from flash_attn_interface import flash_attn_func as fa3  # noqa
        qt, kt, vt = (x.transpose(1, 2).contiguous() for x in (q, k, v))
        out["flash_attn 3"] = lambda: fa3(qt, kt, vt, causal=causal)
    except Exception:
        pass
    try:
        from flash_attn import flash_attn_func as fa2
        qt, kt, vt = (x.transpose(1, 2).contiguous() for x in (q, k, v))
        out["flash_attn 2"] = lambda: fa2(qt, kt, vt, causal=causal)
    except Exception:
        pass
    return out


def time_ms(launch, windows=5, per_window=10):
    import torch
    launch()
    torch.cuda.synchronize()
    return statistics.median(benchlib.window_ms(launch, per_window)
                             for _ in range(windows))


def run(indir, json_path, small, rounds, only, seqs=SEQS, varlen=False):
    import torch
    tri, triton_version = (None, None) if small or varlen else triton_attention()
    props = torch.cuda.get_device_properties(0)
    print("gpu %s, torch %s, triton %s" % (props.name, torch.__version__, triton_version),
          flush=True)
    torch.manual_seed(0)
    failures, by_shape = [], {}
    shapes = SMALL if small else [] if varlen else list(sweep(seqs=seqs))
    for shape in shapes:
        b, h, hkv, s, d, causal, dtype = shape
        if only and not ("%s %d %s" % (dtype, d, causal)).startswith(only):
            continue
        tdt = torch.float16 if dtype == "f16" else torch.bfloat16
        tol = 1e-2 if dtype == "f16" else 3e-2
        q = torch.randn(b, h, s, d, device="cuda", dtype=tdt)
        k = torch.randn(b, hkv, s, d, device="cuda", dtype=tdt)
        v = torch.randn(b, hkv, s, d, device="cuda", dtype=tdt)
        # O and LSE inside NaN guard bands (a write past S in the last head
        # lands in a band, one in another head fails the comparison).
        oflat = torch.full(((b * h * s + 2 * GUARD) * d,), float("nan"), device="cuda",
                           dtype=tdt)
        o = oflat[GUARD * d:(GUARD + b * h * s) * d].view(b, h, s, d)
        lflat = torch.full((b * h * s + 2 * GUARD,), float("nan"), device="cuda",
                           dtype=torch.float32)
        lse = lflat[GUARD:GUARD + b * h * s].view(b, h, s)
        heads = None if small else [0, b * h - 1]
        ref_o, ref_lse = reference(q, k, v, causal, heads)
        sel = (lambda x: x.reshape(b * h, s, -1)) if heads is None else (
            lambda x: x.reshape(b * h, s, -1)[heads])
        label_shape = "%s d%d %s b%d h%d/%d s%d" % (dtype, d, "causal" if causal else "full",
                                                  b, h, hkv, s)
        results = by_shape.setdefault(label_shape, {})
        flops = 4.0 * b * h * s * s * d / (2 if causal else 1)

        def check(label, out, out_lse=None):
            err = ((sel(out).float() - ref_o).norm() / ref_o.norm()).item()
            ok = err < tol and not torch.isnan(out).any().item()
            lerr = None
            if out_lse is not None:
                lerr = (sel(out_lse).reshape(ref_lse.shape) - ref_lse).abs().max().item()
                ok = ok and lerr < 1e-3
                bands = torch.cat([oflat[:GUARD * d], oflat[(GUARD + b * h * s) * d:],
                                   lflat[:GUARD], lflat[GUARD + b * h * s:]])
                ok = ok and torch.isnan(bands).all().item()
            if not ok:
                failures.append("%s %s" % (label_shape, label))
            print("%s %-24s %-40s O err %.2e%s" % (
                "ok  " if ok else "FAIL", label_shape, label, err,
                "" if lerr is None else "  LSE err %.2e" % lerr), flush=True)
            return ok

        timed = {}
        for name, call in ({} if small else sdpa_launchers(q, k, v, causal)).items():
            try:
                res = call()
                benchlib.wait_or_exit(name, HANG_S)
            except Exception as exc:
                print("skip %s: %s" % (name, str(exc).splitlines()[0]))
                continue
            check(name, res)
            timed[name] = call
        for a in configurations([shape]):
            kern = asynccopy.load(os.path.join(indir, a.name))["attention"]
            args = (q.view(b * h, s, d), k.view(b * hkv, s, d), v.view(b * hkv, s, d),
                    o.view(b * h, s, d), lse.view(b * h, s))
            cluster = a.cluster + (1,) if a.cluster != (1, 1) else None
            launch = (lambda kern=kern, a=a, cluster=cluster: kern(
                *args, grid=a.grid, block=a.launch_threads, cluster=cluster))
            oflat.fill_(float("nan"))
            lflat.fill_(float("nan"))
            label = "asynccopy bn%d s%d%s%s%s%s" % (
                a.bn, a.stages, " ws" if a.warp_specialize else "",
                " pp" if a.pingpong else "",
                " mc%dx%d" % a.cluster if a.cluster != (1, 1) else "",
                " ov" if a.overlap else "")
            launch()
            benchlib.wait_or_exit(label, HANG_S)
            if check(label, o, lse):
                timed[label] = launch
        if tri is not None:
            to = torch.empty_like(q)
            tl_lse = torch.empty(b, h, s, device="cuda", dtype=torch.float32)
            call = tri(q, k, v, to, tl_lse, causal)
            try:
                call()
                benchlib.wait_or_exit("triton", HANG_S)
                if check("triton", to, None):
                    timed["triton"] = call
            except Exception as exc:
                print("skip triton: %r" % exc)
        times = {label: [] for label in timed}
        for _ in range(0 if small else rounds):
            for label, launch in timed.items():
                times[label].append(time_ms(launch))
        for label, values in times.items():
            if not values:
                continue
            ms = statistics.median(values)
            results[label] = flops / ms / 1e9
            print("     %-24s %-28s %8.3f ms %7.1f TFLOP/s" % (label_shape, label, ms,
                                                           results[label]), flush=True)
        del q, k, v, oflat, lflat
        torch.cuda.empty_cache()
    if small:
        for v in VARLEN_SMALL:
            if not only or only.startswith("varlen"):
                run_varlen(indir, v, failures)
    if varlen:
        by_shape.update(run_varlen_bench(indir, rounds, failures))
    summary = {"gpu": props.name, "torch": torch.__version__, "triton": triton_version,
               "checks": "FAIL" if failures else "PASS",
               "tflops": {s: {l: round(v, 1) for l, v in r.items()}
                          for s, r in by_shape.items()}}
    summary["ratios"] = ratios(by_shape)
    return benchlib.finish(summary, json_path, failures)


def varlen_tensors(spec):
    """Packed Q, K, V of exactly the batch's tokens, each followed in memory
    by NaN rows (loads must clip at the batch's end), and cu_seqlens."""
    import torch
    lengths, h, hkv, d, causal, dtype = spec
    tdt = torch.float16 if dtype == "f16" else torch.bfloat16
    cu = [0]
    for n in lengths:
        cu.append(cu[-1] + n)
    total = cu[-1]

    def guarded(heads):
        store = torch.full((total + GUARD, heads, d), float("nan"), device="cuda",
                           dtype=tdt)
        store[:total] = torch.randn(total, heads, d, device="cuda", dtype=tdt)
        return store[:total]
    q, k, v = guarded(h), guarded(hkv), guarded(hkv)
    cu_t = torch.tensor(cu, device="cuda", dtype=torch.int32)
    return q, k, v, cu, cu_t


def varlen_outputs(q, h):
    """O (total, H, D) and LSE (H, total), each followed by a NaN guard
    band; returns (o, lse, the bands)."""
    import torch
    total, _, d = q.shape
    ostore = torch.empty((total + GUARD) * h * d, device="cuda", dtype=q.dtype)
    lstore = torch.empty(h * total + GUARD * h, device="cuda", dtype=torch.float32)
    o = ostore[:total * h * d].view(total, h, d)
    lse = lstore[:h * total].view(h, total)
    return o, lse, (ostore, lstore)


def varlen_check(spec, q, k, v, cu, o, lse=None):
    """The worst relative error of O and abs error of LSE (None when not
    given) over the sequences, against an f32 reference per sequence and
    group of 4 heads."""
    import torch
    lengths, h, hkv, d, causal, dtype = spec
    g = h // hkv
    worst, lworst = 0.0, None if lse is None else 0.0
    for i, n in enumerate(lengths):
        lo = cu[i]
        for h0 in range(0, h, 4):
            hs = slice(h0, h0 + 4)
            qs = q[lo:lo + n, hs].float().transpose(0, 1)
            kvh = [x // g for x in range(h0, min(h0 + 4, h))]
            ks = k[lo:lo + n, kvh].float().transpose(0, 1)
            vs = v[lo:lo + n, kvh].float().transpose(0, 1)
            sc = qs @ ks.transpose(1, 2) / math.sqrt(d)
            if causal:
                sc = sc.masked_fill(torch.ones(n, n, device="cuda", dtype=torch.bool)
                                    .triu(1), float("-inf"))
            ref = torch.softmax(sc, -1) @ vs
            got = o[lo:lo + n, hs].float().transpose(0, 1)
            err = ((got - ref).norm() / ref.norm()).item()
            worst = max(worst, err if not math.isnan(err) else float("inf"))
            if lse is not None:
                lerr = (lse[hs, lo:lo + n] - torch.logsumexp(sc, -1)).abs().max().item()
                lworst = max(lworst, lerr if not math.isnan(lerr) else float("inf"))
    return worst, lworst


def varlen_launchers(indir, spec, q, k, v, cu_t, o, lse):
    """Our kernel variants on the packed batch: {label: launch}."""
    out = {}
    for a in varlen_kernels(*spec):
        kern = asynccopy.load(os.path.join(indir, a.name))["attention"]
        label = "asynccopy%s%s%s" % (" ws" if a.warp_specialize else "",
                                     " pp" if a.pingpong else "", " ov" if a.overlap else "")
        out[label] = (lambda kern=kern, a=a: kern(q, k, v, o, lse, cu_t, grid=a.grid,
                                                  block=a.launch_threads))
    return out


def run_varlen(indir, spec, failures, timed=None):
    """One packed varlen batch against an f32 reference per sequence, every
    kernel variant; with `timed` (a dict), the launchers that pass go
    there."""
    import torch
    lengths, h, hkv, d, causal, dtype = spec
    tol = 1e-2 if dtype == "f16" else 3e-2
    q, k, v, cu, cu_t = varlen_tensors(spec)
    o, lse, (ostore, lstore) = varlen_outputs(q, h)
    total = cu[-1]
    for label, launch in varlen_launchers(indir, spec, q, k, v, cu_t, o, lse).items():
        ostore.fill_(float("nan"))
        lstore.fill_(float("nan"))
        launch()
        benchlib.wait_or_exit("varlen " + label, HANG_S)
        worst, lworst = varlen_check(spec, q, k, v, cu, o, lse)
        bands = (torch.isnan(ostore[total * h * d:]).all().item()
                 and torch.isnan(lstore[h * total:]).all().item())
        ok = (worst < tol and lworst < 1e-3 and bands
              and not torch.isnan(o).any().item())
        name = "varlen %s %s d%d h%d/%d %s %s" % (
            dtype, lengths if len(lengths) < 6 else "(%d sequences, %d tokens)"
            % (len(lengths), total), d, h, hkv, "causal" if causal else "full", label)
        if not ok:
            failures.append(name)
        elif timed is not None:
            timed[label] = launch
        print("%s %-60s O err %.2e  LSE err %.2e  guard bands untouched: %s" % (
            "ok  " if ok else "FAIL", name, worst, lworst, bands), flush=True)
    return q, k, v, cu, cu_t


def sdpa_varlen_launchers(spec, q, k, v, cu, cu_t):
    """SDPA's varlen paths on the packed batch: FlashAttention-2's varlen
    forward (what SDPA runs for nested tensors) and, where torch has it,
    cuDNN's; each {label: launch returning O (total, H, D)}."""
    import torch
    lengths, h, hkv, d, causal, dtype = spec
    total, longest = cu[-1], max(lengths)
    qp, kp, vp = q, k, v
    out = {}
    out["sdpa flash2 varlen"] = lambda: torch.ops.aten._flash_attention_forward(
        qp, kp, vp, cu_t, cu_t, longest, longest, 0.0, causal, False)[0]
    from torch.nn.attention import SDPBackend, sdpa_kernel
    import torch.nn.functional as F
    offsets = cu_t.to(torch.int64)
    nested = [torch.nested.nested_tensor_from_jagged(x, offsets).transpose(1, 2)
              for x in (qp, kp, vp)]
    for name, backend in (("sdpa cudnn nested", SDPBackend.CUDNN_ATTENTION),
                          ("sdpa flash2 nested", SDPBackend.FLASH_ATTENTION)):
        def call(backend=backend):
            with sdpa_kernel(backend):
                res = F.scaled_dot_product_attention(*nested, is_causal=causal)
            return res.transpose(1, 2).values()
        out[name] = call
    return out


def run_varlen_bench(indir, rounds, failures):
    """The timed varlen batches (causal and not): our variants and SDPA's
    varlen paths, every result checked; {label: {launcher: TFLOP/s}}."""
    import torch
    by_spec = {}
    for causal in (False, True):
        spec = varlen_batch(causal)
        lengths, h, hkv, d, _, dtype = spec
        timed = {}
        q, k, v, cu, cu_t = run_varlen(indir, spec, failures, timed)
        for name, call in sdpa_varlen_launchers(spec, q, k, v, cu, cu_t).items():
            try:
                res = call()
                benchlib.wait_or_exit(name, HANG_S)
            except Exception as exc:
                print("skip %s: %s" % (name, str(exc).splitlines()[0]), flush=True)
                continue
            worst, _ = varlen_check(spec, q, k, v, cu, res)
            # A baseline that disagrees is reported and not timed; it is no
            # failure of ours.
            ok = worst < 1e-2
            print("%s varlen %s %-24s O err %.2e" % ("ok  " if ok else "WRONG",
                  "causal" if causal else "full", name, worst), flush=True)
            if ok:
                timed[name] = call
        flops = sum(4.0 * n * n * d * h for n in lengths) / (2 if causal else 1)
        label = "varlen f16 d128 %s %d seqs %d tokens" % (
            "causal" if causal else "full", len(lengths), cu[-1])
        times = {x: [] for x in timed}
        for _ in range(rounds):
            for x, launch in timed.items():
                times[x].append(time_ms(launch))
        results = by_spec.setdefault(label, {})
        for x, values in times.items():
            ms = statistics.median(values)
            results[x] = flops / ms / 1e9
            print("     %-40s %-24s %8.3f ms %7.1f TFLOP/s" % (label, x, ms, results[x]),
                  flush=True)
        del q, k, v
        torch.cuda.empty_cache()
    return by_spec


def best(results, prefix):
    values = [v for l, v in results.items() if l.startswith(prefix)]
    return max(values) if values else None


def ratios(by_shape):
    """summary.json's ratios: f16, hd 128, 16k tokens (the worse of causal
    and not, over S) against the best SDPA backend and Triton; TFLOP/s at
    S = 16k non-causal."""
    out = {}
    vs_sdpa, vs_triton = [], []
    for label, r in by_shape.items():
        if not label.startswith("f16 d128 ") or " h16/16 " not in label:
            continue
        ours = best(r, "asynccopy")
        sdpa = best(r, "sdpa")
        tri = r.get("triton")
        if ours and sdpa:
            vs_sdpa.append(ours / sdpa)
        if ours and tri:
            vs_triton.append(ours / tri)
        if label.endswith("full b1 h16/16 s16384") and ours:
            out["attn_fwd_hd128_tflops"] = round(ours, 1)
            out["attn_fwd_hd128_fraction_of_peak"] = round(ours / PEAK_TFLOPS, 3)
    varlen = [best(r, "asynccopy") / best(r, "sdpa") for label, r in by_shape.items()
              if label.startswith("varlen ") and best(r, "asynccopy") and best(r, "sdpa")]
    if varlen:
        out["attn_varlen_vs_best_sdpa"] = round(min(varlen), 3)
    if vs_sdpa:
        out["attn_fwd_vs_best_sdpa"] = round(min(vs_sdpa), 3)
    if vs_triton:
        out["attn_fwd_vs_triton"] = round(min(vs_triton), 3)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", metavar="DIR")
    p.add_argument("--run", metavar="DIR")
    p.add_argument("--small", action="store_true",
                   help="only the small shapes, against an f32 reference")
    p.add_argument("--only", help="shapes whose 'dtype d causal' label has this")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seqs", help="sequence lengths of the sweep, comma-separated "
                   "(default: 512 to 16384)")
    p.add_argument("--varlen", action="store_true",
                   help="only the timed varlen batch (random lengths 1..4096, "
                   "packed) against SDPA's varlen paths")
    p.add_argument("--kernels", default="", metavar="TEXT",
                   help="with --run: only the kernels whose name holds TEXT "
                   "(e.g. _ov)")
    a = p.parse_args()
    if not a.build and not a.run:
        p.error("give --build DIR and/or --run DIR")
    seqs = tuple(int(x) for x in a.seqs.split(",")) if a.seqs else SEQS
    if a.build:
        shapes = SMALL if a.small else [] if a.varlen else list(sweep(seqs=seqs))
        if a.only:
            shapes = [x for x in shapes if ("%s %d %s" % (x[6], x[4], x[5])).startswith(a.only)]
        build(a.build, shapes, a.small, a.varlen)
    if a.run:
        global KERNELS
        KERNELS = a.kernels
        return run(a.run, a.json, a.small, a.rounds, a.only, seqs, a.varlen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
