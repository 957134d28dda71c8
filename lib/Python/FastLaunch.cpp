//===- FastLaunch.cpp - One native call per torch launch ------------------===//
//
// The `asynccopy._fastlaunch` extension module: the launch of a
// `asynccopy.Kernel` on torch tensors, in one call from the interpreter to
// the driver. It reads each tensor's data_ptr(), shape and stride(), packs
// the launch record and calls the runtime's acLauncherLaunch, which is what
// Kernel._call does in Python through the torch fast path (see
// docs/python.md, "Launch cost and caching"), without the interpreter's
// bytecode, struct packing and ctypes call in between.
//
// It only ever takes launches the Python path would take without raising:
// anything else (an argument that is not a registered torch-like tensor, a
// signature whose checks have not passed yet, a stream given that is not
// the library's current one, an unusual scalar or geometry, no plan yet) is
// handed to Kernel._call unchanged, which checks, raises, or launches. So
// there is one source of error messages and of launch semantics, and this
// module can be absent (then Kernel calls _call directly).
//
// Built against the stable ABI of CPython 3.9 (abi3): one shared object
// serves every interpreter the package supports.
//
//===----------------------------------------------------------------------===//

#define Py_LIMITED_API 0x03090000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "asynccopy/ABI/ABI.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

/// acLauncherLaunch (include/asynccopy/Runtime/Launch.h).
using LaunchFn = int32_t (*)(void *launcher, int64_t *record);

constexpr int kMaxRank = 16;
// Records up to this many words are built on the stack.
constexpr int kStackWords = 512;

/// How an argument is read: a memref's rank (>= 0), or a scalar's kind.
enum ArgKind : int {
  kScalarI8 = -1,
  kScalarI16 = -2,
  kScalarI32 = -3,
  kScalarI64 = -4,
  kScalarF32 = -5,
  kScalarF64 = -6,
  /// A scalar the Python path packs (i1, f16, bf16, ...).
  kScalarOther = -7,
};

/// The base type of asynccopy.Kernel. Until _fast_setup has run, or when
/// the kernel's plan failed, every call goes to _call.
struct FastKernel {
  PyObject_HEAD LaunchFn launch;
  void *launcher;
  int *kinds; // per argument
  Py_ssize_t nargs, words;
  unsigned knownBlock[3], knownCluster[3];
  bool hasKnownBlock, hasKnownCluster;
  PyObject *checked; // Kernel._checked: signatures that passed the checks
  PyObject *handles; // Kernel._handles: device -> CUfunction (int)
  PyObject *globals; // _launch's module dict (its _FAST_TYPES)
  long long fastCalls, slowCalls;
};

// Interned names, made at module init.
PyObject *sGrid, *sBlock, *sCluster, *sStream, *sCall, *sLaunchFailed, *sIsCuda,
    *sDtype, *sGetDevice, *sShape, *sStride, *sDataPtr, *sFastTypes;

/// Kernel._call(*args, **kwargs): the Python path.
PyObject *slowCall(FastKernel *self, PyObject *args, PyObject *kwargs) {
  ++self->slowCalls;
  PyObject *call = PyObject_GetAttr(reinterpret_cast<PyObject *>(self), sCall);
  if (!call)
    return nullptr;
  PyObject *result = PyObject_Call(call, args, kwargs);
  Py_DECREF(call);
  return result;
}

/// An int in [lo, hi] (no bool, no __index__ objects: those take _call).
bool exactInt(PyObject *value, long long lo, long long hi, long long *out) {
  if (!PyLong_CheckExact(value))
    return false;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  if (v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

/// A grid, block or cluster as Kernel._fast_dims takes it: an int or a
/// tuple of 1 to 3 ints, each 1 to 2^32-1.
bool readDims(PyObject *value, unsigned dims[3]) {
  dims[0] = dims[1] = dims[2] = 1;
  long long v;
  if (PyLong_CheckExact(value)) {
    if (!exactInt(value, 1, UINT32_MAX, &v))
      return false;
    dims[0] = unsigned(v);
    return true;
  }
  if (!PyTuple_CheckExact(value))
    return false;
  Py_ssize_t n = PyTuple_Size(value);
  if (n < 1 || n > 3)
    return false;
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!exactInt(PyTuple_GetItem(value, i), 1, UINT32_MAX, &v))
      return false;
    dims[i] = unsigned(v);
  }
  return true;
}

