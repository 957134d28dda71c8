//===- FakeCudaDriver.h - state of the fake CUDA driver ---------*- C++ -*-===//
//
// What libAsyncCopyFakeCudaDriver.so (FakeCudaDriver.cpp) has been asked to
// do; RuntimeTest.cpp reads it through the exported fakeCuda().
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TEST_UNIT_FAKECUDADRIVER_H
#define ASYNCCOPY_TEST_UNIT_FAKECUDADRIVER_H

#include "CudaDriverTypes.h"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

/// The arguments of the last successful cuTensorMapEncodeTiled.
struct FakeTensorMap {
  int type = -1;
  uint32_t rank = 0;
  void *address = nullptr;
  uint64_t dims[5] = {};
  uint64_t strides[4] = {};
  uint32_t box[5] = {};
  int swizzle = -1;
  int oobFill = -1;
};

struct FakeCudaState {
  int64_t streamsCreated = 0;
  int64_t eventsCreated = 0;
  int64_t streamSynchronizes = 0;
  int64_t streamWaits = 0;
  int64_t allocations = 0;
  int64_t mapsEncoded = 0;
  /// When set, each encoded map's first 8 bytes are its serial number
  /// (mapsEncoded after the encode) instead of 0x5A, so tests can tell maps
  /// apart.
  bool stampMaps = false;
  std::set<void *> liveStreams;
  std::set<void *> liveEvents;
  std::set<void *> recordedEvents;
  /// The stream of every cuMemsetD32Async.
  std::vector<asynccopy::runtime::cuda::CUstream> memsetStreams;
  FakeTensorMap lastMap;

  /// Devices 0 to kDevices-1 exist; noPeerAccess lists the (device, peer)
  /// pairs cuDeviceCanAccessPeer denies.
  static constexpr int kDevices = 4;
  std::set<std::pair<int, int>> noPeerAccess;
  int64_t contextSynchronizes = 0;
  int64_t launches = 0;
  /// VMM: the allocation granularity, the live physical allocations (memfd
  /// handles), mappings and reserved ranges, the ranges cuMemSetAccess was
  /// called on and the devices of its last call.
  size_t granularity = 2 << 20;
  std::set<unsigned long long> liveHandles;
  int64_t liveMappings = 0;
  int64_t liveReservations = 0;
  std::set<std::pair<asynccopy::runtime::cuda::CUdeviceptr, size_t>>
      accessRanges;
  std::vector<int> accessDevices;
  /// Modules whose image mentions __asynccopy_symm get a table: module ->
  /// its (host-memory) table.
  std::map<void *, void *> moduleTables;
  /// The loaded modules: module -> device of the context it was loaded in.
  std::map<void *, int> liveModules;
  int64_t modulesUnloaded = 0;
  /// cuModuleGetGlobal calls (each miss is an API error on a real driver).
  int64_t globalLookups = 0;
  /// Devices on which every module fails to load.
  std::set<int> failingLoadDevices;
  /// Devices whose modules' tables cuMemcpyHtoD fails to write.
  std::set<int> failingTableDevices;

  /// Launches (both kinds): the last one's geometry, stream and dynamic
  /// shared memory, its cluster (0s for cuLaunchKernel) and, when
  /// paramSizes is set (one size a parameter), copies of its parameters.
  struct Launch {
    unsigned grid[3] = {}, block[3] = {}, cluster[3] = {};
    unsigned smem = 0;
    asynccopy::runtime::cuda::CUstream stream = nullptr;
    asynccopy::runtime::cuda::CUfunction function = nullptr;
    std::vector<std::vector<unsigned char>> params;
  } lastLaunch;
  std::vector<size_t> paramSizes;
  int64_t exLaunches = 0;
  /// cuFuncSetAttribute calls: (attribute, value) of each.
  std::vector<std::pair<int, int>> functionAttributes;
  /// cuMemcpyHtoDAsync: count, and the last one's destination, bytes and
  /// stream.
  int64_t hostToDeviceCopies = 0;
  asynccopy::runtime::cuda::CUdeviceptr lastCopyDestination = 0;
  size_t lastCopyBytes = 0;
  asynccopy::runtime::cuda::CUstream lastCopyStream = nullptr;
  /// The stream cuStreamIsCapturing reports as capturing (none: null).
  asynccopy::runtime::cuda::CUstream capturingStream = nullptr;
  int64_t frees = 0;
};

/// Exported by the fake driver.
using FakeCudaFn = FakeCudaState *(*)();

#endif // ASYNCCOPY_TEST_UNIT_FAKECUDADRIVER_H
