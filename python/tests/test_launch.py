"""Argument checks and parameter packing of launches (no GPU needed)."""
import os
import struct
import subprocess
import sys

import pytest

from fake_tensors import CAITensor, DLPackTensor, recording

HERE = os.path.dirname(os.path.abspath(__file__))


def q(*values):
    return [struct.pack("<q", v) for v in values]


def test_pack_window(kernels):
    window = kernels["window"]
    a = DLPackTensor(0x7f0000001000, [100, 256], "f16")
    out = CAITensor(0x7f0000100000, [32, 64], "<f2")
    params, scratch, device = window.prepare([a, out, 3, 2, 1.5], stream=7)
    assert params == (
        q(0x7f0000001000, 0x7f0000001000, 0, 100, 256, 256, 1)
        + q(0x7f0000100000, 0x7f0000100000, 0, 32, 64, 64, 1)
        + q(3) + [struct.pack("<i", 2), struct.pack("<e", 1.5)])
    assert scratch == b"" and device == 0
    # The consumer's stream reaches the producer (DLPack's synchronisation).
    assert a.streams == [7]


def test_byte_offset_and_strides(kernels):
    window = kernels["window"]
    # A view of rows 10.. of a 200x512 tensor, every other column block.
    a = DLPackTensor(0x7f0000001000, [190, 256], "f16", strides=[256, 1],
                     byte_offset=10 * 512)
    out = CAITensor(0x7f0000100000, [32, 64], "<f2", strides=[128, 2])
    params, _, _ = window.prepare([a, out, 0, 0, 1.0])
    assert params[0] == params[1] == struct.pack("<Q", 0x7f0000001000 + 5120)


@pytest.mark.parametrize("args, message", [
    (lambda a, o: [a, o, 0, 0], "window takes 5 arguments, got 4"),
    (lambda a, o: [o, o, 0, 0, 1.0],
     "argument 0 of window: shape \\[32, 64\\] does not match the memref's "
     "\\['\\?', 256\\]"),
    (lambda a, o: [a, DLPackTensor(64, [32, 64], "f32"), 0, 0, 1.0],
     "argument 1 of window: dtype float32 does not match the memref's "
     "element type f16"),
    (lambda a, o: [a, DLPackTensor(64, [32, 64], "f16", strides=[1, 32]),
                   0, 0, 1.0],
     "argument 1 of window: strides \\[1, 32\\] \\(elements\\) do not match "
     "the memref's \\[64, 1\\]"),
    (lambda a, o: [a, DLPackTensor(64, [32, 64], "f16", device=(1, 0)), 0,
                   0, 1.0],
     "argument 1 of window: the tensor is on cpu"),
    (lambda a, o: [a, DLPackTensor(64, [32, 64], "f16", device=(2, 1)), 0,
                   0, 1.0],
     "argument 1 of window: on CUDA device 1, earlier tensors on 0"),
    (lambda a, o: [a, [1, 2], 0, 0, 1.0],
     "argument 1 of window: expected a tensor"),
    (lambda a, o: [a, o, 1.5, 0, 1.0],
     "argument 2 of window: expected an int for index"),
    (lambda a, o: [a, o, 0, 2**32, 1.0],
     "argument 3 of window: 4294967296 does not fit i32"),
])
def test_argument_errors(kernels, args, message):
    a = DLPackTensor(0x7f0000001000, [100, 256], "f16")
    out = CAITensor(0x7f0000100000, [32, 64], "<f2")
    with pytest.raises(ValueError, match=message):
        kernels["window"](*args(a, out), grid=1, block=128)


@pytest.mark.parametrize("launch, message", [
    (dict(grid=(1, 0), block=128), "grid must be 1 to 3 positive ints"),
    (dict(grid=1, block=(1, 2, 3, 4)), "block must be 1 to 3"),
    (dict(grid=(3, 1), block=128, cluster=(2, 1)),
     "grid \\(3, 1, 1\\) is not a multiple of cluster \\(2, 1, 1\\)"),
])
def test_launch_shape_errors(kernels, launch, message):
    a = DLPackTensor(0x7f0000001000, [100, 256], "f16")
    out = CAITensor(0x7f0000100000, [32, 64], "<f2")
    with pytest.raises(ValueError, match=message):
        kernels["window"](a, out, 0, 0, 1.0, **launch)


def test_known_cluster_size(kernels):
    x = DLPackTensor(0x7f0000001000, [128, 128], "f16")
    with pytest.raises(ValueError, match="cluster None: multicast was "
                       "compiled for cluster \\(2, 1, 1\\)"):
        kernels["multicast"](x, x, grid=(4, 2), block=128)


def test_tensor_map_rules(kernels):
    """The runtime's encoder checks the map before any driver call."""
    tma = kernels["tma_copy"]
    good = DLPackTensor(0x7f0000001000, [100, 128], "f32")
    misaligned = DLPackTensor(0x7f0000001008, [100, 128], "f32")
    with pytest.raises(ValueError, match="argument 0 of tma_copy: tensor map "
                       "0: tensor map: global address 0x7f0000001008 is not "
                       "16-B aligned"):
        tma.prepare([misaligned, good])


