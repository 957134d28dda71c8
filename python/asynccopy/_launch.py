"""Launching compiled kernels on tensors, without MLIR.

A kernel's arguments follow MLIR's memref calling convention: each memref
argument becomes (allocated pointer, aligned pointer, offset, sizes...,
strides...), each scalar one parameter; kernels with TMA copies take their
tensor maps after those (descriptor mode `param`: one 128-B value per map;
`scratch`: one pointer to device memory holding them all). The tensor maps
are encoded at every launch from the tensors' addresses, shapes and strides
by libAsyncCopyRuntime.so's checked encoder; the launch itself goes through
the CUDA driver (libcuda.so.1, or $ASYNCCOPY_CUDA_DRIVER) with ctypes.
"""

import ctypes as C
import os
import struct

from . import _libs

# Element types: bytes per element, and the tensor dtypes that match
# (kind, bits) with kind one of int, uint, float, bfloat, bool.
_ELEMENT_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                  "si8": 1, "si16": 2, "si32": 4, "si64": 8,
                  "ui8": 1, "ui16": 2, "ui32": 4, "ui64": 8,
                  "f16": 2, "bf16": 2, "f32": 4, "f64": 8,
                  "f8E4M3FN": 1, "f8E5M2": 1}


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
    if element_type.startswith("f8"):
        return kind == element_type
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


_DL_KINDS = {0: "int", 1: "uint", 2: "float", 4: "bfloat", 6: "bool"}
_DL_DEVICES = {1: "cpu", 2: "cuda", 3: "cuda_host", 13: "cuda"}
_CAI_KINDS = {"i": "int", "u": "uint", "f": "float", "b": "bool"}


def _contiguous_strides(shape):
    strides, acc = [], 1
    for size in reversed(shape):
        strides.insert(0, acc)
        acc *= size
    return strides


def _from_dlpack(obj, stream, what):
    # The stream tells a CUDA producer where its pending writes must be
    # ordered; other devices take none.
    if obj.__dlpack_device__()[0] in (2, 13):  # kDLCUDA, kDLCUDAManaged
        capsule = obj.__dlpack__(stream=stream)
    else:
        capsule = obj.__dlpack__()
    get = C.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = C.c_void_p, [C.py_object, C.c_char_p]
    # The capsule keeps its name, so its destructor releases the tensor.
    t = _DLTensor.from_address(get(capsule, b"dltensor"))
    shape = [t.shape[i] for i in range(t.ndim)]
    strides = ([t.strides[i] for i in range(t.ndim)] if t.strides
               else _contiguous_strides(shape))
    kind = _DL_KINDS.get(t.dtype.code, "dlpack%d_" % t.dtype.code)
    if t.dtype.lanes != 1:
        raise ValueError("%s: vector dtypes (%d lanes) are not supported"
                         % (what, t.dtype.lanes))
    device = (_DL_DEVICES.get(t.device.device_type,
                              "dlpack device %d" % t.device.device_type),
              t.device.device_id)
    return _Tensor((t.data or 0) + t.byte_offset, shape, strides, kind,
                   t.dtype.bits, device)


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
    global _runtime
    if _runtime is None:
        lib = _libs.load("libAsyncCopyRuntime.so", "the asynccopy runtime")
        lib.acTensorMapEncodeTiled.restype = C.c_int32
        lib.acTensorMapEncodeTiled.argtypes = [
            C.c_void_p, C.c_int32, C.c_int32, C.c_void_p,
            C.POINTER(C.c_int64), C.POINTER(C.c_int64),
            C.POINTER(C.c_int32), C.c_int32, C.c_int32, C.c_int32]
        lib.acGetLastError.restype = C.c_char_p
        lib.mgpuSetDefaultDevice.argtypes = [C.c_int32]
        _runtime = lib
    return _runtime


_MAP_BYTES, _MAP_ALIGN = 128, 64
_AC_TENSOR_MAP_INVALID = 1