/// A scalar's record word, packed as Kernel._call packs it (the low bytes
/// of the two's complement for ints, which may take the unsigned range too;
/// the IEEE bits for floats), or false where _call must pack it.
bool packScalar(int kind, PyObject *value, int64_t *word) {
  if (kind == kScalarF32 || kind == kScalarF64) {
    if (!PyFloat_CheckExact(value))
      return false;
    double d = PyFloat_AsDouble(value);
    if (kind == kScalarF64) {
      std::memcpy(word, &d, sizeof(d));
      return true;
    }
    // struct raises OverflowError for a finite value past float's range.
    if (std::isfinite(d) && std::fabs(d) > double(FLT_MAX))
      return false;
    float f = float(d);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    *word = int64_t(bits);
    return true;
  }
  int bits = kind == kScalarI8    ? 8
             : kind == kScalarI16 ? 16
             : kind == kScalarI32 ? 32
             : kind == kScalarI64 ? 64
                                  : 0;
  if (!bits || !PyLong_CheckExact(value))
    return false;
  if (bits == 64) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (!overflow && !(v == -1 && PyErr_Occurred())) {
      *word = v;
      return true;
    }
    PyErr_Clear();
    if (overflow < 0)
      return false;
    unsigned long long u = PyLong_AsUnsignedLongLong(value);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      return false;
    }
    *word = int64_t(u);
    return true;
  }
  long long v;
  if (!exactInt(value, -(1LL << (bits - 1)), (1LL << bits) - 1, &v))
    return false;
  *word = int64_t(uint64_t(v) & ((uint64_t(1) << bits) - 1));
  return true;
}

/// Appends the ints of a tuple (torch.Size is one) of `rank` items.
bool readInts(PyObject *tuple, Py_ssize_t rank, int64_t *out) {
  if (!tuple || !PyTuple_Check(tuple) || PyTuple_Size(tuple) != rank)
    return false;
  for (Py_ssize_t i = 0; i < rank; ++i) {
    long long v;
    if (!exactInt(PyTuple_GetItem(tuple, i), INT64_MIN, INT64_MAX, &v))
      return false;
    out[i] = v;
  }
  return true;
}

/// A call's keyword arguments, all borrowed (nullptr: not given).
struct Keywords {
  PyObject *grid = nullptr, *block = nullptr, *cluster = nullptr,
           *stream = nullptr;
};

/// Only the keywords Kernel._call knows, given as interned strings (as the
/// interpreter passes literal keywords).
bool readKeywords(PyObject *kwargs, Keywords *kw) {
  if (!kwargs)
    return false;
  Py_ssize_t pos = 0;
  PyObject *key, *value;
  while (PyDict_Next(kwargs, &pos, &key, &value)) {
    if (key == sGrid)
      kw->grid = value;
    else if (key == sBlock)
      kw->block = value;
    else if (key == sCluster)
      kw->cluster = value;
    else if (key == sStream)
      kw->stream = value;
    else
      return false;
  }
  return kw->grid != nullptr;
}

/// The 9 geometry words of the record, checked as Kernel._geometry checks
/// them; false where _call decides (and maybe raises).
bool readGeometry(FastKernel *self, const Keywords &kw, int64_t *out) {
  unsigned grid[3], block[3], cluster[3] = {0, 0, 0};
  if (!readDims(kw.grid, grid))
    return false;
  if (!kw.block || kw.block == Py_None) {
    if (!self->hasKnownBlock)
      return false;
    std::memcpy(block, self->knownBlock, sizeof(block));
  } else if (!readDims(kw.block, block) ||
             (self->hasKnownBlock &&
              std::memcmp(block, self->knownBlock, sizeof(block)))) {
    return false;
  }
  if (kw.cluster && kw.cluster != Py_None) {
    if (!readDims(kw.cluster, cluster))
      return false;
    for (int i = 0; i < 3; ++i)
      if (grid[i] % cluster[i])
        return false;
    if (self->hasKnownCluster &&
        std::memcmp(cluster, self->knownCluster, sizeof(cluster)))
      return false;
  } else if (self->hasKnownCluster) {
    for (unsigned c : self->knownCluster)
      if (c != 1)
        return false;
  }
  for (int i = 0; i < 3; ++i) {
    out[i] = grid[i];
    out[3 + i] = block[i];
    out[6 + i] = cluster[i];
  }
  return true;
}

