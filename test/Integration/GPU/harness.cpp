//===- harness.cpp - GPU integration tests of asynccopy kernels -----------===//
//
// Each test is an MLIR module (in this directory) compiled ahead of time with
// utils/aot-compile.sh; its host function `@<name>` launches the kernels on
// device memrefs. The harness allocates device memory through the runtime's
// mgpu* ABI, fills the inputs, runs the test, copies the results back and
// checks every element against a host reference.
//
//   asynccopy-gpu-tests [name...]   (no name: every test that was built)
//
// Each test file's RUN line names the test it runs (`%gpu_tests <name>`);
// here each test is one row of the table in tests(): its name, its entry
// point `_mlir_ciface_<name>` and the check that drives it. Entry points are
// declared weak, so the harness links whatever subset of modules
// utils/build-gpu-tests.sh compiled: a row whose module was not linked has a
// null entry and is "not built".
//
//===----------------------------------------------------------------------===//

#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "DeviceArray.h"

/// The declaration of a test module's entry point: weak, so that a module
/// that was not built leaves it null (see tests()).
#define AC_GPU_TEST_ENTRY extern "C" __attribute__((weak))

/// Collects the first mismatches of a test.
struct Checker {
  std::string name;
  int64_t errors = 0;
  template <typename T>
  void expectEq(const char *what, int64_t index, T got, T want) {
    if (got == want)
      return;
    if (errors++ >= 5)
      return;
    if constexpr (std::is_floating_point_v<T>)
      std::printf("%s: %s[%lld] = %g, expected %g\n", name.c_str(), what,
                  static_cast<long long>(index), static_cast<double>(got),
                  static_cast<double>(want));
    else
      std::printf("%s: %s[%lld] = %lld, expected %lld\n", name.c_str(), what,
                  static_cast<long long>(index), static_cast<long long>(got),
                  static_cast<long long>(want));
  }
  template <typename T>
  void expectSame(const char *what, const std::vector<T> &got,
                  const std::vector<T> &want) {
    if (got.size() != want.size()) {
      std::printf("%s: %s has %zu elements, expected %zu\n", name.c_str(), what,
                  got.size(), want.size());
      ++errors;
      return;
    }
    for (size_t i = 0; i < got.size(); ++i)
      expectEq(what, static_cast<int64_t>(i), got[i], want[i]);
  }
  bool report() const {
    std::printf("%s: %s", name.c_str(), errors ? "FAIL" : "PASS");
    if (errors)
      std::printf(" (%lld mismatches)", static_cast<long long>(errors));
    std::printf("\n");
    return errors == 0;
  }
};

