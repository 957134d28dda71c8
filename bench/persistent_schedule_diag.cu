// Diagnostic: why do persistent copies (ours, Triton's) stop at ~0.95 of
// memcpy while one-tile-per-CTA copies reach ~0.99? The same 16 KiB-per-tile
// copy body is run under three schedules:
//   grid     one CTA per tile (the hardware's block scheduler balances SMs),
//   static   persistent, CTA b takes tiles b, b + G, b + 2G, ...,
//   dynamic  persistent, each CTA claims its next tile from a global counter
//            (one pre-zeroed counter per launch, or one zeroed with a
//            memset on the stream before every launch).
// For the persistent ones it records every CTA's SM, finish time and tile
// count, so the spread of per-SM throughput is visible.
//
//   nvcc -O3 -arch=sm_90a -o persistent-schedule-diag persistent_schedule_diag.cu
//   ./persistent-schedule-diag [GiB=1] [iters=20]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(e));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kThreads = 256;
constexpr int kTileBytes = 16384;
constexpr int kVecPerThread = kTileBytes / 16 / kThreads; // 4 x int4

__device__ __forceinline__ void copyTile(const int4 *in, int4 *out, long t) {
  const int4 *src = in + t * (kTileBytes / 16);
  int4 *dst = out + t * (kTileBytes / 16);
  int4 v[kVecPerThread];
#pragma unroll
  for (int k = 0; k < kVecPerThread; ++k)
    v[k] = __ldcs(src + k * kThreads + threadIdx.x);
#pragma unroll
  for (int k = 0; k < kVecPerThread; ++k)
    __stcs(dst + k * kThreads + threadIdx.x, v[k]);
}

__device__ __forceinline__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ unsigned smId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

struct CtaRecord {
  unsigned long long end;
  unsigned sm;
  unsigned tiles;
};

__global__ void gridCopy(const int4 *in, int4 *out) {
  copyTile(in, out, blockIdx.x);
}

__global__ void staticCopy(const int4 *in, int4 *out, long tiles,
                           CtaRecord *rec) {
  unsigned n = 0;
  for (long t = blockIdx.x; t < tiles; t += gridDim.x, ++n)
    copyTile(in, out, t);
  if (threadIdx.x == 0)
    rec[blockIdx.x] = {globalTimer(), smId(), n};
}

__global__ void dynamicCopy(const int4 *in, int4 *out, long tiles,
                            unsigned long long *counter, CtaRecord *rec) {
  __shared__ long next[2];
  unsigned n = 0;
  if (threadIdx.x == 0)
    next[0] = atomicAdd(counter, 1ull);
  __syncthreads();
  for (int k = 0;; k ^= 1, ++n) {
    long t = next[k];
    if (t >= tiles)
      break;
    // Claim the following tile before copying this one, so the claim's
    // latency overlaps the copy; the other slot keeps the barrier cheap.
    if (threadIdx.x == 0)
      next[k ^ 1] = atomicAdd(counter, 1ull);
    copyTile(in, out, t);
    __syncthreads();
  }
  if (threadIdx.x == 0)
    rec[blockIdx.x] = {globalTimer(), smId(), n};
}

int main(int argc, char **argv) {
  long gib = argc > 1 ? std::atol(argv[1]) : 1;
  int iters = argc > 2 ? std::atoi(argv[2]) : 20;
  size_t bytes = size_t(gib) << 30;
  long tiles = bytes / kTileBytes;
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int4 *in, *out;
  unsigned long long *counters;
  CtaRecord *rec;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  CHECK(cudaMalloc(&counters, sizeof(unsigned long long) * (iters + 3)));
  CHECK(cudaMalloc(&rec, sizeof(CtaRecord) * 4 * sms));
  CHECK(cudaMemset(in, 0x5a, bytes));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));

  auto time = [&](auto launch) {
    for (int w = 0; w < 3; ++w)
      launch(iters + w);
    CHECK(cudaEventRecord(start));
    for (int i = 0; i < iters; ++i)
      launch(i);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms / iters;
  };
  auto check = [&](const char *name) {
    std::vector<unsigned char> h(1 << 20);
    for (size_t off : {size_t(0), bytes / 2, bytes - h.size()}) {
      CHECK(cudaMemcpy(h.data(), (char *)out + off, h.size(),
                       cudaMemcpyDeviceToHost));
      for (unsigned char c : h)
        if (c != 0x5a) {
          std::printf("%s: check FAIL\n", name);
          std::exit(1);
        }
    }
    CHECK(cudaMemset(out, 0, bytes));
  };
  auto spread = [&](const char *name, int grid) {
    std::vector<CtaRecord> h(grid);
    CHECK(cudaMemcpy(h.data(), rec, sizeof(CtaRecord) * grid,
                     cudaMemcpyDeviceToHost));
    unsigned long long lo = ~0ull, hi = 0;
    unsigned tmin = ~0u, tmax = 0;
    std::vector<unsigned> perSm(sms, 0);
    for (const CtaRecord &r : h) {
      lo = std::min(lo, r.end);
      hi = std::max(hi, r.end);
      tmin = std::min(tmin, r.tiles);
      tmax = std::max(tmax, r.tiles);
      if (r.sm < unsigned(sms))
        perSm[r.sm] += r.tiles;
    }
    std::printf("  %s grid %d: CTA finish spread %.1f us, tiles per CTA "
                "%u..%u\n",
                name, grid, (hi - lo) / 1e3, tmin, tmax);
    std::printf("  tiles per SM:");
    for (int s = 0; s < sms; ++s)
      std::printf("%s%u", s % 22 ? " " : "\n   ", perSm[s]);
    std::printf("\n");
  };

  float memcpyMs = time([&](int) {
    CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice));
  });
  check("memcpy");
  std::printf("%ld GiB, %ld tiles of 16 KiB, %d SMs, %d threads per CTA\n",
              gib, tiles, sms, kThreads);
  std::printf("memcpy D2D      %.4f ms  %.0f GB/s\n", memcpyMs,
              2.0 * bytes / memcpyMs / 1e6);
  auto report = [&](const char *name, float ms) {
    std::printf("%-15s %.4f ms  %.0f GB/s  ratio %.3f\n", name, ms,
                2.0 * bytes / ms / 1e6, memcpyMs / ms);
  };
  report("grid", time([&](int) {
           gridCopy<<<tiles, kThreads>>>(in, out);
         }));
  check("grid");
  for (int perSm : {1, 2, 4}) {
    int grid = perSm * sms;
    char name[32];
    std::snprintf(name, sizeof(name), "static x%d", perSm);
    report(name, time([&](int) {
             staticCopy<<<grid, kThreads>>>(in, out, tiles, rec);
           }));
    check(name);
    spread(name, grid);
    std::snprintf(name, sizeof(name), "dynamic x%d", perSm);
    CHECK(cudaMemset(counters, 0, sizeof(unsigned long long) * (iters + 3)));
    report(name, time([&](int i) {
             dynamicCopy<<<grid, kThreads>>>(in, out, tiles, counters + i,
                                              rec);
           }));
    check(name);
    spread(name, grid);
    // The same with one counter zeroed on the stream before every launch,
    // as asynccopy-pipeline-loops' host code does: the cost of the memset.
    std::snprintf(name, sizeof(name), "dyn+memset x%d", perSm);
    report(name, time([&](int) {
             CHECK(cudaMemsetAsync(counters, 0, sizeof(unsigned long long)));
             dynamicCopy<<<grid, kThreads>>>(in, out, tiles, counters, rec);
           }));
    check(name);
  }
  return 0;
}
