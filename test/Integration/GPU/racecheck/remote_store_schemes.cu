//===- remote_store_schemes.cu - DSMEM store + signal schemes under racecheck
//-===//
//
// The sync path of an asynccopy `remote` copy (every thread stores its share
// of a buffer into the peer CTA's SMEM, then the peer is told) and its
// alternatives, as a standalone CUDA program: 2-CTA clusters, 128 threads,
// each CTA sends 256 f32 (its row of `in`) to its peer's SMEM buffer and
// dumps what it received to its row of `out`, which the host checks.
//
//   a  the scheme of the asynccopy lowering (test/Integration/GPU/
//      remote_sync_copy.mlir): st.shared::cluster through mapa addresses by
//      every thread, bar.sync, then thread 0's one remote arrival
//      (mbarrier.arrive.release.cluster.shared::cluster); the receiver spins
//      on mbarrier.try_wait.parity.acquire.cluster.
//   b  st.async: every thread's remote stores complete_tx their bytes on the
//      peer's mbarrier (st.async.shared::cluster.mbarrier::complete_tx::bytes);
//      thread 0 arrives once expecting the total bytes
//      (mbarrier.arrive.expect_tx.release.cluster.shared::cluster): one
//      arrival per copy, no CTA barrier before it.
//   c  one remote release.cluster arrival per storing thread (the barrier
//      counts the CTA's threads), no CTA barrier.
//   d  no mbarrier: barrier.cluster.arrive.release / wait.acquire after the
//      stores.
//
// Each kernel also reads %clock64 around its exchange (stores to the end of
// the receiver's wait); the host times launches with CUDA events.
//
//   remote_store_schemes [a|b|c|d|all] [clusters] [launches]
//     prints "<scheme>: PASS|FAIL, <us> us/launch, <cycles> cycles/exchange"
//
// Build (sm_90a, CUDA 12.x/13): see build.sh beside this file.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

constexpr int kThreads = 128;
constexpr int kElems = 256;

__device__ __forceinline__ uint32_t smemAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ uint32_t clusterRank() {
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  return rank;
}

/// The shared::cluster address of `addr` (shared::cta) in CTA `rank`.
__device__ __forceinline__ uint32_t mapa(uint32_t addr, uint32_t rank) {
  uint32_t out;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
               : "=r"(out)
               : "r"(addr), "r"(rank));
  return out;
}

__device__ __forceinline__ void clusterSync() {
  asm volatile("barrier.cluster.arrive.release;\n"
               "barrier.cluster.wait.acquire;" ::
                   : "memory");
}

__device__ __forceinline__ void waitParityCluster(uint32_t bar,
                                                  uint32_t parity) {
  asm volatile("{\n"
               ".reg .pred P;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 P, "
               "[%0], %1;\n"
               "@!P bra WAIT;\n"
               "}" ::"r"(bar),
               "r"(parity)
               : "memory");
}

template <char Scheme>
__global__ void __cluster_dims__(2, 1, 1)
    exchange(const float *in, float *out, long long *cycles) {
  __shared__ alignas(16) float src[kElems];
  __shared__ alignas(16) float dst[kElems];
  __shared__ alignas(8) uint64_t bar;
  const int tid = threadIdx.x;
  const float *row = in + blockIdx.x * kElems;
  for (int i = tid; i < kElems; i += kThreads)
    src[i] = row[i];
  uint32_t barAddr = smemAddress(&bar);
  if (Scheme != 'd' && tid == 0) {
    uint32_t count = Scheme == 'c' ? kThreads : 1;
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n"
                 "fence.mbarrier_init.release.cluster;" ::"r"(barAddr),
                 "r"(count)
                 : "memory");
  }
  __syncthreads();
  // The peer's barrier is initialised before anyone stores into its SMEM.
  clusterSync();

  const uint32_t peer = clusterRank() ^ 1;
  const uint32_t remoteDst = mapa(smemAddress(dst), peer);
  const uint32_t remoteBar = mapa(barAddr, peer);
  long long start = clock64();
  if (Scheme == 'b') {
    // 16-B pieces; their bytes complete on the peer's barrier.
    for (int i = tid * 4; i < kElems; i += kThreads * 4)
      asm volatile(
          "st.async.shared::cluster.mbarrier::complete_tx::bytes."
          "v4.b32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(remoteDst + 4 * i),
          "r"(__float_as_uint(src[i])), "r"(__float_as_uint(src[i + 1])),
          "r"(__float_as_uint(src[i + 2])), "r"(__float_as_uint(src[i + 3])),
          "r"(remoteBar)
          : "memory");
    if (tid == 0)
      asm volatile("mbarrier.arrive.expect_tx.release.cluster.shared::"
                   "cluster.b64 _, [%0], %1;" ::"r"(remoteBar),
                   "r"(kElems * 4)
                   : "memory");
  } else {
    for (int i = tid * 4; i < kElems; i += kThreads * 4)
      asm volatile(
          "st.shared::cluster.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(remoteDst +
                                                                    4 * i),
          "r"(__float_as_uint(src[i])), "r"(__float_as_uint(src[i + 1])),
          "r"(__float_as_uint(src[i + 2])), "r"(__float_as_uint(src[i + 3]))
          : "memory");
    if (Scheme == 'a') {
      __syncthreads();
      if (tid == 0)
        asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, "
                     "[%0];" ::"r"(remoteBar)
                     : "memory");
    } else if (Scheme == 'c') {
      asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, "
                   "[%0];" ::"r"(remoteBar)
                   : "memory");
    }
  }
  if (Scheme == 'd')
    clusterSync();
  else
    waitParityCluster(barAddr, 0);
  long long stop = clock64();

  float *mine = out + blockIdx.x * kElems;
  for (int i = tid; i < kElems; i += kThreads)
    mine[i] = dst[i];
  if (tid == 0)
    cycles[blockIdx.x] = stop - start;
  // The peer may still be reading our source: nobody leaves early.
  clusterSync();
}

