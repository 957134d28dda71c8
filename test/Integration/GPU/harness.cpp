//===- harness.cpp - GPU integration tests of asynccopy kernels -----------===//
//
// Each test is an MLIR module (in this directory) compiled ahead of time with
// utils/aot-compile.sh; its host function `@<name>` launches the kernels on
// device memrefs. The harness allocates device memory through the runtime's
// mgpu* ABI, fills the inputs, runs the test, copies the results back and
// checks every element against a host reference.
//
//   asynccopy-gpu-tests [name...]   (no name: every test)
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

extern "C" {
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuStreamSynchronize(void *stream);
}

/// MLIR's ranked memref descriptor (the C interface of emit_c_interface).
template <typename T, int N> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};

/// A row-major device array with a host mirror.
template <typename T, int N> struct DeviceArray {
  std::vector<int64_t> shape;
  std::vector<T> host;
  T *device = nullptr;

  explicit DeviceArray(std::vector<int64_t> dims) : shape(std::move(dims)) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    host.assign(n, T());
    device = static_cast<T *>(mgpuMemAlloc(bytes(), nullptr, false));
  }
  ~DeviceArray() { mgpuMemFree(device, nullptr); }
  size_t bytes() const { return host.size() * sizeof(T); }
  void upload() {
    mgpuMemcpy(device, host.data(), bytes(), nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  void download() {
    mgpuMemcpy(host.data(), device, bytes(), nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  MemRef<T, N> memref() const {
    MemRef<T, N> m;
    m.allocated = m.aligned = device;
    m.offset = 0;
    int64_t stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      m.sizes[i] = shape[i];
      m.strides[i] = stride;
      stride *= shape[i];
    }
    return m;
  }
};

/// Collects the first mismatches of a test.
struct Checker {
  std::string name;
  int64_t errors = 0;
  template <typename T>
  void expectEq(const char *what, int64_t index, T got, T want) {
    if (got == want)
      return;
    if (errors++ < 5)
      std::printf("%s: %s[%lld] = %lld, expected %lld\n", name.c_str(), what,
                  static_cast<long long>(index), static_cast<long long>(got),
                  static_cast<long long>(want));
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
static uint16_t pattern16(int64_t i) { return static_cast<uint16_t>(i * 7 + 1); }

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

extern "C" void _mlir_ciface_tma_swizzle_128(MemRef<uint16_t, 2> *in,
                                             MemRef<uint16_t, 2> *out,
                                             MemRef<uint16_t, 2> *image);

static bool tmaSwizzle128(Checker &check) {
  DeviceArray<uint16_t, 2> in({256, 64}), out({256, 64}), image({4, 4096});
  for (size_t i = 0; i < in.host.size(); ++i)
    in.host[i] = pattern16(i);
  in.upload();
  out.upload();
  image.upload();
  auto a = in.memref(), b = out.memref(), c = image.memref();
  _mlir_ciface_tma_swizzle_128(&a, &b, &c);
  out.download();
  image.download();
  for (int64_t blk = 0; blk < 4; ++blk)
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t col = 0; col < 64; ++col) {
        int64_t dense = (r * 64 + col) * 2;
        int64_t at = swizzle(dense, 128) / 2;
        check.expectEq("smem", blk * 4096 + at, image.host[blk * 4096 + at],
                       in.host[(blk * 64 + r) * 64 + col]);
      }
  for (size_t i = 0; i < in.host.size(); ++i)
    check.expectEq("out", i, out.host[i], in.host[i]);
  return true;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

static const std::map<std::string, std::function<bool(Checker &)>> &tests() {
  static const std::map<std::string, std::function<bool(Checker &)>> all = {
      {"tma_swizzle_128", tmaSwizzle128},
  };
  return all;
}

int main(int argc, char **argv) {
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i)
    names.push_back(argv[i]);
  if (names.empty())
    for (auto &[name, fn] : tests())
      names.push_back(name);
  int failed = 0;
  for (const std::string &name : names) {
    auto it = tests().find(name);
    if (it == tests().end()) {
      std::printf("%s: unknown test\n", name.c_str());
      ++failed;
      continue;
    }
    Checker check{name};
    it->second(check);
    failed += !check.report();
  }
  std::printf("%zu passed, %d failed\n", names.size() - failed, failed);
  return failed ? 1 : 0;
}
