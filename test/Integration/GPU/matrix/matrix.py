#!/usr/bin/env python3
"""The differential GPU matrix: generates the configurations (configs.py),
asks `ac-opt --asynccopy-select-implementation` which explicit
implementations accept each, compiles those ahead of time, and writes the
manifest and data the runner (runner.cpp) checks them against: one host
reference per configuration (semantics.py), the same for every
implementation.

  matrix.py --out DIR [--subset smoke] [--family F]... [--ptx-only]

Writes DIR/manifest.txt, DIR/matrix.data, DIR/libmatrix*.so (one per batch
of kernels; not with --ptx-only), DIR/findings.md and DIR/findings/ (one
reproducer per configuration that an implementation accepts but cannot
lower); intermediate files go to --work (default DIR/obj). Tools come from
--build (ac-opt, the runtime) and /usr/lib/llvm-22.
"""

import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import configs  # noqa: E402
import emit  # noqa: E402
import semantics as sem  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
LLVM = "/usr/lib/llvm-22/bin"

#===----------------------------------------------------------------------===#
# Known issues: configurations expected to be rejected by every
# implementation ("reject", keyed by configuration), to be accepted by an
# implementation that then cannot lower them ("compile") or to give wrong
# results on the GPU ("run"). The build reports entries that no longer fail
# (the issue may be fixed: drop the entry); the runner reports XPASS.
#===----------------------------------------------------------------------===#


KNOWN = [
    # (name, phase, predicate(cfg, impl), text): none open.
]


def known(phase, cfg, impl=None):
    for name, p, pred, text in KNOWN:
        if p == phase and pred(cfg, impl):
            return name, text
    return None


#===----------------------------------------------------------------------===#
# Reference
#===----------------------------------------------------------------------===#


class Buffer:
    """One of the four buffers of a host function. init: ("pattern", seed,
    size) (sem.pattern, which the runner computes itself) or bytes; expect:
    bytes, or None when the buffer must keep its initial contents."""

    def __init__(self, role, esize, init, expect=None):
        self.role, self.esize, self.init, self.expect = role, esize, init, expect
        self.size = init[2] if isinstance(init, tuple) else len(init)


def _dummy(seed):
    return Buffer("unused", 1, ("pattern", seed, 16))


def _typed_values(cfg, rng, n):
    """n elements of cfg.dtype for reductions: floats are non-zero integers
    in [-16, 16] (sums exact even in bf16, no signed-zero ambiguity); integers
    use their full range (so signed and unsigned comparisons differ) except
    for the wrap-around counters."""
    out = bytearray()
    cls = sem.DTYPES[cfg.dtype][1]
    bits = cfg.esize * 8
    for _ in range(n):
        if cls == "float":
            v = rng.choice([x for x in range(-16, 17) if x])
            out += sem.encode(cfg.dtype, float(v))
        elif cfg.reduction in ("inc", "dec"):
            out += sem.encode(cfg.dtype, rng.randrange(0, 24))
        else:
            out += rng.getrandbits(bits).to_bytes(cfg.esize, "little")
    return bytes(out)


