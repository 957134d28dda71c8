//===- LauncherTest.cpp - acLauncher* on the fake CUDA driver -------------===//
//
// The one-call launcher of libAsyncCopyRuntime (include/asynccopy/Runtime/
// Launch.h): plan checks without a driver; on the fake driver
// (FakeCudaDriver.cpp), in death-test children: the parameters it packs from
// a record, tensor maps encoded once and again when what they are encoded
// from changes (never cached for empty tensors), scratch buffers per stream
// refilled only when their maps change, the least recently used one freed
// past the limit, launch counters (zeroed once per stream, after the maps),
// cluster launches and the function attributes (set once), and every kind
// of failure.
//
//===----------------------------------------------------------------------===//

#include "FakeDriverTest.h"

#include "asynccopy/Runtime/Launch.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace asynccopy::runtime::cuda;

namespace {

/// A driver call of the fake, resolved by name.
template <typename Fn> Fn *fakeCall(const char *name) {
  void *library = dlopen(AC_FAKE_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
  return library ? reinterpret_cast<Fn *>(dlsym(library, name)) : nullptr;
}

/// A kernel loaded on `device` of the fake (its primary context pushed for
/// the load, as the Python package does).
CUfunction loadKernel(int device) {
  CUcontext context = nullptr;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  fakeCall<CUresult(CUcontext *, CUdevice)>("cuDevicePrimaryCtxRetain")(
      &context, device);
  fakeCall<CUresult(CUcontext)>("cuCtxPushCurrent_v2")(context);
  static const char image[] = "fake module";
  fakeCall<CUresult(CUmodule *, const void *, unsigned, CUjit_option *,
                    void **)>("cuModuleLoadDataEx")(&module, image, 0, nullptr,
                                                    nullptr);
  fakeCall<CUresult(CUfunction *, CUmodule, const char *)>(
      "cuModuleGetFunction")(&function, module, "k");
  fakeCall<CUresult(CUcontext *)>("cuCtxPopCurrent_v2")(&context);
  return function;
}

/// A kernel (memref<?x?xf16> in, an i32 scalar) as the Python package
/// plans it, reduced: words 16-20 are the tensor's address, sizes and
/// strides (outermost first), word 21 the scalar. Parameters: the scalar
/// (4 B), a constant, the address less 64 B, then the map(s).
struct TestPlan {
  static constexpr int kWords = 22;
  std::vector<acLaunchParam> params;
  acLaunchTensorMap map = {};
  acLaunchPlan plan = {};

  explicit TestPlan(int32_t mode = AC_DESCRIPTORS_PARAM) {
    params.push_back({AC_PARAM_WORD, 4, 21, 0, 0});
    params.push_back({AC_PARAM_CONSTANT, 8, 0, 0, 42});
    params.push_back({AC_PARAM_ADDRESS, 8, 16, 0, 64});
    if (mode == AC_DESCRIPTORS_PARAM)
      params.push_back({AC_PARAM_TENSOR_MAP, 128, 0, 0, 0});
    else
      params.push_back({AC_PARAM_SCRATCH, 8, 0, 0, 0});
    map.elementType = AC_ELEMENT_F16;
    map.rank = 2;
    map.elementBytes = 2;
    map.swizzleBytes = 128;
    map.l2PromotionBytes = 128;
    map.addressWord = 16;
    map.dims[0] = {18, 0, 0}; // innermost: sizes[1]
    map.dims[1] = {17, 0, 0};
    map.strides[1] = {19, 0, 0}; // strides[0], in elements
    map.boxDims[0] = 64;
    map.boxDims[1] = 32;
    plan.numParams = int32_t(params.size());
    plan.numTensorMaps = 1;
    plan.params = params.data();
    plan.tensorMaps = &map;
    plan.descriptorMode = mode;
    plan.recordWords = kWords;
  }
};

/// A record for `function`: grid 2x1x1, block 128, the tensor at `address`
/// (rows x 128, row stride `stride`), scalar -3.
std::vector<int64_t> makeRecord(CUfunction function, int64_t address,
                                int64_t rows = 100, int64_t stride = 128,
                                int64_t stream = 0) {
  std::vector<int64_t> record(TestPlan::kWords, 0);
  record[AC_RECORD_FUNCTION] = int64_t(reinterpret_cast<uintptr_t>(function));
  record[AC_RECORD_STREAM] = stream;
  record[AC_RECORD_GRID] = 2;
  record[AC_RECORD_GRID + 1] = record[AC_RECORD_GRID + 2] = 1;
  record[AC_RECORD_BLOCK] = 128;
  record[AC_RECORD_BLOCK + 1] = record[AC_RECORD_BLOCK + 2] = 1;
  record[16] = address;
  record[17] = rows;
  record[18] = 128;
  record[19] = stride;
  record[20] = 1;
  record[21] = -3;
  return record;
}

int64_t serialOf(const std::vector<unsigned char> &map) {
  int64_t serial;
  std::memcpy(&serial, map.data(), sizeof(serial));
  return serial;
}

TEST(Launcher, RejectsMalformedPlans) {
  EXPECT_EQ(acLauncherCreate(nullptr), nullptr);
  EXPECT_STREQ(acGetLastError(), "launch plan: null plan");
  auto expectRejected = [](TestPlan &t, const char *message) {
    EXPECT_EQ(acLauncherCreate(&t.plan), nullptr);
    EXPECT_NE(std::string(acGetLastError()).find(message), std::string::npos)
        << acGetLastError();
  };
  TestPlan shortRecord;
  shortRecord.plan.recordWords = 12;
  expectRejected(shortRecord, "no room for the 16-word header");
  TestPlan outside;
  outside.params[0].word = TestPlan::kWords;
  expectRejected(outside, "parameter 0 (kind 0, 4 B, word 22) does not fit");
  TestPlan header;
  header.params[2].word = AC_RECORD_STREAM; // only argument words
  expectRejected(header, "parameter 2");
  TestPlan wide;
  wide.params[1].bytes = 16;
  expectRejected(wide, "parameter 1");
  TestPlan mapIndex;
  mapIndex.params[3].word = 1;
  expectRejected(mapIndex, "parameter 3");
  TestPlan scratchInParam;
  scratchInParam.params[3] = {AC_PARAM_SCRATCH, 8, 0, 0, 0};
  expectRejected(scratchInParam, "parameter 3");
  for (acLaunchParam counter : {acLaunchParam{AC_PARAM_COUNTER, 4, 1, 0, 1},
                                acLaunchParam{AC_PARAM_COUNTER, 8, 0, 0, 1},
                                acLaunchParam{AC_PARAM_COUNTER, 8, 1, 0, 0}}) {
    TestPlan badCounter;
    badCounter.params[1] = counter;
    expectRejected(badCounter, "parameter 1 (kind 5");
  }
  TestPlan rank;
  rank.map.rank = 6;
  expectRejected(rank, "tensor map 0 (rank 6");
  TestPlan dimWord;
  dimWord.map.dims[1].word = 40;
  expectRejected(dimWord, "tensor map 0");
  TestPlan mode;
  mode.plan.descriptorMode = 3;
  expectRejected(mode, "descriptor mode 3");
  TestPlan good;
  acLauncher *launcher = acLauncherCreate(&good.plan);
  EXPECT_NE(launcher, nullptr);
  EXPECT_STREQ(acGetLastError(), "");
  EXPECT_EQ(acLauncherCounter(launcher, AC_LAUNCHER_LAUNCHES), 0);
  EXPECT_EQ(acLauncherCounter(launcher, 99), -1);
  acLauncherDestroy(launcher);
  acLauncherDestroy(nullptr);
  int64_t record[TestPlan::kWords] = {};
  EXPECT_EQ(acLauncherLaunch(nullptr, record), AC_LAUNCH_INVALID);
}

/// Parameters from the record; the map encoded once while its inputs stay,
/// again when the address, a size or a stride changes; the plan's arrays
/// are copied.
int packsAndCachesMaps() {
  FakeCudaState *fake = useFakeDriver();
  fake->stampMaps = true;
  fake->paramSizes = {4, 8, 8, 128};
  CUfunction function = loadKernel(0);
  acLauncher *launcher = nullptr;
  {
    TestPlan t;
    launcher = acLauncherCreate(&t.plan);
  }
  auto record = makeRecord(function, 0x10000);
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  const FakeCudaState::Launch &launch = fake->lastLaunch;
  int32_t scalar;
  int64_t constant;
  uint64_t address;
  std::memcpy(&scalar, launch.params[0].data(), 4);
  std::memcpy(&constant, launch.params[1].data(), 8);
  std::memcpy(&address, launch.params[2].data(), 8);
  EXPECT_IN_CHILD(scalar == -3 && constant == 42 && address == 0x10000 - 64);
  EXPECT_IN_CHILD(serialOf(launch.params[3]) == 1);
  EXPECT_IN_CHILD(launch.grid[0] == 2 && launch.block[0] == 128 &&
                  launch.cluster[0] == 0 && launch.smem == 0);
  EXPECT_IN_CHILD(fake->lastMap.address == reinterpret_cast<void *>(0x10000));
  EXPECT_IN_CHILD(fake->lastMap.dims[0] == 128 && fake->lastMap.dims[1] == 100);
  EXPECT_IN_CHILD(fake->lastMap.strides[0] == 256);
  EXPECT_IN_CHILD(fake->lastMap.box[0] == 64 && fake->lastMap.box[1] == 32);

  for (int i = 0; i < 3; ++i) {
    record[21] = i; // scalars do not touch the map
    EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  }
  EXPECT_IN_CHILD(fake->mapsEncoded == 1);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_MAPS_ENCODED) == 1);
  EXPECT_IN_CHILD(serialOf(launch.params[3]) == 1);

