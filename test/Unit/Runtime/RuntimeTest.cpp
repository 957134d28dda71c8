//===- RuntimeTest.cpp - libAsyncCopyRuntime without a GPU ----------------===//
//
// Links the shared runtime like any host program and checks what needs no
// GPU: every tensor-map rule with its message, the encoder's argument checks
// (which fail before the driver is loaded), and that a missing or bogus
// driver ends the process with a clear message instead of a crash. The
// driver tests point ASYNCCOPY_CUDA_DRIVER at a library that is not one, or
// at a fake driver (FakeCudaDriver.cpp) to see what the runtime asks of it,
// in a death-test child, so they behave the same on a machine with a GPU.
//
//===----------------------------------------------------------------------===//

#include "FakeDriverTest.h"

#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

/// A legal 2-D f16 tile map: a 64 x 128 row-major tensor (dims innermost
/// first: 128, 64; rows 256 B apart), 32 x 64 boxes, 128-B swizzle.
struct TiledMap {
  int32_t elementType = AC_ELEMENT_F16;
  int32_t rank = 2;
  const void *globalAddress = reinterpret_cast<const void *>(0x10000);
  int64_t globalDims[5] = {128, 64, 1, 1, 1};
  int64_t globalStrides[4] = {256, 256 * 64, 256 * 64, 256 * 64};
  int32_t boxDims[5] = {64, 32, 1, 1, 1};
  int32_t swizzle = 128;
  int32_t oobFill = AC_OOB_FILL_ZERO;
  int32_t l2Promotion = 0;

  int32_t validate() const {
    return acTensorMapValidateTiled(elementType, rank, globalAddress,
                                    globalDims, globalStrides, boxDims, swizzle,
                                    oobFill, l2Promotion);
  }
};

/// Expects `map` to be rejected with a message containing `message`.
void expectInvalid(const TiledMap &map, const std::string &message) {
  EXPECT_EQ(map.validate(), AC_TENSOR_MAP_INVALID);
  std::string error = acGetLastError();
  EXPECT_NE(error.find(message), std::string::npos)
      << "message: " << error << "\nexpected to contain: " << message;
  EXPECT_EQ(error.rfind("tensor map: ", 0), 0u) << error;
}

void expectValid(const TiledMap &map) {
  EXPECT_EQ(map.validate(), AC_TENSOR_MAP_OK) << acGetLastError();
  EXPECT_STREQ(acGetLastError(), "");
}

TEST(RuntimeTensorMap, DescriptorIs128Bytes) {
  EXPECT_EQ(acTensorMapDescriptorBytes(), 128);
}

TEST(RuntimeTensorMap, Accepts2DF16With128BSwizzle) { expectValid(TiledMap()); }

TEST(RuntimeTensorMap, ErrorClearedBySuccess) {
  TiledMap bad;
  bad.rank = 0;
  expectInvalid(bad, "rank 0");
  expectValid(TiledMap());
}

TEST(RuntimeTensorMap, ElementType) {
  TiledMap map;
  map.elementType = 10;
  expectInvalid(map, "element type 10 is not an acElementType: must be 0 to 9 "
                     "(u8, u16, u32, s32, u64, s64, f16, f32, f64, bf16)");
  map.elementType = -1;
  expectInvalid(map, "element type -1 is not an acElementType");
  // Every acElementType is legal with a box row of 16 B.
  const int32_t bytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2};
  for (int32_t type = AC_ELEMENT_U8; type <= AC_ELEMENT_BF16; ++type) {
    TiledMap legal;
    legal.elementType = type;
    legal.boxDims[0] = 16 / bytes[type];
    legal.swizzle = 0;
    expectValid(legal);
  }
}

TEST(RuntimeTensorMap, Rank) {
  TiledMap map;
  map.rank = 0;
  expectInvalid(map, "rank 0 is out of range: must be 1 to 5");
  map.rank = 6;
  expectInvalid(map, "rank 6 is out of range: must be 1 to 5");
  map.rank = 5;
  expectValid(map);
  // Rank 1 needs no strides.
  EXPECT_EQ(acTensorMapValidateTiled(AC_ELEMENT_F32, 1, nullptr, map.globalDims,
                                     nullptr, map.boxDims, 0, 0, 0),
            AC_TENSOR_MAP_OK)
      << acGetLastError();
}

TEST(RuntimeTensorMap, NullArrays) {
  TiledMap map;
  EXPECT_EQ(acTensorMapValidateTiled(map.elementType, 2, nullptr, nullptr,
                                     map.globalStrides, map.boxDims, 128, 0, 0),
            AC_TENSOR_MAP_INVALID);
  EXPECT_STREQ(acGetLastError(),
               "tensor map: globalDims is null: rank 2 needs 2 entries");
  EXPECT_EQ(acTensorMapValidateTiled(map.elementType, 2, nullptr,
                                     map.globalDims, nullptr, map.boxDims, 128,
                                     0, 0),
            AC_TENSOR_MAP_INVALID);
  EXPECT_STREQ(acGetLastError(),
               "tensor map: globalStridesBytes is null: rank 2 needs 1 "
               "entries");
  EXPECT_EQ(acTensorMapValidateTiled(map.elementType, 2, nullptr,
                                     map.globalDims, map.globalStrides, nullptr,
                                     128, 0, 0),
            AC_TENSOR_MAP_INVALID);
  EXPECT_STREQ(acGetLastError(),
               "tensor map: boxDims is null: rank 2 needs 2 entries");
}

