#!/usr/bin/env python3
"""Runs test/Conversion/AsyncCopyToNVVM/per-thread-gpu-kernels.mlir on a GPU
against a host reference.

  run-per-thread-copies.py --build DIR [--ac-opt PATH] [--ptxas PATH]
      lowers the kernels (asynccopy-select-implementation,
      convert-asynccopy-to-nvvm + the upstream NVVM pipeline) and assembles
      one cubin per gpu.module into DIR; needs MLIR.
  run-per-thread-copies.py --run DIR [--only k1,k5]
      loads the cubins with the CUDA driver (libcuda.so.1, through ctypes; no
      MLIR, no numpy), launches every kernel and compares the results.
      Exit status 1 on any mismatch. Needs an sm_90 GPU (clusters, mbarrier
      try_wait).

Kernels use the default MLIR memref calling convention: each memref argument
is (allocated ptr, aligned ptr, offset, sizes..., strides...).
"""
import argparse
import ctypes as C
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "test", "Conversion", "AsyncCopyToNVVM",
                       "per-thread-gpu-kernels.mlir")
PIPELINE = ("builtin.module(asynccopy-select-implementation,convert-asynccopy-to-nvvm,gpu.module("
            "convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,"
            "convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),"
            "gpu-module-to-binary{format=isa})")


def build(outdir, ac_opt, ptxas):
    os.makedirs(outdir, exist_ok=True)
    text = subprocess.run(
        [ac_opt, KERNELS,
         "--pass-pipeline=" + PIPELINE],
        check=True, capture_output=True, text=True).stdout
    unescape = lambda s: re.sub(r"\\([0-9A-Fa-f]{2})",
                                lambda m: chr(int(m.group(1), 16)), s)
    for name, blob in re.findall(
            r'gpu.binary @(\w+)[^\n]*?assembly = "((?:[^"\\]|\\.)*)"', text):
        ptx = os.path.join(outdir, name + ".ptx")
        with open(ptx, "w") as f:
            f.write(unescape(blob))
        subprocess.run([ptxas, "-arch=sm_90a", ptx, "-o",
                        os.path.join(outdir, name + ".cubin")], check=True)
        print("built", name)


def check(rc, what):
    if rc != 0:
        s = C.c_char_p()
        cuda.cuGetErrorString(rc, C.byref(s))
        raise RuntimeError("%s failed: %d %s" % (what, rc, s.value))


modules = {}


def function(module, name):
    if module not in modules:
        m = C.c_void_p()
        data = open(os.path.join(CUBINS, module + ".cubin"), "rb").read()
        check(cuda.cuModuleLoadData(C.byref(m), data), "load " + module)
        modules[module] = m
    f = C.c_void_p()
    check(cuda.cuModuleGetFunction(C.byref(f), modules[module],
                                   name.encode()), "getfunction " + name)
    return f


class Buf:
    def __init__(self, fmt, values):
        self.fmt = fmt
        self.n = len(values)
        self.size = struct.calcsize(fmt) * self.n
        self.ptr = C.c_uint64()
        check(cuda.cuMemAlloc_v2(C.byref(self.ptr), self.size), "alloc")
        self.write(values)

    def write(self, values):
        data = struct.pack("<%d%s" % (len(values), self.fmt), *values)
        check(cuda.cuMemcpyHtoD_v2(self.ptr, data, len(data)), "htod")

    def read(self):
        data = C.create_string_buffer(self.size)
        check(cuda.cuMemcpyDtoH_v2(data, self.ptr, self.size), "dtoh")
        return list(struct.unpack("<%d%s" % (self.n, self.fmt), data.raw))


def memref(buf, sizes, strides=None, offset=0):
    if strides is None:
        strides, acc = [], 1
        for s in reversed(sizes):
            strides.insert(0, acc)
            acc *= s
    return [buf.ptr.value, buf.ptr.value, offset] + list(sizes) + list(strides)


