//===- harness.cpp - multi-GPU tests of `peer %pe` copies -----------------===//
//
// Runs the kernels of this directory (ring exchange and all-to-all through
// TMA, bulk and per-thread copies to and from peers) on every visible GPU and
// checks every element of every PE's destination, plus the guard bands around
// it, against a host reference.
//
//   asynccopy-multigpu-tests [--mode one-process|two-process|nvshmem|trap]...
//                            [--gpus N] [--count-gpus] [name-substring...]
//
// N (the number of PEs) defaults to the number of visible GPUs.
//
// Modes (default: two-process, (nvshmem when ASYNCCOPY_NVSHMEM_LIB is set,)
// trap, one-process):
// - two-process: one child process per GPU, forked before any CUDA call;
//   each is PE p on device p (acSymmCreateProcess, rendezvous in a fresh
//   directory under /tmp) and checks its own destination; the parent gathers
//   each child's per-test verdicts (a pipe) and its exit status.
// - nvshmem: the same with acSymmCreateNvshmem (PE 0 writes the unique ID to
//   a file in the rendezvous directory, the others wait for it).
// - trap: each ring f16 kernel, run as PE 0 in a child process once with a
//   peer index out of range and once on buffers outside the symmetric heap,
//   must make the child die with the runtime's message (the kernel traps, or
//   the host refuses the address), never finish.
// - one-process: this process drives every GPU (acSymmCreate); the kernels
//   of PE p are launched from a thread whose default device is p. It runs
//   last, in this process, so that `compute-sanitizer --mode one-process`
//   sees the kernels without following forks.
//
// The kernels live in libasynccopy-multigpu-kernels.so next to this binary
// (utils/build-multigpu-tests.sh). It is dlopen'ed, not linked: its global
// constructors load the GPU modules (MLIR's host code does that, on the
// default device), which initialises CUDA, so a process loads it only after
// it forked and chose its device. The one-process mode loads it once and
// launches its kernels on every device (the runtime loads each module on
// each device on first use). A test whose host function is missing from the
// library is reported as not built.
//
// Prints `<name> [<mode>]: PASS` or `FAIL (...)` per test and mode, then
// `N passed, M failed` (and `, K not built`); exits 1 when anything failed or
// was not built.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/Symmetric.h"

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace {

/// MLIR's ranked memref descriptor (the C interface of emit_c_interface);
/// the element type does not change the layout.
template <int N> struct MemRef {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};
using RingFn = void (*)(MemRef<2> *, MemRef<2> *, int32_t);
using AllToAllFn = void (*)(MemRef<3> *, MemRef<3> *, int32_t);

enum class Pattern { Ring, AllToAll };
enum class Direction { Push, Pull };

/// One host function of a kernel module: `src` (blocks x rows x cols,
/// dense) and `dst` (blocks x rows x cols with a row stride of `stride`
/// elements) in the symmetric heap; blocks = 1 for the ring, N for the
/// all-to-all.
struct Case {
  std::string name;
  Pattern pattern;
  Direction direction;
  int elementBytes;
  int64_t rows, cols, stride;
};

std::vector<Case> allCases() {
  std::vector<Case> cases;
  struct Shape {
    const char *suffix;
    int elementBytes;
    int64_t rows, cols, stride;
  };
  const Shape shapes[] = {{"f16", 2, 1000, 1000, 1024},
                          {"f32", 4, 600, 1000, 1024}};
  for (Pattern p : {Pattern::Ring, Pattern::AllToAll})
    for (const char *mech : {"tma", "bulk", "sync", "cp_async"})
      for (Direction d : {Direction::Push, Direction::Pull})
        for (const Shape &s : shapes)
          // cp.async only loads: no push.
          if (d == Direction::Pull || std::strcmp(mech, "cp_async") != 0)
            cases.push_back(
                {std::string(p == Pattern::Ring ? "ring_" : "alltoall_") +
                     mech + (d == Direction::Push ? "_push_" : "_pull_") +
                     s.suffix,
                 p, d, s.elementBytes, s.rows, s.cols, s.stride});
  return cases;
}

/// Bytes before and after every destination, poisoned and checked.
constexpr int64_t kGuardBytes = 4096;
constexpr uint8_t kPoison = 0xA5;
uint32_t poisonElement(int elementBytes) {
  return elementBytes == 2 ? 0xA5A5u : 0xA5A5A5A5u;
}

/// The value of element `i` of block `block` of PE `pe`'s source: a hash of
/// all three, so that data from the wrong PE, block or place is caught, with
/// the top exponent bit cleared (no NaN or infinity in f16 or f32), and never
/// the poison (an element left unwritten is always caught).
uint32_t sourceValue(int pe, int64_t block, int64_t i, int elementBytes) {
  uint64_t h = (uint64_t(pe) + 1) * 0x9E3779B97F4A7C15ull ^
               (uint64_t(block) + 1) * 0xC2B2AE3D27D4EB4Full ^
               (uint64_t(i) + 1) * 0x165667B19E3779F9ull;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  uint32_t v =
      elementBytes == 2 ? uint32_t(h & 0xBFFF) : uint32_t(h & 0xBFFFFFFF);
  return v == poisonElement(elementBytes) ? v ^ 1 : v;
}

/// The PE and block whose source block lands in PE `pe`'s destination block
/// `block`: ring, PE (pe-1) mod N's only block; all-to-all, dst_pe[b] =
/// src_b[pe].
std::pair<int, int64_t> origin(const Case &c, int pe, int64_t block,
                               int numPes) {
  if (c.pattern == Pattern::Ring)
    return {(pe + numPes - 1) % numPes, 0};
  return {int(block), pe};
}

/// What the kernel of PE `pe` is told: the ring's peer to push to / pull
/// from, or the all-to-all's own PE.
int32_t kernelArgument(const Case &c, int pe, int numPes) {
  if (c.pattern == Pattern::AllToAll)
    return pe;
  return c.direction == Direction::Push ? (pe + 1) % numPes
                                        : (pe + numPes - 1) % numPes;
}

/// The symmetric allocations of one test (same offsets on every PE).
struct Buffers {
  int64_t blocks, srcBytes, dstBytes, regionBytes;
  uint64_t srcOffset = 0, regionOffset = 0;

  Buffers(const Case &c, int numPes)
      : blocks(c.pattern == Pattern::Ring ? 1 : numPes),
        srcBytes(blocks * c.rows * c.cols * c.elementBytes),
        dstBytes(blocks * c.rows * c.stride * c.elementBytes),
        regionBytes(dstBytes + 2 * kGuardBytes) {}
};

/// A failure message that says what the runtime reported.
std::string runtimeError(const char *call) {
  const char *why = acGetLastError();
  return std::string(call) + " failed: " + (why ? why : "(no message)");
}

/// The dlopen'ed kernel library.
struct Kernels {
  void *handle = nullptr;
  /// The C interface of host function `name`, or null when it was not built.
  template <typename Fn> Fn lookup(const std::string &name) const {
    return reinterpret_cast<Fn>(
        dlsym(handle, ("_mlir_ciface_" + name).c_str()));
  }
};

/// Loads the kernel library next to this executable (its constructors load
/// the GPU modules on the calling thread's default device).
Kernels loadKernels() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  std::string exe = n > 0 ? std::string(self, size_t(n)) : std::string("./");
  std::string path =
      exe.substr(0, exe.rfind('/')) + "/libasynccopy-multigpu-kernels.so";
  Kernels k;
  k.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!k.handle) {
    std::fprintf(stderr, "cannot load the kernels: %s\n", dlerror());
    std::exit(1);
  }
  return k;
}

