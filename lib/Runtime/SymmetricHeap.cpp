//===- SymmetricHeap.cpp - Symmetric heaps and their device tables --------===//
//
// The offset allocator, the registry of heaps per device and of the device
// tables (`__asynccopy_symm`) of loaded modules, the calls every backend
// shares, and the per-PE tensor maps of TMA peer copies. The backends
// (SymmetricVmm.cpp, SymmetricProcess.cpp, SymmetricNvshmem.cpp) make the
// heaps; this file calls them only through SymmetricBackend.
//
//===----------------------------------------------------------------------===//

#include "SymmetricHeap.h"

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

// The layout the conversion gives __asynccopy_symm (peer-contract.md).
static_assert(offsetof(acSymmDeviceTable, numPes) == 16 &&
                  offsetof(acSymmDeviceTable, peerBase) == 24 &&
                  sizeof(acSymmDeviceTable) == 1048,
              "device table layout");

//===----------------------------------------------------------------------===//
// The allocator
//===----------------------------------------------------------------------===//

namespace asynccopy::runtime {

SymmetricAllocator::SymmetricAllocator(uint64_t size) : heapBytes(size) {
  if (size)
    freeBlocks[0] = size;
}

bool SymmetricAllocator::allocate(uint64_t bytes, uint64_t align,
                                  uint64_t *offset, char *error, size_t size) {
  if (align == 0 || (align & (align - 1)) != 0) {
    std::snprintf(error, size, "alignment %llu is not a power of two",
                  (unsigned long long)align);
    return false;
  }
  if (align < kMinAlign)
    align = kMinAlign;
  uint64_t largest = 0;
  for (const auto &block : freeBlocks)
    largest = std::max(largest, block.second);
  // Blocks are multiples of kMinAlign; a request larger than the heap cannot
  // be rounded without overflowing.
  if (bytes == 0 || bytes > heapBytes || align > heapBytes) {
    if (bytes == 0)
      std::snprintf(error, size, "cannot allocate 0 bytes");
    else
      std::snprintf(error, size,
                    "out of symmetric heap (asked %llu bytes aligned to %llu, "
                    "largest free %llu of %llu)",
                    (unsigned long long)bytes, (unsigned long long)align,
                    (unsigned long long)largest, (unsigned long long)heapBytes);
    return false;
  }
  uint64_t rounded = (bytes + kMinAlign - 1) / kMinAlign * kMinAlign;
  for (auto it = freeBlocks.begin(); it != freeBlocks.end(); ++it) {
    uint64_t start = it->first, end = it->first + it->second;
    uint64_t aligned = (start + align - 1) / align * align;
    if (aligned > end || end - aligned < rounded)
      continue;
    freeBlocks.erase(it);
    if (aligned > start)
      freeBlocks[start] = aligned - start;
    if (aligned + rounded < end)
      freeBlocks[aligned + rounded] = end - (aligned + rounded);
    allocated[aligned] = rounded;
    *offset = aligned;
    return true;
  }
  std::snprintf(error, size,
                "out of symmetric heap (asked %llu bytes aligned to %llu, "
                "largest free %llu of %llu)",
                (unsigned long long)bytes, (unsigned long long)align,
                (unsigned long long)largest, (unsigned long long)heapBytes);
  return false;
}

bool SymmetricAllocator::release(uint64_t offset, char *error, size_t size) {
  auto it = allocated.find(offset);
  if (it == allocated.end()) {
    std::snprintf(error, size,
                  "offset %llu is not an allocation of this heap (freed "
                  "twice?)",
                  (unsigned long long)offset);
    return false;
  }
  uint64_t start = offset, end = offset + it->second;
  allocated.erase(it);
  // Merge with the free neighbours.
  auto next = freeBlocks.lower_bound(start);
  if (next != freeBlocks.end() && next->first == end) {
    end += next->second;
    next = freeBlocks.erase(next);
  }
  if (next != freeBlocks.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      freeBlocks.erase(prev);
    }
  }
  freeBlocks[start] = end - start;
  return true;
}

SymmetricBackend::~SymmetricBackend() = default;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

