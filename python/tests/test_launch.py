"""Argument checks and parameter packing of launches (no GPU needed); the
launches themselves, their tensor-map and scratch caches and the torch fast
path on test/Unit's fake CUDA driver (tests marked fake_driver)."""
import os
import struct
import threading

import pytest

import asynccopy
from asynccopy import _launch
from conftest import KERNELS
from fake_tensors import (CAITensor, DLPackTensor, FakeDriver,
                          FakeTorchTensor, fast_torch)


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


# --- launches on the fake driver ---------------------------------------------

# A TMA load whose map takes its extents and row stride from the tensor.
STRIDED = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided(%in: memref<?x?xf16, strided<[?, 1]>>, %out: memref<64x64xf16>)
        workgroup(%tile : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%c0, %c0] [64, 64] barrier %bar[%c0] {impl = #asynccopy<impl tma>}
          : memref<?x?xf16, strided<[?, 1]>> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%c0, %c0] [64, 64]
          : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
"""

A0, A1, B0 = 0x7f0000001000, 0x7f0000200000, 0x7f0000100000


def reference(kernel, args, scratch_address=None):
    """The parameters Kernel.prepare packs (the launcher before it moved
    into the runtime), the scratch pointer filled in."""
    params, scratch, _ = kernel.prepare(args)
    return [struct.pack("<Q", scratch_address or 0) if p is None else p
            for p in params], scratch


@pytest.mark.fake_driver
def test_launch_calls(kernels):
    """Plain and cluster launches: geometry, stream, the parameters as
    prepare packs them; the module is loaded once."""
    window = kernels["window"]
    fake = FakeDriver(window.metadata["params"])
    a = DLPackTensor(A0, [100, 256], "f16")
    out = CAITensor(B0, [32, 64], "<f2")
    window(a, out, 3, 2, 1.5, grid=(1, 2), block=128, stream=7)
    assert a.streams == [7]  # DLPack producers are told the stream
    launch = fake.launch()
    assert (launch["grid"], launch["block"], launch["cluster"]) == (
        (1, 2, 1), (128, 1, 1), (0, 0, 0))
    assert launch["stream"] == 7 and launch["smem"] == 0
    assert fake.params() == window.prepare([a, out, 3, 2, 1.5])[0]
    window(a, out, -1, 2**32 - 1, 0.25, grid=(2, 2), block=128,
           cluster=(2, 1))
    launch = fake.launch()
    assert (launch["grid"], launch["cluster"], launch["stream"]) == (
        (2, 2, 1), (2, 1, 1), 0)
    # An i32 takes the unsigned range too, as prepare packs it.
    assert fake.params() == window.prepare([a, out, -1, 2**32 - 1, 0.25])[0]
    assert fake.params()[15] == struct.pack("<i", -1)
    assert (fake.count("launches"), fake.count("exLaunches")) == (2, 1)
    assert window._counters()["launches"] == 2


@pytest.mark.fake_driver
def test_large_cluster_and_scratch():
    module = asynccopy.compile(KERNELS, descriptor_mode="scratch")
    window = module["window"]
    fake = FakeDriver()
    a = DLPackTensor(A0, [100, 256], "f16")
    out = CAITensor(B0, [32, 64], "<f2")
    for _ in range(2):
        window(a, out, 0, 0, 1.0, grid=16, block=128, cluster=16)
    # Clusters past 8 CTAs: the kernel allows them, once.
    assert fake.count("functionAttributes") == 1
    assert fake.function_attribute(0) == (14, 1)
    # A kernel without tensor maps needs no scratch buffer.
    assert fake.count("allocations") == 0
    assert window._counters()["scratch_buffers"] == 0


@pytest.mark.fake_driver
@pytest.mark.parametrize("mode", ["param", "scratch"])
def test_maps_reused_and_reencoded(mode):
    """Each map is encoded once for the same tensors; a tensor at a new
    address, with another shape or other strides gets its map encoded
    again (the other map is kept); the parameters always equal prepare's.
    Scratch mode refills its buffer exactly when a map changed."""
    module = asynccopy.compile(STRIDED, descriptor_mode=mode)
    kernel = module["strided"]
    fake = FakeDriver(kernel.metadata["params"])
    fake.stamp_maps()  # each map the driver encodes is told apart

    def launch(x, y, encoded, fills):
        kernel(x, y, grid=1, block=128)
        counters = kernel._counters()
        assert counters["maps_encoded"] == encoded
        assert counters["scratch_fills"] == (fills if mode == "scratch"
                                             else 0)
        params = fake.params()
        if mode == "scratch":
            address, size, stream = fake.copy()
            assert (size, stream) == (256, 0)
            assert params[-1] == struct.pack("<Q", address)
            assert fake.memory(address, 256) == \
                reference(kernel, [x, y])[1]
            want, _ = reference(kernel, [x, y], address)
        else:
            want, _ = reference(kernel, [x, y])
        assert params == want

    x = DLPackTensor(A0, [100, 256], "f16", strides=[512, 1])
    y = DLPackTensor(B0, [64, 64], "f16")
    launch(x, y, 2, 1)
    encoded = fake.count("mapsEncoded")
    assert encoded == 2
    for _ in range(3):  # the same tensors: nothing encoded or copied
        launch(x, y, 2, 1)
    assert fake.count("mapsEncoded") == encoded
    assert fake.count("hostToDeviceCopies") == (1 if mode == "scratch"
                                                else 0)
    # The same values from other tensor objects: still nothing.
    launch(DLPackTensor(A0, [100, 256], "f16", strides=[512, 1]),
           DLPackTensor(B0, [64, 64], "f16"), 2, 1)
    # Reallocated at a new address: map 0 again, map 1 kept.
    launch(DLPackTensor(A1, [100, 256], "f16", strides=[512, 1]), y, 3, 2)
    launch(DLPackTensor(A1, [100, 256], "f16", strides=[512, 1]), y, 3, 2)
    # Another shape, then other strides.
    launch(DLPackTensor(A1, [80, 256], "f16", strides=[512, 1]), y, 4, 3)
    launch(DLPackTensor(A1, [80, 256], "f16", strides=[256, 1]), y, 5, 4)
    # The output moves: map 1 only.
    launch(DLPackTensor(A1, [80, 256], "f16", strides=[256, 1]),
           DLPackTensor(A0, [64, 64], "f16"), 6, 5)
    # Back to the first tensors: encoded again (the runtime's own cache
    # may answer it without the driver), and the buffer refilled.
    launch(x, y, 8, 6)
    assert fake.count("launches") == 11


PACKED = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @packed(%in: memref<?x4x128xf16>)
        workgroup(%tile : memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%c0, %c0, %c0] [64, 1, 128] barrier %bar[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[64, 64]>]}
          : memref<?x4x128xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
"""


