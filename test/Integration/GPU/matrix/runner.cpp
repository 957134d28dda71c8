//===- runner.cpp - runs the differential GPU matrix ----------------------===//
//
// Reads the manifest matrix.py wrote (manifest.txt + matrix.data, next to
// this executable unless --dir names another folder), runs every
// (configuration, implementation) that compiled, and compares each of its
// four buffers byte for byte with the generator's host reference:
//
//   asynccopy-gpu-matrix [--dir D] [--filter REGEX] [--impl I] [--every N]
//                        [--skip-xfail] [--timeout S] [--verbose]
//
// Each host function `_mlir_ciface_mx<k>_<impl>(b0, b1, b2, b3)` lives in a
// shared library of its batch (loaded with dlopen: the MLIR host code loads
// its GPU module from a constructor) and takes four flat byte buffers.
//
// The kernels run in a worker process (this program again, exec'd with
// --worker-fd): a configuration that crashes (a fault makes the CUDA context
// unusable, and the runtime exits on errors) or hangs (a barrier whose bytes
// never arrive) is reported as such, and a new worker continues with the
// next one. Under compute-sanitizer, run with --target-processes all. Prints
// one PASS/FAIL/XFAIL/XPASS/CRASH/ TIMEOUT line per run, NOT-COMPILED lines for
// configurations that were accepted but did not compile, and per-implementation
// totals. Exits 1 when anything failed unexpectedly or passed unexpectedly.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuStreamSynchronize(void *stream);
}

namespace {

/// The C interface of `memref<?xi8>`.
struct ByteMemRef {
  void *allocated, *aligned;
  int64_t offset, size, stride;
};
using HostFn = void (*)(ByteMemRef *, ByteMemRef *, ByteMemRef *, ByteMemRef *);

struct BufferSpec {
  std::string role;
  size_t bytes = 0, elemBytes = 1;
  bool initIsPattern = true;
  uint64_t init = 0;      // pattern seed or data offset
  bool expectSame = true; // else expected bytes at data offset `expect`
  uint64_t expect = 0;
};

struct Entry {
  std::string name, impl, status, lib, symbol, desc, reason;
  std::vector<BufferSpec> buffers;
};

/// matrix.py's pattern(): the initial contents of most buffers.
void pattern(uint32_t seed, uint8_t *out, size_t n) {
  uint32_t x = seed * 2654435761u + 12345u;
  for (size_t k = 0; k < n; k += 4) {
    x = x * 1664525u + 1013904223u;
    uint32_t w = x ^ (x >> 15);
    for (size_t b = 0; b < 4 && k + b < n; ++b)
      out[k + b] = static_cast<uint8_t>(w >> (8 * b));
  }
}

bool parseOffset(const std::string &spec, const char *prefix, uint64_t &out) {
  size_t n = std::strlen(prefix);
  if (spec.compare(0, n, prefix) != 0)
    return false;
  out = std::stoull(spec.substr(n));
  return true;
}

std::vector<Entry> readManifest(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "matrix: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::vector<Entry> entries;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "config") {
      entries.emplace_back();
      Entry &e = entries.back();
      words >> e.name >> e.impl >> e.status >> e.lib >> e.symbol;
    } else if (key == "desc" || key == "reason") {
      std::string rest =
          line.size() > key.size() + 1 ? line.substr(key.size() + 1) : "";
      (key == "desc" ? entries.back().desc : entries.back().reason) = rest;
    } else if (key == "buffer") {
      BufferSpec b;
      int index;
      std::string init, expect;
      words >> index >> b.role >> b.bytes >> b.elemBytes >> init >> expect;
      b.initIsPattern = parseOffset(init, "pattern:", b.init);
      if (!b.initIsPattern && !parseOffset(init, "data:", b.init)) {
        std::fprintf(stderr, "matrix: bad buffer line: %s\n", line.c_str());
        std::exit(2);
      }
      b.expectSame = expect == "same";
      if (!b.expectSame)
        parseOffset(expect, "data:", b.expect);
      entries.back().buffers.push_back(b);
    }
  }
  return entries;
}