TEST(RuntimeTensorMap, GlobalAddressAlignment) {
  TiledMap map;
  map.globalAddress = reinterpret_cast<const void *>(0x10008);
  expectInvalid(map, "global address 0x10008 is not 16-B aligned");
  map.globalAddress = reinterpret_cast<const void *>(0x10010);
  expectValid(map);
  // Unknown address (compile time): not checked.
  map.globalAddress = nullptr;
  expectValid(map);
}

TEST(RuntimeTensorMap, GlobalDims) {
  TiledMap map;
  map.globalDims[1] = -1;
  expectInvalid(map, "global size -1 of dim 1 is out of range: must be 0 (an "
                     "empty tensor) to 2147483391 (TMA coordinates are "
                     "signed 32-bit)");
  // The hardware's limit is 2^32, but coordinates saturate at 2^31 - 1.
  map.globalDims[1] = int64_t(1) << 31;
  expectInvalid(map, "global size 2147483648 of dim 1 is out of range");
  map.globalDims[1] = (int64_t(1) << 31) - 1 - 256;
  expectValid(map);
  map.globalDims[0] = -5;
  expectInvalid(map, "global size -5 of dim 0 is out of range");
}

TEST(RuntimeTensorMap, EmptyTensor) {
  // A tensor with an extent 0 has no element: every box is out of bounds and
  // its memory is never accessed, so its address and strides do not matter.
  TiledMap map;
  map.globalDims[1] = 0;
  expectValid(map);
  map.globalAddress = reinterpret_cast<const void *>(0x10008);
  map.globalStrides[0] = 24;
  expectValid(map);
  // What the kernel's side of the map needs still holds.
  map.boxDims[0] = 12;
  expectInvalid(map, "inner box dim spans 24 B (12 x 2-B f16)");
  map.boxDims[0] = 64;
  map.swizzle = 48;
  expectInvalid(map, "swizzle 48 B is not 0, 32, 64 or 128");
}

TEST(RuntimeTensorMap, GlobalStrides) {
  TiledMap map;
  map.globalStrides[0] = 24;
  expectInvalid(map, "global stride 24 B of dim 1 is not a multiple of 16 B");
  map.globalStrides[0] = 0;
  expectInvalid(map, "global stride 0 B of dim 1 is not positive: must be a "
                     "positive multiple of 16 B");
  map.globalStrides[0] = -256;
  expectInvalid(map, "global stride -256 B of dim 1 is not positive");
  map.globalStrides[0] = int64_t(1) << 40;
  expectInvalid(map, "global stride 1099511627776 B of dim 1 is too large: "
                     "must be below 2^40 B");
  map.globalStrides[0] = (int64_t(1) << 40) - 16;
  expectValid(map);
  // The stride of dim 2 is the second entry.
  map = TiledMap();
  map.rank = 3;
  map.globalStrides[1] = 100;
  expectInvalid(map, "global stride 100 B of dim 2 is not a multiple of 16 B");
}

TEST(RuntimeTensorMap, BoxDims) {
  TiledMap map;
  map.boxDims[1] = 0;
  expectInvalid(map, "box size 0 of dim 1 is out of range: must be 1 to 256");
  map.boxDims[1] = 257;
  expectInvalid(map, "box size 257 of dim 1 is out of range: must be 1 to "
                     "256");
  map.boxDims[1] = 256;
  expectValid(map);
  // A box may exceed the tensor (the rest is out of bounds).
  map.globalDims[1] = 3;
  expectValid(map);
}

TEST(RuntimeTensorMap, InnerBoxBytesMultipleOf16) {
  TiledMap map;
  map.boxDims[0] = 12; // 24 B of f16
  expectInvalid(map, "inner box dim spans 24 B (12 x 2-B f16), not a "
                     "multiple of 16 B: make box size of dim 0 a multiple "
                     "of 8");
  map.elementType = AC_ELEMENT_U8;
  map.boxDims[0] = 4;
  expectInvalid(map, "inner box dim spans 4 B (4 x 1-B u8), not a multiple "
                     "of 16 B");
  map.boxDims[0] = 16;
  expectValid(map);
}

TEST(RuntimeTensorMap, Swizzle) {
  TiledMap map;
  map.swizzle = 48;
  expectInvalid(map, "swizzle 48 B is not 0, 32, 64 or 128");
  map.swizzle = 256;
  expectInvalid(map, "swizzle 256 B is not 0, 32, 64 or 128");
  // The inner box dim must fit in the swizzle span.
  map.swizzle = 128;
  map.boxDims[0] = 128; // 256 B of f16
  expectInvalid(map, "inner box dim spans 256 B, more than the 128-B swizzle "
                     "span: must be at most 128 B (box size of dim 0 at "
                     "most 64)");
  map.swizzle = 64;
  map.boxDims[0] = 64;
  expectInvalid(map, "inner box dim spans 128 B, more than the 64-B swizzle "
                     "span");
  map.boxDims[0] = 32;
  expectValid(map);
  map.swizzle = 32;
  expectInvalid(map, "inner box dim spans 64 B, more than the 32-B swizzle "
                     "span: must be at most 32 B");
  map.boxDims[0] = 16;
  expectValid(map);
  // Without swizzle any 16-B multiple up to 256 elements is fine.
  map.swizzle = 0;
  map.boxDims[0] = 256;
  expectValid(map);
}