@pytest.mark.fake_driver
def test_map_extent_from_a_transformed_view():
    """A tiled view of a tensor whose token count is known at launch: both
    launch paths encode the map with that count as the extent of the rows'
    dim (memref dim 0 by `extent_dims`), and a new count re-encodes it."""
    kernel = asynccopy.compile(PACKED)["packed"]
    desc = kernel.metadata["tensor_maps"][0]
    assert desc["dims"] == [4, 2, None, 64]
    assert desc["extent_dims"] == [-1, -1, 0, -1]
    fake = FakeDriver(kernel.metadata["params"])
    for tokens, encoded in ((200, 1), (200, 1), (1000, 2)):
        x = DLPackTensor(A0, [tokens, 4, 128], "f16")
        kernel(x, grid=1, block=128)
        assert kernel._counters()["maps_encoded"] == encoded
        assert fake.last_map_dims() == [64, tokens, 2, 4]
        assert fake.params() == reference(kernel, [x])[0]


@pytest.mark.fake_driver
def test_scratch_buffer_per_stream():
    """One scratch buffer per stream: a stream's buffer is refilled (on its
    own stream) only when its maps differ from what it holds."""
    module = asynccopy.compile(KERNELS, descriptor_mode="scratch")
    kernel = module["tma_copy"]
    fake = FakeDriver(kernel.metadata["params"])
    fake.stamp_maps()  # otherwise every map has the same bytes
    x = DLPackTensor(A0, [100, 128], "f32")
    y = DLPackTensor(B0, [100, 128], "f32")
    x2 = DLPackTensor(A1, [100, 128], "f32")
    kernel(x, y, grid=(2, 2), block=128, stream=5)
    first = fake.params()[-1]
    assert fake.copy()[2] == 5
    kernel(x, y, grid=(2, 2), block=128, stream=9)
    assert fake.copy()[2] == 9 and fake.params()[-1] != first
    assert kernel._counters()["scratch_buffers"] == 2
    kernel(x, y, grid=(2, 2), block=128, stream=5)  # holds these maps
    assert fake.params()[-1] == first
    assert fake.count("hostToDeviceCopies") == 2
    kernel(x2, y, grid=(2, 2), block=128, stream=9)  # stream 9's refilled
    kernel(x2, y, grid=(2, 2), block=128, stream=5)  # and stream 5's
    assert fake.count("hostToDeviceCopies") == 4
    assert fake.copy()[2] == 5 and fake.params()[-1] == first
    assert fake.count("allocations") == 2