  struct Change {
    int64_t address, rows, stride;
  } changes[] = {{0x20000, 100, 128}, {0x20000, 50, 128}, {0x20000, 50, 256}};
  int64_t encoded = 1;
  for (const Change &change : changes) {
    record = makeRecord(function, change.address, change.rows, change.stride);
    for (int i = 0; i < 2; ++i)
      EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                      AC_LAUNCH_OK);
    ++encoded;
    EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_MAPS_ENCODED) ==
                    encoded);
    EXPECT_IN_CHILD(fake->mapsEncoded == encoded);
    EXPECT_IN_CHILD(serialOf(launch.params[3]) == encoded);
  }
  EXPECT_IN_CHILD(fake->lastMap.dims[1] == 50 &&
                  fake->lastMap.strides[0] == 512);
  // Another device: encoded for it.
  record[AC_RECORD_FUNCTION] =
      int64_t(reinterpret_cast<uintptr_t>(loadKernel(1)));
  record[AC_RECORD_DEVICE] = 1;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_MAPS_ENCODED) ==
                  encoded + 1);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_LAUNCHES) == 11);
  EXPECT_IN_CHILD(fake->launches == 11);
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, PacksAndCachesMaps) {
  EXPECT_EXIT(exit(packsAndCachesMaps()), testing::ExitedWithCode(0), "");
}