TEST(RuntimeTensorMap, OobFill) {
  TiledMap map;
  map.oobFill = 2;
  expectInvalid(map, "oob fill 2 is not 0 (zeros) or 1 (nan)");
  map.oobFill = AC_OOB_FILL_NAN;
  expectValid(map); // f16
  map.elementType = AC_ELEMENT_BF16;
  expectValid(map);
  map.elementType = AC_ELEMENT_U32;
  map.boxDims[0] = 32;
  expectInvalid(map, "oob fill nan needs a floating-point element type, not "
                     "u32: use 0 (zeros)");
  map.elementType = AC_ELEMENT_S64;
  map.boxDims[0] = 16;
  expectInvalid(map, "oob fill nan needs a floating-point element type, not "
                     "s64");
  map.elementType = AC_ELEMENT_F64;
  expectValid(map);
}

TEST(RuntimeTensorMap, L2Promotion) {
  TiledMap map;
  map.l2Promotion = 32;
  expectInvalid(map, "l2 promotion 32 B is not 0, 64, 128 or 256");
  map.l2Promotion = 512;
  expectInvalid(map, "l2 promotion 512 B is not 0, 64, 128 or 256");
  for (int32_t bytes : {0, 64, 128, 256}) {
    map.l2Promotion = bytes;
    expectValid(map);
  }
}

TEST(RuntimeTensorMap, FiveDims) {
  TiledMap map;
  map.rank = 5;
  map.elementType = AC_ELEMENT_F32;
  for (int d = 0; d < 5; ++d)
    map.globalDims[d] = 8;
  map.globalStrides[0] = 32;
  map.globalStrides[1] = 256;
  map.globalStrides[2] = 2048;
  map.globalStrides[3] = 16384;
  const int32_t box[5] = {8, 2, 2, 2, 2};
  for (int d = 0; d < 5; ++d)
    map.boxDims[d] = box[d];
  map.swizzle = 32;
  expectValid(map);
  map.boxDims[4] = 300;
  expectInvalid(map, "box size 300 of dim 4 is out of range");
}

//===----------------------------------------------------------------------===//
// The encoder's own checks: they fail before the driver is loaded.
//===----------------------------------------------------------------------===//

struct alignas(64) Descriptor {
  unsigned char bytes[128];
};

TEST(RuntimeTensorMapEncode, RejectsMisalignedDescriptor) {
  Descriptor storage[2];
  TiledMap map;
  void *misaligned = storage[0].bytes + 32;
  EXPECT_EQ(acTensorMapEncodeTiled(misaligned, map.elementType, map.rank,
                                   map.globalAddress, map.globalDims,
                                   map.globalStrides, map.boxDims, map.swizzle,
                                   map.oobFill, map.l2Promotion),
            AC_TENSOR_MAP_INVALID);
  EXPECT_NE(std::string(acGetLastError())
                .find("is not a 64-B aligned buffer of 128 B"),
            std::string::npos)
      << acGetLastError();
  EXPECT_EQ(acTensorMapEncodeTiled(nullptr, map.elementType, map.rank,
                                   map.globalAddress, map.globalDims,
                                   map.globalStrides, map.boxDims, map.swizzle,
                                   map.oobFill, map.l2Promotion),
            AC_TENSOR_MAP_INVALID);
}

TEST(RuntimeTensorMapEncode, ReportsRuleLikeValidate) {
  Descriptor descriptor;
  for (unsigned char &byte : descriptor.bytes)
    byte = 0xAB;
  TiledMap map;
  map.globalStrides[0] = 24;
  EXPECT_EQ(acTensorMapEncodeTiled(&descriptor, map.elementType, map.rank,
                                   map.globalAddress, map.globalDims,
                                   map.globalStrides, map.boxDims, map.swizzle,
                                   map.oobFill, map.l2Promotion),
            AC_TENSOR_MAP_INVALID);
  EXPECT_STREQ(acGetLastError(),
               "tensor map: global stride 24 B of dim 1 is not a multiple of "
               "16 B: pad the rows to a multiple of 16 B or copy without TMA");
  for (unsigned char byte : descriptor.bytes)
    ASSERT_EQ(byte, 0xAB) << "a failed encode must not touch the map";
}