@pytest.mark.fake_driver
def test_graph_capture(kernels):
    """A launch on a stream that is capturing a CUDA graph: param-mode maps
    are captured with the launch; scratch maps and launch counters live in
    a buffer of the stream that later launches refill, so such a launch
    raises (and launches nothing) instead of capturing a stale read."""
    fake = FakeDriver()
    x = DLPackTensor(A0, [100, 128], "f32")
    y = DLPackTensor(B0, [100, 128], "f32")
    scratch = asynccopy.compile(KERNELS, descriptor_mode="scratch")["tma_copy"]
    scratch(x, y, grid=(2, 2), block=128, stream=7)  # before the capture
    fake.capturing(7)
    try:
        launches = fake.count("launches")
        kernels["tma_copy"](x, y, grid=(2, 2), block=128, stream=7)
        assert fake.count("launches") == launches + 1
        with pytest.raises(RuntimeError, match="tma_copy: descriptor mode "
                           "scratch cannot be captured into a CUDA graph"):
            scratch(x, y, grid=(2, 2), block=128, stream=7)
        with pytest.raises(RuntimeError, match="persistent_copy: a kernel "
                           "with launch counters .* cannot be captured"):
            kernels["persistent_copy"](
                DLPackTensor(A0, [100, 64], "f32"),
                DLPackTensor(B0, [100, 64], "f32"), grid=7, block=128,
                stream=7)
        assert fake.count("launches") == launches + 1
        scratch(x, y, grid=(2, 2), block=128, stream=5)  # not capturing
        assert fake.count("launches") == launches + 2
    finally:
        fake.capturing(0)


@pytest.mark.fake_driver
def test_launch_counters(kernels):
    """A kernel whose tiles are claimed at run time gets a zeroed counter of
    its stream's buffer: zeroed once, on its stream, when the buffer is
    allocated (the kernel's last CTA zeroes it again), one per stream; its
    grid must have the one row the counter serves."""
    kernel = kernels["persistent_copy"]
    fake = FakeDriver(kernel.metadata["params"])
    x = DLPackTensor(A0, [100, 64], "f32")
    y = DLPackTensor(B0, [100, 64], "f32")
    allocations, memsets = fake.count("allocations"), fake.count("memsets")
    for _ in range(3):
        kernel(x, y, grid=7, block=128, stream=5)
    assert fake.count("launches") == 3
    assert fake.count("allocations") == allocations + 1
    assert fake.count("memsets") == memsets + 1
    params = fake.params()
    # The arguments as prepare packs them, then the counter, then the maps.
    assert params[:14] == kernel.prepare([x, y])[0][:14]
    counter = struct.unpack("<Q", params[14])[0]
    assert counter and counter % 16 == 0
    assert fake.memory(counter, 16) == bytes(16)
    kernel(x, y, grid=(7, 1, 1), block=128, stream=9)
    other = struct.unpack("<Q", fake.params()[14])[0]
    assert other != counter
    assert fake.count("memsets") == memsets + 2
    assert kernel._counters()["scratch_buffers"] == 2
    for grid in ((7, 2), (7, 1, 3)):
        with pytest.raises(ValueError, match="grid y and z must be 1 and 1"):
            kernel(x, y, grid=grid, block=128)
    assert fake.count("launches") == 4