def launch(module, name, args, block=(32, 2, 2), grid=(1, 1, 1),
           cluster=None):
    f = function(module, name)
    vals = [C.c_uint64(a & (2**64 - 1)) for a in args]
    params = (C.c_void_p * len(vals))(*[C.cast(C.byref(v), C.c_void_p)
                                        for v in vals])
    if cluster is None:
        check(cuda.cuLaunchKernel(f, *grid, *block, 0, None, params, None),
              "launch " + name)
    else:
        class Attr(C.Structure):
            _fields_ = [("id", C.c_uint), ("pad", C.c_char * 4),
                        ("value", C.c_uint * 16)]

        class Config(C.Structure):
            _fields_ = [("gx", C.c_uint), ("gy", C.c_uint), ("gz", C.c_uint),
                        ("bx", C.c_uint), ("by", C.c_uint), ("bz", C.c_uint),
                        ("smem", C.c_uint), ("stream", C.c_void_p),
                        ("attrs", C.POINTER(Attr)), ("nattrs", C.c_uint)]
        attr = Attr()
        attr.id = 4  # CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attr.value[0], attr.value[1], attr.value[2] = cluster
        cfg = Config(*grid, *block, 0, None, C.pointer(attr), 1)
        check(cuda.cuLaunchKernelEx(C.byref(cfg), f, params, None),
              "launchEx " + name)
    check(cuda.cuCtxSynchronize(), "sync " + name)