std::string hex(const uint8_t *p, size_t n) {
  std::string s = "0x";
  char digits[3];
  for (size_t i = n; i-- > 0;) {
    std::snprintf(digits, sizeof(digits), "%02x", p[i]);
    s += digits;
  }
  return s;
}

/// Runs one entry in this (worker) process; returns "" when every byte
/// matches, else what differs.
std::string runEntry(const std::string &dir, const Entry &e,
                     const std::vector<uint8_t> &data,
                     std::map<std::string, void *> &libs) {
  void *&lib = libs[e.lib];
  if (!lib) {
    std::string path = dir + "/" + e.lib;
    lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      return std::string("cannot load ") + dlerror();
  }
  auto fn = reinterpret_cast<HostFn>(dlsym(lib, e.symbol.c_str()));
  if (!fn)
    return "no symbol " + e.symbol + " in " + e.lib;

  size_t n = e.buffers.size();
  std::vector<std::vector<uint8_t>> initial(n), result(n);
  std::vector<ByteMemRef> memrefs(n);
  for (size_t i = 0; i < n; ++i) {
    const BufferSpec &b = e.buffers[i];
    initial[i].resize(b.bytes);
    if (b.initIsPattern)
      pattern(static_cast<uint32_t>(b.init), initial[i].data(), b.bytes);
    else
      std::memcpy(initial[i].data(), data.data() + b.init, b.bytes);
    void *device = mgpuMemAlloc(b.bytes, nullptr, false);
    mgpuMemcpy(device, initial[i].data(), b.bytes, nullptr);
    memrefs[i] = {device, device, 0, static_cast<int64_t>(b.bytes), 1};
  }
  mgpuStreamSynchronize(nullptr);
  fn(&memrefs[0], &memrefs[1], &memrefs[2], &memrefs[3]);
  std::string report;
  for (size_t i = 0; i < n; ++i) {
    const BufferSpec &b = e.buffers[i];
    result[i].resize(b.bytes);
    mgpuMemcpy(result[i].data(), memrefs[i].aligned, b.bytes, nullptr);
    mgpuStreamSynchronize(nullptr);
    mgpuMemFree(memrefs[i].aligned, nullptr);
    const uint8_t *want =
        b.expectSame ? initial[i].data() : data.data() + b.expect;
    size_t bad = 0;
    std::string first;
    for (size_t at = 0; at < b.bytes; at += b.elemBytes) {
      size_t w = std::min(b.elemBytes, b.bytes - at);
      if (std::memcmp(result[i].data() + at, want + at, w) == 0)
        continue;
      if (bad++ < 3)
        first += " [" + std::to_string(at / b.elemBytes) + "] " +
                 hex(result[i].data() + at, w) + " want " + hex(want + at, w) +
                 ";";
    }
    if (bad)
      report += " " + b.role + ": " + std::to_string(bad) + " of " +
                std::to_string(b.bytes / b.elemBytes) +
                " elements differ:" + first;
  }
  return report;
}

/// The worker: runs `todo[start...]`, announcing each run ("B k") and its
/// result ("R k <detail>") on `fd`.
[[noreturn]] void worker(const std::string &dir,
                         const std::vector<Entry> &entries,
                         const std::vector<size_t> &todo, size_t start,
                         int fd) {
  std::ifstream in(dir + "/matrix.data", std::ios::binary);
  std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)),
                            std::istreambuf_iterator<char>());
  std::map<std::string, void *> libs;
  FILE *out = fdopen(fd, "w");
  for (size_t k = start; k < todo.size(); ++k) {
    std::fprintf(out, "B %zu\n", k);
    std::fflush(out);
    std::string detail = runEntry(dir, entries[todo[k]], data, libs);
    std::fprintf(out, "R %zu%s\n", k, detail.c_str());
    std::fflush(out);
  }
  std::fclose(out);
  std::_Exit(0);
}