@pytest.mark.fake_driver
def test_checks_run_once_per_signature(monkeypatch):
    """The argument checks run when the signature (dtypes, shapes, strides,
    devices) is new; scalars are checked at every launch."""
    module = asynccopy.compile(KERNELS)
    window = module["window"]
    FakeDriver()
    checks = []
    check = window._check_args
    monkeypatch.setattr(window, "_check_args",
                        lambda *a: checks.append(1) or check(*a))
    a = DLPackTensor(A0, [100, 256], "f16")
    out = DLPackTensor(B0, [32, 64], "f16")
    for i in range(3):
        window(a, out, i, 0, 1.0, grid=1, block=128)
    assert len(checks) == 1
    window(DLPackTensor(A1, [100, 256], "f16"), out, 0, 0, 1.0, grid=1,
           block=128)
    assert len(checks) == 1  # an address is not part of the signature
    window(DLPackTensor(A0, [90, 256], "f16"), out, 0, 0, 1.0, grid=1,
           block=128)
    assert len(checks) == 2
    with pytest.raises(ValueError, match="argument 3 of window: 4294967296 "
                       "does not fit i32"):
        window(a, out, 0, 2**32, 1.0, grid=1, block=128)
    with pytest.raises(ValueError, match="argument 2 of window: expected an "
                       "int for index"):
        window(a, out, 0.5, 0, 1.0, grid=1, block=128)
    # A signature that failed is checked (and fails) again.
    bad = DLPackTensor(A0, [100, 256], "f32")
    for _ in range(2):
        with pytest.raises(ValueError, match="dtype float32"):
            window(bad, out, 0, 0, 1.0, grid=1, block=128)


@pytest.mark.fake_driver
def test_map_errors_from_the_launcher(kernels):
    """The runtime's encoder rejects a map at launch with prepare's
    message; a rejected map is not kept, so the next good launch works and
    the bad one fails again."""
    tma = kernels["tma_copy"]
    FakeDriver()
    good = DLPackTensor(A0, [100, 128], "f32")
    misaligned = DLPackTensor(A0 + 8, [100, 128], "f32")
    message = ("argument 0 of tma_copy: tensor map 0: tensor map: global "
               "address 0x7f0000001008 is not 16-B aligned")
    for _ in range(2):
        with pytest.raises(ValueError, match=message):
            tma(misaligned, good, grid=(2, 2), block=128)
        tma(good, good, grid=(2, 2), block=128)
    with pytest.raises(ValueError, match=message):
        tma.prepare([misaligned, good])


@pytest.mark.fake_driver
@pytest.mark.parametrize("mode", ["param", "scratch"])
def test_torch_fast_path(monkeypatch, mode):
    """torch-like tensors are read through data_ptr()/shape/stride() (no
    DLPack) when the launch's stream is the library's current one, and
    give the parameters DLPack gives; on another stream DLPack orders the
    producer's work, as before."""
    current = {"stream": 0}
    monkeypatch.setattr(_launch, "_FAST_TYPES", {})
    fast_torch(lambda device: current["stream"])
    module = asynccopy.compile(KERNELS, descriptor_mode=mode)
    kernel = module["tma_copy"]
    fake = FakeDriver(kernel.metadata["params"])
    x = FakeTorchTensor(A0, [100, 128], "float32", device=1)
    y = FakeTorchTensor(B0, [100, 128], "float32", device=1)
    kernel(x, y, grid=(2, 2), block=128)
    assert x.streams == [] and y.streams == []
    fast = fake.params()
    fast_launch = fake.launch()
    kernel(DLPackTensor(A0, [100, 128], "f32", device=(2, 1)),
           DLPackTensor(B0, [100, 128], "f32", device=(2, 1)),
           grid=(2, 2), block=128)
    assert fake.params() == fast
    assert fake.launch() == fast_launch
    assert kernel._counters()["maps_encoded"] == 2
    # No stream given: torch's current one, still without DLPack.
    current["stream"] = 5
    kernel(x, y, grid=(2, 2), block=128)
    assert x.streams == [] and fake.launch()["stream"] == 5
    # A stream given that is not torch's current one: DLPack orders it.
    kernel(x, y, grid=(2, 2), block=128, stream=0)
    assert x.streams == [1] and y.streams == [1]
    assert fake.launch()["stream"] == 0
    kernel(x, y, grid=(2, 2), block=128, stream=5)
    assert x.streams == [1] and fake.launch()["stream"] == 5
    # The fast path's checks say what DLPack's say.
    with pytest.raises(ValueError, match="argument 1 of tma_copy: dtype "
                       "float16 does not match the memref's element type "
                       "f32"):
        kernel(x, FakeTorchTensor(B0, [100, 128], "float16", device=1),
               grid=(2, 2), block=128, stream=5)
    with pytest.raises(ValueError, match="argument 1 of tma_copy: on CUDA "
                       "device 0, earlier tensors on 1"):
        kernel(x, FakeTorchTensor(B0, [100, 128], "float32", device=0),
               grid=(2, 2), block=128, stream=5)
    with pytest.raises(ValueError, match="argument 0 of tma_copy: the "
                       "tensor is on cpu"):
        kernel(FakeTorchTensor(A0, [100, 128], "float32", device=-1), y,
               grid=(2, 2), block=128, stream=5)


