// GPU smoke test of the runtime's symmetric heaps (acSymm*), independent of
// the compiler: built with a plain C++ compiler against libAsyncCopyRuntime
// (symm_smoke_build.sh), run on a multi-GPU machine (symm_smoke_run.sh).
//
// Usage: symm_smoke single|process|nvshmem <numPes>
//   single:  one process drives GPUs 0..numPes-1 (acSymmCreate);
//   process: one process per GPU, forked before any CUDA call
//            (acSymmCreateProcess, rendezvous in a fresh /tmp directory);
//   nvshmem: one process per GPU on NVSHMEM (acSymmCreateNvshmem; PE 0's
//            unique ID reaches the others through pipes).
// Every PE writes its pattern into its copy (cuMemcpy through the runtime's
// mgpuMemcpy), all meet in acSymmBarrier, then every PE reads every peer's
// copy twice: with a copy from the peer's address, and with a kernel (PTX
// JIT, loaded once on device 0 and launched on every PE's device, as MLIR's
// host code does) that finds the peer through the device table
// __asynccopy_symm the runtime wrote into that device's copy of the module.
// Prints "symm_smoke: <mode>: PASS" or FAIL and exits 0 or 1.
#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/Symmetric.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// out[i] = the word i of PE `pe`'s copy of the allocation `local` points
/// into (a pointer into this device's copy), found through the table.
const char *kPeerReadPtx = R"(
.version 8.0
.target sm_90
.address_size 64

.const .align 8 .b8 __asynccopy_symm[1048];

.visible .entry symm_peer_read(.param .u64 local, .param .u64 out,
                               .param .u32 pe, .param .u32 n)
{
  .reg .pred %p<4>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [local];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [pe];
  ld.param.u32 %r2, [n];
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %tid.x;
  mad.lo.u32 %r6, %r3, %r4, %r5;
  setp.ge.u32 %p1, %r6, %r2;
  @%p1 bra DONE;
  ld.const.u64 %rd3, [__asynccopy_symm];
  ld.const.u32 %r7, [__asynccopy_symm+16];
  setp.ge.u32 %p2, %r1, %r7;
  @%p2 trap;
  mov.u64 %rd4, __asynccopy_symm;
  mul.wide.u32 %rd5, %r1, 8;
  add.u64 %rd6, %rd4, %rd5;
  ld.const.u64 %rd7, [%rd6+24];
  setp.eq.u64 %p3, %rd7, 0;
  @%p3 trap;
  sub.u64 %rd8, %rd1, %rd3;
  add.u64 %rd9, %rd7, %rd8;
  mul.wide.u32 %rd10, %r6, 4;
  add.u64 %rd11, %rd9, %rd10;
  ld.global.u32 %r8, [%rd11];
  add.u64 %rd12, %rd2, %rd10;
  st.global.u32 [%rd12], %r8;
DONE:
  ret;
}
)";

constexpr uint32_t kWords = 1 << 18; // 1 MiB per PE
constexpr uint64_t kHeapBytes = 64ull << 20;

uint32_t pattern(int pe, uint32_t i) { return uint32_t(pe + 1) << 24 ^ i; }

int failures = 0;
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
      std::printf(__VA_ARGS__);                                                \
      std::printf(" [%s]\n", acGetLastError());                                \
    }                                                                          \
  } while (0)

/// Counts the words of `words` that are not PE `pe`'s pattern.
uint32_t mismatches(const std::vector<uint32_t> &words, int pe) {
  uint32_t bad = 0;
  for (uint32_t i = 0; i < kWords; ++i)
    bad += words[i] != pattern(pe, i);
  return bad;
}

/// The checks on a created heap for the local PEs `localPes` (device of PE
/// p is p in every mode).
void exercise(acSymmHeap *heap, const std::vector<int> &localPes) {
  int numPes = acSymmNumPes(heap);
  uint64_t first = 0, offset = 0;
  CHECK(acSymmMalloc(heap, 4096, 256, &first) == 0, "malloc");
  CHECK(acSymmMalloc(heap, kWords * 4, 4096, &offset) == 0, "malloc");
  std::vector<uint32_t> host(kWords);
  for (int pe : localPes) {
    mgpuSetDefaultDevice(pe);
    for (uint32_t i = 0; i < kWords; ++i)
      host[i] = pattern(pe, i);
    mgpuMemcpy(acSymmAddress(heap, pe, offset), host.data(), kWords * 4,
               nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  CHECK(acSymmBarrier(heap) == 0, "barrier");

  // As MLIR's host code does: one load on device 0 and its kernel launched
  // on every PE's device (the runtime loads the module there at the first
  // launch and writes that copy's table).
  mgpuSetDefaultDevice(0);
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPeerReadPtx), 2);
  void *kernel = mgpuModuleGetFunction(module, "symm_peer_read");
  for (int reader : localPes) {
    mgpuSetDefaultDevice(reader);
    void *out = mgpuMemAlloc(kWords * 4, nullptr, false);
    void *local = acSymmAddress(heap, reader, offset);
    for (int peer = 0; peer < numPes; ++peer) {
      std::fill(host.begin(), host.end(), 0u);
      mgpuMemcpy(host.data(), acSymmAddress(heap, peer, offset), kWords * 4,
                 nullptr);
      mgpuStreamSynchronize(nullptr);
      uint32_t bad = mismatches(host, peer);
      CHECK(bad == 0, "PE %d reads PE %d's copy: %u words wrong", reader, peer,
            bad);

      uint32_t pe = uint32_t(peer), n = kWords;
      void *params[] = {&local, &out, &pe, &n};
      mgpuMemset32(out, 0, kWords, nullptr);
      mgpuLaunchKernel(kernel, kWords / 256, 1, 1, 256, 1, 1, 0, nullptr,
                       params, nullptr, 4);
      mgpuMemcpy(host.data(), out, kWords * 4, nullptr);
      mgpuStreamSynchronize(nullptr);
      bad = mismatches(host, peer);
      CHECK(bad == 0,
            "PE %d's kernel reads PE %d's copy through the device table: %u "
            "words wrong",
            reader, peer, bad);
    }
    mgpuMemFree(out, nullptr);
  }
  mgpuModuleUnload(module);
  CHECK(acSymmBarrier(heap) == 0, "barrier");
  CHECK(acSymmFree(heap, offset) == 0, "free");
  CHECK(acSymmFree(heap, first) == 0, "free");
}