// A map whose kernel checks the tensor's rules itself: where they fail, a
// zeroed map and AC_TENSOR_MAP_FALLBACK, not an error; other rules fail as
// they do without the fallback.
TEST(RuntimeTensorMapEncode, FallbackZeroesTheMapWhereTheTensorBreaksRules) {
  struct Case {
    const char *what;
    void (*breakIt)(TiledMap &);
  } cases[] = {
      {"misaligned address",
       [](TiledMap &m) {
         m.globalAddress = reinterpret_cast<const void *>(0x10008);
       }},
      {"stride not a multiple of 16 B",
       [](TiledMap &m) { m.globalStrides[0] = 24; }},
      {"stride of 2^40 B",
       [](TiledMap &m) { m.globalStrides[0] = int64_t(1) << 40; }},
      {"empty tensor", [](TiledMap &m) { m.globalDims[1] = 0; }},
      {"dim past the coordinate range",
       [](TiledMap &m) { m.globalDims[1] = int64_t(1) << 31; }},
  };
  for (const Case &c : cases) {
    Descriptor descriptor;
    for (unsigned char &byte : descriptor.bytes)
      byte = 0xAB;
    TiledMap map;
    c.breakIt(map);
    EXPECT_EQ(acTensorMapEncodeTiledFallback(
                  &descriptor, map.elementType, map.rank, map.globalAddress,
                  map.globalDims, map.globalStrides, map.boxDims, map.swizzle,
                  map.oobFill, map.l2Promotion),
              AC_TENSOR_MAP_FALLBACK)
        << c.what;
    for (unsigned char byte : descriptor.bytes)
      ASSERT_EQ(byte, 0) << c.what << ": the map is zeroed";
    EXPECT_STREQ(acGetLastError(), "") << c.what;
  }
  // A rule of the map itself (the box) is no fallback.
  Descriptor descriptor;
  TiledMap map;
  map.boxDims[0] = 300;
  EXPECT_EQ(acTensorMapEncodeTiledFallback(
                &descriptor, map.elementType, map.rank, map.globalAddress,
                map.globalDims, map.globalStrides, map.boxDims, map.swizzle,
                map.oobFill, map.l2Promotion),
            AC_TENSOR_MAP_INVALID);
}

TEST(RuntimeTensorMapEncode, RejectsNullGlobalAddress) {
  Descriptor descriptor;
  TiledMap map;
  EXPECT_EQ(acTensorMapEncodeTiled(&descriptor, map.elementType, map.rank,
                                   nullptr, map.globalDims, map.globalStrides,
                                   map.boxDims, map.swizzle, map.oobFill,
                                   map.l2Promotion),
            AC_TENSOR_MAP_INVALID);
  EXPECT_STREQ(acGetLastError(), "tensor map: global address is null: must be "
                                 "the device address of the tensor's first "
                                 "element");
}

//===----------------------------------------------------------------------===//
// A missing driver: a clear message and exit status 1, never a crash. Each
// test runs in a forked child that has not loaded a driver yet.
//===----------------------------------------------------------------------===//

constexpr const char *kNoDriver = "/nonexistent/libcuda.so.1";

TEST(RuntimeDriverDeathTest, MissingDriverExits) {
  EXPECT_EXIT(
      {
        setenv("ASYNCCOPY_CUDA_DRIVER", kNoDriver, 1);
        mgpuStreamCreate();
      },
      testing::ExitedWithCode(1),
      "^asynccopy runtime: cannot load /nonexistent/libcuda.so.1: .*is the "
      "NVIDIA driver installed");
}

TEST(RuntimeDriverDeathTest, EveryEntryPointChecksTheDriver) {
  auto withoutDriver = [] { setenv("ASYNCCOPY_CUDA_DRIVER", kNoDriver, 1); };
  const char *message = "asynccopy runtime: cannot load";
  EXPECT_EXIT((withoutDriver(), mgpuModuleLoad(nullptr, 0)),
              testing::ExitedWithCode(1), message);
  EXPECT_EXIT((withoutDriver(), mgpuModuleLoadJIT(nullptr, 2)),
              testing::ExitedWithCode(1), message);
  EXPECT_EXIT((withoutDriver(), mgpuMemAlloc(64, nullptr, false)),
              testing::ExitedWithCode(1), message);
  EXPECT_EXIT((withoutDriver(), mgpuEventCreate()), testing::ExitedWithCode(1),
              message);
  EXPECT_EXIT((withoutDriver(), acEventElapsedMs(nullptr, nullptr)),
              testing::ExitedWithCode(1), message);
  EXPECT_EXIT((withoutDriver(), mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0,
                                                 nullptr, nullptr, nullptr, 0)),
              testing::ExitedWithCode(1), message);
}

TEST(RuntimeDriverDeathTest, NotADriverExits) {
  // A library that exists but is no CUDA driver.
  EXPECT_EXIT(
      {
        setenv("ASYNCCOPY_CUDA_DRIVER", "libm.so.6", 1);
        mgpuStreamCreate();
      },
      testing::ExitedWithCode(1),
      "^asynccopy runtime: cannot use libm.so.6: it does not export cuInit "
      "\\(not a CUDA driver\\?\\)");
}