@pytest.mark.fake_driver
@pytest.mark.parametrize("kind", ["dlpack", "torch-like"])
def test_launches_from_threads(kernels, kind):
    """Threads launching one kernel each pack their own record (torch-like
    tensors: natively, with the interpreter's lock released in the
    driver)."""
    tma = kernels["tma_copy"]
    FakeDriver()
    fast_torch()
    errors = []

    def run(base):
        try:
            for i in range(200):
                address = base + 0x1000 * (i % 4)
                x = (DLPackTensor(address, [100, 128], "f32")
                     if kind == "dlpack"
                     else FakeTorchTensor(address, [100, 128], "float32"))
                tma(x, x, grid=(2, 2), block=128)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(A0 + 0x100000 * t,))
               for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and tma._counters()["launches"] == 800
    if kind == "torch-like" and _launch._fastlaunch is not None:
        assert native_calls(tma)[0] >= 790  # a first launch per thread


# A kernel written for one warpgroup whose loop gets a producer warpgroup:
# it launches with 256 threads.
WARP_SPECIALIZED = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum_rows(%in: memref<64x512xf32>, %out: memref<128xf32>)
        workgroup(%tile : memref<64x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %true = arith.constant true
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %r:2 = scf.for %kt = %c0 to %c8 step %c1 iter_args(%ph = %false, %s = %zero) -> (i1, f32) {
        %col = arith.muli %kt, %c64 : index
        asynccopy.copy %in to %tile window [0, %col] [64, 64] barrier %bar[%c0]
            : memref<64x512xf32> to memref<64x64xf32, #gpu.address_space<workgroup>>
        asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>
        %row = arith.remui %tid, %c64 : index
        %x = memref.load %tile[%row, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
        %n = arith.addf %s, %x : f32
        %nph = arith.xori %ph, %true : i1
        scf.yield %nph, %n : i1, f32
      } {asynccopy.pipeline_stages = 2 : i64, asynccopy.pipeline_warp_specialize}
      memref.store %r#1, %out[%tid] : memref<128xf32>
      gpu.return
    }
  }
}
"""


@pytest.mark.fake_driver
def test_block_from_kernel(kernels):
    """`block` defaults to the kernel's known_block_size, which a producer
    warpgroup grows by 128 threads; a kernel without one needs `block`."""
    sum_rows = asynccopy.compile(WARP_SPECIALIZED)["sum_rows"]
    assert sum_rows.metadata["known_block_size"] == [256, 1, 1]
    fake = FakeDriver(sum_rows.metadata["params"])
    a = DLPackTensor(A0, [64, 512], "f32")
    out = DLPackTensor(B0, [128], "f32")
    sum_rows(a, out, grid=1)
    assert fake.launch()["block"] == (256, 1, 1)
    with pytest.raises(ValueError, match="block \\(128, 1, 1\\): sum_rows was "
                       "compiled for block \\(256, 1, 1\\)"):
        sum_rows(a, out, grid=1, block=128)
    x = DLPackTensor(A0, [100, 256], "f16")
    o = CAITensor(B0, [32, 64], "<f2")
    with pytest.raises(TypeError, match="window needs block=: it has no "
                       "known_block_size"):
        kernels["window"](x, o, 0, 0, 1.0, grid=1)


def test_fastlaunch_loads():
    """Where the build made _fastlaunch (lib/Python/FastLaunch.cpp), every
    interpreter the suite runs in loads it (abi3), unless it is switched
    off; Kernel then launches through it."""
    if os.environ.get("AC_FASTLAUNCH_BUILT") != "1":
        pytest.skip("_fastlaunch was not built (no python3-dev)")
    if os.environ.get("ASYNCCOPY_NATIVE_LAUNCH") == "0":
        assert _launch._fastlaunch is None
        return
    assert _launch._fastlaunch is not None
    assert issubclass(asynccopy.Kernel, _launch._fastlaunch.FastKernel)
    assert "__call__" not in vars(asynccopy.Kernel)


# Scalars of every kind _fastlaunch packs, and one it leaves to _call (i1).
SCALARS = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scalars(%in: memref<64x128xf32>, %out: memref<?x128xf32>,
                      %a: i8, %b: i16, %c: i32, %d: i64, %e: index, %f: f32,
                      %g: f64, %h: ui32) kernel {
      gpu.return
    }
    gpu.func @flag(%in: memref<64x128xf32>, %on: i1) kernel {
      gpu.return
    }
  }
}
"""