FAKE = os.environ.get("AC_FAKE_CUDA_DRIVER")


@pytest.mark.skipif(not FAKE, reason="AC_FAKE_CUDA_DRIVER not set")
@pytest.mark.parametrize("mode", ["param", "scratch"])
def test_tensor_maps_encoded(mode):
    """With the recording fake driver (test/Unit/FakeCudaDriver.cpp, which
    fills an encoded map with 0x5A), the maps are encoded from the tensors
    and passed as the kernel's trailing parameters."""
    script = """
import sys
sys.path.insert(0, %r)
import asynccopy
from fake_tensors import DLPackTensor, recording
m = asynccopy.compile(%r, descriptor_mode=%r)
a = DLPackTensor(0x7f0000001000, [100, 128], "f32")
b = DLPackTensor(0x7f0000100000, [100, 128], "f32")
params, scratch, _ = m["tma_copy"].prepare([a, b])
print(len(params), params[-1] == b"\\x5a" * 128, scratch == b"\\x5a" * 256)
class MonkeyPatch:
    setattr = staticmethod(setattr)
lib = recording(MonkeyPatch, m["tma_copy"])
m["tma_copy"](a, b, grid=(2, 2), block=128)
print(*lib.calls[3:])
print(lib.params[-1] == (b"\\x5a" * 128 if %r == "param" else
                         (0x1000 + lib.calls.index("cuMemAlloc_v2") + 1)
                         .to_bytes(8, "little")))
""" % (HERE, os.path.join(HERE, "kernels.mlir"), mode, mode)
    env = dict(os.environ, ASYNCCOPY_CUDA_DRIVER=FAKE)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    if mode == "param":
        assert lines == ["16 True True",
                         "cuModuleLoadData cuModuleGetFunction cuLaunchKernel "
                         "cuCtxPopCurrent_v2", "True"]
    else:
        assert lines == ["15 False True",
                         "cuModuleLoadData cuModuleGetFunction cuMemAlloc_v2 "
                         "cuMemcpyHtoDAsync_v2 cuLaunchKernel cuMemFreeAsync "
                         "cuCtxPopCurrent_v2", "True"]


def test_launch_calls(kernels, monkeypatch):
    window = kernels["window"]
    lib = recording(monkeypatch, window)
    a = DLPackTensor(0x7f0000001000, [100, 256], "f16")
    out = CAITensor(0x7f0000100000, [32, 64], "<f2")
    window(a, out, 3, 2, 1.5, grid=(1, 2), block=128)
    window(a, out, 3, 2, 1.5, grid=(2, 2), block=128, cluster=(2, 1))
    assert lib.calls == [
        "cuDeviceGet", "cuDevicePrimaryCtxRetain", "cuCtxPushCurrent_v2",
        "cuModuleLoadData", "cuModuleGetFunction", "cuLaunchKernel",
        "cuCtxPopCurrent_v2",
        "cuCtxPushCurrent_v2", "cuLaunchKernelEx", "cuCtxPopCurrent_v2"]
    assert lib.launch == ((2, 2, 1, 128, 1, 1), (4, [2, 1, 1]))
    assert lib.params == window.prepare([a, out, 3, 2, 1.5])[0]


def test_large_cluster_and_scratch(monkeypatch):
    import asynccopy
    from conftest import KERNELS
    module = asynccopy.compile(KERNELS, descriptor_mode="scratch")
    window = module["window"]
    lib = recording(monkeypatch, window)
    a = DLPackTensor(0x7f0000001000, [100, 256], "f16")
    out = CAITensor(0x7f0000100000, [32, 64], "<f2")
    window(a, out, 0, 0, 1.0, grid=16, block=128, cluster=16)
    assert "cuFuncSetAttribute" in lib.calls
    # A kernel without tensor maps needs no scratch buffer.
    assert "cuMemAlloc_v2" not in lib.calls


def test_dlpack_from_numpy(kernels):
    """The DLPack structures as a real producer fills them (NumPy: CPU
    memory, which a kernel cannot take)."""
    np = pytest.importorskip("numpy")
    from asynccopy._launch import _tensor
    base = np.zeros((40, 512), dtype=np.float16)
    view = base[8:, 256:]
    t = _tensor(view, None, "x")
    assert (t.shape, t.strides, t.dtype, t.device) == (
        [32, 256], [512, 1], "float16", ("cpu", 0))
    assert t.data == view.ctypes.data
    assert _tensor(np.zeros(3, dtype=np.int32), None, "x").dtype == "int32"
    with pytest.raises(ValueError, match="argument 0 of window: the tensor "
                       "is on cpu; the kernel needs CUDA device memory"):
        kernels["window"](np.zeros((100, 256), dtype=np.float16),
                          np.zeros((32, 64), dtype=np.float16), 0, 0, 1.0,
                          grid=1, block=128)
