"""Launching compiled kernels on tensors, without MLIR.

A kernel's arguments follow MLIR's memref calling convention: each memref
argument becomes (allocated pointer, aligned pointer, offset, sizes...,
strides...), each scalar one parameter; kernels with TMA copies take their
tensor maps after those (descriptor mode `param`: one 128-B value per map;
`scratch`: one pointer to device memory holding them all).

A launch is one call into libAsyncCopyRuntime.so (`acLauncherLaunch`,
include/asynccopy/Runtime/Launch.h): the kernel's launch plan (which
parameter comes from which argument, the tensor maps' static parts) is
made once per kernel; each launch packs the arguments' words (a tensor's
address, sizes and strides, a scalar's bytes) into a per-thread record with
one struct.pack_into, and the runtime packs the parameters, encodes the
tensor maps whose inputs changed (a map is kept with the address, extents
and strides it was encoded from), refills the scratch buffer of the launch's
stream when its maps changed, and calls cuLaunchKernel(Ex). A launch given
no stream takes torch's current one of its torch tensors' device (else the
legacy default stream). torch tensors are read through their attributes
(data_ptr(), shape, stride()) where the launch's stream is torch's current
one; other tensors, and torch's on another stream, through DLPack or
__cuda_array_interface__. Argument checks
run when an argument signature (dtypes, shapes, strides, device) is new.
Where the extension module `_fastlaunch` (lib/Python/FastLaunch.cpp) is
built, a launch whose signature passed the checks, on torch tensors and
torch's current stream, is one native call from the interpreter to the
driver; every other launch comes here (Kernel._call).
Modules are loaded per device through the CUDA driver (libcuda.so.1, or
$ASYNCCOPY_CUDA_DRIVER) with ctypes. `Kernel.prepare` is the reference
packing, in Python, that the tests compare launches with.
"""

import collections
import ctypes as C
import os
import struct
import sys
import threading
import weakref

from . import _libs

# The values of include/asynccopy/ABI/ABI.h this module passes to and reads
# from the runtime, named as there (python/tests/test_abi.py checks them).
_AC_OOB_FILL_ZERO, _AC_OOB_FILL_NAN = 0, 1
_AC_TENSOR_MAP_OK, _AC_TENSOR_MAP_INVALID, _AC_TENSOR_MAP_FALLBACK = 0, 1, 3
_AC_TENSOR_MAP_BYTES, _AC_TENSOR_MAP_ALIGN = 128, 64
_AC_PARAM_WORD, _AC_PARAM_CONSTANT, _AC_PARAM_ADDRESS = 0, 1, 2
_AC_PARAM_TENSOR_MAP, _AC_PARAM_SCRATCH, _AC_PARAM_COUNTER = 3, 4, 5
_AC_LAUNCH_MAP_FALLBACK = 1
_AC_DESCRIPTORS_NONE, _AC_DESCRIPTORS_PARAM, _AC_DESCRIPTORS_SCRATCH = 0, 1, 2
_AC_RECORD_CLUSTER, _AC_RECORD_ERROR_INDEX, _AC_RECORD_ERROR_RESULT = 9, 12, 13
_AC_RECORD_HEADER_WORDS = 16
_AC_LAUNCH_OK, _AC_LAUNCH_TENSOR_MAP_INVALID = 0, 1
_AC_LAUNCH_TENSOR_MAP_DRIVER_ERROR, _AC_LAUNCH_DRIVER_ERROR = 2, 3
_AC_LAUNCH_CAPTURED = 5
_AC_CALL_CONTEXT, _AC_CALL_LAUNCH_KERNEL, _AC_CALL_LAUNCH_KERNEL_EX = 0, 1, 2
_AC_CALL_MEM_ALLOC, _AC_CALL_MEMCPY_HTOD_ASYNC = 3, 4
_AC_CALL_FUNC_SET_ATTRIBUTE, _AC_CALL_MEMSET_D32_ASYNC = 5, 6
_AC_LAUNCHER_LAUNCHES, _AC_LAUNCHER_MAPS_ENCODED = 0, 1
_AC_LAUNCHER_SCRATCH_FILLS, _AC_LAUNCHER_SCRATCH_BUFFERS = 2, 3

# Element types: bytes per element, and the tensor dtypes that match
# (kind, bits) with kind one of int, uint, float, bfloat, bool.
# The 8-bit floats are matched by their MLIR names (DLPack and torch name
# each format); tf32 is stored in 4 bytes, so float32 tensors hold it.
_FLOAT8 = ("f8E4M3FN", "f8E5M2", "f8E4M3", "f8E3M4", "f8E4M3FNUZ",
           "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E8M0FNU")
_ELEMENT_BYTES = dict({"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                       "si8": 1, "si16": 2, "si32": 4, "si64": 8,
                       "ui8": 1, "ui16": 2, "ui32": 4, "ui64": 8,
                       "f16": 2, "bf16": 2, "tf32": 4, "f32": 4, "f64": 8},
                      **{name: 1 for name in _FLOAT8})


def _dtype_matches(element_type, kind, bits):
    if element_type == "i1":
        return kind == "bool" or (kind in ("int", "uint") and bits == 8)
    if element_type.startswith("si"):
        return kind == "int" and bits == int(element_type[2:])
    if element_type.startswith("ui"):
        return kind == "uint" and bits == int(element_type[2:])
    if element_type.startswith("i"):
        return kind in ("int", "uint") and bits == int(element_type[1:])
    if element_type == "bf16":
        return kind == "bfloat" and bits == 16
    if element_type == "tf32":
        return kind == "float" and bits == 32
    if element_type.startswith("f8"):
        return kind == element_type and bits == 8
    if element_type.startswith("f"):
        return kind == "float" and bits == int(element_type[1:])
    return False


class _Tensor:
    """What a launch needs of a tensor: device address, shape, strides in
    elements, dtype and device ("cuda", ordinal) or (other, None)."""

    def __init__(self, data, shape, strides, kind, bits, device):
        self.data, self.shape, self.strides = data, shape, strides
        self.kind, self.bits, self.device = kind, bits, device

    @property
    def dtype(self):
        # The 8-bit floats' kinds are their MLIR names already.
        if self.kind.startswith("f8"):
            return self.kind
        return "%s%d" % (self.kind, self.bits)


class _DLDevice(C.Structure):
    _fields_ = [("device_type", C.c_int32), ("device_id", C.c_int32)]


