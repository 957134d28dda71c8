"""Tensors without a GPU framework: the two protocols the launcher reads,
over made-up device addresses."""
import ctypes as C

from asynccopy._launch import _DLDataType, _DLDevice, _DLTensor

_DTYPES = {"f16": (2, 16), "bf16": (4, 16), "f32": (2, 32), "i32": (0, 32),
           "u8": (1, 8)}


def contiguous(shape):
    strides, acc = [], 1
    for size in reversed(shape):
        strides.insert(0, acc)
        acc *= size
    return strides


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
            *(strides or contiguous(shape)))
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