/// Byte offset where a TMA load with `span`-byte swizzle puts the byte at
/// dense offset `a` of a 1024-B aligned SMEM buffer: the 16-B chunk index
/// within each 128-B row is XORed with the row index (mod span/16).
static int64_t swizzle(int64_t a, int64_t span) {
  if (span == 0)
    return a;
  int64_t mask = span / 16 - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

/// Distinct, recognisable 16-bit values (copied bit-exactly as f16).
static uint16_t pattern16(int64_t i) {
  return static_cast<uint16_t>(i * 7 + 1);
}

/// Distinct 32-bit float values (exact integers, none 0 or negative).
static float patternF32(int64_t i) { return static_cast<float>(i + 1); }

/// Checks row `blk` of an SMEM image: the kernel dumped its SMEM buffer
/// linearly; dense element `e` of the buffer (row-major over the SMEM shape)
/// must hold want(e) and lies at byte offset swizzle(e * sizeof(T), span).
template <typename T, typename Want>
static void expectImage(Checker &check, const DeviceArray<T, 2> &image,
                        int64_t blk, int64_t span, Want want) {
  const int64_t n = image.shape[1], size = sizeof(T);
  for (int64_t e = 0; e < n; ++e) {
    int64_t at = blk * n + swizzle(e * size, span) / size;
    check.expectEq("smem", at, image.host[at], static_cast<T>(want(e)));
  }
}

/// Checks the SMEM images of 2-D tiled kernels: block (x, y) of a gridX x
/// gridY grid copied the tileRows x tileCols window at (tileRows * y,
/// tileCols * x) of a rows x cols tensor whose element (r, c) is at(r, c),
/// and dumped its SMEM tile to image row gridX * y + x. Elements outside the
/// tensor must read 0 (OOB zero fill).
template <typename T, typename At>
static void expectTiles2D(Checker &check, const DeviceArray<T, 2> &image,
                          int64_t gridX, int64_t gridY, int64_t tileRows,
                          int64_t tileCols, int64_t rows, int64_t cols,
                          int64_t span, At at) {
  for (int64_t y = 0; y < gridY; ++y)
    for (int64_t x = 0; x < gridX; ++x)
      expectImage(check, image, y * gridX + x, span, [&](int64_t e) {
        int64_t r = y * tileRows + e / tileCols,
                c = x * tileCols + e % tileCols;
        return r < rows && c < cols ? at(r, c) : T(0);
      });
}

/// Element (r, c) of a row-major 2-D array.
template <typename T> static auto rowMajor(const DeviceArray<T, 2> &a) {
  return [&a](int64_t r, int64_t c) { return a.host[r * a.shape[1] + c]; };
}

using TileFn16 = void (*)(MemRef<uint16_t, 2> *, MemRef<uint16_t, 2> *,
                          MemRef<uint16_t, 2> *);

/// f16 tiles: `fn(in, out, image)` TMA-loads every tileRows x tileCols tile
/// of a rows x cols tensor (tile (i, j) by the block with image row
/// i * cols / tileCols + j), dumps the SMEM image (swizzled with `span`) and
/// stores each tile back to `out`.
static bool tiledRoundTrip16(Checker &check, TileFn16 fn, int64_t rows,
                             int64_t cols, int64_t tileRows, int64_t tileCols,
                             int64_t span) {
  const int64_t gridX = cols / tileCols, gridY = rows / tileRows;
  DeviceArray<uint16_t, 2> in({rows, cols}), out({rows, cols}),
      image({gridX * gridY, tileRows * tileCols});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  fn(&a, &b, &c);
  out.download();
  image.download();
  expectTiles2D(check, image, gridX, gridY, tileRows, tileCols, rows, cols,
                span, rowMajor(in));
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

/// TMA reductions: `fn(in, acc)` reduce-stores all of the 128x128 `in` into
/// `acc`; every element must be op(acc_init, in).
template <typename T, typename Op>
static bool reduction(Checker &check,
                      void (*fn)(MemRef<T, 2> *, MemRef<T, 2> *),
                      T (*inAt)(int64_t), T (*accAt)(int64_t), Op op) {
  DeviceArray<T, 2> in({128, 128}), acc({128, 128});
  in.fill(inAt);
  acc.fill(accAt);
  auto a = in.memref(), b = acc.memref();
  fn(&a, &b);
  acc.download();
  for (size_t i = 0; i < acc.host.size(); ++i)
    check.expectEq("acc", i, acc.host[i], op(accAt(i), in.host[i]));
  return check.errors == 0;
}

//===----------------------------------------------------------------------===//
// Tests (one per module, each with its weak entry point)
//===----------------------------------------------------------------------===//

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_swizzle_128(MemRef<uint16_t, 2> *in,
                                                    MemRef<uint16_t, 2> *out,
                                                    MemRef<uint16_t, 2> *image);
static bool tmaSwizzle128(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_swizzle_128, 256, 64, 64, 64,
                          128);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_swizzle_128_scratch(MemRef<uint16_t, 2> *in,
                                     MemRef<uint16_t, 2> *out,
                                     MemRef<uint16_t, 2> *image);
static bool tmaSwizzle128Scratch(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_swizzle_128_scratch, 256, 64,
                          64, 64, 128);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_swizzle_0(MemRef<uint16_t, 2> *in,
                                                  MemRef<uint16_t, 2> *out,
                                                  MemRef<uint16_t, 2> *image);
static bool tmaSwizzle0(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_swizzle_0, 128, 128, 64, 64,
                          0);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_swizzle_32(MemRef<uint16_t, 2> *in,
                                                   MemRef<uint16_t, 2> *out,
                                                   MemRef<uint16_t, 2> *image);
static bool tmaSwizzle32(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_swizzle_32, 128, 32, 64, 16,
                          32);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_swizzle_64(MemRef<uint16_t, 2> *in,
                                                   MemRef<uint16_t, 2> *out,
                                                   MemRef<uint16_t, 2> *image);
static bool tmaSwizzle64(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_swizzle_64, 128, 64, 64, 32,
                          64);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_prefetch(MemRef<uint16_t, 2> *in,
                                                 MemRef<uint16_t, 2> *out,
                                                 MemRef<uint16_t, 2> *image);
static bool tmaPrefetch(Checker &check) {
  return tiledRoundTrip16(check, _mlir_ciface_tma_prefetch, 128, 128, 64, 64,
                          128);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_tile(MemRef<uint16_t, 2> *in,
                                             MemRef<uint16_t, 2> *out,
                                             MemRef<uint16_t, 2> *image);
/// Window [64y, 128x] [64, 128] tiled by [64, 64] into SMEM 2x64x64:
/// element (t, r, c) = in[64y + r][128x + 64t + c], 128-B swizzle.
static bool tmaTile(Checker &check) {
  DeviceArray<uint16_t, 2> in({128, 256}), out({128, 256}), image({4, 8192});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_tma_tile(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t y = 0; y < 2; ++y)
    for (int64_t x = 0; x < 2; ++x)
      expectImage(check, image, y * 2 + x, 128, [&](int64_t e) {
        int64_t t = e / 4096, r = e / 64 % 64, col = e % 64;
        return in.host[(64 * y + r) * 256 + 128 * x + 64 * t + col];
      });
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_partial_tiles(MemRef<uint16_t, 2> *in,
                               MemRef<uint16_t, 2> *out,
                               MemRef<uint16_t, 2> *image);
/// Window [64y, 128x] [64, 128] of a 100x200 tensor tiled by [64, 32] into
/// SMEM 4x64x32: element (t, r, c) = in[64y + r][128x + 32t + c], 0 past
/// the tensor, 64-B swizzle. The round trip writes `out` exactly: 8 guard
/// rows after it (same allocation) keep their poison.
static bool tmaPartialTiles(Checker &check) {
  constexpr int64_t rows = 100, cols = 200, guardRows = 8;
  DeviceArray<uint16_t, 2> in({rows, cols}), out({rows + guardRows, cols}),
      image({4, 8192});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  b.sizes[0] = rows;
  _mlir_ciface_tma_partial_tiles(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t y = 0; y < 2; ++y)
    for (int64_t x = 0; x < 2; ++x)
      expectImage(check, image, y * 2 + x, 64, [&](int64_t e) -> uint16_t {
        int64_t t = e / 2048, r = 64 * y + e / 32 % 64,
                col = 128 * x + 32 * t + e % 32;
        return r < rows && col < cols ? in.host[r * cols + col] : 0;
      });
  for (int64_t i = 0; i < rows * cols; ++i)
    check.expectEq("out", i, out.host[i], in.host[i]);
  for (int64_t i = rows * cols; i < (rows + guardRows) * cols; ++i)
    check.expectEq("guard", i, out.host[i], uint16_t(0xA5A5));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_transpose(MemRef<float, 3> *in,
                                                  MemRef<float, 3> *out,
                                                  MemRef<float, 2> *image);
/// Window [0, 8x, 0] [4, 8, 64] of 4x32x64 through transpose<[1, 0, 2]>:
/// smem[i][j][k] = in[j][8x + i][k].
static bool tmaTranspose(Checker &check) {
  DeviceArray<float, 3> in({4, 32, 64}), out({4, 32, 64});
  DeviceArray<float, 2> image({4, 2048});
  in.fill(patternF32);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref();
  auto c = image.memref();
  _mlir_ciface_tma_transpose(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t x = 0; x < 4; ++x)
    expectImage(check, image, x, 0, [&](int64_t e) {
      int64_t i = e / 256, j = e / 64 % 4, k = e % 64;
      return in.host[(j * 32 + 8 * x + i) * 64 + k];
    });
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_rank3(MemRef<uint16_t, 3> *in,
                                              MemRef<uint16_t, 3> *out,
                                              MemRef<uint16_t, 2> *image);
/// Block (x, y): window [2y, 16x, 0] [2, 16, 64] of 8x32x64, 128-B swizzle.
static bool tmaRank3(Checker &check) {
  DeviceArray<uint16_t, 3> in({8, 32, 64}), out({8, 32, 64});
  DeviceArray<uint16_t, 2> image({8, 2048});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref();
  auto c = image.memref();
  _mlir_ciface_tma_rank3(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t y = 0; y < 4; ++y)
    for (int64_t x = 0; x < 2; ++x)
      expectImage(check, image, 2 * y + x, 128, [&](int64_t e) {
        int64_t i = e / 1024, j = e / 64 % 16, k = e % 64;
        return in.host[((2 * y + i) * 32 + 16 * x + j) * 64 + k];
      });
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_rank5(MemRef<uint16_t, 5> *in,
                                              MemRef<uint16_t, 5> *out,
                                              MemRef<uint16_t, 2> *image);
/// Block (x, y, z): window [x, 2y, 2(z / 2), 8(z % 2), 0] [1, 2, 2, 8, 32]
/// of 2x4x4x16x32, 64-B swizzle, image row (2z + y) * 2 + x.
static bool tmaRank5(Checker &check) {
  DeviceArray<uint16_t, 5> in({2, 4, 4, 16, 32}), out({2, 4, 4, 16, 32});
  DeviceArray<uint16_t, 2> image({16, 1024});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref();
  auto c = image.memref();
  _mlir_ciface_tma_rank5(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t z = 0; z < 4; ++z)
    for (int64_t y = 0; y < 2; ++y)
      for (int64_t x = 0; x < 2; ++x)
        expectImage(check, image, (2 * z + y) * 2 + x, 64, [&](int64_t e) {
          int64_t d1 = 2 * y + e / 512, d2 = 2 * (z / 2) + e / 256 % 2;
          int64_t d3 = 8 * (z % 2) + e / 32 % 8, d4 = e % 32;
          return in.host[(((x * 4 + d1) * 4 + d2) * 16 + d3) * 32 + d4];
        });
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_split_box(MemRef<float, 2> *in,
                                                  MemRef<float, 2> *out,
                                                  MemRef<float, 2> *image);
/// Block (x, y): window [2y, 512x] [2, 512] of 64x1024 (box split in 256s).
static bool tmaSplitBox(Checker &check) {
  DeviceArray<float, 2> in({64, 1024}), out({64, 1024}), image({64, 1024});
  in.fill(patternF32);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_tma_split_box(&a, &b, &c);
  out.download();
  image.download();
  expectTiles2D(check, image, 2, 32, 2, 512, 64, 1024, 0, rowMajor(in));
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_oob(MemRef<float, 2> *in,
                                            MemRef<float, 2> *out,
                                            MemRef<float, 2> *image);
/// 64x64 windows at (64y, 64x) of 100x100: the parts past the tensor read 0
/// (the kernel pre-filled SMEM with -1), the stores write only the tensor.
static bool tmaOob(Checker &check) {
  DeviceArray<float, 2> in({100, 100}), out({100, 100}), image({4, 4096});
  in.fill(patternF32);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_tma_oob(&a, &b, &c);
  out.download();
  image.download();
  expectTiles2D(check, image, 2, 2, 64, 64, 100, 100, 0, rowMajor(in));
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_reduce_add(MemRef<float, 2> *in,
                                                   MemRef<float, 2> *acc);
static bool tmaReduceAdd(Checker &check) {
  // Multiples of 1/4 of small magnitude: every sum is exact.
  return reduction<float>(
      check, _mlir_ciface_tma_reduce_add,
      [](int64_t i) { return static_cast<float>(i % 1000) - 500.0f; },
      [](int64_t i) { return static_cast<float>(i * 37 % 777) * 0.25f; },
      [](float acc, float in) { return acc + in; });
}

/// Signed i32 values of both signs for min/max.
static int32_t mixedI32(int64_t i) {
  return static_cast<int32_t>(i * 7919 % 20001) - 10000;
}
static int32_t mixedI32b(int64_t i) {
  return static_cast<int32_t>(i * 104729 % 20011) - 10005;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_reduce_min(MemRef<int32_t, 2> *in,
                                                   MemRef<int32_t, 2> *acc);
static bool tmaReduceMin(Checker &check) {
  return reduction<int32_t>(
      check, _mlir_ciface_tma_reduce_min, mixedI32, mixedI32b,
      [](int32_t acc, int32_t in) { return acc < in ? acc : in; });
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_reduce_max(MemRef<int32_t, 2> *in,
                                                   MemRef<int32_t, 2> *acc);
static bool tmaReduceMax(Checker &check) {
  return reduction<int32_t>(
      check, _mlir_ciface_tma_reduce_max, mixedI32, mixedI32b,
      [](int32_t acc, int32_t in) { return acc > in ? acc : in; });
}

AC_GPU_TEST_ENTRY void _mlir_ciface_bulk_copy(MemRef<float, 2> *in,
                                              MemRef<float, 2> *out,
                                              MemRef<float, 2> *image);
/// Block (x, y): window [4y, 128x] [4, 128] of 32x512, bulk load and store.
static bool bulkCopy(Checker &check) {
  DeviceArray<float, 2> in({32, 512}), out({32, 512}), image({32, 512});
  in.fill(patternF32);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_bulk_copy(&a, &b, &c);
  out.download();
  image.download();
  expectTiles2D(check, image, 4, 8, 4, 128, 32, 512, 0, rowMajor(in));
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_cp_async_16(MemRef<uint16_t, 2> *in,
                                                MemRef<uint16_t, 2> *image);
/// Block (0, y): window [32y, 0] [32, 64] of 128x64 f16 (16-B rows).
static bool cpAsync16(Checker &check) {
  DeviceArray<uint16_t, 2> in({128, 64}), image({4, 2048});
  in.fill(pattern16);
  image.poison();
  auto a = in.memref(), b = image.memref();
  _mlir_ciface_cp_async_16(&a, &b);
  image.download();
  expectTiles2D(check, image, 1, 4, 32, 64, 128, 64, 0, rowMajor(in));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_cp_async_swizzle(MemRef<uint16_t, 2> *in,
                              MemRef<uint16_t, 2> *image);
/// As cp_async_16, with the SMEM image swizzled (128 B) like a TMA load's.
static bool cpAsyncSwizzle(Checker &check) {
  DeviceArray<uint16_t, 2> in({128, 64}), image({4, 2048});
  in.fill(pattern16);
  image.poison();
  auto a = in.memref(), b = image.memref();
  _mlir_ciface_cp_async_swizzle(&a, &b);
  image.download();
  expectTiles2D(check, image, 1, 4, 32, 64, 128, 64, 128, rowMajor(in));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_cp_async_8(MemRef<uint16_t, 2> *in,
                                               MemRef<uint16_t, 2> *image);
/// Block (x, y): window [16y, 64x] [16, 64] of 64x132 f16 (8-B rows).
static bool cpAsync8(Checker &check) {
  DeviceArray<uint16_t, 2> in({64, 132}), image({8, 1024});
  in.fill(pattern16);
  image.poison();
  auto a = in.memref(), b = image.memref();
  _mlir_ciface_cp_async_8(&a, &b);
  image.download();
  expectTiles2D(check, image, 2, 4, 16, 64, 64, 132, 0, rowMajor(in));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_cp_async_4(MemRef<float, 2> *inF32,
                                               MemRef<float, 2> *imageF32,
                                               MemRef<uint8_t, 2> *inI8,
                                               MemRef<uint8_t, 2> *imageI8);
/// Block (0, y): window [16y, 0] [16, 64] of 64x65 f32 and of 64x68 i8.
static bool cpAsync4(Checker &check) {
  DeviceArray<float, 2> inF32({64, 65}), imageF32({4, 1024});
  DeviceArray<uint8_t, 2> inI8({64, 68}), imageI8({4, 1024});
  inF32.fill(patternF32);
  inI8.fill([](int64_t i) { return static_cast<uint8_t>(i * 7 + 1); });
  imageF32.poison();
  imageI8.poison();
  auto a = inF32.memref(), b = imageF32.memref();
  auto c = inI8.memref(), d = imageI8.memref();
  _mlir_ciface_cp_async_4(&a, &b, &c, &d);
  imageF32.download();
  imageI8.download();
  expectTiles2D(check, imageF32, 1, 4, 16, 64, 64, 65, 0, rowMajor(inF32));
  expectTiles2D(check, imageI8, 1, 4, 16, 64, 64, 68, 0, rowMajor(inI8));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_cp_async_oob(MemRef<float, 2> *in,
                                                 MemRef<float, 2> *image);
/// A 100x98 view with row stride 128 (of a 100x128 allocation), 64x64
/// windows at (64y, 64x): past the view, elements read 0 (SMEM pre-filled
/// with -1); the padding columns 98..127 must not be read.
static bool cpAsyncOob(Checker &check) {
  DeviceArray<float, 2> in({100, 128}), image({4, 4096});
  in.fill(patternF32);
  image.poison();
  auto a = in.memref();
  a.sizes[1] = 98;
  auto b = image.memref();
  _mlir_ciface_cp_async_oob(&a, &b);
  image.download();
  expectTiles2D(check, image, 2, 2, 64, 64, 100, 98, 0, rowMajor(in));
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_sync_fallback(MemRef<float, 2> *in,
                                                  MemRef<float, 2> *out,
                                                  MemRef<float, 2> *image);
/// Block (x, y): window [32y, 64x] [32, 64] of 128x128, sync load + store.
static bool syncFallback(Checker &check) {
  DeviceArray<float, 2> in({128, 128}), out({128, 128}), image({8, 2048});
  in.fill(patternF32);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_sync_fallback(&a, &b, &c);
  out.download();
  image.download();
  expectTiles2D(check, image, 2, 4, 32, 64, 128, 128, 0, rowMajor(in));
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

/// Collective loads: `fn(in, out, image)` runs a grid of (2 * clusterX) x
/// (2 * clusterY) blocks in clusterX x clusterY clusters over a 128x128 f16
/// tensor; the blocks of a cluster share the 64x64 tile (y / clusterY,
/// x / clusterX), each dumps its SMEM image (swizzled with `span`) to row
/// y * gridX + x and stores the tile to `out`.
static bool multicastTiles(Checker &check, TileFn16 fn, int64_t clusterX,
                           int64_t clusterY, int64_t span) {
  const int64_t gridX = 2 * clusterX, gridY = 2 * clusterY;
  DeviceArray<uint16_t, 2> in({128, 128}), out({128, 128}),
      image({gridX * gridY, 4096});
  in.fill(pattern16);
  out.poison();
  image.poison();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  fn(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t y = 0; y < gridY; ++y)
    for (int64_t x = 0; x < gridX; ++x)
      expectImage(check, image, y * gridX + x, span, [&](int64_t e) {
        int64_t r = 64 * (y / clusterY) + e / 64,
                col = 64 * (x / clusterX) + e % 64;
        return in.host[r * 128 + col];
      });
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_multicast(MemRef<uint16_t, 2> *,
                                                  MemRef<uint16_t, 2> *,
                                                  MemRef<uint16_t, 2> *);
static bool tmaMulticast(Checker &check) {
  return multicastTiles(check, _mlir_ciface_tma_multicast, 2, 1, 128);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_multicast_quad(MemRef<uint16_t, 2> *,
                                                       MemRef<uint16_t, 2> *,
                                                       MemRef<uint16_t, 2> *);
static bool tmaMulticastQuad(Checker &check) {
  return multicastTiles(check, _mlir_ciface_tma_multicast_quad, 2, 2, 0);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_multicast_replicated(
    MemRef<uint16_t, 2> *, MemRef<uint16_t, 2> *, MemRef<uint16_t, 2> *);
static bool tmaMulticastReplicated(Checker &check) {
  return multicastTiles(check, _mlir_ciface_tma_multicast_replicated, 2, 1,
                        128);
}

using PairFnF32 = void (*)(MemRef<float, 2> *, MemRef<float, 2> *);
/// Blocks 2k and 2k + 1 form a cluster and swap their rows of `in`.
static bool clusterSwap(Checker &check, PairFnF32 fn) {
  DeviceArray<float, 2> in({4, 256}), out({4, 256});
  in.fill(patternF32);
  out.poison();
  auto a = in.memref(), b = out.memref();
  fn(&a, &b);
  out.download();
  for (int64_t row = 0; row < 4; ++row)
    for (int64_t i = 0; i < 256; ++i)
      check.expectEq("out", row * 256 + i, out.host[row * 256 + i],
                     in.host[(row ^ 1) * 256 + i]);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_dsmem_copy(MemRef<float, 2> *,
                                               MemRef<float, 2> *);
static bool dsmemCopy(Checker &check) {
  return clusterSwap(check, _mlir_ciface_dsmem_copy);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_remote_sync_copy(MemRef<float, 2> *,
                                                     MemRef<float, 2> *);
static bool remoteSyncCopy(Checker &check) {
  return clusterSwap(check, _mlir_ciface_remote_sync_copy);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_empty(MemRef<float, 2> *in,
                                              MemRef<float, 2> *out,
                                              MemRef<float, 2> *image);
/// %in and %out: 0 x 64 f32 tensors at rows 16 and 32 of a poisoned 64 x 64
/// device buffer. Loads of an empty tensor read the OOB fill (zeros, NaN),
/// the store writes nothing: the buffer keeps every poisoned byte.
static bool tmaEmpty(Checker &check) {
  DeviceArray<float, 2> guard({64, 64}), image({2, 1024});
  guard.poison();
  image.poison();
  std::vector<float> poisoned = guard.host;
  auto emptyAt = [&](int64_t row) {
    MemRef<float, 2> m = guard.memref();
    m.aligned += row * 64;
    m.sizes[0] = 0;
    return m;
  };
  auto a = emptyAt(16), b = emptyAt(32), c = image.memref();
  _mlir_ciface_tma_empty(&a, &b, &c);
  guard.download();
  image.download();
  for (int64_t i = 0; i < 1024; ++i) {
    check.expectEq("zeros", i, image.host[i], 0.0f);
    if (!std::isnan(image.host[1024 + i]))
      check.expectEq("nans", i, image.host[1024 + i], NAN);
  }
  if (std::memcmp(guard.host.data(), poisoned.data(), guard.bytes()) != 0)
    for (size_t i = 0; i < guard.host.size(); ++i)
      check.expectEq("guard", i, guard.host[i], poisoned[i]);
  return check.errors == 0;
}

using LaunchLoopFn = void (*)(MemRef<float, 1> *, MemRef<float, 1> *, int64_t);
/// 2 x 100000 chained launches, each adding a half of %in to %acc, on a
/// thread with an 8 MiB stack (the usual default, whatever `ulimit -s` says
/// here): host code whose launches keep their argument arrays on the stack
/// overflows it. ASYNCCOPY_LAUNCH_LOOP_N lowers the count (run-gpu-tests.sh:
/// under the sanitizers, which keep per-launch records that 200k launches
/// exhaust).
static bool launchLoop(Checker &check, LaunchLoopFn fn) {
  const char *env = std::getenv("ASYNCCOPY_LAUNCH_LOOP_N");
  const int64_t n = env ? std::max<int64_t>(1, std::atoll(env)) : 100000;
  DeviceArray<float, 1> in({512}), acc({256});
  in.fill([](int64_t i) { return i % 8 + 1 + (i >= 256 ? 16 : 0); });
  acc.fill([](int64_t) { return 0; });
  auto a = in.memref(), b = acc.memref();
  struct Args {
    LaunchLoopFn fn;
    MemRef<float, 1> *in, *acc;
    int64_t n;
  } args{fn, &a, &b, n};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 8 << 20);
  pthread_t thread;
  if (pthread_create(
          &thread, &attr,
          [](void *p) -> void * {
            auto *args = static_cast<Args *>(p);
            args->fn(args->in, args->acc, args->n);
            return nullptr;
          },
          &args) != 0) {
    std::printf("%s: cannot start a thread\n", check.name.c_str());
    return false;
  }
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  acc.download();
  for (int64_t i = 0; i < 256; ++i)
    check.expectEq(
        "acc", i, acc.host[i],
        float((n + (n + 1) / 2) * (i % 8 + 1) + n / 2 * (i % 8 + 17)));
  return check.errors == 0;
}
AC_GPU_TEST_ENTRY void _mlir_ciface_launch_loop(MemRef<float, 1> *,
                                                MemRef<float, 1> *, int64_t);
static bool launchLoopParam(Checker &check) {
  return launchLoop(check, _mlir_ciface_launch_loop);
}
AC_GPU_TEST_ENTRY void _mlir_ciface_launch_loop_scratch(MemRef<float, 1> *,
                                                        MemRef<float, 1> *,
                                                        int64_t);
/// The same loops with the maps in device scratch memory: the first loop's
/// launches share one buffer, the second's get one each.
static bool launchLoopScratch(Checker &check) {
  return launchLoop(check, _mlir_ciface_launch_loop_scratch);
}

/// `fn(in, out)` writes `expect` of every element of a rows x cols tensor
/// filled with `pattern` to `out` (poisoned first); by default, copies it.
template <typename T, typename Pattern>
static bool copiesWhole(
    Checker &check, void (*fn)(MemRef<T, 2> *, MemRef<T, 2> *), int64_t rows,
    int64_t cols, Pattern pattern, T (*expect)(T) = [](T v) { return v; }) {
  DeviceArray<T, 2> in({rows, cols}), out({rows, cols});
  in.fill(pattern);
  out.poison();
  auto a = in.memref(), b = out.memref();
  fn(&a, &b);
  out.download();
  std::vector<T> want(in.host);
  for (T &v : want)
    v = expect(v);
  check.expectSame("out", out.host, want);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_tma_double_buffer(MemRef<uint16_t, 2> *,
                                                      MemRef<uint16_t, 2> *);
/// Eight 64x64 f16 tiles through the two stages of a double buffer.
static bool tmaDoubleBuffer(Checker &check) {
  return copiesWhole(check, _mlir_ciface_tma_double_buffer, 512, 64, pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_tma(MemRef<uint16_t, 2> *,
                                                 MemRef<uint16_t, 2> *);
/// Sixteen 64x64 f16 tiles through a 3-stage pipelined TMA loop.
static bool pipelineTma(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_tma, 1024, 64, pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_tma_dynamic(MemRef<uint16_t, 2> *,
                                                         MemRef<uint16_t, 2> *);
/// Forty 64x64 f16 tiles, claimed by the CTAs from a counter, twice.
static bool pipelineTmaDynamic(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_tma_dynamic, 2560, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_tma_short(MemRef<uint16_t, 2> *,
                                                       MemRef<uint16_t, 2> *);
/// Two tiles through a 4-stage pipeline: the guards skip the extra loads.
static bool pipelineTmaShort(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_tma_short, 128, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_tma_generic(MemRef<float, 2> *,
                                                         MemRef<float, 2> *);
/// Eight 32x64 f32 tiles through two stages, read with ordinary loads.
static bool pipelineTmaGeneric(Checker &check) {
  return copiesWhole(
      check, _mlir_ciface_pipeline_tma_generic, 256, 64, patternF32,
      +[](float v) { return 2 * v; });
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_tma_warps(MemRef<float, 2> *,
                                                       MemRef<float, 2> *);
/// Eight 32x64 f32 tiles through 3 stages released per warp on an empty
/// barrier.
static bool pipelineTmaWarps(Checker &check) {
  return copiesWhole(
      check, _mlir_ciface_pipeline_tma_warps, 256, 64, patternF32,
      +[](float v) { return 2 * v; });
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_cp_async(MemRef<uint16_t, 2> *,
                                                      MemRef<uint16_t, 2> *);
/// Thirty-two 16x64 f16 tiles through a 4-stage cp.async pipeline.
static bool pipelineCpAsync(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_cp_async, 512, 64, pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_pipeline_cp_async_dynamic(MemRef<uint16_t, 2> *,
                                       MemRef<uint16_t, 2> *);
/// Thirty-two 16x64 f16 tiles claimed by the CTAs of a cp.async pipeline.
static bool pipelineCpAsyncDynamic(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_cp_async_dynamic, 512, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_pipeline_multicast(MemRef<uint16_t, 2> *,
                                                       MemRef<uint16_t, 2> *);
/// Eight 64x64 f16 tiles multicast to a cluster of two through a 4-stage
/// pipeline; each CTA stores every other tile.
static bool pipelineMulticast(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_multicast, 512, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_pipeline_multicast_replicated(MemRef<uint16_t, 2> *,
                                           MemRef<uint16_t, 2> *);
/// The same with the cluster's first CTA issuing every tile whole.
static bool pipelineMulticastReplicated(Checker &check) {
  return copiesWhole(check, _mlir_ciface_pipeline_multicast_replicated, 512, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_cp_async_unwaited(MemRef<uint16_t, 2> *,
                                                      MemRef<uint16_t, 2> *);
/// A cp.async tile read by every thread without a wait in the program.
static bool cpAsyncUnwaited(Checker &check) {
  return copiesWhole(check, _mlir_ciface_cp_async_unwaited, 128, 64, pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_store_generic_writes(MemRef<float, 2> *, MemRef<float, 2> *);
/// Threads write 2 * in into SMEM with ordinary stores, a TMA store writes
/// the tile out.
static bool tmaStoreGenericWrites(Checker &check) {
  return copiesWhole(
      check, _mlir_ciface_tma_store_generic_writes, 256, 64, patternF32,
      +[](float v) { return 2 * v; });
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_store_reuse_unwaited(MemRef<uint16_t, 2> *,
                                      MemRef<uint16_t, 2> *);
/// Two 64x64 f16 tiles through one SMEM tile, reloaded after its store has
/// read it.
static bool tmaStoreReuseUnwaited(Checker &check) {
  return copiesWhole(check, _mlir_ciface_tma_store_reuse_unwaited, 128, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_store_wait_groups(MemRef<uint16_t, 2> *,
                                   MemRef<uint16_t, 2> *);
/// Four 64x64 f16 tiles through two SMEM buffers, each reloaded while the
/// other one's TMA store is in flight.
static bool tmaStoreWaitGroups(Checker &check) {
  return copiesWhole(check, _mlir_ciface_tma_store_wait_groups, 256, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_tma_dynamic_smem_sm90(MemRef<uint16_t, 2> *,
                                   MemRef<uint16_t, 2> *);
/// Six 128x64 f16 tiles through six stages of 96 KiB of dynamic SMEM.
static bool tmaDynamicSmemSm90(Checker &check) {
  return copiesWhole(check, _mlir_ciface_tma_dynamic_smem_sm90, 768, 64,
                     pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_sync_load_tma_store(MemRef<float, 2> *,
                                                        MemRef<float, 2> *);
/// A sync load, then a TMA store of the tile: 4 tiles of 64x64 f32.
static bool syncLoadTmaStore(Checker &check) {
  return copiesWhole(check, _mlir_ciface_sync_load_tma_store, 256, 64,
                     patternF32);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_dsmem_strided(MemRef<float, 2> *,
                                                  MemRef<float, 2> *);
/// Blocks 2k and 2k + 1 form a cluster; each receives two strided views of
/// its peer's 16x64 source into its 16x64 destination (see the module): the
/// odd rows' even columns hold source rows 2..9, columns 8..39; the even
/// rows' columns 32..47 hold source rows 8..15, columns 40..55; every other
/// element keeps the -1 guard.
static bool dsmemStrided(Checker &check) {
  DeviceArray<float, 2> in({4, 1024}), out({4, 1024});
  in.fill(patternF32);
  out.poison();
  auto a = in.memref(), b = out.memref();
  _mlir_ciface_dsmem_strided(&a, &b);
  out.download();
  for (int64_t blk = 0; blk < 4; ++blk) {
    const float *peer = &in.host[(blk ^ 1) * 1024];
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 64; ++c) {
        float want = -1.0f;
        if (r % 2 == 1 && c % 2 == 0)
          want = peer[(2 + r / 2) * 64 + 8 + c / 2];
        else if (r % 2 == 0 && c >= 32 && c < 48)
          want = peer[(8 + r / 2) * 64 + 40 + (c - 32)];
        int64_t at = blk * 1024 + r * 64 + c;
        check.expectEq("out", at, out.host[at], want);
      }
  }
  return check.errors == 0;
}

//===----------------------------------------------------------------------===//
// Kernels in upstream ops only, raised by asynccopy-raise-upstream
//===----------------------------------------------------------------------===//

/// `fn` copies the 3-D `in` to `out` (through SMEM).
template <typename T, typename Pattern>
static bool copies3D(Checker &check, void (*fn)(MemRef<T, 3> *, MemRef<T, 3> *),
                     std::vector<int64_t> shape, Pattern pattern) {
  DeviceArray<T, 3> in(shape), out(shape);
  in.fill(pattern);
  out.poison();
  auto a = in.memref(), b = out.memref();
  fn(&a, &b);
  out.download();
  check.expectSame("out", out.host, in.host);
  return check.errors == 0;
}

AC_GPU_TEST_ENTRY void _mlir_ciface_raise_memref_copy(MemRef<float, 3> *,
                                                      MemRef<float, 3> *);
/// memref.copy GMEM -> SMEM -> GMEM of 32x64 windows of a 4x64x128 f32.
static bool raiseMemrefCopy(Checker &check) {
  return copies3D(check, _mlir_ciface_raise_memref_copy, {4, 64, 128},
                  patternF32);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_raise_nvgpu_cp_async(MemRef<uint16_t, 3> *,
                                                         MemRef<uint16_t, 3> *);
/// nvgpu.device_async_copy of 4 planes of 64x64 f16 through SMEM.
static bool raiseNvgpuCpAsync(Checker &check) {
  return copies3D(check, _mlir_ciface_raise_nvgpu_cp_async, {4, 64, 64},
                  pattern16);
}

AC_GPU_TEST_ENTRY void
_mlir_ciface_raise_nvgpu_cp_async_per_thread(MemRef<uint16_t, 3> *,
                                             MemRef<uint16_t, 3> *);
/// Per-thread nvgpu.device_async_copy runs tiling 16-row slabs, raised.
static bool raiseNvgpuCpAsyncPerThread(Checker &check) {
  return copies3D(check, _mlir_ciface_raise_nvgpu_cp_async_per_thread,
                  {4, 64, 64}, pattern16);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_raise_nvgpu_tma(MemRef<float, 2> *,
                                                    MemRef<float, 2> *);
/// nvgpu TMA load (rewrite_copy_as_tma) of a 64x64 f32 tile through SMEM.
static bool raiseNvgpuTma(Checker &check) {
  return copiesWhole(check, _mlir_ciface_raise_nvgpu_tma, 64, 64, patternF32);
}

AC_GPU_TEST_ENTRY void _mlir_ciface_raise_tiled_matmul(MemRef<float, 2> *,
                                                       MemRef<float, 2> *,
                                                       MemRef<float, 2> *);
/// C += A B, 128x128 f32 with small integers (exact in f32), tiled and
/// promoted by the transform dialect.
static bool raiseTiledMatmul(Checker &check) {
  const int64_t n = 128;
  DeviceArray<float, 2> a({n, n}), b({n, n}), c({n, n});
  a.fill([&](int64_t i) {
    return static_cast<float>((i / n * 3 + i % n) % 7 - 3);
  });
  b.fill([&](int64_t i) {
    return static_cast<float>((i / n * 5 + i % n) % 5 - 2);
  });
  c.fill([&](int64_t i) { return static_cast<float>((i / n + i % n) % 3); });
  std::vector<float> want(c.host);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t k = 0; k < n; ++k)
        want[i * n + j] += a.host[i * n + k] * b.host[k * n + j];
  auto ma = a.memref(), mb = b.memref(), mc = c.memref();
  _mlir_ciface_raise_tiled_matmul(&ma, &mb, &mc);
  c.download();
  check.expectSame("C", c.host, want);
  return check.errors == 0;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// A row of the test table: the test's name, the entry point of its module
/// (null when the module was not built) and the check that runs it.
struct Test {
  const char *name;
  const void *entry;
  bool (*run)(Checker &);
};

template <typename Fn> static const void *entry(Fn *fn) {
  return reinterpret_cast<const void *>(fn);
}

static const std::vector<Test> &tests() {
  static const std::vector<Test> all = {
      {"tma_swizzle_128", entry(_mlir_ciface_tma_swizzle_128), tmaSwizzle128},
      {"tma_swizzle_128_scratch", entry(_mlir_ciface_tma_swizzle_128_scratch),
       tmaSwizzle128Scratch},
      {"tma_swizzle_0", entry(_mlir_ciface_tma_swizzle_0), tmaSwizzle0},
      {"tma_swizzle_32", entry(_mlir_ciface_tma_swizzle_32), tmaSwizzle32},
      {"tma_swizzle_64", entry(_mlir_ciface_tma_swizzle_64), tmaSwizzle64},
      {"tma_prefetch", entry(_mlir_ciface_tma_prefetch), tmaPrefetch},
      {"tma_tile", entry(_mlir_ciface_tma_tile), tmaTile},
      {"tma_partial_tiles", entry(_mlir_ciface_tma_partial_tiles),
       tmaPartialTiles},
      {"tma_transpose", entry(_mlir_ciface_tma_transpose), tmaTranspose},
      {"tma_rank3", entry(_mlir_ciface_tma_rank3), tmaRank3},
      {"tma_rank5", entry(_mlir_ciface_tma_rank5), tmaRank5},
      {"tma_split_box", entry(_mlir_ciface_tma_split_box), tmaSplitBox},
      {"tma_oob", entry(_mlir_ciface_tma_oob), tmaOob},
      {"tma_reduce_add", entry(_mlir_ciface_tma_reduce_add), tmaReduceAdd},
      {"tma_reduce_min", entry(_mlir_ciface_tma_reduce_min), tmaReduceMin},
      {"tma_reduce_max", entry(_mlir_ciface_tma_reduce_max), tmaReduceMax},
      {"bulk_copy", entry(_mlir_ciface_bulk_copy), bulkCopy},
      {"cp_async_16", entry(_mlir_ciface_cp_async_16), cpAsync16},
      {"cp_async_swizzle", entry(_mlir_ciface_cp_async_swizzle),
       cpAsyncSwizzle},
      {"cp_async_8", entry(_mlir_ciface_cp_async_8), cpAsync8},
      {"cp_async_4", entry(_mlir_ciface_cp_async_4), cpAsync4},
      {"cp_async_oob", entry(_mlir_ciface_cp_async_oob), cpAsyncOob},
      {"dsmem_copy", entry(_mlir_ciface_dsmem_copy), dsmemCopy},
      {"remote_sync_copy", entry(_mlir_ciface_remote_sync_copy),
       remoteSyncCopy},
      {"sync_fallback", entry(_mlir_ciface_sync_fallback), syncFallback},
      {"tma_multicast", entry(_mlir_ciface_tma_multicast), tmaMulticast},
      {"tma_multicast_quad", entry(_mlir_ciface_tma_multicast_quad),
       tmaMulticastQuad},
      {"tma_multicast_replicated", entry(_mlir_ciface_tma_multicast_replicated),
       tmaMulticastReplicated},
      {"tma_empty", entry(_mlir_ciface_tma_empty), tmaEmpty},
      {"launch_loop", entry(_mlir_ciface_launch_loop), launchLoopParam},
      {"launch_loop_scratch", entry(_mlir_ciface_launch_loop_scratch),
       launchLoopScratch},
      {"tma_double_buffer", entry(_mlir_ciface_tma_double_buffer),
       tmaDoubleBuffer},
      {"tma_dynamic_smem_sm90", entry(_mlir_ciface_tma_dynamic_smem_sm90),
       tmaDynamicSmemSm90},
      {"tma_store_wait_groups", entry(_mlir_ciface_tma_store_wait_groups),
       tmaStoreWaitGroups},
      {"tma_store_reuse_unwaited", entry(_mlir_ciface_tma_store_reuse_unwaited),
       tmaStoreReuseUnwaited},
      {"tma_store_generic_writes", entry(_mlir_ciface_tma_store_generic_writes),
       tmaStoreGenericWrites},
      {"cp_async_unwaited", entry(_mlir_ciface_cp_async_unwaited),
       cpAsyncUnwaited},
      {"pipeline_tma", entry(_mlir_ciface_pipeline_tma), pipelineTma},
      {"pipeline_tma_dynamic", entry(_mlir_ciface_pipeline_tma_dynamic),
       pipelineTmaDynamic},
      {"pipeline_tma_short", entry(_mlir_ciface_pipeline_tma_short),
       pipelineTmaShort},
      {"pipeline_tma_generic", entry(_mlir_ciface_pipeline_tma_generic),
       pipelineTmaGeneric},
      {"pipeline_cp_async", entry(_mlir_ciface_pipeline_cp_async),
       pipelineCpAsync},
      {"pipeline_cp_async_dynamic",
       entry(_mlir_ciface_pipeline_cp_async_dynamic), pipelineCpAsyncDynamic},
      {"pipeline_tma_warps", entry(_mlir_ciface_pipeline_tma_warps),
       pipelineTmaWarps},
      {"pipeline_multicast", entry(_mlir_ciface_pipeline_multicast),
       pipelineMulticast},
      {"pipeline_multicast_replicated",
       entry(_mlir_ciface_pipeline_multicast_replicated),
       pipelineMulticastReplicated},
      {"sync_load_tma_store", entry(_mlir_ciface_sync_load_tma_store),
       syncLoadTmaStore},
      {"dsmem_strided", entry(_mlir_ciface_dsmem_strided), dsmemStrided},
      {"raise_memref_copy", entry(_mlir_ciface_raise_memref_copy),
       raiseMemrefCopy},
      {"raise_nvgpu_cp_async", entry(_mlir_ciface_raise_nvgpu_cp_async),
       raiseNvgpuCpAsync},
      {"raise_nvgpu_cp_async_per_thread",
       entry(_mlir_ciface_raise_nvgpu_cp_async_per_thread),
       raiseNvgpuCpAsyncPerThread},
      {"raise_nvgpu_tma", entry(_mlir_ciface_raise_nvgpu_tma), raiseNvgpuTma},
      {"raise_tiled_matmul", entry(_mlir_ciface_raise_tiled_matmul),
       raiseTiledMatmul},
  };
  return all;
}

int main(int argc, char **argv) {
  std::vector<std::string> names(argv + 1, argv + argc);
  if (names.empty())
    for (const Test &test : tests())
      if (test.entry)
        names.push_back(test.name);
  int failed = 0;
  for (const std::string &name : names) {
    auto it = std::find_if(tests().begin(), tests().end(),
                           [&](const Test &t) { return name == t.name; });
    if (it == tests().end() || !it->entry) {
      std::printf("%s: not built (unknown test, or its module was skipped by "
                  "build-gpu-tests.sh)\n",
                  name.c_str());
      ++failed;
      continue;
    }
    Checker check{name};
    it->run(check);
    failed += !check.report();
  }
  std::printf("%zu passed, %d failed\n", names.size() - failed, failed);
  return failed ? 1 : 0;
}
