//===- SymmetricNvshmem.cpp - Symmetric heaps on NVSHMEM ------------------===//
//
// The NVSHMEM backend: libnvshmem_host.so.3 is dlopen'ed on first use (no
// header or library is needed to build), bootstrapped with a unique ID, and
// one nvshmem_malloc'ed block is the heap; the acSymm* allocator hands out
// offsets in it like in the other backends, and nvshmem_ptr gives each peer's
// base. Every NVSHMEM call runs with the heap device's primary context
// current, so NVSHMEM's CUDA runtime calls go to that device.
//
//===----------------------------------------------------------------------===//

#include "SymmetricHeap.h"

#include <dlfcn.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace asynccopy::runtime {

namespace {
// The few NVSHMEM types the bootstrap passes, as laid out by the public
// headers of NVSHMEM 3.x (nvshmem_types.h / nvshmemx uniqueid header, 3.0 to
// 3.4: nvshmemx_uniqueid_v1, nvshmemx_uniqueid_args_v1,
// nvshmemx_init_args_v1, nvshmemx_init_attr_v1). Each struct starts with a
// version (1 << 16) + its size; newer libraries still accept version 1.
struct NvshmemUniqueId {
  int32_t version;
  char internal[124];
};
struct NvshmemUniqueIdArgs {
  int32_t version;
  NvshmemUniqueId *id;
  int32_t myRank;
  int32_t numRanks;
};
struct NvshmemInitArgs {
  int32_t version;
  NvshmemUniqueIdArgs uidArgs;
  char content[96];
};
struct NvshmemInitAttr {
  int32_t version;
  void *mpiComm;
  NvshmemInitArgs args;
};
static_assert(sizeof(NvshmemUniqueId) == 128, "NVSHMEM ABI");
static_assert(sizeof(NvshmemUniqueIdArgs) == 24, "NVSHMEM ABI");
static_assert(sizeof(NvshmemInitArgs) == 128, "NVSHMEM ABI");
static_assert(sizeof(NvshmemInitAttr) == 144, "NVSHMEM ABI");
template <typename T> constexpr int32_t nvshmemVersion1() {
  return int32_t((1 << 16) + sizeof(T));
}
/// NVSHMEMX_INIT_WITH_UNIQUEID.
constexpr unsigned kInitWithUniqueId = 1u << 3;

/// The NVSHMEM host calls this backend makes. nvshmemx_hostlib_init_attr is
/// the exported initialisation (nvshmemx_init_attr is a header inline).
#define AC_NVSHMEM_CALLS(X)                                                    \
  X(getUniqueId, "nvshmemx_get_uniqueid", int(NvshmemUniqueId *))              \
  X(setUniqueIdArgs, "nvshmemx_set_attr_uniqueid_args",                        \
    int(int, int, const NvshmemUniqueId *, NvshmemInitAttr *))                 \
  X(initAttr, "nvshmemx_hostlib_init_attr", int(unsigned, NvshmemInitAttr *))  \
  X(finalize, "nvshmemx_hostlib_finalize", void())                             \
  X(myPe, "nvshmem_my_pe", int())                                              \
  X(numPes, "nvshmem_n_pes", int())                                            \
  X(allocate, "nvshmem_malloc", void *(size_t))                                \
  X(release, "nvshmem_free", void(void *))                                     \
  X(ptr, "nvshmem_ptr", void *(const void *, int))                             \
  X(barrierAll, "nvshmem_barrier_all", void())

struct Nvshmem {
#define AC_DECLARE_MEMBER(member, symbol, ...)                                 \
  FnPtr<__VA_ARGS__> member = nullptr;
  AC_NVSHMEM_CALLS(AC_DECLARE_MEMBER)
#undef AC_DECLARE_MEMBER
  bool ok = false;
  char error[400] = {0};
};

Nvshmem loadNvshmem() {
  Nvshmem loaded;
  const char *library = std::getenv("ASYNCCOPY_NVSHMEM_LIB");
  if (!library || !*library)
    library = "libnvshmem_host.so.3";
  // Global: NVSHMEM's bootstrap plugins resolve symbols of the host library.
  void *handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL);
  if (!handle) {
    const char *reason = dlerror();
    std::snprintf(loaded.error, sizeof(loaded.error),
                  "NVSHMEM backend: cannot load %s (%s); set "
                  "ASYNCCOPY_NVSHMEM_LIB",
                  library, reason ? reason : "unknown dlopen error");
    return loaded;
  }
#define AC_RESOLVE(member, symbol, ...)                                        \
  loaded.member = reinterpret_cast<FnPtr<__VA_ARGS__>>(dlsym(handle, symbol)); \
  if (!loaded.member) {                                                        \
    std::snprintf(loaded.error, sizeof(loaded.error),                          \
                  "NVSHMEM backend: %s does not export %s (NVSHMEM 3.x "       \
                  "needed)",                                                   \
                  library, symbol);                                            \
    return loaded;                                                             \
  }
  AC_NVSHMEM_CALLS(AC_RESOLVE)
#undef AC_RESOLVE
  loaded.ok = true;
  return loaded;
}