def _aligned_map_buffer():
    raw = C.create_string_buffer(_MAP_BYTES + _MAP_ALIGN)
    address = C.addressof(raw)
    return raw, address + (-address) % _MAP_ALIGN


def _encode_map(index, desc, tensor, arg_name, target):
    """Encodes tensor map `index` (metadata `desc`) of `tensor` at
    `target` (64-B aligned, 128 B)."""
    rank = len(desc["dims"])
    eb = _ELEMENT_BYTES[desc["element_type"]]
    dims, strides, box = [], [], []
    for d in reversed(range(rank)):  # innermost first, as the hardware
        extent, stride = desc["dims"][d], desc["strides"][d]
        if extent is None or stride is None:
            if not desc["identity_view"]:
                raise ValueError(
                    "%s: tensor map %d has dynamic extents or strides after "
                    "transforms, which the launcher cannot derive"
                    % (arg_name, index))
            extent = tensor.shape[d] if extent is None else extent
            stride = tensor.strides[d] if stride is None else stride
        dims.append(extent)
        strides.append(stride * eb)
        box.append(desc["box"][d])
    lib = _encoder()
    status = lib.acTensorMapEncodeTiled(
        C.c_void_p(target), desc["map_type"], rank, C.c_void_p(tensor.data),
        (C.c_int64 * rank)(*dims), (C.c_int64 * max(rank - 1, 1))(*strides[1:]),
        (C.c_int32 * rank)(*box), desc["swizzle"],
        1 if desc["oob"] == "nan" else 0,
        256 if desc["cache"] == "evict_last" else 128)
    if status == 0:
        return
    message = lib.acGetLastError().decode()
    if status == _AC_TENSOR_MAP_INVALID:
        raise ValueError("%s: tensor map %d: %s" % (arg_name, index, message))
    raise RuntimeError("%s: tensor map %d: %s" % (arg_name, index, message))


# --- the CUDA driver ---------------------------------------------------------

class CudaError(RuntimeError):
    """A CUDA driver call failed."""


_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14
_DEFAULT_SMEM_BYTES = 48 * 1024
_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9


class _LaunchAttribute(C.Structure):
    _fields_ = [("id", C.c_uint), ("pad", C.c_char * 4),
                ("value", C.c_uint * 16)]


class _LaunchConfig(C.Structure):
    _fields_ = [("gx", C.c_uint), ("gy", C.c_uint), ("gz", C.c_uint),
                ("bx", C.c_uint), ("by", C.c_uint), ("bz", C.c_uint),
                ("smem", C.c_uint), ("stream", C.c_void_p),
                ("attrs", C.POINTER(_LaunchAttribute)), ("nattrs", C.c_uint)]


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