def native_calls(kernel):
    """(native launches, calls handed to _call), (0, 0) without
    _fastlaunch."""
    return kernel._native_calls() or (0, 0)


@pytest.mark.fake_driver
def test_native_launch(monkeypatch):
    """With _fastlaunch, a launch on torch-like tensors whose signature
    passed the checks is native and packs what prepare packs, scalars of
    each kind at the ends of their ranges included; every other launch is
    handed to _call, which packs, checks or raises as without it."""
    native = _launch._fastlaunch is not None
    current = {"stream": 0}
    monkeypatch.setattr(_launch, "_FAST_TYPES", {})
    fast_torch(lambda device: current["stream"])
    kernel = asynccopy.compile(SCALARS)["scalars"]
    fake = FakeDriver(kernel.metadata["params"])
    x = FakeTorchTensor(A0, [64, 128], "float32", device=1)
    y = FakeTorchTensor(B0, [100, 128], "float32", device=1)
    rows = [(-128, -2**15, -2**31, -2**63, -2**63, 1.5, -2.25, 0),
            (255, 2**16 - 1, 2**32 - 1, 2**64 - 1, 2**63 - 1,
             3.4028234663852886e38, 1e300, 2**32 - 1),
            (-1, -1, -1, -1, -1, float("inf"), float("nan"), 7)]
    for values in rows:
        kernel(x, y, *values, grid=(3, 2), block=64)
        assert fake.params() == kernel.prepare([x, y, *values])[0]
        assert fake.launch()["grid"] == (3, 2, 1)
    assert native_calls(kernel) == ((len(rows) - 1, 1) if native else (0, 0))

    def handed_over(launch, *, raises=None, match=None):
        before = native_calls(kernel)
        if raises:
            with pytest.raises(raises, match=match):
                launch()
        else:
            launch()
        if native:
            assert native_calls(kernel) == (before[0], before[1] + 1)

    values = rows[0]
    # Not an exact int or float, or out of the range: _call decides.
    handed_over(lambda: kernel(x, y, True, *values[1:], grid=1, block=64))
    assert fake.params() == kernel.prepare([x, y, True, *values[1:]])[0]
    handed_over(lambda: kernel(x, y, 256, *values[1:], grid=1, block=64),
                raises=ValueError, match="argument 2 of scalars: 256 does "
                "not fit i8")
    handed_over(lambda: kernel(x, y, *values[:5], 2, *values[6:], grid=1,
                               block=64))
    assert fake.params() == kernel.prepare([x, y, *values[:5], 2,
                                            *values[6:]])[0]
    # A new signature is checked once, then launched natively.
    y90 = FakeTorchTensor(B0, [90, 128], "float32", device=1)
    handed_over(lambda: kernel(x, y90, *values, grid=1, block=64))
    before = native_calls(kernel)
    kernel(x, y90, *values, grid=1, block=64)
    assert fake.params() == kernel.prepare([x, y90, *values])[0]
    if native:
        assert native_calls(kernel) == (before[0] + 1, before[1])
    # No stream given: the library's current one, natively.
    current["stream"] = 5
    seen = len(x.streams)
    before = native_calls(kernel)
    kernel(x, y, *values, grid=1, block=64)
    assert fake.launch()["stream"] == 5 and x.streams[seen:] == []
    if native:
        assert native_calls(kernel) == (before[0] + 1, before[1])
    # Another stream given than the library's current one: DLPack orders it.
    handed_over(lambda: kernel(x, y, *values, grid=1, block=64, stream=0))
    assert x.streams[seen:] == [1] and fake.launch()["stream"] == 0
    kernel(x, y, *values, grid=1, block=64, stream=5)
    assert fake.launch()["stream"] == 5 and x.streams[seen:] == [1]
    current["stream"] = 0
    # Tensors that are not torch's, or on two devices.
    handed_over(lambda: kernel(DLPackTensor(A0, [64, 128], "f32",
                                            device=(2, 1)),
                               y, *values, grid=1, block=64))
    handed_over(lambda: kernel(x, FakeTorchTensor(B0, [100, 128], "float32",
                                                  device=0),
                               *values, grid=1, block=64),
                raises=ValueError, match="argument 1 of scalars: on CUDA "
                "device 0, earlier tensors on 1")
    # Geometry and keywords _call checks.
    handed_over(lambda: kernel(x, y, *values, grid=(3, 2), block=64,
                               cluster=(2, 1)),
                raises=ValueError, match="grid \\(3, 2, 1\\) is not a "
                "multiple of cluster \\(2, 1, 1\\)")
    handed_over(lambda: kernel(x, y, *values, grid=0, block=64),
                raises=ValueError, match="grid must be 1 to 3 positive ints")
    handed_over(lambda: kernel(x, y, *values, grid=1, block=64, smem=0),
                raises=TypeError, match="unexpected keyword argument 'smem'")
    handed_over(lambda: kernel(x, y, *values[:-1], grid=1, block=64),
                raises=ValueError, match="scalars takes 10 arguments, got 9")
    # Clusters launch natively once the grid is a multiple.
    before = native_calls(kernel)
    kernel(x, y, *values, grid=(4, 2), block=64, cluster=(2, 1))
    assert fake.launch()["cluster"] == (2, 1, 1)
    assert fake.params() == kernel.prepare([x, y, *values])[0]
    if native:
        assert native_calls(kernel) == (before[0] + 1, before[1])
    # A scalar kind packed only in Python.
    flag = asynccopy.compile(SCALARS)["flag"]
    FakeDriver(flag.metadata["params"])
    for _ in range(2):
        flag(x, True, grid=1, block=32)
    assert native_calls(flag) == ((0, 2) if native else (0, 0))