/// The map of an empty tensor points at scratch its encoding refills: it
/// is encoded at every launch, and the slot filled on the launch's stream
/// (ordered before the launch on a non-blocking stream too).
int emptyTensorMapsAreNotCached() {
  FakeCudaState *fake = useFakeDriver();
  CUfunction function = loadKernel(0);
  TestPlan t;
  acLauncher *launcher = acLauncherCreate(&t.plan);
  auto record = makeRecord(function, 0, /*rows=*/0, /*stride=*/128,
                           /*stream=*/7);
  for (int i = 0; i < 3; ++i)
    EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_MAPS_ENCODED) == 3);
  EXPECT_IN_CHILD(fake->memsetStreams.size() == 3);
  for (CUstream stream : fake->memsetStreams)
    EXPECT_IN_CHILD(stream == reinterpret_cast<CUstream>(7));
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, EmptyTensorMapsAreNotCached) {
  EXPECT_EXIT(exit(emptyTensorMapsAreNotCached()), testing::ExitedWithCode(0),
              "");
}

/// A `fallback` map of a tensor that breaks the rules (a row stride of 200 B)
/// is zeroed and the launch goes ahead (the kernel takes its fallback); the
/// same map without the flag fails the launch.
int fallbackMaps() {
  FakeCudaState *fake = useFakeDriver();
  fake->paramSizes = {4, 8, 8, 128};
  CUfunction function = loadKernel(0);
  TestPlan t;
  t.map.flags = AC_LAUNCH_MAP_FALLBACK;
  acLauncher *launcher = acLauncherCreate(&t.plan);
  auto record = makeRecord(function, 0x10000, 100, /*stride=*/100);
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->mapsEncoded == 0);
  const std::vector<unsigned char> &map = fake->lastLaunch.params[3];
  EXPECT_IN_CHILD(std::all_of(map.begin(), map.end(),
                              [](unsigned char b) { return b == 0; }));
  // A tensor that meets them is encoded.
  record = makeRecord(function, 0x10000);
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->mapsEncoded == 1);
  acLauncherDestroy(launcher);
  TestPlan strict;
  launcher = acLauncherCreate(&strict.plan);
  record = makeRecord(function, 0x10000, 100, /*stride=*/100);
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_TENSOR_MAP_INVALID);
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, FallbackMaps) {
  EXPECT_EXIT(exit(fallbackMaps()), testing::ExitedWithCode(0), "");
}