/// Launches the host function of `c` with kernel argument `arg` on the
/// calling thread's default device, with the buffers at `src` and `dst` (this
/// PE's copies).
void launch(const Kernels &kernels, const Case &c, const Buffers &b,
            int32_t arg, char *src, char *dst) {
  if (c.pattern == Pattern::Ring) {
    MemRef<2> s{src, src, 0, {c.rows, c.cols}, {c.cols, 1}};
    MemRef<2> d{dst, dst, 0, {c.rows, c.cols}, {c.stride, 1}};
    kernels.lookup<RingFn>(c.name)(&s, &d, arg);
  } else {
    MemRef<3> s{
        src, src, 0, {b.blocks, c.rows, c.cols}, {c.rows * c.cols, c.cols, 1}};
    MemRef<3> d{dst,
                dst,
                0,
                {b.blocks, c.rows, c.cols},
                {c.rows * c.stride, c.stride, 1}};
    kernels.lookup<AllToAllFn>(c.name)(&s, &d, arg);
  }
}

void upload(void *device, const void *host, size_t bytes) {
  mgpuMemcpy(device, const_cast<void *>(host), bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
}

/// Fills PE `pe`'s source and poisons its destination region, on the calling
/// thread's default device.
void prepare(const Case &c, const Buffers &b, int pe, char *src, char *region) {
  std::vector<uint8_t> host(b.srcBytes);
  const int64_t perBlock = c.rows * c.cols;
  for (int64_t blk = 0; blk < b.blocks; ++blk)
    for (int64_t i = 0; i < perBlock; ++i) {
      uint32_t v = sourceValue(pe, blk, i, c.elementBytes);
      std::memcpy(&host[(blk * perBlock + i) * c.elementBytes], &v,
                  c.elementBytes);
    }
  upload(src, host.data(), host.size());
  std::vector<uint8_t> poison(b.regionBytes, kPoison);
  upload(region, poison.data(), poison.size());
}

/// Checks PE `pe`'s destination region (and that its source is unchanged);
/// returns "" or what is wrong (the first mismatches are printed).
std::string check(const Case &c, const Buffers &b, int pe, int numPes,
                  char *src, char *region, const char *mode) {
  std::vector<uint8_t> got(b.regionBytes), gotSrc(b.srcBytes);
  mgpuMemcpy(got.data(), region, got.size(), nullptr);
  mgpuMemcpy(gotSrc.data(), src, gotSrc.size(), nullptr);
  mgpuStreamSynchronize(nullptr);
  int64_t errors = 0;
  auto report = [&](const char *what, int64_t at, uint32_t have,
                    uint32_t want) {
    if (errors++ < 5)
      std::printf("%s [%s] pe %d: %s at %lld = 0x%x, expected 0x%x\n",
                  c.name.c_str(), mode, pe, what, static_cast<long long>(at),
                  have, want);
  };
  const int eb = c.elementBytes;
  auto element = [&](const uint8_t *p) {
    uint32_t v = 0;
    std::memcpy(&v, p, eb);
    return v;
  };
  const uint32_t poison = poisonElement(eb);
  for (int64_t i = 0; i < kGuardBytes; ++i) {
    if (got[i] != kPoison)
      report("guard before dst (byte)", i - kGuardBytes, got[i], kPoison);
    if (got[kGuardBytes + b.dstBytes + i] != kPoison)
      report("guard after dst (byte)", b.dstBytes + i,
             got[kGuardBytes + b.dstBytes + i], kPoison);
  }
  const uint8_t *dst = got.data() + kGuardBytes;
  for (int64_t blk = 0; blk < b.blocks; ++blk) {
    auto [fromPe, fromBlock] = origin(c, pe, blk, numPes);
    for (int64_t r = 0; r < c.rows; ++r)
      for (int64_t col = 0; col < c.stride; ++col) {
        int64_t at = (blk * c.rows + r) * c.stride + col;
        uint32_t want =
            col < c.cols ? sourceValue(fromPe, fromBlock, r * c.cols + col, eb)
                         : poison;
        uint32_t have = element(dst + at * eb);
        if (have != want)
          report(col < c.cols ? "dst" : "dst guard column", at, have, want);
      }
  }
  const int64_t perBlock = c.rows * c.cols;
  for (int64_t blk = 0; blk < b.blocks; ++blk)
    for (int64_t i = 0; i < perBlock; ++i) {
      int64_t at = blk * perBlock + i;
      uint32_t want = sourceValue(pe, blk, i, eb);
      uint32_t have = element(gotSrc.data() + at * eb);
      if (have != want)
        report("src (changed)", at, have, want);
    }
  if (errors == 0)
    return "";
  return "pe " + std::to_string(pe) + ": " + std::to_string(errors) +
         " mismatches";
}

using Verdicts =
    std::vector<std::pair<std::string, std::string>>; // name, "" = pass

Verdicts notBuilt(const std::vector<Case> &cases, const Kernels &kernels,
                  std::vector<Case> &runnable) {
  Verdicts v;
  for (const Case &c : cases) {
    if (kernels.lookup<void *>(c.name))
      runnable.push_back(c);
    else
      v.push_back({c.name, "not built"});
  }
  return v;
}

uint64_t heapBytes(int numPes) { return uint64_t(32 + 8 * numPes) << 20; }

/// One-process mode: this process drives devices 0..numPes-1.
Verdicts runOneProcess(const std::vector<Case> &cases, int numPes) {
  Verdicts verdicts;
  std::vector<int32_t> devices(numPes);
  for (int i = 0; i < numPes; ++i)
    devices[i] = i;
  acSymmHeap *heap = nullptr;
  if (acSymmCreate(devices.data(), numPes, heapBytes(numPes), &heap)) {
    std::string why = runtimeError("acSymmCreate");
    for (const Case &c : cases)
      verdicts.push_back({c.name, why});
    return verdicts;
  }
  Kernels kernels = loadKernels();
  std::vector<Case> runnable;
  verdicts = notBuilt(cases, kernels, runnable);
  for (const Case &c : runnable) {
    Buffers b(c, numPes);
    if (acSymmMalloc(heap, b.srcBytes, 4096, &b.srcOffset) ||
        acSymmMalloc(heap, b.regionBytes, 4096, &b.regionOffset)) {
      verdicts.push_back({c.name, runtimeError("acSymmMalloc")});
      continue;
    }
    auto src = [&](int pe) {
      return static_cast<char *>(acSymmAddress(heap, pe, b.srcOffset));
    };
    auto region = [&](int pe) {
      return static_cast<char *>(acSymmAddress(heap, pe, b.regionOffset));
    };
    for (int pe = 0; pe < numPes; ++pe) {
      mgpuSetDefaultDevice(pe);
      prepare(c, b, pe, src(pe), region(pe));
    }
    acSymmBarrier(heap);
    std::vector<std::thread> threads;
    for (int pe = 0; pe < numPes; ++pe)
      threads.emplace_back([&, pe] {
        mgpuSetDefaultDevice(pe);
        launch(kernels, c, b, kernelArgument(c, pe, numPes), src(pe),
               region(pe) + kGuardBytes);
      });
    for (std::thread &t : threads)
      t.join();
    std::string failure;
    bool barrierFailed = acSymmBarrier(heap) != 0;
    if (barrierFailed)
      failure = runtimeError("acSymmBarrier");
    for (int pe = 0; pe < numPes && !barrierFailed; ++pe) {
      mgpuSetDefaultDevice(pe);
      std::string wrong =
          check(c, b, pe, numPes, src(pe), region(pe), "one-process");
      if (!wrong.empty())
        failure += (failure.empty() ? "" : "; ") + wrong;
    }
    verdicts.push_back({c.name, failure});
    acSymmFree(heap, b.regionOffset);
    acSymmFree(heap, b.srcOffset);
  }
  mgpuSetDefaultDevice(0);
  acSymmDestroy(heap);
  return verdicts;
}

/// Creates the heap of PE `pe` in a multi-process mode (NVSHMEM: PE 0 hands
/// the unique ID to the others through `<dir>/nvshmem.id`).
int createProcessHeap(bool nvshmem, int pe, int numPes, const std::string &dir,
                      acSymmHeap **heap) {
  if (!nvshmem)
    return acSymmCreateProcess(pe, pe, numPes, heapBytes(numPes), dir.c_str(),
                               heap);
  std::string idPath = dir + "/nvshmem.id";
  std::vector<char> id(4096);
  uint64_t idBytes = id.size();
  if (pe == 0) {
    if (int rc = acSymmNvshmemUniqueId(id.data(), &idBytes))
      return rc;
    std::string tmp = idPath + ".tmp";
    FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f || std::fwrite(id.data(), 1, idBytes, f) != idBytes ||
        std::fclose(f) != 0 || std::rename(tmp.c_str(), idPath.c_str()) != 0) {
      std::perror("writing the NVSHMEM unique ID");
      std::exit(1);
    }
  } else {
    FILE *f = nullptr;
    for (int i = 0; i < 600 && !(f = std::fopen(idPath.c_str(), "rb")); ++i)
      usleep(100000);
    if (!f) {
      std::fprintf(stderr, "pe %d: PE 0 wrote no NVSHMEM unique ID in 60 s\n",
                   pe);
      std::exit(1);
    }
    idBytes = std::fread(id.data(), 1, id.size(), f);
    std::fclose(f);
  }
  return acSymmCreateNvshmem(pe, pe, numPes, heapBytes(numPes), id.data(),
                             idBytes, heap);
}