def reference(cfg):
    """The four buffers of a configuration: initial contents and expected
    contents after the kernel, computed from the documented semantics."""
    es = cfg.esize
    seed = 0x1000 + cfg.seed * 8
    if cfg.kind == "remote":
        ns, nd = cfg.remote_src_elems, cfg.remote_dst_elems
        soff = cfg.remote_src[1] if cfg.remote_src else 0
        doff = cfg.remote_dst[1] if cfg.remote_dst else 0
        src = sem.pattern(seed + 1, cfg.grid_size * ns * es)
        dst = sem.pattern(seed + 3, cfg.grid_size * nd * es)
        image = bytearray(dst)
        n = cfg.smem_elems * es
        for blk in range(cfg.grid_size):
            peer = blk ^ 1
            at = blk * nd * es + doff * es
            image[at:at + n] = src[peer * ns * es + soff * es:][:n]
        return [_dummy(seed), Buffer("smem-src", es, ("pattern", seed + 1, len(src))),
                Buffer("image", es, ("pattern", seed + 2, len(dst)), bytes(image)),
                Buffer("smem-dst-init", es, ("pattern", seed + 3, len(dst)))]

    nb = cfg.smem_alloc_elems
    smem_off = cfg.smem_view[1] if cfg.smem_view else 0
    alloc_bytes = cfg.alloc_elems * es
    smem_bytes = cfg.grid_size * nb * es

    def positions(blk):
        """(SMEM byte offset in the CTA's buffer, GMEM byte address or None)
        of every element of CTA blk's window."""
        _, addrs = sem.element_map(cfg.view, cfg.window_offsets(blk), cfg.sizes,
                                   cfg.transforms)
        return [(sem.swizzle((smem_off + e) * es, cfg.swizzle), a) for e, a in enumerate(addrs)]

    if cfg.kind == "load":
        gmem = sem.pattern(seed, alloc_bytes)
        sentinel = sem.pattern(seed + 1, smem_bytes)
        image = bytearray(sentinel)
        fill = sem.oob_nan(cfg.dtype) if cfg.oob == "nan" else bytes(es)
        for blk in range(cfg.grid_size):
            base = blk * nb * es
            for pos, addr in positions(blk):
                assert cfg.oob != "promise_in_bounds" or addr is not None
                image[base + pos:base + pos + es] = fill if addr is None else gmem[addr:addr + es]
        return [Buffer("gmem", es, ("pattern", seed, alloc_bytes)),
                Buffer("smem-init", es, ("pattern", seed + 1, smem_bytes)),
                Buffer("image", es, ("pattern", seed + 2, smem_bytes), bytes(image)),
                _dummy(seed + 3)]

    rng = random.Random(seed)
    if cfg.kind == "reduce":
        gmem = bytearray(sem.pattern(seed, alloc_bytes))
        _, view_addrs = sem.element_map(cfg.view, (0,) * len(cfg.view["shape"]),
                                        cfg.view["shape"], [])
        values = _typed_values(cfg, rng, len(view_addrs))
        for k, addr in enumerate(view_addrs):
            gmem[addr:addr + es] = values[k * es:(k + 1) * es]
        gmem_init = bytes(gmem)
        smem = _typed_values(cfg, rng, cfg.grid_size * nb)
    else:
        gmem_init = sem.pattern(seed, alloc_bytes)
        gmem = bytearray(gmem_init)
        smem = sem.pattern(seed + 1, smem_bytes)
    written = set()
    for blk in range(cfg.grid_size):
        base = blk * nb * es
        for pos, addr in positions(blk):
            if addr is None:
                continue
            assert addr not in written, "%s: CTAs write the same element" % cfg.name
            written.add(addr)
            value = smem[base + pos:base + pos + es]
            if cfg.kind == "reduce":
                old = sem.decode(cfg.dtype, bytes(gmem[addr:addr + es]))
                new = sem.reduce(cfg.reduction, cfg.dtype, old, sem.decode(cfg.dtype, value))
                value = sem.encode(cfg.dtype, new)
            gmem[addr:addr + es] = value
    init = gmem_init if cfg.kind == "reduce" else ("pattern", seed, alloc_bytes)
    smem_init = smem if cfg.kind == "reduce" else ("pattern", seed + 1, smem_bytes)
    return [Buffer("gmem", es, init, bytes(gmem)), Buffer("smem-data", es, smem_init),
            _dummy(seed + 2), _dummy(seed + 3)]


#===----------------------------------------------------------------------===#
# Tools
#===----------------------------------------------------------------------===#


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


class Entry:
    """One (configuration, implementation) pair."""

    def __init__(self, cfg, impl, index):
        self.cfg, self.impl = cfg, impl
        self.fn = "mx%d_%s" % (index, impl)
        self.status, self.reason, self.known, self.lib = None, "", None, None