/// NVSHMEM, loaded once; null with the error set on failure.
const Nvshmem *getNvshmem(const char *site) {
  static const Nvshmem instance = loadNvshmem();
  if (instance.ok)
    return &instance;
  symmFail(site, "%s", instance.error);
  return nullptr;
}

/// Whether this process has initialised NVSHMEM (once per process).
bool initialized = false;

/// The NVSHMEM backend: one nvshmem_malloc'ed block per PE. Every call runs
/// with the primary context of the heap's device current; 0, or 1 with the
/// error set.
class NvshmemBackend : public SymmetricBackend {
public:
  int32_t barrier(acSymmHeap &heap, const char *site) override {
    return onHeapDevice(heap, site,
                        [](const Nvshmem &nvshmem) { nvshmem.barrierAll(); });
  }

  /// Frees the block and finalises NVSHMEM (also of a half-built heap).
  int32_t release(acSymmHeap &heap, const char *site) override {
    return onHeapDevice(heap, site, [this](const Nvshmem &nvshmem) {
      if (base)
        nvshmem.release(base);
      base = nullptr;
      nvshmem.finalize();
      initialized = false;
    });
  }

  /// The local nvshmem_malloc'ed block.
  void *base = nullptr;

private:
  /// Runs `body(nvshmem)` with the primary context of the heap's device
  /// current.
  template <typename Body>
  static int32_t onHeapDevice(acSymmHeap &heap, const char *site, Body body) {
    const Nvshmem *nvshmem = getNvshmem(site);
    if (!nvshmem)
      return 1;
    ScopedContext context(heap.devices[0], OnContextError::Report);
    if (!context.active())
      return symmFail(site, "%s", context.error());
    body(*nvshmem);
    return 0;
  }
};
} // namespace

} // namespace asynccopy::runtime

using namespace asynccopy::runtime;

extern "C" int32_t acSymmNvshmemUniqueId(void *id, uint64_t *idBytes) {
  const char *site = "acSymmNvshmemUniqueId";
  if (!id || !idBytes)
    return symmFail(site, "%s is null", id ? "idBytes" : "id");
  if (*idBytes < sizeof(NvshmemUniqueId)) {
    uint64_t capacity = *idBytes;
    *idBytes = sizeof(NvshmemUniqueId);
    return symmFail(site,
                    "the id buffer has %llu bytes; an NVSHMEM unique ID needs "
                    "%zu",
                    (unsigned long long)capacity, sizeof(NvshmemUniqueId));
  }
  const Nvshmem *nvshmem = getNvshmem(site);
  if (!nvshmem)
    return 1;
  NvshmemUniqueId unique;
  std::memset(&unique, 0, sizeof(unique));
  unique.version = nvshmemVersion1<NvshmemUniqueId>();
  if (int status = nvshmem->getUniqueId(&unique))
    return symmFail(site, "nvshmemx_get_uniqueid failed: %d", status);
  std::memcpy(id, &unique, sizeof(unique));
  *idBytes = sizeof(unique);
  clearLastError();
  return 0;
}

