"""Tensors without a GPU framework (the two protocols the launcher reads,
and the attributes its torch fast path reads, over made-up device
addresses) and access to the fake CUDA driver's records."""
import ctypes as C

from asynccopy import _launch
from asynccopy._launch import _DLDataType, _DLDevice, _DLTensor

_DTYPES = {"f16": (2, 16), "bf16": (4, 16), "f32": (2, 32), "i32": (0, 32),
           "u8": (1, 8), "f8e4m3fn": (10, 8), "f8e5m2": (12, 8)}


class CAITensor:
    """__cuda_array_interface__ (version 3): strides in bytes."""

    def __init__(self, data, shape, typestr, strides=None):
        self.__cuda_array_interface__ = {
            "data": (data, False), "shape": tuple(shape), "typestr": typestr,
            "strides": None if strides is None else tuple(strides),
            "version": 3}


class DLPackTensor:
    """__dlpack__ / __dlpack_device__ with strides in elements."""

    def __init__(self, data, shape, dtype, strides=None, device=(2, 0),
                 byte_offset=0):
        self.shape = (C.c_int64 * len(shape))(*shape)
        self.strides = (C.c_int64 * len(shape))(
            *(strides or _launch._contiguous_strides(shape)))
        code, bits = _DTYPES[dtype]
        self.tensor = _DLTensor(data, _DLDevice(*device), len(shape),
                                _DLDataType(code, bits, 1), self.shape,
                                self.strides, byte_offset)
        # DLManagedTensor: the DLTensor, manager_ctx, deleter (none).
        self.managed = (C.c_byte * (C.sizeof(_DLTensor) + 16))()
        C.memmove(self.managed, C.byref(self.tensor), C.sizeof(_DLTensor))
        self.device = device
        self.streams = []

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        new = C.pythonapi.PyCapsule_New
        new.restype = C.py_object
        new.argtypes = [C.c_void_p, C.c_char_p, C.c_void_p]
        return new(C.addressof(self.managed), b"dltensor", None)


class FakeDriver:
    """test/Unit/Runtime/FakeCudaDriver.cpp as this process's CUDA driver (tests
    marked fake_driver run in a process where ASYNCCOPY_CUDA_DRIVER names
    it): its counters and what it recorded of the last launch and copy."""

    def __init__(self, param_sizes=None):
        import os
        self.lib = C.CDLL(os.environ["ASYNCCOPY_CUDA_DRIVER"])
        self.lib.fakeCudaCounter.restype = C.c_int64
        self.lib.fakeCudaCounter.argtypes = [C.c_char_p]
        self.lib.fakeCudaLastParam.restype = C.c_int64
        self.lib.fakeCudaLastParam.argtypes = [C.c_int64, C.c_void_p,
                                               C.c_int64]
        if param_sizes is not None:
            self.record_params(param_sizes)

    def count(self, name):
        value = self.lib.fakeCudaCounter(name.encode())
        assert value >= 0, name
        return value

    def record_params(self, sizes):
        """Launches record parameters of these sizes (a kernel's
        metadata["params"], or a list of byte counts) from now on."""
        sizes = [p["bytes"] if isinstance(p, dict) else p for p in sizes]
        self.lib.fakeCudaSetParamSizes(
            C.c_int64(len(sizes)), (C.c_int64 * max(len(sizes), 1))(*sizes))

    def capturing(self, stream):
        """cuStreamIsCapturing says `stream` (0: none) is capturing."""
        self.lib.fakeCudaSetCapturing(C.c_int64(stream))

    def stamp_maps(self, on=True):
        """Each map the driver encodes starts with its serial number."""
        self.lib.fakeCudaSetStampMaps(int(on))

    def params(self):
        """The last launch's parameters, as bytes."""
        out, index = [], 0
        buffer = C.create_string_buffer(256)
        while True:
            size = self.lib.fakeCudaLastParam(index, buffer, 256)
            if size < 0:
                return out
            out.append(buffer.raw[:size])
            index += 1

    def launch(self):
        """The last launch: grid, block, cluster, smem, stream, function."""
        words = (C.c_int64 * 12)()
        self.lib.fakeCudaLastLaunch(words)
        w = list(words)
        return dict(grid=tuple(w[0:3]), block=tuple(w[3:6]),
                    cluster=tuple(w[6:9]), smem=w[9], stream=w[10],
                    function=w[11])

    def last_map_dims(self):
        """The dims of the last tensor map encoded, innermost first."""
        words = (C.c_int64 * 6)()
        self.lib.fakeCudaLastMapDims(words)
        return list(words)[1:1 + words[0]]

    def copy(self):
        """The last cuMemcpyHtoDAsync: destination, bytes, stream."""
        words = (C.c_int64 * 3)()
        self.lib.fakeCudaLastCopy(words)
        return tuple(words)

    def function_attribute(self, index):
        words = (C.c_int64 * 2)()
        self.lib.fakeCudaFunctionAttribute(C.c_int64(index), words)
        return tuple(words)

    def memory(self, address, size):
        """Device memory (host memory of the fake's arena)."""
        return C.string_at(address, size)


class FakeDType:
    """A dtype object of FakeTorchTensor (torch.float16 and the like)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "faketorch." + self.name


FAKE_TORCH_DTYPES = {name: FakeDType(name) for name in (
    "float16", "bfloat16", "float32", "int32", "uint8")}
_FAKE_TORCH_KINDS = {"float16": ("float", 16), "bfloat16": ("bfloat", 16),
                     "float32": ("float", 32), "int32": ("int", 32),
                     "uint8": ("uint", 8)}
_DLPACK_NAMES = {"float16": "f16", "bfloat16": "bf16", "float32": "f32",
                 "int32": "i32", "uint8": "u8"}


class FakeTorchTensor(DLPackTensor):
    """What the launcher's torch fast path reads of a torch.Tensor
    (data_ptr(), shape, stride(), dtype, is_cuda, get_device()), over a
    made-up address, with DLPack too (the general path). Register it with
    `fast_torch(current_stream)`; `raw_stream` is what its library reports
    as the current stream of every device."""

    def __init__(self, data, shape, dtype, strides=None, device=0):
        super().__init__(data, shape, _DLPACK_NAMES[dtype], strides,
                         device=(2, device) if device >= 0 else (1, 0))
        self._dlpack_shape = self.shape  # the DLTensor points at it
        self._data = data
        self.shape = tuple(shape)
        self._strides = tuple(strides or _launch._contiguous_strides(shape))
        self.dtype = FAKE_TORCH_DTYPES[dtype]
        self.is_cuda = device >= 0
        self._device = device

    def data_ptr(self):
        return self._data

    def stride(self):
        return self._strides

    def get_device(self):
        return self._device


def fast_torch(current_stream=lambda device: 0):
    """Lets the launcher take FakeTorchTensor through its torch fast path,
    with `current_stream(device)` as the library's current stream."""
    _launch._register_torch_like(
        (FakeTorchTensor,),
        {FAKE_TORCH_DTYPES[n]: k for n, k in _FAKE_TORCH_KINDS.items()},
        current_stream)