/// Scratch mode: a buffer per stream (per thread for the per-thread
/// default stream), refilled on its stream only when its maps changed; the
/// least recently used one freed past the limit; all freed at the end.
int scratchBuffersPerStream() {
  FakeCudaState *fake = useFakeDriver();
  fake->stampMaps = true;
  fake->paramSizes = {4, 8, 8, 8};
  CUfunction function = loadKernel(0);
  TestPlan t(AC_DESCRIPTORS_SCRATCH);
  acLauncher *launcher = acLauncherCreate(&t.plan);
  auto bufferOfLastLaunch = [&] {
    uint64_t address;
    std::memcpy(&address, fake->lastLaunch.params[3].data(), 8);
    return address;
  };
  auto launch = [&](int64_t address, int64_t stream) {
    auto record = makeRecord(function, address, 100, 128, stream);
    return acLauncherLaunch(launcher, record.data());
  };
  EXPECT_IN_CHILD(launch(0x10000, 5) == AC_LAUNCH_OK);
  uint64_t first = bufferOfLastLaunch();
  EXPECT_IN_CHILD(fake->hostToDeviceCopies == 1 &&
                  fake->lastCopyStream == reinterpret_cast<CUstream>(5) &&
                  fake->lastCopyDestination == first &&
                  fake->lastCopyBytes == 128);
  // The buffer holds the encoded map.
  EXPECT_IN_CHILD(*reinterpret_cast<int64_t *>(first) == 1);
  EXPECT_IN_CHILD(launch(0x10000, 5) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->hostToDeviceCopies == 1 &&
                  bufferOfLastLaunch() == first);
  EXPECT_IN_CHILD(launch(0x10000, 9) == AC_LAUNCH_OK); // another stream
  uint64_t second = bufferOfLastLaunch();
  EXPECT_IN_CHILD(second != first && fake->hostToDeviceCopies == 2);
  EXPECT_IN_CHILD(launch(0x20000, 5) == AC_LAUNCH_OK); // a new map
  EXPECT_IN_CHILD(fake->hostToDeviceCopies == 3 &&
                  bufferOfLastLaunch() == first &&
                  *reinterpret_cast<int64_t *>(first) == 2);
  EXPECT_IN_CHILD(launch(0x20000, 9) == AC_LAUNCH_OK); // stream 9's too
  EXPECT_IN_CHILD(fake->hostToDeviceCopies == 4 &&
                  fake->lastCopyStream == reinterpret_cast<CUstream>(9));
  // 0 and CU_STREAM_LEGACY are one stream.
  EXPECT_IN_CHILD(launch(0x20000, 0) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(launch(0x20000, 1) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_SCRATCH_BUFFERS) ==
                  3);
  // The per-thread default stream: one buffer per thread (both threads
  // alive at once, so they are told apart).
  std::atomic<int> launched{0};
  auto onPerThreadStream = [&] {
    EXPECT_IN_CHILD(launch(0x20000, 2) == AC_LAUNCH_OK);
    ++launched;
    while (launched < 2)
      std::this_thread::yield();
  };
  std::thread one(onPerThreadStream), two(onPerThreadStream);
  one.join();
  two.join();
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_SCRATCH_BUFFERS) ==
                  5);
  int64_t allocations = fake->allocations, frees = fake->frees;
  for (int64_t stream = 100; stream < 100 + AC_LAUNCHER_MAX_SCRATCH_BUFFERS;
       ++stream)
    EXPECT_IN_CHILD(launch(0x20000, stream) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_SCRATCH_BUFFERS) ==
                  AC_LAUNCHER_MAX_SCRATCH_BUFFERS);
  EXPECT_IN_CHILD(fake->allocations ==
                  allocations + AC_LAUNCHER_MAX_SCRATCH_BUFFERS);
  EXPECT_IN_CHILD(fake->frees == frees + 5);
  // Stream 5's buffer was freed: it is allocated again, in place of the
  // least recently used one.
  EXPECT_IN_CHILD(launch(0x20000, 5) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->frees == frees + 6);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_SCRATCH_FILLS) ==
                  fake->hostToDeviceCopies);
  acLauncherDestroy(launcher);
  EXPECT_IN_CHILD(fake->frees == frees + 6 + AC_LAUNCHER_MAX_SCRATCH_BUFFERS);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, ScratchBuffersPerStream) {
  EXPECT_EXIT(exit(scratchBuffersPerStream()), testing::ExitedWithCode(0), "");
}