/// Calls a method without arguments.
PyObject *callMethod(PyObject *obj, PyObject *name) {
  return PyObject_CallMethodObjArgs(obj, name, nullptr);
}

/// Reads a torch-like tensor into the record (address, sizes, strides) and
/// its signature items into `key` (dtype, shape, strides, as Kernel's
/// _read_fast does). Returns 1 when read, 0 where _call decides, -1 on an
/// error of the interpreter (raised).
int readTensor(PyObject *tensor, Py_ssize_t rank, PyObject *dtypes,
               long long *device, int64_t *words, PyObject *key,
               Py_ssize_t keyIndex) {
  int found = 0;
  PyObject *isCuda = PyObject_GetAttr(tensor, sIsCuda);
  PyObject *dtype = nullptr, *index = nullptr, *shape = nullptr,
           *strides = nullptr, *pointer = nullptr;
  long long d, address;
  if (!isCuda || isCuda != Py_True)
    goto done;
  dtype = PyObject_GetAttr(tensor, sDtype);
  if (!dtype || PyDict_Contains(dtypes, dtype) != 1)
    goto done;
  index = callMethod(tensor, sGetDevice);
  if (!index || !exactInt(index, 0, INT32_MAX, &d) ||
      (*device >= 0 && *device != d))
    goto done;
  *device = d;
  shape = PyObject_GetAttr(tensor, sShape);
  strides = shape ? callMethod(tensor, sStride) : nullptr;
  pointer = strides ? callMethod(tensor, sDataPtr) : nullptr;
  if (!pointer || !exactInt(pointer, INT64_MIN, INT64_MAX, &address)) {
    // data_ptr() of a pointer past 2^63 (never, on x86-64 and aarch64).
    goto done;
  }
  words[0] = address;
  if (!readInts(shape, rank, words + 1) ||
      !readInts(strides, rank, words + 1 + rank))
    goto done;
  // PyTuple_SetItem steals the references.
  PyTuple_SetItem(key, keyIndex, dtype);
  PyTuple_SetItem(key, keyIndex + 1, shape);
  PyTuple_SetItem(key, keyIndex + 2, strides);
  dtype = shape = strides = nullptr;
  found = 1;
done:
  // A getter that raised: _call reads the tensor again and raises it.
  if (!found)
    PyErr_Clear();
  Py_XDECREF(isCuda);
  Py_XDECREF(dtype);
  Py_XDECREF(index);
  Py_XDECREF(shape);
  Py_XDECREF(strides);
  Py_XDECREF(pointer);
  return found;
}

/// Reads the arguments into the record (after its header) and their
/// signature items into `key`; `api` becomes the (dtypes, current_stream) of
/// the last tensor's class. Returns 1 when read, 0 where _call decides, -1 on
/// an error raised here.
int readArguments(FastKernel *self, PyObject *args, PyObject *fastTypes,
                  int64_t *record, PyObject *key, long long *device,
                  PyObject **api) {
  Py_ssize_t word = AC_RECORD_HEADER_WORDS, keyIndex = 0;
  for (Py_ssize_t i = 0; i < self->nargs; ++i) {
    PyObject *arg = PyTuple_GetItem(args, i);
    int kind = self->kinds[i];
    if (kind < 0) {
      if (!packScalar(kind, arg, &record[word]))
        return 0;
      ++word;
      continue;
    }
    // _FAST_TYPES: tensor class -> (dtypes, current_stream), or None.
    *api =
        PyDict_GetItem(fastTypes, reinterpret_cast<PyObject *>(Py_TYPE(arg)));
    if (!*api || !PyTuple_Check(*api) || PyTuple_Size(*api) != 2)
      return 0;
    int read = readTensor(arg, kind, PyTuple_GetItem(*api, 0), device,
                          &record[word], key, keyIndex);
    if (read <= 0)
      return read;
    word += 1 + 2 * kind;
    keyIndex += 3;
  }
  return 1;
}