TEST(RuntimeDriverDeathTest, EncoderReportsMissingDriver) {
  // acTensorMapEncodeTiled reports instead of exiting; the child exits with
  // its result so the parent can see it.
  EXPECT_EXIT(
      {
        setenv("ASYNCCOPY_CUDA_DRIVER", kNoDriver, 1);
        Descriptor descriptor;
        TiledMap map;
        int32_t result = acTensorMapEncodeTiled(
            &descriptor, map.elementType, map.rank, map.globalAddress,
            map.globalDims, map.globalStrides, map.boxDims, map.swizzle,
            map.oobFill, map.l2Promotion);
        fprintf(stderr, "%s\n", acGetLastError());
        exit(result);
      },
      testing::ExitedWithCode(AC_TENSOR_MAP_DRIVER_ERROR),
      "^asynccopy runtime: cannot load /nonexistent/libcuda.so.1");
}

TEST(RuntimeDriverDeathTest, EncoderOrExitExits) {
  // What generated host code calls: a broken rule ends the process with the
  // rule's message, before any driver call.
  Descriptor descriptor;
  TiledMap map;
  map.globalStrides[0] = 24;
  EXPECT_EXIT(acTensorMapEncodeTiledOrExit(
                  &descriptor, map.elementType, map.rank, map.globalAddress,
                  map.globalDims, map.globalStrides, map.boxDims, map.swizzle,
                  map.oobFill, map.l2Promotion),
              testing::ExitedWithCode(1),
              "^asynccopy runtime: acTensorMapEncodeTiledOrExit: tensor map: "
              "global stride 24 B of dim 1 is not a multiple of 16 B: pad the "
              "rows to a multiple of 16 B or copy without TMA\n$");
  map.globalStrides[0] = 256;
  EXPECT_EXIT(
      {
        setenv("ASYNCCOPY_CUDA_DRIVER", kNoDriver, 1);
        acTensorMapEncodeTiledOrExit(&descriptor, map.elementType, map.rank,
                                     map.globalAddress, map.globalDims,
                                     map.globalStrides, map.boxDims,
                                     map.swizzle, map.oobFill, map.l2Promotion);
      },
      testing::ExitedWithCode(1),
      "^asynccopy runtime: acTensorMapEncodeTiledOrExit: cannot load "
      "/nonexistent/libcuda.so.1");
}

/// A ranked memref descriptor as MLIR lays it out.
template <int Rank> struct MemRefDescriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

TEST(RuntimeDriverDeathTest, MemrefEncoderValidatesBeforeTheDriver) {
  // memref<64x128xf16, strided<[12, 1]>>: rows 24 B apart. The map is
  // innermost first, so the bad stride is that of dim 1.
  MemRefDescriptor<2> memref = {reinterpret_cast<void *>(0x10000),
                                reinterpret_cast<void *>(0x10000),
                                0,
                                {64, 128},
                                {12, 1}};
  int64_t box[2] = {32, 64};
  EXPECT_EXIT(
      mgpuTensorMapEncodeTiledMemref(2, &memref, /*FLOAT16=*/6, 0,
                                     /*SWIZZLE_128B=*/3, 0, 0, box),
      testing::ExitedWithCode(1),
      "^asynccopy runtime: mgpuTensorMapEncodeTiledMemref: tensor map: global "
      "stride 24 B of dim 1 is not a multiple of 16 B");
  // Box dims arrive outermost first: {32, 128} puts 128 f16 = 256 B inside.
  memref.strides[0] = 128;
  int64_t wideBox[2] = {32, 128};
  EXPECT_EXIT(
      mgpuTensorMapEncodeTiledMemref(2, &memref, 6, 0, 3, 0, 0, wideBox),
      testing::ExitedWithCode(1),
      "inner box dim spans 256 B, more than the 128-B swizzle span");
  // The offset moves the base address: 4 f16 = 8 B off alignment.
  memref.offset = 4;
  EXPECT_EXIT(mgpuTensorMapEncodeTiledMemref(2, &memref, 6, 0, 3, 0, 0, box),
              testing::ExitedWithCode(1),
              "global address 0x10008 is not 16-B aligned");
  memref.offset = 0;
  EXPECT_EXIT(mgpuTensorMapEncodeTiledMemref(2, &memref, 13, 0, 3, 0, 0, box),
              testing::ExitedWithCode(1),
              "tensor map: data type 13 is not supported");
  // A legal map gets as far as the (missing) driver.
  EXPECT_EXIT(
      {
        setenv("ASYNCCOPY_CUDA_DRIVER", kNoDriver, 1);
        mgpuTensorMapEncodeTiledMemref(2, &memref, 6, 0, 3, 0, 0, box);
      },
      testing::ExitedWithCode(1),
      "^asynccopy runtime: mgpuTensorMapEncodeTiledMemref: cannot load "
      "/nonexistent/libcuda.so.1");
}

//===----------------------------------------------------------------------===//
// With the fake driver (FakeCudaDriver.cpp): what the runtime asks the driver
// for. Each test runs in a forked child that loads the fake as its driver and
// exits with the number of failed checks, which it prints.
//===----------------------------------------------------------------------===//