/// The body of PE `pe`'s child in a multi-process mode: runs every case on
/// its own device and writes one line per case, "<name> <failure or empty>",
/// to `out`.
int runChild(bool nvshmem, const std::vector<Case> &cases, int pe, int numPes,
             const std::string &dir, FILE *out) {
  const char *mode = nvshmem ? "nvshmem" : "two-process";
  mgpuSetDefaultDevice(pe);
  acSymmHeap *heap = nullptr;
  if (createProcessHeap(nvshmem, pe, numPes, dir, &heap)) {
    std::string why =
        runtimeError(nvshmem ? "acSymmCreateNvshmem" : "acSymmCreateProcess");
    std::fprintf(stderr, "pe %d: %s\n", pe, why.c_str());
    for (const Case &c : cases)
      std::fprintf(out, "%s pe %d: %s\n", c.name.c_str(), pe, why.c_str());
    return 1;
  }
  Kernels kernels = loadKernels();
  std::vector<Case> runnable;
  for (auto &[name, why] : notBuilt(cases, kernels, runnable))
    std::fprintf(out, "%s %s\n", name.c_str(), why.c_str());
  std::fflush(out);
  int failed = 0;
  for (const Case &c : runnable) {
    Buffers b(c, numPes);
    if (acSymmMalloc(heap, b.srcBytes, 4096, &b.srcOffset) ||
        acSymmMalloc(heap, b.regionBytes, 4096, &b.regionOffset)) {
      std::fprintf(out, "%s pe %d: %s\n", c.name.c_str(), pe,
                   runtimeError("acSymmMalloc").c_str());
      return 1; // the PEs' allocators no longer agree
    }
    char *src = static_cast<char *>(acSymmAddress(heap, pe, b.srcOffset));
    char *region = static_cast<char *>(acSymmAddress(heap, pe, b.regionOffset));
    prepare(c, b, pe, src, region);
    // A barrier that fails (a peer died) ends this PE: later ones would too.
    if (acSymmBarrier(heap)) {
      std::fprintf(out, "%s pe %d: %s\n", c.name.c_str(), pe,
                   runtimeError("acSymmBarrier").c_str());
      return 1;
    }
    launch(kernels, c, b, kernelArgument(c, pe, numPes), src,
           region + kGuardBytes);
    if (acSymmBarrier(heap)) {
      std::fprintf(out, "%s pe %d: %s\n", c.name.c_str(), pe,
                   runtimeError("acSymmBarrier").c_str());
      return 1;
    }
    std::string failure = check(c, b, pe, numPes, src, region, mode);
    failed += !failure.empty();
    std::fprintf(out, "%s %s\n", c.name.c_str(), failure.c_str());
    std::fflush(out);
    acSymmFree(heap, b.regionOffset);
    acSymmFree(heap, b.srcOffset);
  }
  acSymmDestroy(heap);
  return failed ? 1 : 0;
}