int32_t symmFail(const char *site, const char *format, ...) {
  char message[448];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof(message), format, args);
  va_end(args);
  char error[512];
  std::snprintf(error, sizeof(error), "%s: %s", site, message);
  setLastError(error);
  return 1;
}

const CudaDriver *symmDriver(const char *site) {
  const char *loadError = nullptr;
  const CudaDriver *driver = tryGetDriver(&loadError);
  if (!driver) {
    const char *prefix = "asynccopy runtime: ";
    if (std::strncmp(loadError, prefix, std::strlen(prefix)) == 0)
      loadError += std::strlen(prefix);
    symmFail(site, "%s", loadError);
  }
  return driver;
}

int32_t checkHeapArguments(const char *site, int32_t numPes,
                           uint64_t bytesPerPe, acSymmHeap **heap) {
  if (!heap)
    return symmFail(site, "heap is null: must point to where the new heap "
                          "goes");
  *heap = nullptr;
  if (numPes < 1 || numPes > AC_SYMM_MAX_PES)
    return symmFail(site, "%d PEs: must be 1 to %d (AC_SYMM_MAX_PES)", numPes,
                    AC_SYMM_MAX_PES);
  if (bytesPerPe == 0)
    return symmFail(site, "bytesPerPe is 0: the heap needs at least 1 byte");
  return 0;
}

int32_t checkProcessArguments(const char *site, int32_t device, int32_t pe,
                              int32_t numPes, uint64_t bytesPerPe,
                              acSymmHeap **heap) {
  if (int32_t status = checkHeapArguments(site, numPes, bytesPerPe, heap))
    return status;
  if (pe < 0 || pe >= numPes)
    return symmFail(site, "pe %d is out of range: must be 0 to %d", pe,
                    numPes - 1);
  if (device < 0)
    return symmFail(site, "device %d: must be a device ordinal", device);
  return 0;
}

//===----------------------------------------------------------------------===//
// Registry of heaps and device tables
//===----------------------------------------------------------------------===//

namespace {
struct ModuleTable {
  int device;
  CUdeviceptr table;
};

struct Registry {
  std::mutex mutex;
  std::map<int, acSymmHeap *> heapOfDevice;
  std::map<CUmodule, ModuleTable> modules;
  /// Kernels of modules with a table, and their names.
  struct Kernel {
    CUmodule module;
    std::string name;
  };
  std::map<CUfunction, Kernel> peerKernels;
};

Registry &registry() {
  // Never destroyed: MLIR unloads modules from exit-time destructors.
  static Registry *instance = new Registry;
  return *instance;
}

/// The table of `device` of `heap`, or an all-zero one (no heap: every peer
/// copy traps).
acSymmDeviceTable tableFor(const acSymmHeap *heap, int device) {
  acSymmDeviceTable table;
  std::memset(&table, 0, sizeof(table));
  if (!heap)
    return table;
  int32_t pe = heap->peOfDevice(device);
  table.localBase = heap->bases[pe];
  table.size = heap->size;
  table.numPes = uint32_t(heap->numPes);
  table.myPe = uint32_t(pe);
  for (int32_t i = 0; i < heap->numPes; ++i)
    table.peerBase[i] = heap->bases[i];
  return table;
}

/// Writes the tables of the loaded modules of `device` (registry locked).
bool writeTables(Registry &reg, int device, const acSymmHeap *heap,
                 const char *site) {
  const CudaDriver *driver = symmDriver(site);
  if (!driver)
    return false;
  acSymmDeviceTable table = tableFor(heap, device);
  ScopedContext context(device, OnContextError::Report);
  for (const auto &module : reg.modules) {
    if (module.second.device != device)
      continue;
    if (!context.active()) {
      symmFail(site, "%s", context.error());
      return false;
    }
    if (!AC_SYMM_CU(site, *driver, cuMemcpyHtoD, module.second.table, &table,
                    sizeof(table)))
      return false;
  }
  return true;
}
} // namespace