/// gpu-to-llvm passes a stream that reached a gpu.wait through a block
/// argument to the event calls; the runtime treats it as the stream it is
/// (the fake driver fails event calls on a stream handle).
int streamTokensInEventCalls() {
  FakeCudaState *fake = useFakeDriver();
  void *stream = mgpuStreamCreate();
  void *other = mgpuStreamCreate();
  mgpuEventSynchronize(stream);
  EXPECT_IN_CHILD(fake->streamSynchronizes == 1);
  mgpuStreamWaitEvent(other, stream);
  EXPECT_IN_CHILD(fake->streamWaits == 1);
  EXPECT_IN_CHILD(fake->liveEvents.empty());
  mgpuEventDestroy(stream);
  EXPECT_IN_CHILD(fake->liveStreams.size() == 1 &&
                  fake->liveStreams.count(other));
  // Real events go to the event calls.
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, other);
  mgpuStreamWaitEvent(other, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(other);
  EXPECT_IN_CHILD(fake->liveStreams.empty());
  EXPECT_IN_CHILD(fake->liveEvents.empty());
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, StreamTokensInEventCalls) {
  EXPECT_EXIT(exit(streamTokensInEventCalls()), testing::ExitedWithCode(0), "");
}

TEST(RuntimeFakeDriverDeathTest, ModuleErrors) {
  // A bad image is reported by the load, not by a later launch.
  static char badImage[] = "not a module";
  EXPECT_EXIT((useFakeDriver(), mgpuModuleLoad(badImage, sizeof(badImage))),
              testing::ExitedWithCode(1),
              "^asynccopy runtime: cuModuleLoadDataEx\\(cubin/fatbin\\) "
              "failed: .*\\[in mgpuModuleLoad\\]");
  static char image[] = "fake module";
  EXPECT_EXIT((useFakeDriver(),
               mgpuModuleGetFunction(mgpuModuleLoad(image, sizeof(image)),
                                     "no_such_kernel")),
              testing::ExitedWithCode(1),
              "^asynccopy runtime: cuModuleGetFunction\\(&function, module, "
              "\"no_such_kernel\"\\) failed: .*\\[in mgpuModuleGetFunction\\]");
  EXPECT_EXIT((useFakeDriver(), mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0,
                                                 nullptr, nullptr, nullptr, 0)),
              testing::ExitedWithCode(1),
              "^asynccopy runtime: mgpuLaunchKernel: the function is null");
}