class _DLDataType(C.Structure):
    _fields_ = [("code", C.c_uint8), ("bits", C.c_uint8),
                ("lanes", C.c_uint16)]


class _DLTensor(C.Structure):
    _fields_ = [("data", C.c_void_p), ("device", _DLDevice),
                ("ndim", C.c_int32), ("dtype", _DLDataType),
                ("shape", C.POINTER(C.c_int64)),
                ("strides", C.POINTER(C.c_int64)),
                ("byte_offset", C.c_uint64)]


# DLPack type codes (dlpack.h 1.x); the 8-bit floats by their MLIR names.
_DL_KINDS = {0: "int", 1: "uint", 2: "float", 4: "bfloat", 6: "bool",
             7: "f8E3M4", 8: "f8E4M3", 9: "f8E4M3B11FNUZ", 10: "f8E4M3FN",
             11: "f8E4M3FNUZ", 12: "f8E5M2", 13: "f8E5M2FNUZ",
             14: "f8E8M0FNU"}
_DL_DEVICES = {1: "cpu", 2: "cuda", 3: "cuda_host", 13: "cuda"}
_CAI_KINDS = {"i": "int", "u": "uint", "f": "float", "b": "bool"}


def _contiguous_strides(shape):
    strides, acc = [], 1
    for size in reversed(shape):
        strides.insert(0, acc)
        acc *= size
    return strides


# PyCapsule_GetPointer with a prototype of its own (not C.pythonapi's
# shared one, which other code may change).
_capsule_pointer = C.PYFUNCTYPE(C.c_void_p, C.py_object, C.c_char_p)(
    ("PyCapsule_GetPointer", C.pythonapi))
# DLTensor (_DLTensor) as one unpack: data, device type, device id, ndim,
# dtype code, bits, lanes, shape, strides, byte offset.
_DLTENSOR = struct.Struct("<QiiiBBHQQQ")
assert _DLTENSOR.size == C.sizeof(_DLTensor)


_DLTENSOR_BYTES = C.c_char * _DLTENSOR.size


def _int64s(address, count):
    return (C.c_int64 * count).from_address(address)[:]


def _from_dlpack(obj, stream, what):
    # The stream tells a CUDA producer where its pending writes must be
    # ordered; other devices take none.
    if obj.__dlpack_device__()[0] in (2, 13):  # kDLCUDA, kDLCUDAManaged
        capsule = obj.__dlpack__(stream=stream)
    else:
        capsule = obj.__dlpack__()
    # The capsule keeps its name, so its destructor releases the tensor.
    (data, device_type, device_id, ndim, code, bits, lanes, shape, strides,
     byte_offset) = _DLTENSOR.unpack_from(_DLTENSOR_BYTES.from_address(
         _capsule_pointer(capsule, b"dltensor")))
    shape = _int64s(shape, ndim)
    strides = (_int64s(strides, ndim) if strides
               else _contiguous_strides(shape))
    kind = _DL_KINDS.get(code, "dlpack%d_" % code)
    if lanes != 1:
        raise ValueError("%s: vector dtypes (%d lanes) are not supported"
                         % (what, lanes))
    device = (_DL_DEVICES.get(device_type, "dlpack device %d" % device_type),
              device_id)
    return _Tensor(data + byte_offset, shape, strides, kind, bits, device)