using Kernel = void (*)(const float *, float *, long long *);

static Kernel kernelFor(char scheme) {
  switch (scheme) {
  case 'a':
    return exchange<'a'>;
  case 'b':
    return exchange<'b'>;
  case 'c':
    return exchange<'c'>;
  case 'd':
    return exchange<'d'>;
  }
  return nullptr;
}

/// Runs `scheme` on `clusters` 2-CTA clusters `launches` times; checks the
/// first launch's output. Returns whether it was right.
static bool run(char scheme, int clusters, int launches) {
  const int blocks = 2 * clusters;
  std::vector<float> in(blocks * kElems), out(blocks * kElems);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(i + 1);
  float *dIn, *dOut;
  long long *dCycles;
  CHECK_CUDA(cudaMalloc(&dIn, in.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dOut, out.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dCycles, blocks * sizeof(long long)));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), in.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(dOut, 0xA5, out.size() * sizeof(float)));
  Kernel kernel = kernelFor(scheme);
  kernel<<<blocks, kThreads>>>(dIn, dOut, dCycles);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(float),
                        cudaMemcpyDeviceToHost));
  int64_t errors = 0;
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < kElems; ++i)
      if (out[b * kElems + i] != in[(b ^ 1) * kElems + i] && errors++ < 5)
        std::printf("%c: out[%d][%d] = %g, expected %g\n", scheme, b, i,
                    out[b * kElems + i], in[(b ^ 1) * kElems + i]);
  std::vector<long long> cycles(blocks);
  CHECK_CUDA(cudaMemcpy(cycles.data(), dCycles, blocks * sizeof(long long),
                        cudaMemcpyDeviceToHost));
  double meanCycles = 0;
  for (long long c : cycles)
    meanCycles += static_cast<double>(c) / blocks;

  cudaEvent_t begin, end;
  CHECK_CUDA(cudaEventCreate(&begin));
  CHECK_CUDA(cudaEventCreate(&end));
  CHECK_CUDA(cudaEventRecord(begin));
  for (int l = 0; l < launches; ++l)
    kernel<<<blocks, kThreads>>>(dIn, dOut, dCycles);
  CHECK_CUDA(cudaEventRecord(end));
  CHECK_CUDA(cudaEventSynchronize(end));
  float ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&ms, begin, end));
  std::printf("%c: %s, %.2f us/launch (%d launches of %d clusters), %.0f "
              "cycles/exchange\n",
              scheme, errors ? "FAIL" : "PASS",
              launches ? 1000.0 * ms / launches : 0.0, launches, clusters,
              meanCycles);
  CHECK_CUDA(cudaEventDestroy(begin));
  CHECK_CUDA(cudaEventDestroy(end));
  CHECK_CUDA(cudaFree(dIn));
  CHECK_CUDA(cudaFree(dOut));
  CHECK_CUDA(cudaFree(dCycles));
  return errors == 0;
}

int main(int argc, char **argv) {
  const char *schemes = argc > 1 ? argv[1] : "all";
  int clusters = argc > 2 ? std::atoi(argv[2]) : 2;
  int launches = argc > 3 ? std::atoi(argv[3]) : 0;
  if (std::strcmp(schemes, "all") == 0)
    schemes = "abcd";
  bool ok = true;
  for (const char *s = schemes; *s; ++s) {
    if (!kernelFor(*s)) {
      std::fprintf(stderr, "unknown scheme '%c' (a, b, c, d or all)\n", *s);
      return 2;
    }
    ok &= run(*s, clusters, launches);
  }
  return ok ? 0 : 1;
}