def accept(entries, ac_opt, work):
    """Runs selection on all candidates at once; sets status "declined" with
    the reason for those whose explicit impl declines."""
    text, lines = emit.module([(e.cfg, e.impl, e.fn) for e in entries])
    path = os.path.join(work, "accept.mlir")
    with open(path, "w") as f:
        f.write(text)
    result = run([ac_opt, path, "--asynccopy-select-implementation", "-o", os.devnull])
    by_line = {line: e for (line, _, _), e in zip(lines, entries)}
    declined = 0
    for m in re.finditer(r"^[^\n]*?:(\d+):\d+: error: (.*)$", result.stderr, re.M):
        e = by_line.get(int(m.group(1)))
        if e is None:
            sys.exit("matrix: unexpected diagnostic from selection:\n" + result.stderr)
        reason = m.group(2)
        r = re.search(r"cannot perform this copy: (.*?)(; (use impl|no other).*)?$", reason)
        e.status, e.reason = "declined", r.group(1) if r else reason
        declined += 1
    if result.returncode != 0 and declined == 0:
        sys.exit("matrix: selection failed:\n" + result.stderr)
    return declined


def render_entries(entries):
    """The module of a batch of copy-matrix entries: (text, per-entry lines)."""
    return emit.module([(e.cfg, e.impl, e.fn) for e in entries])


def compile_module(entries, args, out, stem, render=render_entries):
    """Lowers one batch (its module from `render`); returns (ok, log,
    line -> entry)."""
    text, lines = render(entries)
    mlir = os.path.join(args.work, stem + ".mlir")
    with open(mlir, "w") as f:
        f.write(text)
    options = "format=isa" if args.ptx_only else "format=bin"
    lowered = os.path.join(args.work, stem + ".llvm.mlir")
    cmd = [args.ac_opt, mlir, "--asynccopy-to-llvm=" + options, "-o", lowered]
    r = run(cmd)
    log = r.stderr
    by_line = {}
    for (line, first, last), e in zip(lines, entries):
        for k in range(first, last + 1):
            by_line[k] = e
    if r.returncode != 0:
        return False, log, by_line
    if args.ptx_only:
        with open(lowered) as f:
            r = subprocess.run(args.extract_ptx, shell=True, stdin=f, capture_output=True, text=True)
        return r.returncode == 0, log + r.stderr, by_line
    steps = [[LLVM + "/mlir-translate", "--mlir-to-llvmir", lowered, "-o", lowered + ".ll"],
             [LLVM + "/llc", "-O2", "-filetype=obj", "-relocation-model=pic", lowered + ".ll",
              "-o", lowered + ".o"],
             ["c++", "-shared", lowered + ".o", "-o", os.path.join(out, "lib%s.so" % stem),
              "-L" + os.path.join(args.build, "lib"), "-lAsyncCopyRuntime",
              "-Wl,-rpath,$ORIGIN/.."]]
    for step in steps:
        r = run(step)
        if r.returncode != 0:
            return False, log + r.stderr, by_line
    return True, log, by_line


def first_error(log):
    for line in log.splitlines():
        if "error" in line.lower() or "assert" in line.lower():
            return re.sub(r"^.*?:\d+:\d+: ", "", line.strip())[:300]
    lines = [l for l in log.splitlines() if l.strip()]
    return (lines[0] if lines else "no output")[:300]


def build(entries, args, out, render=render_entries):
    """Compiles the accepted entries in batches (modules from `render`). A
    batch that fails drops the entries its diagnostics point at (or is split
    in two when they point at none) and is retried, so every failure is
    pinned to one entry."""
    pending = [entries[i:i + args.batch] for i in range(0, len(entries), args.batch)]
    failed = []
    counter = [0]

    def attempt(batch):
        counter[0] += 1
        stem = "matrix%03d" % counter[0]
        ok, log, by_line = compile_module(batch, args, out, stem, render)
        return batch, stem, ok, log, by_line

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        while pending:
            results = list(pool.map(attempt, pending))
            pending = []
            for batch, stem, ok, log, by_line in results:
                if ok:
                    for e in batch:
                        e.lib = None if args.ptx_only else "lib%s.so" % stem
                    continue
                culprits = {by_line[int(m.group(1))] for m in
                            re.finditer(r"\.mlir:(\d+):\d+: error", log) if int(m.group(1)) in by_line}
                if len(batch) == 1:
                    culprits = set(batch)
                if culprits:
                    for e in culprits:
                        e.status, e.reason = "compile-fail", first_error(log)
                        failed.append(e)
                    rest = [e for e in batch if e not in culprits]
                    if rest:
                        pending.append(rest)
                else:
                    half = len(batch) // 2
                    pending += [batch[:half], batch[half:]]
    return failed