/// Ends the signature `key` with the device and fills the record's header,
/// where the launch's stream is torch's current stream of the device (no
/// `stream` given: that one), the signature passed Kernel's checks and the
/// kernel is loaded on the device. Returns 1 when done, 0 where _call
/// decides, -1 on an error raised here.
int readHeader(FastKernel *self, PyObject *api, long long device,
               const long long *stream, PyObject *key, int64_t *record) {
  long long currentStream;
  PyObject *current =
      PyObject_CallFunction(PyTuple_GetItem(api, 1), "L", device);
  bool sameStream = current &&
                    exactInt(current, INT64_MIN, INT64_MAX, &currentStream) &&
                    (!stream || currentStream == *stream);
  Py_XDECREF(current);
  if (!sameStream) {
    PyErr_Clear();
    return 0;
  }
  PyObject *deviceObject = PyLong_FromLongLong(device);
  if (!deviceObject)
    return -1;
  // The key's last item; PyTuple_SetItem steals the reference.
  PyTuple_SetItem(key, PyTuple_Size(key) - 1, deviceObject);
  if (PyDict_Contains(self->checked, key) != 1) {
    PyErr_Clear();
    return 0;
  }
  PyObject *function = PyDict_GetItem(self->handles, deviceObject);
  long long handle;
  if (!function || !exactInt(function, INT64_MIN, INT64_MAX, &handle))
    return 0;
  record[AC_RECORD_FUNCTION] = handle;
  record[AC_RECORD_STREAM] = currentStream;
  record[AC_RECORD_DEVICE] = device;
  for (int i = AC_RECORD_ERROR_INDEX; i < AC_RECORD_HEADER_WORDS; ++i)
    record[i] = 0;
  return 1;
}

/// Launches the record: 1, or -1 with the error Kernel._call raises for the
/// runtime's status.
int launchRecord(FastKernel *self, int64_t *record) {
  int32_t launched;
  // cuLaunchKernel may block on a full queue: other threads run meanwhile.
  Py_BEGIN_ALLOW_THREADS launched = self->launch(self->launcher, record);
  Py_END_ALLOW_THREADS if (launched == AC_LAUNCH_OK) return 1;
  PyObject *header = PyList_New(AC_RECORD_HEADER_WORDS);
  PyObject *code = PyLong_FromLong(launched);
  if (header && code) {
    for (int i = 0; i < AC_RECORD_HEADER_WORDS; ++i)
      PyList_SetItem(header, i, PyLong_FromLongLong(record[i]));
    Py_XDECREF(PyObject_CallMethodObjArgs(reinterpret_cast<PyObject *>(self),
                                          sLaunchFailed, code, header,
                                          nullptr));
  }
  Py_XDECREF(header);
  Py_XDECREF(code);
  if (!PyErr_Occurred())
    PyErr_SetString(PyExc_RuntimeError,
                    "asynccopy: a failed launch raised nothing");
  return -1;
}