int runSingle(int numPes) {
  std::vector<int32_t> devices;
  std::vector<int> pes;
  for (int d = 0; d < numPes; ++d) {
    devices.push_back(d);
    pes.push_back(d);
  }
  acSymmHeap *heap = nullptr;
  if (acSymmCreate(devices.data(), numPes, kHeapBytes, &heap) != 0) {
    std::printf("%s\n", acGetLastError());
    return 1;
  }
  exercise(heap, pes);
  CHECK(acSymmDestroy(heap) == 0, "destroy");
  return failures;
}

/// Runs PE `pe` of a multi-process mode in this (forked) process.
int runPe(const std::string &mode, int pe, int numPes, const std::string &dir,
          int idPipe) {
  acSymmHeap *heap = nullptr;
  int32_t status;
  if (mode == "process") {
    status =
        acSymmCreateProcess(pe, pe, numPes, kHeapBytes, dir.c_str(), &heap);
  } else {
    char id[128];
    if (read(idPipe, id, sizeof(id)) != ssize_t(sizeof(id))) {
      std::printf("PE %d: no unique ID from PE 0\n", pe);
      return 1;
    }
    status =
        acSymmCreateNvshmem(pe, pe, numPes, kHeapBytes, id, sizeof(id), &heap);
  }
  if (status != 0) {
    std::printf("PE %d: %s\n", pe, acGetLastError());
    return 1;
  }
  exercise(heap, {pe});
  CHECK(acSymmDestroy(heap) == 0, "destroy");
  std::printf("symm_smoke: %s: PE %d: %s\n", mode.c_str(), pe,
              failures ? "FAIL" : "PASS");
  return failures;
}

int runProcesses(const std::string &mode, int numPes) {
  char pattern[] = "/tmp/symm-smoke-XXXXXX";
  std::string dir = mkdtemp(pattern);
  // Fork before any CUDA call; PE 0's unique ID goes through pipes.
  std::vector<int> readEnds(size_t(numPes), -1), writeEnds(size_t(numPes), -1);
  std::vector<pid_t> children(size_t(numPes), 0);
  for (int pe = 1; pe < numPes; ++pe) {
    int ends[2];
    if (pipe(ends) != 0)
      return 1;
    readEnds[pe] = ends[0];
    writeEnds[pe] = ends[1];
    std::fflush(stdout);
    children[pe] = fork();
    if (children[pe] == 0) {
      int result = runPe(mode, pe, numPes, dir, readEnds[pe]);
      std::fflush(stdout);
      _exit(result ? 1 : 0);
    }
  }
  int idPipe[2] = {-1, -1};
  if (mode == "nvshmem") {
    char id[128];
    uint64_t idBytes = sizeof(id);
    if (acSymmNvshmemUniqueId(id, &idBytes) != 0) {
      std::printf("%s\n", acGetLastError());
      for (int pe = 1; pe < numPes; ++pe)
        kill(children[pe], SIGKILL);
      return 1;
    }
    for (int pe = 1; pe < numPes; ++pe)
      CHECK(write(writeEnds[pe], id, sizeof(id)) == ssize_t(sizeof(id)),
            "unique ID to PE %d", pe);
    if (pipe(idPipe) != 0 || write(idPipe[1], id, sizeof(id)) != 128)
      return 1;
  }
  int result = runPe(mode, 0, numPes, dir, idPipe[0]);
  for (int pe = 1; pe < numPes; ++pe) {
    int status = 0;
    waitpid(children[pe], &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::printf("PE %d exited with status %d\n", pe, status);
      result = 1;
    }
  }
  rmdir(dir.c_str());
  return result;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s single|process|nvshmem <numPes>\n",
                 argv[0]);
    return 2;
  }
  std::string mode = argv[1];
  int numPes = std::atoi(argv[2]);
  if (numPes < 1 || numPes > AC_SYMM_MAX_PES ||
      (mode != "single" && mode != "process" && mode != "nvshmem")) {
    std::fprintf(stderr, "usage: %s single|process|nvshmem <numPes>\n",
                 argv[0]);
    return 2;
  }
  int result =
      mode == "single" ? runSingle(numPes) : runProcesses(mode, numPes);
  std::printf("symm_smoke: %s: %s\n", mode.c_str(), result ? "FAIL" : "PASS");
  return result ? 1 : 0;
}