def write_reproducers(failed, args, out):
    """One single-kernel module per compile failure, with its command and
    output, and findings.md listing them."""
    os.makedirs(os.path.join(out, "findings"), exist_ok=True)
    report = ["# Matrix build findings", ""]
    for e in failed:
        text, _ = emit.module([(e.cfg, e.impl, e.fn)])
        stem = "%s.%s" % (e.cfg.name, e.impl)
        path = os.path.join(out, "findings", stem + ".mlir")
        with open(path, "w") as f:
            f.write("// %s\n// impl = %s; %s\n" % (e.cfg.describe(), e.impl,
                                                   e.known[1] if e.known else "new finding"))
            f.write(text)
        cmd = [args.ac_opt, path, "--asynccopy-to-llvm=format=isa", "-o", os.devnull]
        r = run(cmd)
        log = (r.stderr or "") + ("\n(exit code %d)" % r.returncode)
        with open(os.path.join(out, "findings", stem + ".log"), "w") as f:
            f.write(log)
        report += ["## %s, impl = %s%s" % (e.cfg.name, e.impl,
                                           " (known: %s)" % e.known[0] if e.known else ""),
                   "", e.cfg.describe(), "",
                   "```", "ac-opt findings/%s.mlir --asynccopy-to-llvm=format=isa" % stem,
                   "\n".join(log.splitlines()[:12]), "```", ""]
    with open(os.path.join(out, "findings.md"), "w") as f:
        f.write("\n".join(report))