int32_t registerHeap(acSymmHeap *heap, const char *site) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  for (int device : heap->devices)
    if (reg.heapOfDevice.count(device))
      return symmFail(site,
                      "device %d already has a symmetric heap (one per "
                      "device; acSymmDestroy it first)",
                      device);
  for (int device : heap->devices)
    reg.heapOfDevice[device] = heap;
  for (size_t i = 0; i < heap->devices.size(); ++i) {
    if (writeTables(reg, heap->devices[i], heap, site))
      continue;
    // The devices written so far must not keep tables into a heap its
    // creator is about to release: zero them again (best effort; the first
    // failure is the one reported).
    for (size_t written = 0; written < i; ++written)
      writeTables(reg, heap->devices[written], nullptr, site);
    for (int other : heap->devices)
      reg.heapOfDevice.erase(other);
    return 1;
  }
  return 0;
}

/// Forgets `heap` and zeroes the tables of its devices' modules.
static int32_t unregisterHeap(acSymmHeap *heap, const char *site) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  int32_t status = 0;
  for (int device : heap->devices) {
    auto it = reg.heapOfDevice.find(device);
    if (it == reg.heapOfDevice.end() || it->second != heap)
      continue;
    reg.heapOfDevice.erase(it);
    if (!writeTables(reg, device, nullptr, site))
      status = 1;
  }
  return status;
}

/// Whether `image` may define the peer-address table. Asking the driver for
/// a global the module lacks is an API error (compute-sanitizer reports it),
/// so a PTX or ELF image that does not even name the table is not asked; a
/// fatbin may be compressed, so it always is.
static bool mayHoldTable(const ModuleImage &image) {
  const char *name = AC_SYMM_TABLE_NAME;
  const char *bytes = static_cast<const char *>(image.data);
  if (image.ptx)
    return std::strstr(bytes, name) != nullptr;
  if (image.size < 4 || std::memcmp(bytes,
                                    "\x7f"
                                    "ELF",
                                    4) != 0)
    return true;
  return memmem(bytes, image.size, name, std::strlen(name)) != nullptr;
}

void symmNoteModuleLoaded(CUmodule module, int device,
                          const ModuleImage &image) {
  const CudaDriver &driver = getDriver();
  // A driver without cuModuleGetGlobal loads no module with a table.
  if (!driver.cuModuleGetGlobal || !mayHoldTable(image))
    return;
  CUdeviceptr table = 0;
  size_t bytes = 0;
  CUresult result =
      driver.cuModuleGetGlobal(&table, &bytes, module, AC_SYMM_TABLE_NAME);
  if (result == CUDA_ERROR_NOT_FOUND)
    return;
  check(result,
        "cuModuleGetGlobal(&table, &bytes, module, " AC_SYMM_TABLE_NAME ")",
        "mgpuModuleLoad");
  if (bytes != sizeof(acSymmDeviceTable))
    fatal("the module's __asynccopy_symm is %zu B; this runtime's "
          "acSymmDeviceTable is %zu B (compiler and runtime disagree)",
          bytes, sizeof(acSymmDeviceTable));
  // Written under the lock, so that a heap created or destroyed meanwhile
  // cannot leave a stale table; reported after it (fatal() runs exit-time
  // destructors, which unload modules).
  Registry &reg = registry();
  std::unique_lock<std::mutex> lock(reg.mutex);
  reg.modules[module] = {device, table};
  auto heap = reg.heapOfDevice.find(device);
  if (heap == reg.heapOfDevice.end())
    return;
  acSymmDeviceTable contents = tableFor(heap->second, device);
  result = require(driver.cuMemcpyHtoD, AC_CU_SYMBOL(cuMemcpyHtoD))(
      table, &contents, sizeof(contents));
  lock.unlock();
  check(result, "cuMemcpyHtoD(table, &contents, sizeof(contents))",
        "mgpuModuleLoad");
}

void symmNoteModuleUnloaded(CUmodule module) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  if (!reg.modules.erase(module))
    return;
  // The driver may hand the freed handles out again.
  for (auto it = reg.peerKernels.begin(); it != reg.peerKernels.end();)
    it =
        it->second.module == module ? reg.peerKernels.erase(it) : std::next(it);
}

