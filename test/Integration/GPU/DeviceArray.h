//===- DeviceArray.h - device arrays for AOT-compiled MLIR functions -----===//
//
// MLIR's ranked memref descriptor (the C interface of emit_c_interface) and
// a row-major device array with a host mirror, over the runtime's mgpu* ABI.
// Shared by the GPU test harness and the benchmark drivers that check
// results (bench/raise_upstream_bench.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TEST_INTEGRATION_GPU_DEVICEARRAY_H
#define ASYNCCOPY_TEST_INTEGRATION_GPU_DEVICEARRAY_H

#include <cstddef>
#include <cstdint>
#include <cstring>
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
  /// Fills the host mirror with 0xA5 bytes and uploads it, so that elements
  /// the kernel does not write (or writes as 0) are caught.
  void poison() {
    std::memset(host.data(), 0xA5, bytes());
    upload();
  }
  template <typename F> void fill(F f) {
    for (size_t i = 0; i < host.size(); ++i)
      host[i] = static_cast<T>(f(static_cast<int64_t>(i)));
    upload();
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

#endif // ASYNCCOPY_TEST_INTEGRATION_GPU_DEVICEARRAY_H