/// Launch counters: two after the maps of a scratch buffer (one per stream),
/// zeroed once on the stream when it is allocated, at the same addresses
/// on every launch; a kernel with counters only gets a buffer of them; a
/// grid with other rows than the counter's is refused before anything runs.
int launchCounters() {
  FakeCudaState *fake = useFakeDriver();
  fake->paramSizes = {4, 8, 8, 8, 8, 8};
  CUfunction function = loadKernel(0);
  TestPlan t(AC_DESCRIPTORS_SCRATCH);
  t.params.insert(t.params.begin() + 3, {AC_PARAM_COUNTER, 8, 1, 0, 1});
  t.params.insert(t.params.begin() + 4, {AC_PARAM_COUNTER, 8, 1, 0, 1});
  t.plan.params = t.params.data();
  t.plan.numParams = int32_t(t.params.size());
  acLauncher *launcher = acLauncherCreate(&t.plan);
  EXPECT_IN_CHILD(launcher != nullptr);
  auto param = [&](int i) {
    uint64_t address;
    std::memcpy(&address, fake->lastLaunch.params[i].data(), 8);
    return address;
  };
  auto launch = [&](int64_t stream) {
    auto record = makeRecord(function, 0x10000, 100, 128, stream);
    return acLauncherLaunch(launcher, record.data());
  };
  for (int i = 0; i < 3; ++i)
    EXPECT_IN_CHILD(launch(5) == AC_LAUNCH_OK);
  uint64_t maps = param(5);
  EXPECT_IN_CHILD(param(3) == maps + 128 && param(4) == maps + 144);
  EXPECT_IN_CHILD(fake->memsetStreams.size() == 1 &&
                  fake->memsetStreams[0] == reinterpret_cast<CUstream>(5));
  const auto *words = reinterpret_cast<const uint32_t *>(maps + 128);
  EXPECT_IN_CHILD(
      std::all_of(words, words + 8, [](uint32_t w) { return w == 0; }));
  EXPECT_IN_CHILD(launch(9) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(param(3) != maps + 128 && fake->memsetStreams.size() == 2 &&
                  fake->memsetStreams[1] == reinterpret_cast<CUstream>(9));
  auto record = makeRecord(function, 0x10000, 100, 128, 5);
  record[AC_RECORD_GRID + 1] = 2;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_INVALID);
  EXPECT_IN_CHILD(std::string(acGetLastError()) ==
                  "launch record: the kernel claims its tiles from a counter "
                  "that one row of the grid shares: grid y and z must be 1 "
                  "and 1, not 2 and 1");
  EXPECT_IN_CHILD(fake->launches == 4);
  acLauncherDestroy(launcher);

  // Counters alone, on 2x1 clusters in rows of 2 in y.
  fake->paramSizes = {4, 8, 8, 8, 128};
  TestPlan c;
  c.params.insert(c.params.begin() + 3, {AC_PARAM_COUNTER, 8, 2, 0, 1});
  c.plan.params = c.params.data();
  c.plan.numParams = int32_t(c.params.size());
  launcher = acLauncherCreate(&c.plan);
  record = makeRecord(function, 0x10000);
  record[AC_RECORD_GRID + 1] = 2;
  record[AC_RECORD_CLUSTER] = 1;
  record[AC_RECORD_CLUSTER + 1] = 2;
  record[AC_RECORD_CLUSTER + 2] = 1;
  int64_t allocations = fake->allocations;
  for (int i = 0; i < 2; ++i)
    EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->allocations == allocations + 1 &&
                  fake->memsetStreams.size() == 3);
  EXPECT_IN_CHILD(*reinterpret_cast<const uint64_t *>(param(3)) == 0);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_SCRATCH_FILLS) == 0);
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, LaunchCounters) {
  EXPECT_EXIT(exit(launchCounters()), testing::ExitedWithCode(0), "");
}