void symmNoteFunction(CUmodule module, CUfunction function, const char *name) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  if (reg.modules.count(module))
    reg.peerKernels[function] = {module, name ? name : "?"};
}

void symmCheckLaunch(CUfunction function, int device) {
  Registry &reg = registry();
  std::unique_lock<std::mutex> lock(reg.mutex);
  auto it = reg.peerKernels.find(function);
  if (it == reg.peerKernels.end() || reg.heapOfDevice.count(device))
    return;
  std::string name = it->second.name;
  // Not under the lock: exit-time destructors unload modules.
  lock.unlock();
  fatal("kernel '%s' copies to/from peers (peer %%pe) but device %d has no "
        "symmetric heap; create one with acSymmCreate* first",
        name.c_str(), device);
}

} // namespace asynccopy::runtime

int32_t acSymmHeap::peOfDevice(int device) const {
  if (myPe >= 0)
    return device == devices[0] ? myPe : -1;
  for (size_t i = 0; i < devices.size(); ++i)
    if (devices[i] == device)
      return int32_t(i);
  return -1;
}

//===----------------------------------------------------------------------===//
// Calls every backend shares
//===----------------------------------------------------------------------===//

namespace {
/// Synchronises every local device of `heap`.
int32_t synchronizeDevices(const CudaDriver &driver, const acSymmHeap *heap,
                           const char *site) {
  for (int device : heap->devices) {
    ScopedContext context(device, OnContextError::Report);
    if (!context.active())
      return symmFail(site, "%s", context.error());
    if (!AC_SYMM_CU(site, driver, cuCtxSynchronize))
      return 1;
  }
  return 0;
}
} // namespace

extern "C" int32_t acSymmDestroy(acSymmHeap *heap) {
  const char *site = "acSymmDestroy";
  if (!heap)
    return symmFail(site, "heap is null");
  const CudaDriver *driver = symmDriver(site);
  if (!driver)
    return 1;
  int32_t status = synchronizeDevices(*driver, heap, site);
  status |= unregisterHeap(heap, site);
  for (const auto &maps : heap->peerMaps) {
    ScopedContext context(maps.first.first, OnContextError::Report);
    if (!context.active() || !AC_SYMM_CU(site, *driver, cuMemFree, maps.second))
      status = 1;
  }
  status |= heap->backend->release(*heap, site);
  delete heap;
  if (status == 0)
    clearLastError();
  return status;
}

extern "C" int32_t acSymmNumPes(const acSymmHeap *heap) {
  if (!heap) {
    symmFail("acSymmNumPes", "heap is null");
    return -1;
  }
  return heap->numPes;
}

extern "C" int32_t acSymmMalloc(acSymmHeap *heap, uint64_t bytes,
                                uint64_t align, uint64_t *offset) {
  const char *site = "acSymmMalloc";
  if (!heap || !offset)
    return symmFail(site, "%s is null", heap ? "offset" : "heap");
  char error[400];
  std::lock_guard<std::mutex> lock(heap->mutex);
  if (!heap->allocator.allocate(bytes, align, offset, error, sizeof(error)))
    return symmFail(site, "%s", error);
  clearLastError();
  return 0;
}

extern "C" int32_t acSymmFree(acSymmHeap *heap, uint64_t offset) {
  const char *site = "acSymmFree";
  if (!heap)
    return symmFail(site, "heap is null");
  char error[400];
  std::lock_guard<std::mutex> lock(heap->mutex);
  if (!heap->allocator.release(offset, error, sizeof(error)))
    return symmFail(site, "%s", error);
  clearLastError();
  return 0;
}

extern "C" void *acSymmAddress(const acSymmHeap *heap, int32_t pe,
                               uint64_t offset) {
  const char *site = "acSymmAddress";
  if (!heap) {
    symmFail(site, "heap is null");
    return nullptr;
  }
  if (pe < 0 || pe >= heap->numPes) {
    symmFail(site, "pe %d is out of range: must be 0 to %d", pe,
             heap->numPes - 1);
    return nullptr;
  }
  if (offset >= heap->size) {
    symmFail(site,
             "offset %llu is out of range: the heap has %llu bytes per "
             "PE",
             (unsigned long long)offset, (unsigned long long)heap->size);
    return nullptr;
  }
  if (!heap->bases[pe]) {
    symmFail(site,
             "PE %d's memory is not mapped in this process (no peer "
             "access to it)",
             pe);
    return nullptr;
  }
  clearLastError();
  return reinterpret_cast<void *>(heap->bases[pe] + offset);
}