bool isListed(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

struct Totals {
  int passed = 0, failed = 0, xfail = 0, xpass = 0, notCompiled = 0,
      declined = 0;
};

} // namespace

int main(int argc, char **argv) {
  std::string dir, exe = argv[0];
  dir =
      exe.find('/') == std::string::npos ? "." : exe.substr(0, exe.rfind('/'));
  std::string filter, impl;
  int every = 1, timeoutS = 60, workerFd = -1;
  size_t workerStart = 0;
  bool skipXfail = false, verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "matrix: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--dir")
      dir = value();
    else if (a == "--filter")
      filter = value();
    else if (a == "--impl")
      impl = value();
    else if (a == "--every")
      every = std::max(1, std::stoi(value()));
    else if (a == "--timeout")
      timeoutS = std::stoi(value());
    else if (a == "--skip-xfail")
      skipXfail = true;
    else if (a == "--verbose")
      verbose = true;
    else if (a == "--worker-fd") // internal: run as a worker
      workerFd = std::stoi(value());
    else if (a == "--worker-start")
      workerStart = std::stoul(value());
    else {
      std::fprintf(stderr,
                   "usage: %s [--dir D] [--filter REGEX] [--impl I] "
                   "[--every N] [--skip-xfail] [--timeout S] [--verbose]\n",
                   argv[0]);
      return 2;
    }
  }
  std::vector<Entry> entries = readManifest(dir + "/manifest.txt");
  std::regex pattern(filter.empty() ? ".*" : filter);

  // Select: whole configurations by filter and --every, then by impl.
  std::vector<size_t> todo;
  std::map<std::string, Totals> totals;
  std::map<std::string, int> configIndex;
  for (size_t k = 0; k < entries.size(); ++k) {
    const Entry &e = entries[k];
    if (!std::regex_search(e.name, pattern) ||
        (!impl.empty() && e.impl != impl))
      continue;
    auto [it, fresh] = configIndex.emplace(e.name, configIndex.size());
    if (it->second % every != 0)
      continue;
    Totals &t = totals[e.impl];
    bool quiet = workerFd >= 0;
    if (e.status == "declined") {
      ++t.declined;
      if (verbose && !quiet)
        std::printf("DECLINED %s %s: %s\n", e.name.c_str(), e.impl.c_str(),
                    e.reason.c_str());
    } else if (e.status == "compile-fail") {
      ++t.notCompiled;
      if (!quiet)
        std::printf("NOT-COMPILED %s %s: %s\n", e.name.c_str(), e.impl.c_str(),
                    e.reason.c_str());
    } else if (e.status == "run" || (e.status == "xfail" && !skipXfail)) {
      todo.push_back(k);
    }
  }
  if (workerFd >= 0)
    worker(dir, entries, todo, workerStart, workerFd);
  std::fflush(stdout);

  size_t next = 0;
  while (next < todo.size()) {
    int fds[2];
    if (pipe(fds) != 0) {
      std::perror("matrix: pipe");
      return 2;
    }
    // The worker is this program again (exec, not only fork: the CUDA
    // driver does not survive a fork, and compute-sanitizer follows execs).
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      std::vector<std::string> args(argv, argv + argc);
      args.insert(args.end(),
                  {"--worker-fd", std::to_string(fds[1]), "--worker-start",
                   std::to_string(next), "--dir", dir});
      std::vector<char *> raw;
      for (std::string &a : args)
        raw.push_back(a.data());
      raw.push_back(nullptr);
      execv("/proc/self/exe", raw.data());
      std::perror("matrix: exec");
      std::_Exit(2);
    }
    close(fds[1]);
    long running = -1;
    bool progress = false, timedOut = false;
    std::string pending;
    auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(timeoutS);
    for (;;) {
      size_t eol = pending.find('\n');
      if (eol == std::string::npos) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd p = {fds[0], POLLIN, 0};
        if (left.count() <= 0 ||
            poll(&p, 1, static_cast<int>(left.count())) == 0) {
          timedOut = true;
          kill(pid, SIGKILL);
          break;
        }
        char chunk[4096];
        ssize_t got = read(fds[0], chunk, sizeof(chunk));
        if (got <= 0)
          break;
        pending.append(chunk, static_cast<size_t>(got));
        continue;
      }
      std::string text = pending.substr(0, eol);
      pending.erase(0, eol + 1);
      progress = true;
      size_t space = text.find(' ', 2);
      size_t k = std::stoul(text.substr(
          2, space == std::string::npos ? std::string::npos : space - 2));
      if (text[0] == 'B') {
        running = static_cast<long>(k);
        deadline =
            std::chrono::steady_clock::now() + std::chrono::seconds(timeoutS);
        continue;
      }
      running = -1;
      next = k + 1;
      const Entry &e = entries[todo[k]];
      std::string detail = space == std::string::npos ? "" : text.substr(space);
      Totals &t = totals[e.impl];
      bool ok = detail.empty();
      bool expected = e.status == "xfail";
      ++(expected ? (ok ? t.xpass : t.xfail) : (ok ? t.passed : t.failed));
      std::printf("%s %s %s%s%s",
                  expected ? (ok ? "XPASS" : "XFAIL") : (ok ? "PASS" : "FAIL"),
                  e.name.c_str(), e.impl.c_str(), ok ? "" : ":",
                  detail.c_str());
      if (expected)
        std::printf(" (%s)", e.reason.c_str());
      if (!ok && verbose)
        std::printf("\n    %s", e.desc.c_str());
      std::printf("\n");
      std::fflush(stdout);
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (running < 0 && !timedOut && (progress || next >= todo.size()))
      continue; // finished, or stopped between entries: go on from `next`
    // The worker died or hung in entry `running` (or before its first one):
    // count it and continue after it.
    size_t k = running >= 0 ? static_cast<size_t>(running) : next;
    const Entry &e = entries[todo[k]];
    Totals &t = totals[e.impl];
    std::string why = timedOut ? "TIMEOUT" : "CRASH";
    std::string how =
        timedOut ? "no result within " + std::to_string(timeoutS) + " s"
        : WIFSIGNALED(status)
            ? "signal " + std::to_string(WTERMSIG(status))
            : "exit code " + std::to_string(WEXITSTATUS(status));
    if (e.status == "xfail") {
      ++t.xfail;
      std::printf("XFAIL %s %s: %s, %s (%s)\n", e.name.c_str(), e.impl.c_str(),
                  why.c_str(), how.c_str(), e.reason.c_str());
    } else {
      ++t.failed;
      std::printf("%s %s %s: %s\n", why.c_str(), e.name.c_str(), e.impl.c_str(),
                  how.c_str());
      if (verbose)
        std::printf("    %s\n", e.desc.c_str());
    }
    std::fflush(stdout);
    next = k + 1;
  }

  Totals all;
  std::printf("matrix summary (%zu runs):\n", todo.size());
  // The copy matrix's implementations in their order, then any other
  // column (the pipelining matrix's stage variants).
  std::vector<std::string> names = {"tma", "bulk", "cp_async", "dsmem", "sync"};
  for (const auto &[name, t] : totals)
    if (!isListed(names, name))
      names.push_back(name);
  for (const std::string &name : names) {
    Totals &t = totals[name];
    std::printf("  %-8s %d passed, %d failed (%d expected failures, %d "
                "unexpected passes, "
                "%d not compiled, %d declined)\n",
                name.c_str(), t.passed, t.failed, t.xfail, t.xpass,
                t.notCompiled, t.declined);
    all.passed += t.passed;
    all.failed += t.failed;
    all.xfail += t.xfail;
    all.xpass += t.xpass;
    all.notCompiled += t.notCompiled;
    all.declined += t.declined;
  }
  std::printf("  total: %d passed, %d failed (%d expected failures, %d "
              "unexpected passes, "
              "%d not compiled, %d declined)\n",
              all.passed, all.failed, all.xfail, all.xpass, all.notCompiled,
              all.declined);
  return all.failed || all.xpass ? 1 : 0;
}