/// Cluster launches through cuLaunchKernelEx; the non-portable cluster and
/// dynamic shared memory attributes are set once per function.
int clustersAndAttributes() {
  FakeCudaState *fake = useFakeDriver();
  CUfunction function = loadKernel(0);
  TestPlan t;
  t.plan.dynamicSmemBytes = 100 * 1024;
  acLauncher *launcher = acLauncherCreate(&t.plan);
  auto record = makeRecord(function, 0x10000);
  record[AC_RECORD_GRID] = 32;
  record[AC_RECORD_CLUSTER] = 16;
  record[AC_RECORD_CLUSTER + 1] = record[AC_RECORD_CLUSTER + 2] = 1;
  for (int i = 0; i < 3; ++i)
    EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->exLaunches == 3);
  EXPECT_IN_CHILD(
      fake->lastLaunch.cluster[0] == 16 && fake->lastLaunch.cluster[1] == 1 &&
      fake->lastLaunch.grid[0] == 32 && fake->lastLaunch.smem == 100 * 1024);
  EXPECT_IN_CHILD(fake->functionAttributes.size() == 2);
  EXPECT_IN_CHILD(
      fake->functionAttributes[0] ==
      std::make_pair(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                     100 * 1024));
  EXPECT_IN_CHILD(
      fake->functionAttributes[1] ==
      std::make_pair(CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
  // Clusters of 8 are portable; no cluster: cuLaunchKernel.
  record[AC_RECORD_CLUSTER] = 0;
  record[AC_RECORD_CLUSTER + 1] = record[AC_RECORD_CLUSTER + 2] = 0;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(fake->exLaunches == 3 && fake->launches == 4);
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, ClustersAndAttributes) {
  EXPECT_EXIT(exit(clustersAndAttributes()), testing::ExitedWithCode(0), "");
}

/// Failures: a map that breaks a rule (not kept: the next launch checks it
/// again), a malformed geometry, a device without a context, a function
/// the driver refuses. None exits.
int failures() {
  FakeCudaState *fake = useFakeDriver();
  CUfunction function = loadKernel(0);
  TestPlan t;
  acLauncher *launcher = acLauncherCreate(&t.plan);
  auto record = makeRecord(function, 0x10008);
  for (int i = 0; i < 2; ++i) {
    EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                    AC_LAUNCH_TENSOR_MAP_INVALID);
    EXPECT_IN_CHILD(record[AC_RECORD_ERROR_INDEX] == 0);
    EXPECT_IN_CHILD(std::string(acGetLastError())
                        .rfind("tensor map: global address 0x10008 is not 16-B "
                               "aligned",
                               0) == 0);
  }
  record = makeRecord(function, 0x10000);
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) == AC_LAUNCH_OK);
  EXPECT_IN_CHILD(std::string(acGetLastError()).empty());

  record[AC_RECORD_BLOCK + 1] = 0;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_INVALID);
  EXPECT_IN_CHILD(std::string(acGetLastError()) ==
                  "launch record: block dim 1 is 0: must be 1 to 2^32-1");
  record[AC_RECORD_BLOCK + 1] = 1;
  record[AC_RECORD_CLUSTER + 1] = 2; // cluster dims all 0 or all set
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_INVALID);
  record[AC_RECORD_CLUSTER + 1] = 0;

  record[AC_RECORD_DEVICE] = FakeCudaState::kDevices;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_DRIVER_ERROR);
  EXPECT_IN_CHILD(record[AC_RECORD_ERROR_INDEX] == AC_CALL_CONTEXT);
  EXPECT_IN_CHILD(std::string(acGetLastError()).find("cuDeviceGet") !=
                  std::string::npos);
  // The kernel's module belongs to device 0's context.
  record[AC_RECORD_DEVICE] = 1;
  EXPECT_IN_CHILD(acLauncherLaunch(launcher, record.data()) ==
                  AC_LAUNCH_DRIVER_ERROR);
  EXPECT_IN_CHILD(record[AC_RECORD_ERROR_INDEX] == AC_CALL_LAUNCH_KERNEL);
  EXPECT_IN_CHILD(record[AC_RECORD_ERROR_RESULT] == 201);
  EXPECT_IN_CHILD(std::string(acGetLastError())
                      .rfind("cuLaunchKernel failed: fake driver error", 0) ==
                  0);
  EXPECT_IN_CHILD(fake->launches == 1);
  EXPECT_IN_CHILD(acLauncherCounter(launcher, AC_LAUNCHER_LAUNCHES) == 1);
  acLauncherDestroy(launcher);
  return childFailures;
}

TEST(LauncherFakeDriverDeathTest, Failures) {
  EXPECT_EXIT(exit(failures()), testing::ExitedWithCode(0), "");
}

} // namespace