std::string describeStatus(int pe, int status) {
  char buf[96];
  if (WIFSIGNALED(status))
    std::snprintf(buf, sizeof(buf), "pe %d: killed by signal %d", pe,
                  WTERMSIG(status));
  else
    std::snprintf(buf, sizeof(buf), "pe %d: exited with status %d", pe,
                  WEXITSTATUS(status));
  return buf;
}

/// Two-process / NVSHMEM mode: forks one child per GPU (this process has
/// made no CUDA call) and gathers their verdicts.
Verdicts runMultiProcess(bool nvshmem, const std::vector<Case> &cases,
                         int numPes) {
  char dirTemplate[] = "/tmp/asynccopy-symm-XXXXXX";
  std::string dir = mkdtemp(dirTemplate) ? dirTemplate : "/tmp/asynccopy-symm";
  std::fflush(stdout);
  std::vector<pid_t> pids(numPes);
  std::vector<FILE *> pipes(numPes);
  for (int pe = 0; pe < numPes; ++pe) {
    int fds[2];
    if (pipe(fds) != 0) {
      std::perror("pipe");
      std::exit(1);
    }
    pids[pe] = fork();
    if (pids[pe] == 0) {
      close(fds[0]);
      FILE *out = fdopen(fds[1], "w");
      int rc = runChild(nvshmem, cases, pe, numPes, dir, out);
      std::fclose(out);
      std::fflush(stdout);
      std::exit(rc);
    }
    close(fds[1]);
    pipes[pe] = fdopen(fds[0], "r");
  }
  // name -> first failure; a case missing from a child's report failed there.
  std::map<std::string, std::string> failure;
  std::vector<std::map<std::string, bool>> reported(numPes);
  for (int pe = 0; pe < numPes; ++pe) {
    char line[1024];
    while (std::fgets(line, sizeof(line), pipes[pe])) {
      std::string s(line);
      if (!s.empty() && s.back() == '\n')
        s.pop_back();
      size_t space = s.find(' ');
      std::string name = s.substr(0, space);
      std::string why = space == std::string::npos ? "" : s.substr(space + 1);
      reported[pe][name] = true;
      if (!why.empty() && failure[name].empty())
        failure[name] = why;
    }
    std::fclose(pipes[pe]);
  }
  for (int pe = 0; pe < numPes; ++pe) {
    int status = 0;
    waitpid(pids[pe], &status, 0);
    for (const Case &c : cases)
      if (!reported[pe].count(c.name) && failure[c.name].empty())
        failure[c.name] = describeStatus(pe, status);
  }
  std::string command = "rm -rf '" + dir + "'";
  (void)std::system(command.c_str());
  Verdicts verdicts;
  for (const Case &c : cases)
    verdicts.push_back({c.name, failure[c.name]});
  return verdicts;
}