def _from_cai(obj, what):
    cai = obj.__cuda_array_interface__
    shape = list(cai["shape"])
    typestr = cai["typestr"]
    kind, size = _CAI_KINDS.get(typestr[1]), int(typestr[2:])
    if kind is None:
        raise ValueError("%s: dtype %r is not supported" % (what, typestr))
    if cai.get("strides") is None:
        strides = _contiguous_strides(shape)
    else:
        if any(s % size for s in cai["strides"]):
            raise ValueError("%s: strides %s B are not multiples of the "
                             "%d-B element" % (what, cai["strides"], size))
        strides = [s // size for s in cai["strides"]]
    return _Tensor(cai["data"][0], shape, strides, kind, 8 * size,
                   ("cuda", None))


def _tensor(obj, stream, what):
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return _from_dlpack(obj, stream, what)
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cai(obj, what)
    return None


# --- tensor maps (libAsyncCopyRuntime.so) -----------------------------------

_runtime = None


def _encoder():
    """libAsyncCopyRuntime.so, with the prototypes of the calls made here."""
    global _runtime
    if _runtime is None:
        lib = _libs.load("libAsyncCopyRuntime.so", "the asynccopy runtime")
        for encode in (lib.acTensorMapEncodeTiled,
                       lib.acTensorMapEncodeTiledFallback):
            encode.restype = C.c_int32
            encode.argtypes = [
                C.c_void_p, C.c_int32, C.c_int32, C.c_void_p,
                C.POINTER(C.c_int64), C.POINTER(C.c_int64),
                C.POINTER(C.c_int32), C.c_int32, C.c_int32, C.c_int32]
        lib.acGetLastError.restype = C.c_char_p
        lib.mgpuSetDefaultDevice.argtypes = [C.c_int32]
        lib.acLauncherCreate.restype = C.c_void_p
        lib.acLauncherCreate.argtypes = [C.POINTER(_LaunchPlan)]
        lib.acLauncherDestroy.restype = None
        lib.acLauncherDestroy.argtypes = [C.c_void_p]
        lib.acLauncherCounter.restype = C.c_int64
        lib.acLauncherCounter.argtypes = [C.c_void_p, C.c_int32]
        # acLauncherLaunch takes prebuilt ctypes objects: no argtypes, so
        # ctypes passes them as they are.
        lib.acLauncherLaunch.restype = C.c_int32
        _runtime = lib
    return _runtime


def _aligned_map_buffer():
    raw = C.create_string_buffer(_AC_TENSOR_MAP_BYTES + _AC_TENSOR_MAP_ALIGN)
    address = C.addressof(raw)
    return raw, address + (-address) % _AC_TENSOR_MAP_ALIGN


def _oob_fill(desc):
    return _AC_OOB_FILL_NAN if desc["oob"] == "nan" else _AC_OOB_FILL_ZERO


def _extent_source(desc, d):
    """The tensor dim whose size is map dim `d`'s dynamic extent (None for
    a static one)."""
    if desc["dims"][d] is not None:
        return None
    if desc["identity_view"]:
        return d
    source = desc.get("extent_dims", [-1] * len(desc["dims"]))[d]
    return source if source >= 0 else None


def _encode_map(index, desc, tensor, arg_name, target):
    """Encodes tensor map `index` (metadata `desc`) of `tensor` at
    `target` (64-B aligned, 128 B)."""
    rank = len(desc["dims"])
    eb = _ELEMENT_BYTES[desc["element_type"]]
    dims, strides, box = [], [], []
    for d in reversed(range(rank)):  # innermost first, as the hardware
        extent, stride = desc["dims"][d], desc["strides"][d]
        source = _extent_source(desc, d)
        if (extent is None and source is None) or (
                stride is None and not desc["identity_view"]):
            raise ValueError(
                "%s: tensor map %d has dynamic extents or strides after "
                "transforms, which the launcher cannot derive"
                % (arg_name, index))
        extent = tensor.shape[source] if extent is None else extent
        stride = tensor.strides[d] if stride is None else stride
        dims.append(extent)
        strides.append(stride * eb)
        box.append(desc["box"][d])
    lib = _encoder()
    encode = (lib.acTensorMapEncodeTiledFallback if desc.get("fallback")
              else lib.acTensorMapEncodeTiled)
    status = encode(
        C.c_void_p(target), desc["map_type"], rank, C.c_void_p(tensor.data),
        (C.c_int64 * rank)(*dims), (C.c_int64 * max(rank - 1, 1))(*strides[1:]),
        (C.c_int32 * rank)(*box), desc["swizzle"], _oob_fill(desc),
        256 if desc["cache"] == "evict_last" else 128)
    if status in (_AC_TENSOR_MAP_OK, _AC_TENSOR_MAP_FALLBACK):
        return
    message = lib.acGetLastError().decode()
    if status == _AC_TENSOR_MAP_INVALID:
        raise ValueError("%s: tensor map %d: %s" % (arg_name, index, message))
    raise RuntimeError("%s: tensor map %d: %s" % (arg_name, index, message))


# --- the CUDA driver ---------------------------------------------------------

class CudaError(RuntimeError):
    """A CUDA driver call failed."""


_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9


class _Driver:
    def __init__(self):
        name = os.environ.get("ASYNCCOPY_CUDA_DRIVER", "libcuda.so.1")
        try:
            self.lib = C.CDLL(name)
        except OSError as e:
            raise CudaError("cannot load %s: %s (is the NVIDIA driver "
                            "installed?)" % (name, e)) from None
        self.check(self.lib.cuInit(0), "cuInit")
        self.contexts = {}

    def check(self, rc, what):
        if rc != 0:
            text = C.c_char_p()
            self.lib.cuGetErrorString(rc, C.byref(text))
            raise CudaError("%s failed: %s (%d)" % (
                what, text.value.decode() if text.value else "?", rc))

    def context(self, device):
        if device not in self.contexts:
            dev, ctx = C.c_int(), C.c_void_p()
            self.check(self.lib.cuDeviceGet(C.byref(dev), device),
                       "cuDeviceGet(%d)" % device)
            self.check(self.lib.cuDevicePrimaryCtxRetain(C.byref(ctx), dev),
                       "cuDevicePrimaryCtxRetain")
            self.contexts[device] = ctx
        return self.contexts[device]

    def push(self, device):
        self.check(self.lib.cuCtxPushCurrent_v2(self.context(device)),
                   "cuCtxPushCurrent")

    def pop(self):
        self.check(self.lib.cuCtxPopCurrent_v2(C.byref(C.c_void_p())),
                   "cuCtxPopCurrent")

    def device_of(self, address):
        ordinal = C.c_int()
        self.check(self.lib.cuPointerGetAttribute(
            C.byref(ordinal), _CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
            C.c_uint64(address)), "cuPointerGetAttribute (is it device "
            "memory?)")
        return ordinal.value


_driver = None


def _get_driver():
    global _driver
    if _driver is None:
        _driver = _Driver()
    return _driver


def _dims(value, what):
    if isinstance(value, int):
        value = (value,)
    value = tuple(value)
    if not 1 <= len(value) <= 3 or not all(
            isinstance(v, int) and 1 <= v < 2**32 for v in value):
        raise ValueError("%s must be 1 to 3 positive ints below 2^32, got %r"
                         % (what, value))
    return value + (1,) * (3 - len(value))


def _stream_handle(stream):
    if stream is None:
        return 0
    for attribute in ("cuda_stream", "ptr", "handle"):
        if hasattr(stream, attribute):
            return int(getattr(stream, attribute))
    return int(stream)


_SCALAR_FORMATS = {"i1": "B", "i8": "b", "i16": "h", "i32": "i", "i64": "q",
                   "index": "q", "f16": "e", "f32": "f", "f64": "d"}


def _pack_scalar(value, type_, what):
    if type_ == "bf16":
        return struct.pack("<f", float(value))[2:]
    # Signed and unsigned integers pack like signless ones.
    fmt = _SCALAR_FORMATS.get(type_[1:] if type_[:2] in ("si", "ui")
                              else type_)
    if fmt is None:
        raise ValueError("%s: scalar type %s is not supported by the "
                         "launcher" % (what, type_))
    if fmt in "efd":
        return struct.pack("<" + fmt, float(value))
    if isinstance(value, float) or not hasattr(value, "__index__"):
        raise ValueError("%s: expected an int for %s, got %r"
                         % (what, type_, value))
    value = int(value)
    bits = 8 * struct.calcsize(fmt)
    if not -2**(bits - 1) <= value < 2**bits:
        raise ValueError("%s: %d does not fit %s" % (what, value, type_))
    if value >= 2**(bits - 1):
        value -= 2**bits
    if fmt == "B":
        value &= 1
    return struct.pack("<" + fmt, value)


# --- launch plans (include/asynccopy/Runtime/Launch.h) ----------------------

class _LaunchParam(C.Structure):
    _fields_ = [("kind", C.c_int32), ("bytes", C.c_int32),
                ("word", C.c_int32), ("reserved", C.c_int32),
                ("value", C.c_int64)]


class _LaunchValue(C.Structure):
    _fields_ = [("word", C.c_int32), ("reserved", C.c_int32),
                ("value", C.c_int64)]


class _LaunchTensorMap(C.Structure):
    _fields_ = [("elementType", C.c_int32), ("rank", C.c_int32),
                ("elementBytes", C.c_int32), ("swizzleBytes", C.c_int32),
                ("oobFill", C.c_int32), ("l2PromotionBytes", C.c_int32),
                ("addressWord", C.c_int32), ("flags", C.c_int32),
                ("dims", _LaunchValue * 5), ("strides", _LaunchValue * 5),
                ("boxDims", C.c_int32 * 5), ("reserved2", C.c_int32)]


class _LaunchPlan(C.Structure):
    _fields_ = [("numParams", C.c_int32), ("numTensorMaps", C.c_int32),
                ("params", C.POINTER(_LaunchParam)),
                ("tensorMaps", C.POINTER(_LaunchTensorMap)),
                ("descriptorMode", C.c_int32),
                ("dynamicSmemBytes", C.c_int32),
                ("recordWords", C.c_int32), ("reserved", C.c_int32)]


_DESCRIPTOR_MODES = {None: _AC_DESCRIPTORS_NONE,
                     "param": _AC_DESCRIPTORS_PARAM,
                     "scratch": _AC_DESCRIPTORS_SCRATCH}
_CALL_NAMES = {_AC_CALL_LAUNCH_KERNEL: "cuLaunchKernel(%s)",
               _AC_CALL_LAUNCH_KERNEL_EX: "cuLaunchKernelEx(%s)",
               _AC_CALL_MEM_ALLOC: "cuMemAlloc",
               _AC_CALL_MEMCPY_HTOD_ASYNC: "cuMemcpyHtoDAsync",
               _AC_CALL_FUNC_SET_ATTRIBUTE: "cuFuncSetAttribute",
               _AC_CALL_MEMSET_D32_ASYNC: "cuMemsetD32Async"}
_COUNTERS = {"launches": _AC_LAUNCHER_LAUNCHES,
             "maps_encoded": _AC_LAUNCHER_MAPS_ENCODED,
             "scratch_fills": _AC_LAUNCHER_SCRATCH_FILLS,
             "scratch_buffers": _AC_LAUNCHER_SCRATCH_BUFFERS}

# A scalar's record word: its little-endian bytes, zero-padded to 8, as
# struct packs them. Where struct's range or type rules differ from
# _pack_scalar's (i1, bf16, unsigned values of signless ints), the launch
# falls back to _pack_scalar.
_SCALAR_WORDS = {"i8": "b7x", "i16": "h6x", "i32": "i4x", "i64": "q",
                 "index": "q", "f16": "e6x", "f32": "f4x", "f64": "d"}


def _scalar_word(type_):
    if type_[:2] in ("si", "ui"):
        type_ = type_[1:]
    return _SCALAR_WORDS.get(type_)


class _Plan:
    """A kernel's launch, worked out once from its metadata: the record's
    layout (16 header words, then per argument a tensor's address, sizes and
    strides, or a scalar's word), the runtime launcher that packs the
    parameters from it, and the structs that fill a record."""

    def __init__(self, kernel):
        metadata = kernel.metadata
        specs = metadata["args"]
        self.nargs = len(specs)
        self.layout = []  # per argument: (index, rank), rank -1 for scalars
        word, first = _AC_RECORD_HEADER_WORDS, {}
        fast = ["%dq" % _AC_RECORD_HEADER_WORDS]
        general = list(fast)
        for i, spec in enumerate(specs):
            first[i] = word
            if spec["kind"] == "memref":
                rank = len(spec["shape"])
                self.layout.append((i, rank))
                word += 1 + 2 * rank
                fast.append("%dq" % (1 + 2 * rank))
                general.append("%dq" % (1 + 2 * rank))
            else:
                self.layout.append((i, -1))
                word += 1
                fast.append(_scalar_word(spec["type"]) or "8s")
                general.append("8s")
        self.words = word
        self.scalars = [(i, specs[i]["type"]) for i, rank in self.layout
                        if rank < 0]
        self.scalar_types = dict(self.scalars)
        self.memrefs = [(i, rank) for i, rank in self.layout if rank >= 0]
        # i1 and bf16 scalars always take the general packing.
        self.fast = (struct.Struct("<" + "".join(fast))
                     if all(_scalar_word(t) for _, t in self.scalars)
                     else None)
        self.general = struct.Struct("<" + "".join(general))
        self.error = None  # (exception class, message) raised at launch
        params = self._params(kernel, specs, first)
        # A dynamic tile schedule's counters (rows: the grid's y and z),
        # which the launcher passes zeroed, come before the tensor maps.
        params += [(_AC_PARAM_COUNTER, 8, y, z) for y, z in kernel._rows]
        maps = self._maps(kernel, first)
        mode = metadata["descriptor_mode"]
        if maps and mode == "param":
            params += [(_AC_PARAM_TENSOR_MAP, _AC_TENSOR_MAP_BYTES, k, 0)
                       for k in range(len(maps))]
        elif maps and mode == "scratch":
            params.append((_AC_PARAM_SCRATCH, 8, 0, 0))
        expected = metadata["params"]
        if self.error is None and (len(params) != len(expected) or any(
                p[1] != e["bytes"] for p, e in zip(params, expected))):
            self.error = (RuntimeError, "%s: packed %d parameters that do "
                          "not match the kernel's %d (a launcher bug)"
                          % (kernel.name, len(params), len(expected)))
        self.handle = None
        if self.error is None:
            self.handle = self._create(params, maps, mode, metadata)
        self.launch = _encoder().acLauncherLaunch

    def _params(self, kernel, specs, first):
        """The parameters of the arguments: (kind, bytes, word, value)."""
        params = []
        for i, spec in enumerate(specs):
            w = first[i]
            if spec["kind"] == "scalar":
                try:
                    size = len(_pack_scalar(0, spec["type"], ""))
                except ValueError:  # each launch raises it
                    size = 8
                params.append((_AC_PARAM_WORD, size, w, 0))
                continue
            rank = len(spec["shape"])
            eb = _ELEMENT_BYTES[spec["element_type"]]
            offset = spec.get("offset") or 0
            params += [(_AC_PARAM_ADDRESS, 8, w, offset * eb)] * 2
            params.append((_AC_PARAM_CONSTANT, 8, 0, offset))
            params += [(_AC_PARAM_WORD, 8, w + 1 + d, 0) for d in range(rank)]
            # Static strides as the type says (a size-1 dim's may differ).
            static = spec.get("strides") or [None] * rank
            params += [(_AC_PARAM_WORD, 8, w + 1 + rank + d, 0) if s is None
                       else (_AC_PARAM_CONSTANT, 8, 0, s)
                       for d, s in enumerate(static)]
        return params

    def _maps(self, kernel, first):
        """The tensor maps as the runtime takes them (acLaunchTensorMap)."""
        maps = []
        for k, desc in enumerate(kernel.metadata["tensor_maps"]):
            arg, rank = desc["arg"], len(desc["dims"])
            base = first[arg]
            m = _LaunchTensorMap()
            m.elementType, m.rank = desc["map_type"], rank
            m.elementBytes = _ELEMENT_BYTES[desc["element_type"]]
            m.swizzleBytes = desc["swizzle"]
            m.oobFill = _oob_fill(desc)
            m.l2PromotionBytes = 256 if desc["cache"] == "evict_last" else 128
            m.addressWord = base
            m.flags = _AC_LAUNCH_MAP_FALLBACK if desc.get("fallback") else 0
            for i in range(rank):  # innermost first, as the hardware
                d = rank - 1 - i
                extent, stride = desc["dims"][d], desc["strides"][d]
                source = _extent_source(desc, d)
                if (((extent is None and source is None)
                        or (stride is None and not desc["identity_view"]))
                        and self.error is None):
                    self.error = (ValueError, "argument %d of %s: tensor map "
                                  "%d has dynamic extents or strides after "
                                  "transforms, which the launcher cannot "
                                  "derive" % (arg, kernel.name, k))
                m.dims[i].word = (base + 1 + source if source is not None
                                  else -1)
                m.dims[i].value = extent or 0
                m.strides[i].word = (base + 1 + rank + d if stride is None
                                     else -1)
                m.strides[i].value = stride or 0
                m.boxDims[i] = desc["box"][d]
            maps.append(m)
        return maps

    def _create(self, params, maps, mode, metadata):
        lib = _encoder()
        array = (_LaunchParam * max(len(params), 1))(
            *[_LaunchParam(kind, size, word, 0, value)
              for kind, size, word, value in params])
        map_array = (_LaunchTensorMap * max(len(maps), 1))(*maps)
        plan = _LaunchPlan(len(params), len(maps), array, map_array,
                           _DESCRIPTOR_MODES[mode if maps else None],
                           metadata.get("dynamic_smem_bytes", 0), self.words)
        handle = lib.acLauncherCreate(C.byref(plan))
        if not handle:
            raise RuntimeError("acLauncherCreate: %s (a launcher bug)"
                               % lib.acGetLastError().decode())
        handle = C.c_void_p(handle)
        # Not at exit: the driver may be gone, and the process frees all.
        weakref.finalize(self, lib.acLauncherDestroy, handle).atexit = False
        return handle

    def counters(self):
        lib = _encoder()
        return {name: lib.acLauncherCounter(self.handle, counter)
                for name, counter in _COUNTERS.items()}


# --- the torch fast path -----------------------------------------------------

# What the launcher reads of a torch-like library's tensors (`dtypes`: dtype
# object -> (kind, bits)) and its current stream of a device; a tuple, which
# _fastlaunch reads as one.
_TorchLike = collections.namedtuple("_TorchLike", "dtypes current_stream")


# Tensor class -> _TorchLike, or None for classes read through DLPack or
# __cuda_array_interface__. A class is classified when first seen: a class
# seen before torch was imported is not torch's.
_FAST_TYPES = {}
_UNSEEN = object()


def _register_torch_like(types, dtypes, current_stream):
    api = _TorchLike(dtypes, current_stream)
    for cls in types:
        _FAST_TYPES[cls] = api


def _classify(cls):
    torch = sys.modules.get("torch")
    if torch is not None and cls not in _FAST_TYPES:
        tensor = getattr(torch, "Tensor", None)
        parameter = getattr(getattr(torch, "nn", None), "Parameter", None)
        if cls is tensor or cls is parameter:
            _register_torch(torch)
    return _FAST_TYPES.setdefault(cls, None)


def _register_torch(torch):
    """torch.Tensor and nn.Parameter (exactly: subclasses such as DTensor
    take DLPack) with the dtypes whose DLPack form the launcher knows."""
    dtypes = {}
    for name, kind in (("bool", ("bool", 8)), ("uint8", ("uint", 8)),
                       ("int8", ("int", 8)), ("int16", ("int", 16)),
                       ("int32", ("int", 32)), ("int64", ("int", 64)),
                       ("float16", ("float", 16)),
                       ("bfloat16", ("bfloat", 16)),
                       ("float32", ("float", 32)),
                       ("float64", ("float", 64)),
                       ("float8_e4m3fn", ("f8E4M3FN", 8)),
                       ("float8_e5m2", ("f8E5M2", 8)),
                       ("float8_e4m3fnuz", ("f8E4M3FNUZ", 8)),
                       ("float8_e5m2fnuz", ("f8E5M2FNUZ", 8)),
                       ("float8_e8m0fnu", ("f8E8M0FNU", 8))):
        if hasattr(torch, name):
            dtypes[getattr(torch, name)] = kind
    current = getattr(getattr(torch, "_C", None),
                      "_cuda_getCurrentRawStream", None)
    if current is None:
        def current(device):
            return torch.cuda.current_stream(device).cuda_stream
    types = [torch.Tensor]
    parameter = getattr(getattr(torch, "nn", None), "Parameter", None)
    if parameter is not None:
        types.append(parameter)
    _register_torch_like(types, dtypes, current)


def _default_stream(args, plan):
    """The stream of a launch given none: torch's current stream of the
    first CUDA tensor of torch among the memref arguments (so a kernel is
    ordered with the torch work around it, in a CUDA graph capture too),
    else the legacy default stream."""
    torch = sys.modules.get("torch")
    for i, rank in plan.layout:
        if rank < 0:
            continue
        value = args[i]
        api = _classify(value.__class__)
        try:
            if api is not None:
                if value.is_cuda:
                    return api.current_stream(value.get_device())
            elif (torch is not None and isinstance(value, torch.Tensor)
                  and value.is_cuda):
                return torch.cuda.current_stream(value.device).cuda_stream
        except Exception:  # a tensor _read_general reads and reports
            continue
    return 0


def _fast_dims(value):
    """`value` as 3 dims if it is an int or a tuple of 1 to 3 ints, each 1
    to 2^32-1; otherwise None (then _dims says what is wrong)."""
    if value.__class__ is int:
        if 0 < value < 4294967296:
            return (value, 1, 1)
        return None
    if value.__class__ is tuple:
        n = len(value)
        if n == 3:
            x, y, z = value
        elif n == 2:
            (x, y), z = value, 1
        elif n == 1:
            (x,), y, z = value, 1, 1
        else:
            return None
        if (x.__class__ is int and y.__class__ is int and z.__class__ is int
                and 0 < x < 4294967296 and 0 < y < 4294967296
                and 0 < z < 4294967296):
            return (x, y, z)
    return None


# The cluster dims (none), error and spare words.
_NO_CLUSTER = (0,) * (_AC_RECORD_HEADER_WORDS - _AC_RECORD_CLUSTER)
# Held while a kernel makes its plan or loads its module on a device.
_SETUP_LOCK = threading.RLock()


def _load_fastlaunch():
    """The native launch (None: ASYNCCOPY_NATIVE_LAUNCH=0, not built, or not
    loadable here, e.g. in a free-threaded CPython, which takes no abi3
    module)."""
    if os.environ.get("ASYNCCOPY_NATIVE_LAUNCH", "1") == "0":
        return None
    try:
        return _libs.load_extension("_fastlaunch")
    except (ImportError, OSError):
        return None


_fastlaunch = _load_fastlaunch()
# The scalar kinds _fastlaunch packs (FastLaunch.cpp's ArgKind); others
# (i1, f16, bf16) are packed here.
_NATIVE_SCALARS = {"i8": -1, "i16": -2, "i32": -3, "i64": -4, "index": -4,
                   "f32": -5, "f64": -6}
_NATIVE_OTHER = -7


class Kernel(_fastlaunch.FastKernel if _fastlaunch else object):
    """One kernel of a Module: call it with its arguments and
    grid=, block=None, cluster=None, stream=None (block defaults to the
    kernel's `known_block_size`, which a producer warpgroup grows; stream
    to torch's current one, see _default_stream). With
    _fastlaunch, a call is FastKernel's, which hands what it does not
    launch itself to _call."""

    def __init__(self, module, name, metadata):
        self.module, self.name, self.metadata = module, name, metadata
        self._functions = {}  # device -> CUfunction (c_void_p)
        self._handles = {}  # device -> the same, as an int
        self._plan = None
        self._checked = {}  # argument signatures that passed the checks
        self._local = threading.local()  # .record: this thread's record
        # Whether the kernel fixes its block or cluster size, or the rows of
        # its grid (a counter its CTAs claim tiles from spans one row).
        self._rows = [tuple(c["rows"])
                      for c in metadata.get("launch_counters", [])]
        self._constrained = bool(metadata.get("known_block_size")
                                 or metadata.get("known_cluster_size")
                                 or self._rows)

    def __repr__(self):
        return "<asynccopy kernel %s(%s)>" % (self.name, ", ".join(
            "memref<%s>" % "x".join(
                ["?" if d is None else str(d) for d in a["shape"]]
                + [a["element_type"]]) if a["kind"] == "memref"
            else a["type"] for a in self.metadata["args"]))

    def _check_tensor(self, i, spec, tensor):
        what = "argument %d of %s" % (i, self.name)
        if tensor is None:
            raise ValueError("%s: expected a tensor (DLPack or "
                             "__cuda_array_interface__) for memref<%s>"
                             % (what, spec["element_type"]))
        if tensor.device[0] != "cuda":
            raise ValueError("%s: the tensor is on %s; the kernel needs "
                             "CUDA device memory" % (what, tensor.device[0]))
        if not _dtype_matches(spec["element_type"], tensor.kind, tensor.bits):
            raise ValueError("%s: dtype %s does not match the memref's "
                             "element type %s" % (what, tensor.dtype,
                                                  spec["element_type"]))
        shape = spec["shape"]
        if len(tensor.shape) != len(shape) or any(
                d is not None and d != s for d, s in zip(shape, tensor.shape)):
            raise ValueError("%s: shape %s does not match the memref's %s"
                             % (what, list(tensor.shape), [
                                 "?" if d is None else d for d in shape]))
        strides = spec.get("strides")
        if strides is not None and any(
                d is not None and s > 1 and d != t
                for d, t, s in zip(strides, tensor.strides, tensor.shape)):
            raise ValueError("%s: strides %s (elements) do not match the "
                             "memref's %s" % (what, list(tensor.strides), [
                                 "?" if d is None else d for d in strides]))

    def _check_scalars(self, args, end):
        """Raises the error of the first bad scalar among args[:end]."""
        for i, spec in enumerate(self.metadata["args"][:end]):
            if spec["kind"] == "scalar":
                _pack_scalar(args[i], spec["type"],
                             "argument %d of %s" % (i, self.name))

    def _check_args(self, args, tensors):
        """Checks every argument in order (the first bad one raises);
        returns the CUDA device of the tensors (None when only
        __cuda_array_interface__ tensors, which do not say)."""
        specs = self.metadata["args"]
        if len(args) != len(specs):
            raise ValueError("%s takes %d arguments, got %d"
                             % (self.name, len(specs), len(args)))
        device = None
        for i, spec in enumerate(specs):
            what = "argument %d of %s" % (i, self.name)
            if spec["kind"] == "scalar":
                _pack_scalar(args[i], spec["type"], what)
                continue
            tensor = tensors[i]
            self._check_tensor(i, spec, tensor)
            if tensor.device[1] is not None:
                if device is not None and device != tensor.device[1]:
                    raise ValueError("%s: on CUDA device %d, earlier tensors "
                                     "on %d" % (what, tensor.device[1], device))
                device = tensor.device[1]
        return device

    def _read_tensors(self, args, stream):
        """The memref arguments through DLPack (told the stream, so that the
        producer orders its pending work before the launch) or
        __cuda_array_interface__: {argument index: _Tensor or None}."""
        tensors = {}
        for i, spec in enumerate(self.metadata["args"][:len(args)]):
            if spec["kind"] != "memref":
                continue
            try:
                tensors[i] = _tensor(args[i], stream or 1,
                                     "argument %d of %s" % (i, self.name))
                continue
            except Exception as e:  # a producer's error, after earlier ones
                error = e
            self._check_scalars(args, i)
            raise error
        return tensors

    def prepare(self, args, stream=0):
        """Checks `args` and packs the kernel parameters as the launch does,
        in Python (the reference the tests compare launches with): returns
        (the parameter byte strings, None where the launcher passes the
        address of a buffer of its own: a launch counter's or scratch
        mode's maps'; the tensor maps' bytes that scratch mode copies to the
        device, the CUDA device of the tensors). Each map is encoded through
        acTensorMapEncodeTiled."""
        specs = self.metadata["args"]
        if len(args) != len(specs):
            raise ValueError("%s takes %d arguments, got %d"
                             % (self.name, len(specs), len(args)))
        tensors = self._read_tensors(args, stream)
        device = self._check_args(args, tensors)
        params = []
        for i, (spec, value) in enumerate(zip(specs, args)):
            if spec["kind"] == "scalar":
                params.append(_pack_scalar(value, spec["type"], ""))
                continue
            tensor = tensors[i]
            eb = _ELEMENT_BYTES[spec["element_type"]]
            offset = spec.get("offset") or 0
            aligned = tensor.data - offset * eb
            params += [struct.pack("<Q", aligned), struct.pack("<Q", aligned),
                       struct.pack("<q", offset)]
            params += [struct.pack("<q", s) for s in tensor.shape]
            # Static strides as the type says (a size-1 dim's may differ).
            static = spec.get("strides") or [None] * len(tensor.strides)
            params += [struct.pack("<q", t if d is None else d)
                       for d, t in zip(static, tensor.strides)]
        params += [None] * len(self._rows)  # the launch counters
        maps = []
        if self.metadata["tensor_maps"] and device is not None:
            # The encoder works in the primary context of its thread's
            # default device.
            _encoder().mgpuSetDefaultDevice(device)
        for k, desc in enumerate(self.metadata["tensor_maps"]):
            arg = desc["arg"]
            buffer, target = _aligned_map_buffer()
            _encode_map(k, desc, tensors[arg], "argument %d of %s"
                        % (arg, self.name), target)
            maps.append((buffer, target))
        mode = self.metadata["descriptor_mode"]
        if mode == "param":
            params += [C.string_at(target, _AC_TENSOR_MAP_BYTES)
                       for _, target in maps]
        elif mode == "scratch":
            params.append(None)  # the device buffer's address
        expected = self.metadata["params"]
        if len(params) != len(expected) or any(
                p is not None and len(p) != e["bytes"]
                for p, e in zip(params, expected)):
            raise RuntimeError("%s: packed %d parameters that do not match "
                               "the kernel's %d (a launcher bug)"
                               % (self.name, len(params), len(expected)))
        scratch = b"".join(C.string_at(t, _AC_TENSOR_MAP_BYTES)
                           for _, t in maps)
        return params, scratch, device

    def _function(self, driver, device):
        """The kernel in the module loaded into `device`'s primary context
        (current)."""
        if device not in self._functions:
            loaded = self.module._loaded
            if device not in loaded:
                image = self.module.cubin or (self.module.ptx.encode() + b"\0")
                handle = C.c_void_p()
                driver.check(driver.lib.cuModuleLoadData(C.byref(handle),
                                                         image),
                             "cuModuleLoadData")
                loaded[device] = handle
            function = C.c_void_p()
            driver.check(driver.lib.cuModuleGetFunction(
                C.byref(function), loaded[device], self.name.encode()),
                "cuModuleGetFunction(%s)" % self.name)
            self._functions[device] = function
        return self._functions[device]

    def _make_plan(self):
        with _SETUP_LOCK:  # one plan, whichever thread launches first
            if self._plan is None:
                self._plan = plan = _Plan(self)
                if _fastlaunch is not None and plan.error is None:
                    self._native_setup(plan)
        return self._plan

    def _native_setup(self, plan):
        """Gives _fastlaunch the plan: later launches it takes are native."""
        kinds = []
        for i, rank in plan.layout:
            if rank < 0:
                type_ = plan.scalar_types[i]
                kinds.append(_NATIVE_SCALARS.get(
                    type_[1:] if type_[:2] in ("si", "ui") else type_,
                    _NATIVE_OTHER))
            else:
                kinds.append(rank)
        known = [self.metadata.get(k) for k in ("known_block_size",
                                                 "known_cluster_size")]
        self._fast_setup(
            C.cast(plan.launch, C.c_void_p).value, plan.handle.value,
            tuple(kinds), plan.words,
            *[tuple(k) if k else None for k in known],
            self._checked, self._handles, globals())

    def _load(self, device):
        """The kernel's CUfunction on `device` (an int), loading the module
        there on first use."""
        with _SETUP_LOCK:
            if device not in self._handles:
                driver = _get_driver()
                driver.push(device)
                try:
                    function = self._function(driver, device)
                finally:
                    driver.pop()
                self._handles[device] = function.value
        return self._handles[device]

    def _geometry(self, grid, block, cluster):
        """Checks the launch geometry: grid, block and cluster dims and the
        9 words of the record that follow them (cluster 0s: none)."""
        grid = _fast_dims(grid) or _dims(grid, "grid")
        known = self.metadata.get("known_block_size")
        if block is None:
            if not known:
                raise TypeError("%s needs block=: it has no known_block_size"
                                % self.name)
            block = tuple(known)
        block = _fast_dims(block) or _dims(block, "block")
        if known and tuple(known) != block:
            raise ValueError("block %s: %s was compiled for block %s"
                             % (block, self.name, tuple(known)))
        if cluster is not None:
            cluster = _fast_dims(cluster) or _dims(cluster, "cluster")
            if any(g % c for g, c in zip(grid, cluster)):
                raise ValueError("grid %s is not a multiple of cluster %s"
                                 % (grid, cluster))
        known = self.metadata.get("known_cluster_size")
        if known and tuple(known) != (cluster or (1, 1, 1)):
            raise ValueError("cluster %s: %s was compiled for cluster %s"
                             % (cluster, self.name, tuple(known)))
        for rows in self._rows:
            if grid[1:] != rows:
                raise ValueError(
                    "grid %s: %s claims its tiles at run time from a counter "
                    "one row of the grid shares, so its grid y and z must be "
                    "%d and %d" % (grid, self.name, rows[0], rows[1]))
        return grid + block + (cluster or (0, 0, 0)) + (0, 0, 0, 0)

    def _remember(self, key):
        """Notes that the arguments of signature `key` passed the checks."""
        if len(self._checked) >= 256:
            self._checked.clear()
        self._checked[key] = True

    def _read_fast(self, args, handle, plan, words):
        """Reads torch tensors through their attributes into `words`;
        returns their device and the launch's stream (`handle`, None:
        torch's current one), or None where the launch takes the general
        path: an argument that is not a CUDA tensor of torch (exactly
        torch.Tensor or nn.Parameter) of a dtype DLPack knows, tensors on
        two devices, or a launch stream given that is not torch's current
        one (DLPack then orders torch's pending work before the launch)."""
        key = []
        device = api = None
        for i, rank in plan.layout:
            value = args[i]
            if rank < 0:
                words.append(value)
                continue
            api = _FAST_TYPES.get(value.__class__, _UNSEEN)
            if api is _UNSEEN:
                api = _classify(value.__class__)
            if api is None or not value.is_cuda:
                return None
            dtype = value.dtype
            if dtype not in api.dtypes:
                return None
            index = value.get_device()
            if device != index:
                if device is not None:
                    return None
                device = index
            shape, strides = value.shape, value.stride()
            words.append(value.data_ptr())
            words += shape
            words += strides
            key += (dtype, shape, strides)
        if device is None:
            return None
        current = api.current_stream(device)
        if handle is not None and current != handle:
            return None
        key.append(device)
        key = tuple(key)
        if key not in self._checked:
            tensors = {}
            for i, _ in plan.memrefs:
                t = args[i]
                kind, bits = _FAST_TYPES[t.__class__].dtypes[t.dtype]
                tensors[i] = _Tensor(t.data_ptr(), list(t.shape),
                                     list(t.stride()), kind, bits,
                                     ("cuda", device))
            self._check_args(args, tensors)
            self._remember(key)
        return device, current

    def _read_general(self, args, handle, plan, words):
        """Reads the tensors through DLPack or __cuda_array_interface__
        into `words`; returns their device."""
        tensors = self._read_tensors(args, handle)
        key = tuple(None if t is None else (
            t.kind, t.bits, tuple(t.shape), tuple(t.strides), t.device)
            for t in tensors.values())
        if key not in self._checked:
            self._check_args(args, tensors)
            self._remember(key)
        device = None
        for i, rank in plan.layout:
            if rank < 0:
                words.append(args[i])
                continue
            t = tensors[i]
            words.append(t.data)
            words += t.shape
            words += t.strides
            if device is None:
                device = t.device[1]
        if device is None:  # only __cuda_array_interface__ tensors
            device = (_get_driver().device_of(tensors[plan.memrefs[0][0]].data)
                      if plan.memrefs else 0)
        return device

    def _pack_general(self, plan, record, args, header, words):
        """Fills the record with each scalar packed by _pack_scalar (which
        raises a bad scalar's error)."""
        values = list(words)
        position = 0
        for i, rank in plan.layout:
            if rank < 0:
                values[position] = _pack_scalar(
                    args[i], self.metadata["args"][i]["type"],
                    "argument %d of %s" % (i, self.name))
            position += 1 + 2 * rank if rank >= 0 else 1
        plan.general.pack_into(record, 0, *header, *values)

    def _launch_failed(self, status, record):
        lib = _encoder()
        message = lib.acGetLastError().decode()
        index = record[_AC_RECORD_ERROR_INDEX]
        if status in (_AC_LAUNCH_TENSOR_MAP_INVALID,
                      _AC_LAUNCH_TENSOR_MAP_DRIVER_ERROR):
            raise (ValueError if status == _AC_LAUNCH_TENSOR_MAP_INVALID
                   else RuntimeError)(
                "argument %d of %s: tensor map %d: %s" % (
                    self.metadata["tensor_maps"][index]["arg"], self.name,
                    index, message))
        if status == _AC_LAUNCH_CAPTURED:
            raise RuntimeError("%s: %s" % (self.name, message))
        if status == _AC_LAUNCH_DRIVER_ERROR and index == _AC_CALL_CONTEXT:
            raise CudaError(message)
        if status == _AC_LAUNCH_DRIVER_ERROR and index in _CALL_NAMES:
            name = _CALL_NAMES[index]
            _get_driver().check(record[_AC_RECORD_ERROR_RESULT],
                                name % self.name if "%" in name else name)
        raise RuntimeError("%s: %s (a launcher bug)" % (self.name, message))

    def _call(self, *args, grid, block=None, cluster=None, stream=None):
        g, b = _fast_dims(grid), _fast_dims(block)
        if g is None or b is None or cluster is not None or self._constrained:
            geometry = self._geometry(grid, block, cluster)
        else:
            geometry = g + b + _NO_CLUSTER
        if stream is None:
            handle = None
        elif stream.__class__ is int:
            handle = stream
        else:
            handle = _stream_handle(stream)
        plan = self._plan
        if plan is None:
            plan = self._make_plan()
        if len(args) != plan.nargs:
            raise ValueError("%s takes %d arguments, got %d"
                             % (self.name, plan.nargs, len(args)))
        words = []
        read = self._read_fast(args, handle, plan, words)
        if read is None:
            if handle is None:
                handle = _default_stream(args, plan)
            words = []
            device = self._read_general(args, handle, plan, words)
        else:
            device, handle = read
        function = self._handles.get(device)
        if function is None:
            function = self._load(device)
        try:
            record = self._local.record
        except AttributeError:
            record = self._local.record = (C.c_int64 * plan.words)()
        try:
            plan.fast.pack_into(record, 0, function, handle, device,
                                *geometry, *words)
        except (AttributeError, struct.error, OverflowError, TypeError):
            self._pack_general(plan, record, args,
                               (function, handle, device) + geometry, words)
        if plan.error is not None:
            raise plan.error[0](plan.error[1])
        status = plan.launch(plan.handle, record)
        if status != _AC_LAUNCH_OK:
            self._launch_failed(status, record)

    def _counters(self):
        """The launcher's counters (launches, maps_encoded, scratch_fills,
        scratch_buffers); all 0 before the first launch."""
        if self._plan is None or self._plan.handle is None:
            return dict.fromkeys(_COUNTERS, 0)
        return self._plan.counters()

    def _native_calls(self):
        """(launches made by _fastlaunch, calls it handed to _call); None
        without it."""
        return self._fast_calls() if _fastlaunch is not None else None


if _fastlaunch is None:
    Kernel.__call__ = Kernel._call