class Kernel:
    """One kernel of a Module: call it with its arguments and
    grid=, block=, cluster=None, stream=None."""

    def __init__(self, module, name, metadata):
        self.module, self.name, self.metadata = module, name, metadata
        self._functions = {}

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

    def prepare(self, args, stream=0):
        """Checks `args` and packs the kernel parameters: returns (the
        parameter byte strings, the tensor maps' host buffers (scratch mode:
        the bytes to copy), the CUDA device of the tensors)."""
        specs = self.metadata["args"]
        if len(args) != len(specs):
            raise ValueError("%s takes %d arguments, got %d"
                             % (self.name, len(specs), len(args)))
        params, tensors, device = [], {}, None
        for i, (spec, value) in enumerate(zip(specs, args)):
            what = "argument %d of %s" % (i, self.name)
            if spec["kind"] == "scalar":
                params.append(_pack_scalar(value, spec["type"], what))
                continue
            tensor = _tensor(value, stream or 1, what)
            self._check_tensor(i, spec, tensor)
            if tensor.device[1] is not None:
                if device is not None and device != tensor.device[1]:
                    raise ValueError("%s: on CUDA device %d, earlier tensors "
                                     "on %d" % (what, tensor.device[1], device))
                device = tensor.device[1]
            tensors[i] = tensor
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
            params += [C.string_at(target, _MAP_BYTES) for _, target in maps]
        elif mode == "scratch":
            params.append(None)  # the device buffer, allocated at launch
        expected = self.metadata["params"]
        if len(params) != len(expected) or any(
                p is not None and len(p) != e["bytes"]
                for p, e in zip(params, expected)):
            raise RuntimeError("%s: packed %d parameters that do not match "
                               "the kernel's %d (a launcher bug)"
                               % (self.name, len(params), len(expected)))
        scratch = b"".join(C.string_at(t, _MAP_BYTES) for _, t in maps)
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

    def __call__(self, *args, grid, block, cluster=None, stream=None):
        grid, block = _dims(grid, "grid"), _dims(block, "block")
        known = self.metadata.get("known_block_size")
        if known and tuple(known) != block:
            raise ValueError("block %s: %s was compiled for block %s"
                             % (block, self.name, tuple(known)))
        if cluster is not None:
            cluster = _dims(cluster, "cluster")
            if any(g % c for g, c in zip(grid, cluster)):
                raise ValueError("grid %s is not a multiple of cluster %s"
                                 % (grid, cluster))
        known = self.metadata.get("known_cluster_size")
        if known and tuple(known) != (cluster or (1, 1, 1)):
            raise ValueError("cluster %s: %s was compiled for cluster %s"
                             % (cluster, self.name, tuple(known)))
        handle = _stream_handle(stream)
        params, scratch, device = self.prepare(args, handle)
        driver = _get_driver()
        if device is None:  # only __cuda_array_interface__ tensors
            pointers = [t for t in args if hasattr(
                t, "__cuda_array_interface__")]
            device = (driver.device_of(pointers[0].__cuda_array_interface__[
                "data"][0]) if pointers else 0)
        driver.push(device)
        try:
            function = self._function(driver, device)
            # Buffers the compiler moved into dynamic shared memory: the
            # launch sizes it and, past 48 KiB, the kernel opts in.
            smem = self.metadata.get("dynamic_smem_bytes", 0)
            if smem > _DEFAULT_SMEM_BYTES:
                driver.check(driver.lib.cuFuncSetAttribute(
                    function, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    smem), "cuFuncSetAttribute")
            buffer = None
            if scratch and self.metadata["descriptor_mode"] == "scratch":
                buffer = C.c_uint64()
                driver.check(driver.lib.cuMemAlloc_v2(C.byref(buffer),
                                                      len(scratch)),
                             "cuMemAlloc")
                driver.check(driver.lib.cuMemcpyHtoDAsync_v2(
                    buffer, scratch, len(scratch), C.c_void_p(handle)),
                    "cuMemcpyHtoDAsync")
                params[-1] = struct.pack("<Q", buffer.value)
            values = [C.create_string_buffer(p, len(p)) for p in params]
            array = (C.c_void_p * max(len(values), 1))(
                *[C.addressof(v) for v in values])
            if cluster is None:
                driver.check(driver.lib.cuLaunchKernel(
                    function, *grid, *block, smem, C.c_void_p(handle), array,
                    None), "cuLaunchKernel(%s)" % self.name)
            else:
                if cluster[0] * cluster[1] * cluster[2] > 8:
                    driver.check(driver.lib.cuFuncSetAttribute(
                        function,
                        _CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                        1), "cuFuncSetAttribute")
                attribute = _LaunchAttribute()
                attribute.id = _CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
                attribute.value[0:3] = cluster
                config = _LaunchConfig(*grid, *block, smem, C.c_void_p(handle),
                                       C.pointer(attribute), 1)
                driver.check(driver.lib.cuLaunchKernelEx(
                    C.byref(config), function, array, None),
                    "cuLaunchKernelEx(%s)" % self.name)
            if buffer is not None:
                driver.check(driver.lib.cuMemFreeAsync(buffer,
                                                       C.c_void_p(handle)),
                             "cuMemFreeAsync")
        finally:
            driver.pop()
