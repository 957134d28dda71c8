"""Tensors without a GPU framework (the two protocols the launcher reads,
over made-up device addresses) and a CUDA driver that records calls."""
import ctypes as C

from asynccopy import _launch
from asynccopy._launch import _DLDataType, _DLDevice, _DLTensor

_DTYPES = {"f16": (2, 16), "bf16": (4, 16), "f32": (2, 32), "i32": (0, 32),
           "u8": (1, 8)}


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


class RecordingDriver:
    """The CUDA driver calls of a launch, recorded (outputs are set through
    the byref'd objects); kernel parameters are read while the call lasts,
    with the sizes the kernel's metadata gives."""

    def __init__(self, params):
        self.calls, self.params, self.sizes = [], [], params

    def __getattr__(self, name):
        def call(*args):
            self.calls.append(name)
            if name in ("cuModuleLoadData", "cuModuleGetFunction",
                        "cuDevicePrimaryCtxRetain", "cuMemAlloc_v2"):
                args[0]._obj.value = 0x1000 + len(self.calls)
            if name == "cuLaunchKernel":
                self.record(args[9], args[1:7], None)
            if name == "cuLaunchKernelEx":
                config = args[0]._obj
                attribute = config.attrs[0]
                self.record(args[2], (config.gx, config.gy, config.gz,
                                      config.bx, config.by, config.bz),
                            (attribute.id, list(attribute.value[0:3])))
            return 0
        return call

    def record(self, array, dims, cluster):
        self.launch = (tuple(dims), cluster)
        self.params = [C.string_at(array[i], p["bytes"])
                       for i, p in enumerate(self.sizes)]



def recording(monkeypatch, kernel):
    """Makes `kernel`'s launches call a RecordingDriver, returned."""
    driver = _launch._Driver.__new__(_launch._Driver)
    driver.lib = RecordingDriver(kernel.metadata["params"])
    driver.contexts = {}
    monkeypatch.setattr(_launch, "_driver", driver)
    return driver.lib