/// How an expected-trap run misuses a kernel.
enum class Misuse { BadPe, OutsideHeap };
/// What the child of an expected-trap run says on stderr before it launches.
constexpr const char *kLaunchMarker = "expect-trap: launching";

/// Runs `c` as PE 0 in a child process with a peer index out of range or
/// buffers outside the symmetric heap. The child must die with the runtime's
/// message (the kernel traps and the launch's synchronisation fails, or the
/// host refuses to encode peer tensor maps for such an address), never
/// finish. Returns "" or what went wrong.
std::string expectTrap(const Case &c, Misuse misuse, int numPes) {
  int err[2];
  if (pipe(err) != 0) {
    std::perror("pipe");
    std::exit(1);
  }
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err[1], STDERR_FILENO);
    close(err[0]);
    std::vector<int32_t> devices(numPes);
    for (int i = 0; i < numPes; ++i)
      devices[i] = i;
    acSymmHeap *heap = nullptr;
    Buffers b(c, numPes);
    if (acSymmCreate(devices.data(), numPes, heapBytes(numPes), &heap) ||
        acSymmMalloc(heap, b.srcBytes, 4096, &b.srcOffset) ||
        acSymmMalloc(heap, b.regionBytes, 4096, &b.regionOffset)) {
      std::fprintf(stderr, "setup: %s\n", acGetLastError());
      std::_Exit(2);
    }
    Kernels kernels = loadKernels();
    if (!kernels.lookup<void *>(c.name))
      std::_Exit(3);
    char *src = static_cast<char *>(acSymmAddress(heap, 0, b.srcOffset));
    char *region = static_cast<char *>(acSymmAddress(heap, 0, b.regionOffset));
    if (misuse == Misuse::OutsideHeap) {
      src = static_cast<char *>(mgpuMemAlloc(b.srcBytes, nullptr, false));
      region = static_cast<char *>(mgpuMemAlloc(b.regionBytes, nullptr, false));
    }
    int32_t arg =
        misuse == Misuse::BadPe ? numPes : kernelArgument(c, 0, numPes);
    std::fprintf(stderr, "%s\n", kLaunchMarker);
    launch(kernels, c, b, arg, src, region + kGuardBytes);
    mgpuStreamSynchronize(nullptr);
    std::_Exit(0);
  }
  close(err[1]);
  std::string message;
  char buf[4096];
  for (ssize_t n; (n = read(err[0], buf, sizeof(buf))) > 0;)
    message.append(buf, size_t(n));
  close(err[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
    return "not built";
  // What the child said after it launched.
  size_t launched = message.find(std::string(kLaunchMarker) + "\n");
  if (launched == std::string::npos)
    return "setup failed: " + message.substr(0, message.find('\n'));
  std::string after = message.substr(launched + std::strlen(kLaunchMarker) + 1);
  after = after.substr(0, after.find('\n'));
  std::printf("  %s: %s\n", c.name.c_str(), after.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return "finished: no trap";
  if (after.rfind("asynccopy runtime: ", 0) != 0)
    return describeStatus(0, status) + " without the runtime's message";
  return "";
}

/// Trap mode: a peer index out of range and buffers outside the heap, for
/// each mechanism's peer side (push: the store, pull: the load).
Verdicts runTraps(const std::vector<Case> &cases, int numPes) {
  Verdicts verdicts;
  for (const Case &c : cases) {
    if (c.pattern != Pattern::Ring || c.elementBytes != 2)
      continue;
    for (Misuse m : {Misuse::BadPe, Misuse::OutsideHeap}) {
      Case named = c;
      named.name += m == Misuse::BadPe ? " (pe = N)" : " (outside the heap)";
      std::string why = expectTrap(c, m, numPes);
      verdicts.push_back({named.name, why});
    }
  }
  return verdicts;
}

/// The number of GPUs, counted in a child process so that this one makes no
/// CUDA call (it may fork later). 0 when there is no driver.
int countGpus() {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    const char *library =
        std::getenv("ASYNCCOPY_CUDA_DRIVER"); // as the runtime
    void *cuda =
        dlopen(library ? library : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cuda)
      std::_Exit(0);
    using InitFn = int (*)(unsigned);
    using CountFn = int (*)(int *);
    auto init = reinterpret_cast<InitFn>(dlsym(cuda, "cuInit"));
    auto count = reinterpret_cast<CountFn>(dlsym(cuda, "cuDeviceGetCount"));
    int n = 0;
    if (!init || !count || init(0) != 0 || count(&n) != 0)
      n = 0;
    std::_Exit(n > 255 ? 255 : n);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 0;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> modes, filters;
  int numPes = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--mode" && i + 1 < argc) {
      modes.push_back(argv[++i]);
    } else if (a == "--gpus" && i + 1 < argc) {
      numPes = std::atoi(argv[++i]);
    } else if (a == "--count-gpus") {
      std::printf("%d\n", countGpus());
      return 0;
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    } else {
      filters.push_back(a);
    }
  }
  if (modes.empty()) {
    modes = {"two-process", "trap", "one-process"};
    if (std::getenv("ASYNCCOPY_NVSHMEM_LIB"))
      modes.insert(modes.begin() + 1, "nvshmem");
  }
  // One-process mode makes CUDA calls in this process: after it, no fork.
  for (size_t i = 0; i + 1 < modes.size(); ++i)
    if (modes[i] == "one-process")
      std::swap(modes[i], modes[i + 1]);

  if (numPes == 0)
    numPes = countGpus();
  if (numPes < 2 || numPes > AC_SYMM_MAX_PES) {
    std::fprintf(stderr, "need 2 to %d GPUs, %d visible or given by --gpus\n",
                 AC_SYMM_MAX_PES, numPes);
    return 1;
  }

  std::vector<Case> cases;
  for (const Case &c : allCases()) {
    bool selected = filters.empty();
    for (const std::string &f : filters)
      selected |= c.name.find(f) != std::string::npos;
    if (selected)
      cases.push_back(c);
  }
  std::printf("%d GPUs, %zu tests\n", numPes, cases.size());
  int passed = 0, failed = 0, notBuiltCount = 0;
  for (const std::string &mode : modes) {
    Verdicts verdicts;
    if (mode == "one-process")
      verdicts = runOneProcess(cases, numPes);
    else if (mode == "two-process" || mode == "nvshmem")
      verdicts = runMultiProcess(mode == "nvshmem", cases, numPes);
    else if (mode == "trap")
      verdicts = runTraps(cases, numPes);
    else {
      std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
      return 2;
    }
    for (auto &[name, why] : verdicts) {
      if (why == "not built") {
        ++notBuiltCount;
        std::printf("%s [%s]: not built\n", name.c_str(), mode.c_str());
        continue;
      }
      std::printf("%s [%s]: %s%s%s\n", name.c_str(), mode.c_str(),
                  why.empty() ? "PASS" : "FAIL (", why.c_str(),
                  why.empty() ? "" : ")");
      ++(why.empty() ? passed : failed);
    }
    std::fflush(stdout);
  }
  std::printf("%d passed, %d failed", passed, failed);
  if (notBuiltCount)
    std::printf(", %d not built", notBuiltCount);
  std::printf("\n");
  std::fflush(stdout); // before the exit-time module unloads
  return failed || notBuiltCount ? 1 : 0;
}