/// The launch, or 0 where _call takes it; -1 on an error raised here.
int tryLaunch(FastKernel *self, PyObject *args, PyObject *kwargs,
              int64_t *record) {
  Keywords kw;
  if (!readKeywords(kwargs, &kw) || PyTuple_Size(args) != self->nargs ||
      !readGeometry(self, kw, record + AC_RECORD_GRID))
    return 0;
  // No stream given: torch's current one (readHeader reads it).
  long long stream = 0;
  bool given = kw.stream && kw.stream != Py_None;
  if (given && !exactInt(kw.stream, INT64_MIN, INT64_MAX, &stream))
    return 0;

  PyObject *fastTypes = PyDict_GetItem(self->globals, sFastTypes);
  if (!fastTypes || !PyDict_Check(fastTypes))
    return 0;
  Py_ssize_t tensors = 0;
  for (Py_ssize_t i = 0; i < self->nargs; ++i)
    tensors += self->kinds[i] >= 0;
  if (!tensors)
    return 0;
  // The signature: (dtype, shape, strides) per tensor, then the device.
  PyObject *key = PyTuple_New(3 * tensors + 1);
  if (!key)
    return -1;
  long long device = -1;
  PyObject *api = nullptr;
  int status = readArguments(self, args, fastTypes, record, key, &device, &api);
  if (status > 0)
    status =
        readHeader(self, api, device, given ? &stream : nullptr, key, record);
  if (status > 0)
    status = launchRecord(self, record);
  Py_DECREF(key);
  return status;
}

PyObject *fastCall(PyObject *object, PyObject *args, PyObject *kwargs) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  if (!self->launch)
    return slowCall(self, args, kwargs);
  int64_t stackRecord[kStackWords];
  int64_t *record = stackRecord;
  if (self->words > kStackWords) {
    record = static_cast<int64_t *>(
        PyMem_Malloc(size_t(self->words) * sizeof(int64_t)));
    if (!record)
      return PyErr_NoMemory();
  }
  int status = tryLaunch(self, args, kwargs, record);
  if (record != stackRecord)
    PyMem_Free(record);
  if (status < 0)
    return nullptr;
  if (status == 0)
    return slowCall(self, args, kwargs);
  ++self->fastCalls;
  Py_RETURN_NONE;
}

int fastClear(PyObject *object);

bool readKnown(PyObject *value, unsigned dims[3], bool *known) {
  *known = value != Py_None;
  return !*known || readDims(value, dims);
}

/// _fast_setup(launch, launcher, kinds, words, known_block, known_cluster,
///             checked, handles, globals): the kernel's plan, once made.
PyObject *fastSetup(PyObject *object, PyObject *args) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  unsigned long long launch, launcher;
  PyObject *kinds, *block, *cluster, *checked, *handles, *globals;
  Py_ssize_t words;
  if (!PyArg_ParseTuple(args, "KKO!nOOO!O!O!", &launch, &launcher,
                        &PyTuple_Type, &kinds, &words, &block, &cluster,
                        &PyDict_Type, &checked, &PyDict_Type, &handles,
                        &PyDict_Type, &globals))
    return nullptr;
  Py_ssize_t nargs = PyTuple_Size(kinds);
  unsigned knownBlock[3], knownCluster[3];
  bool hasBlock, hasCluster;
  if (!launch || !launcher || words < AC_RECORD_HEADER_WORDS ||
      !readKnown(block, knownBlock, &hasBlock) ||
      !readKnown(cluster, knownCluster, &hasCluster)) {
    PyErr_SetString(PyExc_ValueError, "_fast_setup: a bad plan");
    return nullptr;
  }
  int *array = static_cast<int *>(PyMem_Malloc(sizeof(int) * (nargs + 1)));
  if (!array)
    return PyErr_NoMemory();
  Py_ssize_t needed = AC_RECORD_HEADER_WORDS;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    long long kind;
    if (!exactInt(PyTuple_GetItem(kinds, i), kScalarOther, kMaxRank, &kind)) {
      PyMem_Free(array);
      PyErr_SetString(PyExc_ValueError, "_fast_setup: a bad argument kind");
      return nullptr;
    }
    array[i] = int(kind);
    needed += kind >= 0 ? 1 + 2 * kind : 1;
  }
  if (needed != words) {
    PyMem_Free(array);
    PyErr_SetString(PyExc_ValueError, "_fast_setup: the record's size does "
                                      "not match the arguments");
    return nullptr;
  }
  PyMem_Free(self->kinds);
  self->kinds = array;
  self->nargs = nargs;
  self->words = words;
  std::memcpy(self->knownBlock, knownBlock, sizeof(knownBlock));
  std::memcpy(self->knownCluster, knownCluster, sizeof(knownCluster));
  self->hasKnownBlock = hasBlock;
  self->hasKnownCluster = hasCluster;
  fastClear(object);
  Py_INCREF(checked);
  Py_INCREF(handles);
  Py_INCREF(globals);
  self->checked = checked;
  self->handles = handles;
  self->globals = globals;
  self->launcher = reinterpret_cast<void *>(uintptr_t(launcher));
  self->launch = reinterpret_cast<LaunchFn>(uintptr_t(launch));
  Py_RETURN_NONE;
}