def swz(index, eb, span):
    o = index * eb
    o ^= ((o >> 7) & (span // 16 - 1)) << 4
    return o // eb


failures = 0


def compare(name, got, want):
    global failures
    bad = [k for k in range(len(want)) if got[k] != want[k]]
    if bad:
        failures += 1
        k = bad[0]
        print("FAIL %s: %d mismatches, first at %d: got %r want %r"
              % (name, len(bad), k, got[k], want[k]))
    else:
        print("ok   %s (%d elements)" % (name, len(want)))


def h(idx):  # a finite positive f16 bit pattern per index
    return 1 + (idx * 7) % 0x7B00


SENT = 0x1234
NAN16 = 0x7FF7  # TMA's NaN fill, which the sync path matches

ONLY = os.environ.get('ONLY', '').split(',') if os.environ.get('ONLY') else None

def section_k1():
    global failures
    # K1: cp.async 16 B, OOB rows.
    for (i, y) in [(0, 0), (224, 2), (13, 3)]:
        j = 64 * y
        launch("m", "k1", memref(A, [256, 256]) + memref(O, [64, 64]) + [i, y])
        want = [h((i + r) * 256 + j + c) if i + r < 256 else 0
                for r in range(64) for c in range(64)]
        compare("k1 cp.async i=%d j=%d" % (i, j), O.read(), want)


def section_k2():
    global failures
    # K2: cp.async ragged (strided rows of 128, 100x70 tensor, cols 32..95).

    for i in [0, 50, 99]:
        launch("m", "k2", memref(A2, [100, 70], [128, 1]) + memref(O, [64, 64])
               + [i])
        want = [h((i + r) * 128 + 32 + c) if i + r < 100 and 32 + c < 70 else 0
                for r in range(64) for c in range(64)]
        compare("k2 cp.async ragged i=%d" % i, O.read(), want)


def section_k3():
    global failures
    # K3: cp.async tile<[64, 64]> + swizzle 128.
    O3 = Buf("H", [SENT] * 8192)
    for (i, y) in [(16, 1), (224, 0)]:
        j = 128 * y
        launch("m", "k3", memref(A, [256, 256]) + memref(O3, [1, 2, 64, 64])
               + [i, y])
        want = [0] * 8192
        for o1 in range(2):
            for r in range(64):
                for c in range(64):
                    p = (o1 * 64 + r) * 64 + c
                    row, col = i + r, j + 64 * o1 + c
                    v = h(row * 256 + col) if row < 256 and col < 256 else 0
                    want[swz(p, 2, 128)] = v
        compare("k3 cp.async tiled swizzled i=%d j=%d" % (i, j), O3.read(), want)


def section_k4():
    global failures
    # K4: cp.async transpose f32.
    A4 = Buf("I", [0x3F800000 + k for k in range(64 * 64)])
    O4 = Buf("I", [SENT] * 512)
    for i in [0, 40]:
        launch("m", "k4", memref(A4, [64, 64]) + memref(O4, [16, 32]) + [i])
        want = [0x3F800000 + (i + b) * 64 + a if i + b < 64 else 0
                for a in range(16) for b in range(32)]
        compare("k4 cp.async transpose i=%d" % i, O4.read(), want)


def section_k5():
    global failures
    # K5: sync load with oob = nan and swizzle 64, dump, store back.
    O5 = Buf("H", [SENT] * 2048)
    for i in [10, 60]:
        B5 = Buf("H", [SENT] * (100 * 128))
        launch("m", "k5", memref(A2, [100, 70], [128, 1])
               + memref(B5, [100, 70], [128, 1]) + memref(O5, [64, 32]) + [i])
        want = [0] * 2048
        for r in range(64):
            for c in range(32):
                ok = i + r < 100 and 48 + c < 70
                want[swz(r * 32 + c, 2, 64)] = (h((i + r) * 128 + 48 + c)
                                                if ok else NAN16)
        compare("k5 sync nan swizzle64 dump i=%d" % i, O5.read(), want)
        wantb = [SENT] * (100 * 128)
        for r in range(64):
            for c in range(32):
                if i + r < 100 and 48 + c < 70:
                    wantb[(i + r) * 128 + 48 + c] = h((i + r) * 128 + 48 + c)
        compare("k5 sync masked store i=%d" % i, B5.read(), wantb)


def section_k6():
    global failures
    # K6: sync collapse_leading<2>.
    A6 = Buf("I", [k + 1 for k in range(8 * 16 * 64)])
    O6 = Buf("I", [SENT] * 2048)
    for a in [0, 7]:
        launch("m", "k6", memref(A6, [8, 16, 64]) + memref(O6, [32, 64]) + [a])
        want = []
        for m in range(32):
            F = 16 * a + m
            for c in range(64):
                want.append(F * 64 + c + 1 if F // 16 < 8 else 0)
        compare("k6 sync collapse a=%d" % a, O6.read(), want)


def section_k7():
    global failures
    # K7: sync drop_unit_dims + tile<[32, 64]>, dump and store back.
    A7 = Buf("H", [h(k) for k in range(4 * 256 * 256)])
    O7 = Buf("H", [SENT] * 8192)
    for (k, i, j) in [(2, 40, 64), (3, 224, 192)]:
        B7 = Buf("H", [SENT] * (4 * 256 * 256))
        launch("m", "k7", memref(A7, [4, 256, 256]) + memref(B7, [4, 256, 256])
               + memref(O7, [2, 2, 32, 64]) + [k, i, j])
        want = []
        wantb = [SENT] * (4 * 256 * 256)
        for o0 in range(2):
            for o1 in range(2):
                for r in range(32):
                    for c in range(64):
                        row, col = i + 32 * o0 + r, j + 64 * o1 + c
                        ok = row < 256 and col < 256
                        idx = (k * 256 + row) * 256 + col
                        want.append(h(idx) if ok else 0)
                        if ok:
                            wantb[idx] = h(idx)
        compare("k7 sync drop+tile dump k=%d i=%d j=%d" % (k, i, j), O7.read(),
                want)
        compare("k7 sync drop+tile store k=%d i=%d j=%d" % (k, i, j), B7.read(),
                wantb)


def section_k8():
    global failures
    # K8: sync reductions into ragged windows.
    M32 = 2**32
    A8v = [((k * 2654435761) >> 7) % 1000 - 300 for k in range(128 * 128)]
    B8v = [((k * 40503) >> 3) % 1000 - 500 for k in range(128 * 128)]
    A8 = Buf("i", A8v)
    Af8 = Buf("f", [float(v) for v in A8v])
    for i in [16, 80]:
        bufs = {n: Buf("i", B8v) for n in ["add", "max", "inc", "dec", "xor"]}
        Bf = Buf("f", [float(v) for v in B8v])
        launch("m", "k8", memref(A8, [128, 128]) +
               sum((memref(bufs[n], [128, 128])
                    for n in ["add", "max", "inc", "dec", "xor"]), []) +
               memref(Af8, [128, 128]) + memref(Bf, [128, 128]) + [i])
        wants = {n: list(B8v) for n in bufs}
        wantf = [float(v) for v in B8v]
        for r in range(64):
            for c in range(64):
                srow, scol = i + r, 64 + c
                s = A8v[srow * 128 + scol] if srow < 128 else 0
                row, col = i + r, 96 + c
                if row >= 128 or col >= 128:
                    continue
                idx = row * 128 + col
                old = B8v[idx]
                uo, us = old % M32, s % M32
                wants["add"][idx] = ((old + s + 2**31) % M32) - 2**31
                wants["max"][idx] = max(old, s)
                inc = 0 if uo >= us else uo + 1
                dec = us if (uo == 0 or uo > us) else uo - 1
                wants["inc"][idx] = inc - M32 if inc >= 2**31 else inc
                wants["dec"][idx] = dec - M32 if dec >= 2**31 else dec
                x = (uo ^ us)
                wants["xor"][idx] = x - M32 if x >= 2**31 else x
                wantf[idx] = float(old) + float(s)
        for n in bufs:
            compare("k8 sync reduce %s i=%d" % (n, i), bufs[n].read(), wants[n])
        compare("k8 sync reduce addf i=%d" % i, Bf.read(), wantf)


def section_k9():
    global failures
    O9 = Buf("H", [SENT] * 4096)
    i = 16
    launch("m9", "k9", memref(A, [256, 256]) + memref(O9, [64, 64]) + [i],
           block=(128, 1, 1))
    compare("k9 cp.async barrier (count = CTA threads)", O9.read(),
            [h((i + r) * 256 + c) for r in range(64) for c in range(64)])
    launch("m9b", "k9b", memref(A, [256, 256]) + memref(O9, [64, 64]) + [i],
           block=(32, 2, 2))
    compare("k9b sync barrier (count 1)", O9.read(),
            [h((i + r) * 256 + 64 + c) for r in range(64) for c in range(64)])


def section_k10():
    global failures
    # K10: remote sync copies in a 2-CTA cluster.
    A10 = Buf("H", [h(k) for k in range(2 * 4096)])
    O10 = Buf("H", [SENT] * (2 * 4096))
    launch("m10", "k10", memref(A10, [2, 64, 64]) + memref(O10, [2, 64, 64]),
           block=(128, 1, 1), grid=(2, 1, 1), cluster=(2, 1, 1))
    compare("k10 remote sync", O10.read(),
            [h((1 - r) * 4096 + e) for r in range(2) for e in range(4096)])




def section_k10b():
    A10 = Buf("H", [h(k) for k in range(2 * 4096)])
    O10 = Buf("H", [SENT] * (2 * 4096))
    launch("m10b", "k10b", memref(A10, [2, 64, 64]) + memref(O10, [2, 64, 64]),
           block=(128, 1, 1), grid=(2, 1, 1), cluster=(2, 1, 1))
    compare("k10b remote sync + cluster barrier", O10.read(),
            [h((1 - r) * 4096 + e) for r in range(2) for e in range(4096)])


def run(cubins, only):
    global cuda, CUBINS, A, O, A2
    CUBINS = cubins
    cuda = C.CDLL("libcuda.so.1")
    check(cuda.cuInit(0), "cuInit")
    dev = C.c_int()
    check(cuda.cuDeviceGet(C.byref(dev), 0), "cuDeviceGet")
    ctx = C.c_void_p()
    check(cuda.cuDevicePrimaryCtxRetain(C.byref(ctx), dev), "retain")
    check(cuda.cuCtxSetCurrent(ctx), "setcurrent")
    A = Buf("H", [h(k) for k in range(256 * 256)])
    O = Buf("H", [SENT] * 4096)
    A2 = Buf("H", [h(k) for k in range(100 * 128)])
    for n in ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10",
              "k10b"]:
        if not only or n in only:
            globals()["section_" + n]()
    print("FAILURES: %d" % failures)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", metavar="DIR")
    p.add_argument("--run", metavar="DIR")
    p.add_argument("--only", default="")
    p.add_argument("--ac-opt", default="ac-opt")
    p.add_argument("--ptxas", default="ptxas")
    args = p.parse_args()
    if args.build:
        build(args.build, args.ac_opt, args.ptxas)
    if args.run:
        return run(args.run, [k for k in args.only.split(",") if k])
    if not args.build and not args.run:
        p.error("give --build DIR and/or --run DIR")
    return 0


if __name__ == "__main__":
    sys.exit(main())