def write_manifest(cfgs, entries, refs, out):
    data = bytearray()

    def blob(b):
        at = len(data)
        data.extend(b)
        return at

    lines = ["# asynccopy GPU matrix: one block per (configuration, implementation)"]
    by_cfg = {}
    for e in entries:
        by_cfg.setdefault(e.cfg.name, []).append(e)
    for cfg in cfgs:
        bufs = refs[cfg.name]
        specs = []
        for i, b in enumerate(bufs):
            init = ("pattern:%d" % b.init[1]) if isinstance(b.init, tuple) else "data:%d" % blob(b.init)
            expect = "same" if b.expect is None else "data:%d" % blob(b.expect)
            specs.append("buffer %d %s %d %d %s %s" % (i, b.role, b.size, b.esize, init, expect))
        for e in by_cfg[cfg.name]:
            lines.append("config %s %s %s %s %s" % (cfg.name, e.impl, e.status, e.lib or "-",
                                                   "_mlir_ciface_" + e.fn))
            lines.append("desc %s" % cfg.describe())
            if e.reason:
                lines.append("reason %s" % e.reason.replace("\n", " "))
            lines.extend(specs)
            lines.append("end")
    with open(os.path.join(out, "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "matrix.data"), "wb") as f:
        f.write(data)


# A cross-section for the lit test: every implementation and kind of copy.
SMOKE = ["load.f16.r2", "load.i8.r3", "store.f32.r2", "load.tf.tile", "store.tf.transpose2d",
         "load.oob.nan.f32", "reduce.add.f32.tiles", "reduce.max.i32.ragged",
         "load.coll.c2.f16", "remote.f32.256", "remote.f16.odd", "load.barrier.f32",
         "load.inb.i8.static", "store.inb.f32.promise", "load.narrow.f32.12B",
         "load.smemview.f32.off128"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", help="output folder (required unless --repro)")
    p.add_argument("--work", help="intermediate files (default: OUT/obj)")
    p.add_argument("--build", default=os.path.join(ROOT, "build"), help="project build dir")
    p.add_argument("--ac-opt", help="ac-opt to use (default: BUILD/bin/ac-opt)")
    p.add_argument("--subset", choices=["all", "smoke"], default="all")
    p.add_argument("--family", action="append", choices=sorted(configs.FAMILIES))
    p.add_argument("--ptx-only", action="store_true",
                   help="lower to PTX and assemble it (--extract-ptx) instead of building libraries")
    p.add_argument("--extract-ptx", default="%s %s/utils/extract-ptx.py --ptxas "
                   "/usr/local/cuda/bin/ptxas" % (shlex.quote(sys.executable), ROOT))
    p.add_argument("--batch", type=int, default=48, help="kernels per module")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--repro", nargs=2, metavar=("CONFIG", "IMPL"),
                   help="print the module of one (configuration, impl) and exit")
    args = p.parse_args()
    if not args.out and not args.repro:
        p.error("--out is required")
    args.build = os.path.abspath(args.build)
    args.ac_opt = args.ac_opt or os.path.join(args.build, "bin", "ac-opt")
    return args


def classify(cfgs, entries, args, out):
    """Selection, compilation and known issues: sets every entry's status and
    returns the lines to report and the number of new findings."""
    accept(entries, args.ac_opt, args.work)
    problems, new = [], 0
    for c in cfgs:
        if all(e.status == "declined" for e in entries if e.cfg is c):
            k = known("reject", c)
            problems.append("REJECTED %s: no implementation accepts it%s" % (
                c.name, " (known: %s)" % k[0] if k else ""))
            new += not k

    accepted = [e for e in entries if e.status is None]
    failed = build(accepted, args, out)
    for e in failed:
        e.known = known("compile", e.cfg, e.impl)
        problems.append("COMPILE-FAIL %s %s: %s%s" % (
            e.cfg.name, e.impl, e.reason, " (known: %s)" % e.known[0] if e.known else ""))
        if e.known:
            e.reason = "known issue %s: %s" % (e.known[0], e.reason)
        new += not e.known
    for e in accepted:
        if e.status is None and known("compile", e.cfg, e.impl):
            problems.append("FLIPPED %s %s: now compiles (known issue %s)" % (
                e.cfg.name, e.impl, known("compile", e.cfg, e.impl)[0]))
        if e.status is None:
            k = known("run", e.cfg, e.impl)
            e.status = "xfail" if k else "run"
            if k:
                e.known, e.reason = k, "known issue %s: %s" % k
    if args.subset == "all" and not args.family:
        hits = {e.known[0] for e in failed if e.known}
        hits |= {known("reject", c)[0] for c in cfgs if known("reject", c) and
                 all(e.status == "declined" for e in entries if e.cfg is c)}
        for name, phase, _, _ in KNOWN:
            if phase in ("compile", "reject") and name not in hits:
                problems.append("STALE known issue %s: no configuration fails that way" % name)
    write_reproducers(failed, args, out)
    return problems, new


def main():
    args = parse_args()
    cfgs = ([c for f in args.family for c in configs.FAMILIES[f]()] if args.family
            else configs.all_configs())
    if args.subset == "smoke":
        cfgs = [c for c in cfgs if c.name in SMOKE]
    if args.repro:
        cfg = {c.name: c for c in cfgs}[args.repro[0]]
        text, _ = emit.module([(cfg, args.repro[1], "mx_" + args.repro[1])])
        sys.stdout.write("// %s\n// impl = %s\n%s" % (cfg.describe(), args.repro[1], text))
        return
    os.environ["PATH"] += os.pathsep + "/usr/local/cuda/bin"  # gpu-module-to-binary's ptxas
    out = os.path.abspath(args.out)
    args.work = os.path.abspath(args.work or os.path.join(out, "obj"))
    os.makedirs(args.work, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    for stale in os.listdir(out):
        if stale.startswith("libmatrix") and stale.endswith(".so"):
            os.remove(os.path.join(out, stale))
    start = time.time()

    refs = {c.name: reference(c) for c in cfgs}
    entries = [Entry(c, impl, k) for k, c in enumerate(cfgs) for impl in c.candidates()]
    problems, new = classify(cfgs, entries, args, out)
    write_manifest(cfgs, entries, refs, out)

    print("matrix: %d configurations, %d (configuration, impl) pairs in %.0f s" % (
        len(cfgs), len(entries), time.time() - start))
    for impl in ["tma", "bulk", "cp_async", "dsmem", "sync"]:
        mine = [e for e in entries if e.impl == impl]
        count = lambda s: sum(e.status == s for e in mine)
        print("  %-8s accepted %3d (run %d, xfail %d, compile-fail %d), declined %d" % (
            impl, len(mine) - count("declined"), count("run"), count("xfail"),
            count("compile-fail"), count("declined")))
    for line in problems:
        print("matrix: " + line)
    print("matrix: %d new findings (unexpected rejections or compile failures)" % new)


if __name__ == "__main__":
    main()