extern "C" int32_t acSymmCreateNvshmem(int32_t device, int32_t pe,
                                       int32_t numPes, uint64_t bytesPerPe,
                                       const void *uniqueId, uint64_t idBytes,
                                       acSymmHeap **heap) {
  const char *site = "acSymmCreateNvshmem";
  if (int32_t status =
          checkProcessArguments(site, device, pe, numPes, bytesPerPe, heap))
    return status;
  if (!uniqueId || idBytes != sizeof(NvshmemUniqueId))
    return symmFail(site,
                    "the unique ID must be the %zu bytes PE 0 got from "
                    "acSymmNvshmemUniqueId (got %llu%s)",
                    sizeof(NvshmemUniqueId), (unsigned long long)idBytes,
                    uniqueId ? "" : ", null");
  if (bytesPerPe > UINT64_MAX - SymmetricAllocator::kMinAlign)
    return symmFail(site, "bytesPerPe %llu is too large",
                    (unsigned long long)bytesPerPe);
  const Nvshmem *nvshmem = getNvshmem(site);
  if (!nvshmem)
    return 1;
  if (initialized)
    return symmFail(site, "NVSHMEM is already initialised in this process "
                          "(one NVSHMEM heap per process)");
  if (!symmDriver(site))
    return 1;
  ScopedContext context(device, OnContextError::Report);
  if (!context.active())
    return symmFail(site, "%s", context.error());

  NvshmemUniqueId unique;
  std::memcpy(&unique, uniqueId, sizeof(unique));
  NvshmemInitAttr attr;
  std::memset(&attr, 0, sizeof(attr));
  attr.version = nvshmemVersion1<NvshmemInitAttr>();
  attr.args.version = nvshmemVersion1<NvshmemInitArgs>();
  attr.args.uidArgs.version = nvshmemVersion1<NvshmemUniqueIdArgs>();
  if (int status = nvshmem->setUniqueIdArgs(pe, numPes, &unique, &attr))
    return symmFail(site, "nvshmemx_set_attr_uniqueid_args(%d, %d) failed: %d",
                    pe, numPes, status);
  if (int status = nvshmem->initAttr(kInitWithUniqueId, &attr))
    return symmFail(site,
                    "nvshmemx_hostlib_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID) "
                    "failed: %d (PE %d of %d on device %d)",
                    status, pe, numPes, device);
  initialized = true;
  NvshmemBackend *backend = nullptr;
  acSymmHeap *created = newHeap(backend, numPes, pe, {device});
  NvshmemBackend &nvshmemHeap = *backend;
  auto fail = [&](int32_t status) {
    std::string error = lastErrorMessage();
    nvshmemHeap.release(*created, site);
    delete created;
    setLastError(error.c_str());
    return status;
  };
  if (nvshmem->myPe() != pe || nvshmem->numPes() != numPes)
    return fail(symmFail(site,
                         "NVSHMEM made this process PE %d of %d; it asked to "
                         "be PE %d of %d",
                         nvshmem->myPe(), nvshmem->numPes(), pe, numPes));
  created->size = (bytesPerPe + SymmetricAllocator::kMinAlign - 1) /
                  SymmetricAllocator::kMinAlign * SymmetricAllocator::kMinAlign;
  nvshmemHeap.base = nvshmem->allocate(size_t(created->size));
  if (!nvshmemHeap.base)
    return fail(symmFail(site,
                         "nvshmem_malloc(%llu) failed (NVSHMEM's symmetric "
                         "heap is too small? set NVSHMEM_SYMMETRIC_SIZE)",
                         (unsigned long long)created->size));
  created->bases.assign(size_t(numPes), 0);
  for (int32_t i = 0; i < numPes; ++i)
    created->bases[size_t(i)] =
        reinterpret_cast<uintptr_t>(nvshmem->ptr(nvshmemHeap.base, i));
  created->allocator = SymmetricAllocator(created->size);
  if (int32_t status = registerHeap(created, site))
    return fail(status);
  *heap = created;
  clearLastError();
  return 0;
}