/// Launches of one kernel from two threads per device, all at once (the
/// second thread to load the module on a device unloads its copy).
int launchesFromThreads() {
  FakeCudaState *fake = useFakeDriver();
  static char image[] = "fake module";
  void *module = mgpuModuleLoad(image, sizeof(image));
  void *kernel = mgpuModuleGetFunction(module, "k");
  std::vector<std::thread> threads;
  for (int t = 0; t < 2 * FakeCudaState::kDevices; ++t)
    threads.emplace_back([=] {
      mgpuSetDefaultDevice(t % FakeCudaState::kDevices);
      for (int i = 0; i < 100; ++i)
        mgpuLaunchKernel(mgpuModuleGetFunction(module, "k"), 1, 1, 1, 32, 1, 1,
                         0, nullptr, nullptr, nullptr, 0);
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_IN_CHILD(fake->launches == 200 * FakeCudaState::kDevices);
  EXPECT_IN_CHILD(fake->liveModules.size() == size_t(FakeCudaState::kDevices));
  EXPECT_IN_CHILD(mgpuModuleGetFunction(module, "k") == kernel);
  mgpuModuleUnload(module);
  EXPECT_IN_CHILD(fake->liveModules.empty());
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, LaunchesFromThreads) {
  EXPECT_EXIT(exit(launchesFromThreads()), testing::ExitedWithCode(0), "");
}

TEST(RuntimeFakeDriverDeathTest, LazyLoadErrorExits) {
  // A module that loads on device 0 but not on device 1: the launch that
  // needs it there reports the load.
  auto launchOnDevice1 = [] {
    FakeCudaState *fake = useFakeDriver();
    fake->failingLoadDevices = {1};
    static char image[] = "fake module";
    void *kernel =
        mgpuModuleGetFunction(mgpuModuleLoad(image, sizeof(image)), "k");
    mgpuSetDefaultDevice(1);
    mgpuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                     0);
  };
  EXPECT_EXIT(launchOnDevice1(), testing::ExitedWithCode(1),
              "^asynccopy runtime: cuModuleLoadDataEx\\(cubin/fatbin\\) "
              "failed: .*\\[in mgpuLaunchKernel\\]");
}

/// Encodes `m` with acTensorMapEncodeTiled, printing the error if any.
int32_t encode(const TiledMap &m) {
  Descriptor descriptor;
  int32_t result = acTensorMapEncodeTiled(
      &descriptor, m.elementType, m.rank, m.globalAddress, m.globalDims,
      m.globalStrides, m.boxDims, m.swizzle, m.oobFill, m.l2Promotion);
  if (result != AC_TENSOR_MAP_OK)
    fprintf(stderr, "encode: %s\n", acGetLastError());
  return result;
}

/// The driver rejects extent 0; the map of an empty tensor covers one
/// element of a 16-B slot of runtime memory filled with the OOB fill, so
/// loads read the fill and stores reach only the slot.
int emptyTensorMapCoversFilledScratch() {
  FakeCudaState *fake = useFakeDriver();
  TiledMap map;
  map.elementType = AC_ELEMENT_F32;
  map.globalDims[0] = 32;
  map.globalDims[1] = 0;
  map.globalAddress = nullptr;
  map.globalStrides[0] = 24;
  map.boxDims[0] = 32;
  map.boxDims[1] = 8;
  EXPECT_IN_CHILD(encode(map) == AC_TENSOR_MAP_OK);
  FakeTensorMap first = fake->lastMap;
  EXPECT_IN_CHILD(first.rank == 2 && first.dims[0] == 1 && first.dims[1] == 1 &&
                  first.strides[0] == 16);
  EXPECT_IN_CHILD(first.box[0] == 32 && first.box[1] == 8);
  EXPECT_IN_CHILD(first.oobFill == 0);
  EXPECT_IN_CHILD(allBytesAre(first.address, 16, 0x00));
  // Filled on the legacy stream, in order with every blocking stream.
  EXPECT_IN_CHILD(fake->memsetStreams.size() == 1 &&
                  fake->memsetStreams[0] == nullptr);

  // NaN fill: all-ones bytes, in another slot.
  map.oobFill = AC_OOB_FILL_NAN;
  EXPECT_IN_CHILD(encode(map) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->lastMap.address != first.address);
  EXPECT_IN_CHILD(fake->lastMap.oobFill == 1);
  EXPECT_IN_CHILD(allBytesAre(fake->lastMap.address, 16, 0xFF));

  // A kernel's store into a slot is undone when the slot comes round again
  // (64 slots).
  std::memset(first.address, 0x77, 16);
  map.oobFill = AC_OOB_FILL_ZERO;
  for (int i = 0; i < 63; ++i)
    EXPECT_IN_CHILD(encode(map) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->lastMap.address == first.address);
  EXPECT_IN_CHILD(allBytesAre(first.address, 16, 0x00));
  EXPECT_IN_CHILD(fake->allocations == 1);

  // The exiting variant takes it too; other maps are left as they are.
  Descriptor descriptor;
  acTensorMapEncodeTiledOrExit(&descriptor, map.elementType, map.rank,
                               map.globalAddress, map.globalDims,
                               map.globalStrides, map.boxDims, map.swizzle,
                               map.oobFill, map.l2Promotion);
  TiledMap full;
  EXPECT_IN_CHILD(encode(full) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->lastMap.address == full.globalAddress &&
                  fake->lastMap.dims[0] == 128 && fake->lastMap.dims[1] == 64 &&
                  fake->lastMap.strides[0] == 256);
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, EmptyTensorMapCoversFilledScratch) {
  EXPECT_EXIT(exit(emptyTensorMapCoversFilledScratch()),
              testing::ExitedWithCode(0), "");
}

/// The serial number the fake stamps into a map (FakeCudaState::stampMaps).
int64_t serialOf(const Descriptor &descriptor) {
  int64_t serial;
  std::memcpy(&serial, &descriptor, sizeof(serial));
  return serial;
}

/// acTensorMapEncodeTiled copies a map it encoded before, with the same
/// arguments, from its per-thread cache; a change to any argument encodes
/// again, and going back finds the first map again.
int encodeCacheReencodesChangedArguments() {
  FakeCudaState *fake = useFakeDriver();
  fake->stampMaps = true;
  TiledMap base;
  auto encodeInto = [](const TiledMap &m, Descriptor *descriptor) {
    return acTensorMapEncodeTiled(
        descriptor, m.elementType, m.rank, m.globalAddress, m.globalDims,
        m.globalStrides, m.boxDims, m.swizzle, m.oobFill, m.l2Promotion);
  };
  Descriptor first, again;
  EXPECT_IN_CHILD(encodeInto(base, &first) == AC_TENSOR_MAP_OK);
  int64_t encoded = fake->mapsEncoded;
  EXPECT_IN_CHILD(serialOf(first) == encoded);
  EXPECT_IN_CHILD(encodeInto(base, &again) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->mapsEncoded == encoded);
  EXPECT_IN_CHILD(std::memcmp(&first, &again, sizeof(first)) == 0);

  // One argument changed at a time (each map stays legal).
  std::vector<TiledMap> changed(10, base);
  changed[0].globalAddress = reinterpret_cast<const void *>(0x20000);
  changed[1].globalDims[0] = 64;
  changed[2].globalDims[1] = 32;
  changed[3].globalStrides[0] = 512;
  changed[4].boxDims[0] = 32;
  changed[5].boxDims[1] = 16;
  changed[6].swizzle = 0;
  changed[7].oobFill = AC_OOB_FILL_NAN;
  changed[8].l2Promotion = 128;
  changed[9].elementType = AC_ELEMENT_BF16;
  TiledMap rank3 = base;
  rank3.rank = 3; // dims[2] = 1, box[2] = 1
  changed.push_back(rank3);
  std::vector<Descriptor> maps(changed.size());
  for (size_t i = 0; i < changed.size(); ++i) {
    EXPECT_IN_CHILD(encodeInto(changed[i], &maps[i]) == AC_TENSOR_MAP_OK);
    EXPECT_IN_CHILD(fake->mapsEncoded == ++encoded);
    EXPECT_IN_CHILD(serialOf(maps[i]) == encoded);
  }
  EXPECT_IN_CHILD(fake->lastMap.rank == 3);
  // What the driver got for a changed address is the new address.
  EXPECT_IN_CHILD(encodeInto(changed[0], &again) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(serialOf(again) == serialOf(maps[0]));
  // All twelve fit the cache: each comes back as first encoded.
  for (size_t i = 0; i < changed.size(); ++i) {
    EXPECT_IN_CHILD(encodeInto(changed[i], &again) == AC_TENSOR_MAP_OK);
    EXPECT_IN_CHILD(std::memcmp(&again, &maps[i], sizeof(again)) == 0);
  }
  EXPECT_IN_CHILD(encodeInto(base, &again) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(std::memcmp(&again, &first, sizeof(first)) == 0);
  EXPECT_IN_CHILD(fake->mapsEncoded == encoded);

  // More distinct maps than entries: the oldest are encoded again, and the
  // result is still each map's own.
  for (int64_t i = 0; i < 40; ++i) {
    TiledMap m = base;
    m.globalAddress = reinterpret_cast<const void *>(0x100000 + 256 * i);
    EXPECT_IN_CHILD(encodeInto(m, &again) == AC_TENSOR_MAP_OK);
  }
  encoded = fake->mapsEncoded;
  EXPECT_IN_CHILD(encodeInto(base, &again) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->mapsEncoded == encoded + 1);
  EXPECT_IN_CHILD(fake->lastMap.address == base.globalAddress);

  // A rejected map is still rejected after a legal one was cached, and the
  // descriptor check comes first.
  TiledMap bad = base;
  bad.boxDims[0] = 300;
  EXPECT_IN_CHILD(encodeInto(bad, &again) == AC_TENSOR_MAP_INVALID);
  alignas(64) char storage[256];
  EXPECT_IN_CHILD(acTensorMapEncodeTiled(
                      storage + 8, base.elementType, base.rank,
                      base.globalAddress, base.globalDims, base.globalStrides,
                      base.boxDims, base.swizzle, base.oobFill,
                      base.l2Promotion) == AC_TENSOR_MAP_INVALID);

  // Each thread has its own cache.
  encoded = fake->mapsEncoded;
  std::thread([&] {
    Descriptor other;
    EXPECT_IN_CHILD(encodeInto(base, &other) == AC_TENSOR_MAP_OK);
  }).join();
  EXPECT_IN_CHILD(fake->mapsEncoded == encoded + 1);
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, EncodeCacheReencodesChangedArguments) {
  EXPECT_EXIT(exit(encodeCacheReencodesChangedArguments()),
              testing::ExitedWithCode(0), "");
}

/// ASYNCCOPY_TENSOR_MAP_CACHE=0: every call encodes.
int encodeCacheOff() {
  setenv("ASYNCCOPY_TENSOR_MAP_CACHE", "0", 1);
  FakeCudaState *fake = useFakeDriver();
  TiledMap base;
  int64_t encoded = fake->mapsEncoded;
  for (int i = 0; i < 3; ++i)
    EXPECT_IN_CHILD(encode(base) == AC_TENSOR_MAP_OK);
  EXPECT_IN_CHILD(fake->mapsEncoded == encoded + 3);
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, EncodeCacheOff) {
  EXPECT_EXIT(exit(encodeCacheOff()), testing::ExitedWithCode(0), "");
}

/// MLIR's entry point: memref<?x?xf16> with 0 rows, a null base and strides
/// TMA could not take; the map covers scratch memory.
int emptyMemrefTensorMap() {
  FakeCudaState *fake = useFakeDriver();
  MemRefDescriptor<2> memref = {nullptr, nullptr, 0, {0, 128}, {3, 1}};
  int64_t box[2] = {32, 64};
  void *deviceMap = mgpuTensorMapEncodeTiledMemref(
      2, &memref, /*FLOAT16=*/6, 0, /*SWIZZLE_128B=*/3, 0, 0, box);
  EXPECT_IN_CHILD(deviceMap != nullptr && allBytesAre(deviceMap, 128, 0x5A));
  EXPECT_IN_CHILD(fake->lastMap.dims[0] == 1 && fake->lastMap.dims[1] == 1 &&
                  fake->lastMap.box[0] == 64 && fake->lastMap.box[1] == 32);
  // An empty innermost dim needs no unit stride either.
  MemRefDescriptor<2> columns = {nullptr, nullptr, 0, {64, 0}, {1, 7}};
  EXPECT_IN_CHILD(mgpuTensorMapEncodeTiledMemref(2, &columns, 6, 0, 3, 0, 0,
                                                 box) != nullptr);
  return childFailures;
}

TEST(RuntimeFakeDriverDeathTest, EmptyMemrefTensorMap) {
  EXPECT_EXIT(exit(emptyMemrefTensorMap()), testing::ExitedWithCode(0), "");
}

} // namespace