/// _fast_calls(): (launches made here, calls handed to _call).
PyObject *fastCalls(PyObject *object, PyObject *) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  return Py_BuildValue("(LL)", self->fastCalls, self->slowCalls);
}

int fastTraverse(PyObject *object, visitproc visit, void *arg) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  Py_VISIT(Py_TYPE(object));
  Py_VISIT(self->checked);
  Py_VISIT(self->handles);
  Py_VISIT(self->globals);
  return 0;
}

int fastClear(PyObject *object) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  self->launch = nullptr;
  Py_CLEAR(self->checked);
  Py_CLEAR(self->handles);
  Py_CLEAR(self->globals);
  return 0;
}

void fastDealloc(PyObject *object) {
  auto *self = reinterpret_cast<FastKernel *>(object);
  PyTypeObject *type = Py_TYPE(object);
  PyObject_GC_UnTrack(object);
  fastClear(object);
  PyMem_Free(self->kinds);
  self->kinds = nullptr;
  auto free = reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free));
  free(object);
  // Instances of a heap type hold a reference to it.
  Py_DECREF(type);
}

PyMethodDef fastMethods[] = {
    {"_fast_setup", fastSetup, METH_VARARGS,
     "Takes the kernel's launch plan: later calls launch here."},
    {"_fast_calls", fastCalls, METH_NOARGS,
     "(launches made natively, calls handed to _call)"},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot fastSlots[] = {
    {Py_tp_call, reinterpret_cast<void *>(fastCall)},
    {Py_tp_new, reinterpret_cast<void *>(PyType_GenericNew)},
    {Py_tp_dealloc, reinterpret_cast<void *>(fastDealloc)},
    {Py_tp_traverse, reinterpret_cast<void *>(fastTraverse)},
    {Py_tp_clear, reinterpret_cast<void *>(fastClear)},
    {Py_tp_methods, fastMethods},
    {Py_tp_doc, const_cast<char *>(
                    "The native launch of a Kernel (asynccopy._fastlaunch).")},
    {0, nullptr}};

PyType_Spec fastSpec = {
    "asynccopy._fastlaunch.FastKernel", sizeof(FastKernel), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, fastSlots};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT,
                         "_fastlaunch",
                         "One native call per launch of a Kernel on torch "
                         "tensors.",
                         -1,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr};

bool internNames() {
  struct {
    PyObject **slot;
    const char *name;
  } names[] = {{&sGrid, "grid"},
               {&sBlock, "block"},
               {&sCluster, "cluster"},
               {&sStream, "stream"},
               {&sCall, "_call"},
               {&sLaunchFailed, "_launch_failed"},
               {&sIsCuda, "is_cuda"},
               {&sDtype, "dtype"},
               {&sGetDevice, "get_device"},
               {&sShape, "shape"},
               {&sStride, "stride"},
               {&sDataPtr, "data_ptr"},
               {&sFastTypes, "_FAST_TYPES"}};
  for (auto &n : names)
    if (!*n.slot && !(*n.slot = PyUnicode_InternFromString(n.name)))
      return false;
  return true;
}

} // namespace

// PyMODINIT_FUNC declares it extern "C" and exported.
PyMODINIT_FUNC PyInit__fastlaunch() {
  if (!internNames())
    return nullptr;
  PyObject *module = PyModule_Create(&moduleDef);
  if (!module)
    return nullptr;
  PyObject *type = PyType_FromSpec(&fastSpec);
  if (!type || PyModule_AddObject(module, "FastKernel", type) < 0) {
    Py_XDECREF(type);
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