@pytest.mark.fake_driver
def test_native_launch_errors(monkeypatch):
    """A launch the runtime rejects raises the same error natively: here a
    tensor map of a misaligned address, whose signature passed before."""
    monkeypatch.setattr(_launch, "_FAST_TYPES", {})
    fast_torch()
    tma = asynccopy.compile(KERNELS)["tma_copy"]
    FakeDriver()
    good = FakeTorchTensor(A0, [100, 128], "float32")
    misaligned = FakeTorchTensor(A0 + 8, [100, 128], "float32")
    for _ in range(2):
        tma(good, good, grid=(2, 2), block=128)
    calls = native_calls(tma)
    for _ in range(2):
        with pytest.raises(ValueError, match="argument 0 of tma_copy: "
                           "tensor map 0: tensor map: global address "
                           "0x7f0000001008 is not 16-B aligned"):
            tma(misaligned, good, grid=(2, 2), block=128)
        tma(good, good, grid=(2, 2), block=128)
    if _launch._fastlaunch is not None:
        assert native_calls(tma) == (calls[0] + 2, calls[1])


FLOAT8 = """module {
  gpu.module @m {
    gpu.func @fp8(%a: memref<64x64xf8E4M3FN>, %b: memref<64xf8E5M2>,
                  %c: memref<8xtf32>) kernel { gpu.return }
  }
}
"""


def test_float8_and_tf32_arguments():
    # fp8 memrefs take the DLPack float8 types (torch float8_e4m3fn /
    # float8_e5m2), tf32 ones float32 tensors; a float8 of the other
    # format is refused.
    kernel = asynccopy.compile(FLOAT8)["fp8"]
    a = DLPackTensor(0x7f0000001000, [64, 64], "f8e4m3fn")
    b = DLPackTensor(0x7f0000002000, [64], "f8e5m2")
    c = DLPackTensor(0x7f0000003000, [8], "f32")
    params, _, _ = kernel.prepare([a, b, c])
    assert params[0] == struct.pack("<Q", 0x7f0000001000)
    with pytest.raises(ValueError, match="argument 0 of fp8: dtype "
                       "f8E5M2 does not match the memref's element type "
                       "f8E4M3FN"):
        kernel.prepare([DLPackTensor(64, [64, 64], "f8e5m2"), b, c])
    assert _launch._ELEMENT_BYTES["f8E4M3FN"] == 1