extern "C" int32_t acSymmBarrier(acSymmHeap *heap) {
  const char *site = "acSymmBarrier";
  if (!heap)
    return symmFail(site, "heap is null");
  const CudaDriver *driver = symmDriver(site);
  if (!driver)
    return 1;
  if (int32_t status = synchronizeDevices(*driver, heap, site))
    return status;
  int32_t status = heap->backend->barrier(*heap, site);
  if (status == 0)
    clearLastError();
  return status;
}

//===----------------------------------------------------------------------===//
// Per-PE tensor maps
//===----------------------------------------------------------------------===//

extern "C" void *
acSymmPeerTensorMapsOrExit(int32_t elementType, int32_t rank,
                           const void *globalAddress, const int64_t *globalDims,
                           const int64_t *globalStridesBytes,
                           const int32_t *boxDims, int32_t swizzleBytes,
                           int32_t oobFill, int32_t l2PromotionBytes) {
  const char *site = "acSymmPeerTensorMapsOrExit";
  int device = getDefaultDevice();
  acSymmHeap *heap = nullptr;
  {
    // fatal() below runs exit-time destructors, which take this lock.
    Registry &reg = registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    auto found = reg.heapOfDevice.find(device);
    if (found != reg.heapOfDevice.end())
      heap = found->second;
  }
  if (!heap)
    fatal("%s: device %d has no symmetric heap; create one with "
          "acSymmCreate* first",
          site, device);
  CUdeviceptr local = heap->bases[heap->peOfDevice(device)];
  uint64_t address = reinterpret_cast<uintptr_t>(globalAddress);
  if (address < local || address - local >= heap->size)
    fatal("%s: global address %p is not in the symmetric heap of device %d "
          "([0x%llx, 0x%llx))",
          site, globalAddress, device, (unsigned long long)local,
          (unsigned long long)(local + heap->size));
  uint64_t offset = address - local;

  // Unmapped PEs get zeros: the kernels trap before using their map.
  std::string maps(size_t(heap->numPes) * sizeof(CUtensorMap), '\0');
  for (int32_t pe = 0; pe < heap->numPes; ++pe) {
    if (!heap->bases[pe])
      continue;
    CUtensorMap map;
    const void *peerAddress =
        reinterpret_cast<const void *>(heap->bases[pe] + offset);
    if (acTensorMapEncodeTiled(&map, elementType, rank, peerAddress, globalDims,
                               globalStridesBytes, boxDims, swizzleBytes,
                               oobFill, l2PromotionBytes) != AC_TENSOR_MAP_OK) {
      const char *message = acGetLastError();
      const char *prefix = "asynccopy runtime: ";
      if (std::strncmp(message, prefix, std::strlen(prefix)) == 0)
        message += std::strlen(prefix);
      fatal("%s: PE %d: %s", site, pe, message);
    }
    std::memcpy(&maps[size_t(pe) * sizeof(CUtensorMap)], &map, sizeof(map));
  }

  std::lock_guard<std::mutex> heapLock(heap->mutex);
  auto key = std::make_pair(device, maps);
  auto cached = heap->peerMaps.find(key);
  if (cached != heap->peerMaps.end())
    return reinterpret_cast<void *>(cached->second);
  ScopedContext context(device, OnContextError::Exit);
  CUdeviceptr deviceMaps = 0;
  AC_CU(cuMemAlloc, (&deviceMaps, maps.size()));
  AC_CU(cuMemcpyHtoD, (deviceMaps, maps.data(), maps.size()));
  heap->peerMaps.emplace(key, deviceMaps);
  return reinterpret_cast<void *>(deviceMaps);
}
