//===- dsmem_handoff_bench.cpp - DSMEM vs GMEM tile hand-off --------------===//
//
// Times the kernels of dsmem_handoff.mlir (bench/dsmem_handoff_gen.py
// generates it into build/bench/gen; see its header): clusters of
// 2 CTAs of one warp, CTA 0 handing an R x 128 f16 tile (R = 8 .. 256: 2 to
// 64 KiB) to CTA 1 K times
// through DSMEM (`dsmem`) or a GMEM round trip (`gmem`: TMA store, wait,
// release signal, TMA load; `gmemp`, S = 4 only: the same pipelined one
// deep on both sides), with S
// SMEM stages. For every (R, S) and cluster count: time per hand-off
// (kernel time / K; all clusters hand off in parallel), bytes handed off per
// second over all clusters and per cluster, and the ratio best-gmem / dsmem.
// Every variant's results are checked against the host's replay after each
// warm-up launch and after the last timed launch: every lane's checksum of
// the 16-B vector holding its stamp of every hand-off, and the full content
// of the consumer's S stages after the last hand-off.
//
//   dsmem-handoff-bench [K] [timed launches] [checked warm-up launches]
//                       [cluster counts, e.g. 66,16] [repetitions]
//
// The time of one configuration is the median over `repetitions` of the
// CUDA-event mean of `timed launches` back-to-back launches.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Runtime/MgpuABI.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

template <typename T, int N> struct MemRef {
  T *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
using GBuf = MemRef<uint16_t, 2>;
using Out = MemRef<uint32_t, 1>;
using HostFn = void (*)(GBuf *, GBuf *, Out *, int64_t, int64_t, int64_t);

// Every kernel of the module, grouped by R then S (the summary has one row
// per (R, S)): X(variant, R, S) lines written by bench/dsmem_handoff_gen.py.
#define DECLARE(v, r, n)                                                       \
  extern "C" void _mlir_ciface_run_##v##r##s##n(GBuf *, GBuf *, Out *,         \
                                                int64_t, int64_t, int64_t);
#define X DECLARE
#include "dsmem_handoff_configs.inc"
#undef X

namespace {
constexpr int64_t kMaxClusters = 132, kLanes = 32, kCols = 128;
constexpr int64_t kGRows = kMaxClusters * 512; // S * R <= 512 per cluster

struct Expected {
  std::vector<uint32_t> sums;  // [cluster][lane]
  std::vector<uint16_t> tiles; // [cluster][stage][R*128], after the last
};

/// Lane l's stamp of hand-off k in an R x 128 tile (the module's header):
/// row l*R/32 + k%P, 16-B column group g = (k/P + (l*R%32)/2) % 16 with
/// P = max(R/32, 1), element (k+l)%8 of the group. R >= 32: lane l owns P
/// rows; R = 8, 16: 32/R lanes share a row, their groups R/2 apart.
struct Stamp {
  int64_t row, group;
};
Stamp stampPos(int64_t R, int64_t k, int64_t l) {
  const int64_t p = std::max<int64_t>(R / 32, 1);
  return {l * R / 32 + k % p, (k / p + (l * R % 32) / 2) % 16};
}

/// Replays the producer's fill and stamps and the consumer's reads for
/// clusters 0..nc-1 (cluster c's data does not depend on the cluster count).
Expected replay(int64_t R, int S, int64_t K, int64_t nc) {
  Expected e;
  const int64_t tile = R * kCols;
  e.sums.assign(nc * kLanes, 0);
  e.tiles.assign(nc * S * tile, 0);
  for (int64_t c = 0; c < nc; ++c) {
    uint16_t *t = &e.tiles[c * S * tile];
    for (int s = 0; s < S; ++s)
      for (int64_t i = 0; i < tile; ++i)
        t[s * tile + i] = uint16_t(
            (uint32_t(c) * 4099 + uint32_t(s) * 8191 + uint32_t(i) * 13) &
            0x3fff);
    uint32_t *acc = &e.sums[c * kLanes];
    for (int64_t k = 0; k < K; ++k) {
      uint16_t *st = t + (k % S) * tile;
      for (int64_t l = 0; l < kLanes; ++l) {
        Stamp p = stampPos(R, k, l);
        st[p.row * kCols + p.group * 8 + (k + l) % 8] = uint16_t(
            (uint32_t(k) * 131 + uint32_t(l) * 7 + uint32_t(c) * 3) & 0x3fff);
      }
      for (int64_t l = 0; l < kLanes; ++l) {
        Stamp p = stampPos(R, k, l);
        const uint16_t *v = st + p.row * kCols + p.group * 8;
        for (int i = 0; i < 8; ++i)
          acc[l] += v[i];
      }
    }
  }
  return e;
}

struct Kernel {
  const char *variant;
  int64_t R;
  int S;
  HostFn fn;
};
#define ENTRY(v, r, n) {#v, r, n, _mlir_ciface_run_##v##r##s##n},
const Kernel kKernels[] = {
#define X ENTRY
#include "dsmem_handoff_configs.inc"
#undef X
};
} // namespace

int main(int argc, char **argv) {
  int64_t K = argc > 1 ? std::atoll(argv[1]) : 8192;
  int iters = argc > 2 ? std::atoi(argv[2]) : 10;
  int checks = argc > 3 ? std::atoi(argv[3]) : 2;
  std::vector<int64_t> clusterCounts;
  for (const char *p = argc > 4 ? argv[4] : "66"; *p;) {
    clusterCounts.push_back(std::strtoll(p, const_cast<char **>(&p), 10));
    if (*p == ',')
      ++p;
  }
  int reps = argc > 5 ? std::atoi(argv[5]) : 3;
  if (K < 4) {
    std::printf("K must be at least 4 (every stage handed off)\n");
    return 2;
  }
  for (int64_t nc : clusterCounts)
    if (nc < 1 || nc > kMaxClusters) {
      std::printf("cluster count %lld outside 1..%lld\n", (long long)nc,
                  (long long)kMaxClusters);
      return 2;
    }
  int64_t maxNc = *std::max_element(clusterCounts.begin(), clusterCounts.end());
  const size_t gBytes = kGRows * kCols * sizeof(uint16_t);
  const size_t outCount = kMaxClusters * kLanes;
  auto *g = static_cast<uint16_t *>(mgpuMemAlloc(gBytes, nullptr, false));
  auto *r = static_cast<uint16_t *>(mgpuMemAlloc(gBytes, nullptr, false));
  auto *o = static_cast<uint32_t *>(mgpuMemAlloc(outCount * 4, nullptr, false));
  mgpuMemset16(g, 0, gBytes / 2, nullptr);
  GBuf gbuf{g, g, 0, {kGRows, kCols}, {kCols, 1}};
  GBuf res{r, r, 0, {kGRows, kCols}, {kCols, 1}};
  Out out{o, o, 0, {int64_t(outCount)}, {1}};
  auto reset = [&] {
    mgpuMemset32(o, 0xDEADBEEF, outCount, nullptr);
    mgpuMemset16(r, 0xFFFF, gBytes / 2, nullptr); // no stamp is 0xFFFF
  };

  std::map<std::pair<int64_t, int>, Expected> expected;
  std::vector<uint32_t> hostOut(outCount);
  std::vector<uint16_t> hostRes;
  // Number of wrong cluster results (checksums, final tiles) of one launch.
  auto check = [&](const Kernel &k, int64_t nc, const Expected &e) {
    const int64_t tile = k.R * kCols;
    hostRes.resize(nc * k.S * tile);
    mgpuMemcpy(hostOut.data(), o, outCount * 4, nullptr);
    mgpuMemcpy(hostRes.data(), r, hostRes.size() * 2, nullptr);
    mgpuStreamSynchronize(nullptr);
    int bad = 0;
    for (int64_t c = 0; c < nc; ++c) {
      bool sumsOk = std::memcmp(&hostOut[c * kLanes], &e.sums[c * kLanes],
                                kLanes * 4) == 0;
      bool tilesOk = std::memcmp(&hostRes[c * k.S * tile],
                                 &e.tiles[c * k.S * tile], k.S * tile * 2) == 0;
      if (!(sumsOk && tilesOk) && bad++ == 0)
        std::printf("%s%llds%d: cluster %lld: %s%s\n", k.variant,
                    (long long)k.R, k.S, (long long)c,
                    sumsOk ? "" : "checksums differ ",
                    tilesOk ? "" : "final tiles differ");
    }
    reset();
    return bad;
  };

  std::printf("K=%lld lanes=32/CTA timed_launches=%d checked_launches=%d "
              "reps=%d\n",
              (long long)K, iters, checks + 1, reps);
  void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
  bool ok = true;
  struct Row {
    int64_t nc, R;
    int S;
    double us[4] = {0, 0, 0, 0}; // dsmem, dsmema, gmem, gmemp (0: none)
  };
  std::vector<Row> rows;
  for (int64_t nc : clusterCounts) {
    for (const Kernel &k : kKernels) {
      auto key = std::make_pair(k.R, k.S);
      if (!expected.count(key))
        expected[key] = replay(k.R, k.S, K, maxNc);
      Expected &e = expected[key];
      reset();
      int bad = 0;
      for (int i = 0; i < checks; ++i) { // warm-up, each launch checked
        k.fn(&gbuf, &res, &out, K, 1, nc);
        bad += check(k, nc, e);
      }
      std::vector<float> ms;
      for (int rep = 0; rep < reps; ++rep) {
        mgpuEventRecord(start, nullptr);
        k.fn(&gbuf, &res, &out, K, iters, nc);
        mgpuEventRecord(stop, nullptr);
        mgpuEventSynchronize(stop);
        ms.push_back(acEventElapsedMs(start, stop) / iters);
      }
      bad += check(k, nc, e); // the last timed launch
      std::sort(ms.begin(), ms.end());
      double med = ms[ms.size() / 2], us = med * 1e3 / K;
      double tileBytes = double(k.R * kCols * 2);
      std::printf("clusters=%lld tile=%lldx128xf16 (%lld KiB) S=%d %-5s "
                  "%.4f ms  %.4f us/hand-off  %.1f GB/s over all clusters  "
                  "%.2f GB/s per cluster  (min %.4f max %.4f ms)  check %s\n",
                  (long long)nc, (long long)k.R, (long long)(tileBytes / 1024),
                  k.S, k.variant, med, us, nc * tileBytes / (us * 1e3),
                  tileBytes / (us * 1e3), ms.front(), ms.back(),
                  bad ? "FAIL" : "PASS");
      std::fflush(stdout);
      ok = ok && !bad;
      // One row per (clusters, R, S), wherever its kernels are in kKernels.
      auto row = std::find_if(rows.begin(), rows.end(), [&](const Row &w) {
        return w.nc == nc && w.R == k.R && w.S == k.S;
      });
      if (row == rows.end())
        row = rows.insert(rows.end(), Row{nc, k.R, k.S});
      int vi = std::strcmp(k.variant, "dsmem") == 0    ? 0
               : std::strcmp(k.variant, "dsmema") == 0 ? 1
               : std::strcmp(k.variant, "gmem") == 0   ? 2
                                                       : 3;
      row->us[vi] = us;
    }
  }
  // Per row: the faster variant of each side (dsmem* = dsmem or dsmema,
  // gmem* = gmem or gmemp); per (clusters, R): each side at its best S too.
  auto best = [](const double *us, int a, int b, int *which) {
    *which = (us[b] > 0 && us[b] < us[a]) ? b : a;
    return us[*which];
  };
  const char *names[] = {"dsmem", "dsmema", "gmem", "gmemp"};
  std::printf("\nsummary (us per hand-off; dsmem* / gmem* = the faster "
              "mechanism of each side)\n");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row &row = rows[i];
    int wd, wg;
    double d = best(row.us, 0, 1, &wd), gm = best(row.us, 2, 3, &wg);
    std::printf("clusters=%lld R=%lld (%lld KiB) S=%d  dsmem %.4f  dsmema "
                "%.4f  gmem %.4f  gmemp %.4f  ratio gmem*/dsmem* %.3f (%s/%s)  "
                "%.1f vs %.1f GB/s per cluster\n",
                (long long)row.nc, (long long)row.R,
                (long long)(row.R * kCols * 2 / 1024), row.S, row.us[0],
                row.us[1], row.us[2], row.us[3], gm / d, names[wg], names[wd],
                row.R * kCols * 2 / (gm * 1e3), row.R * kCols * 2 / (d * 1e3));
  }
  // One line per (clusters, R), in the order of first appearance, over all
  // of that tile's rows (S = 1, 2, 4): the candidates for the headline.
  std::printf("\nper tile, each side at its best S and mechanism:\n");
  for (size_t i = 0; i < rows.size(); ++i) {
    bool seen = false;
    for (size_t h = 0; h < i; ++h)
      seen = seen || (rows[h].nc == rows[i].nc && rows[h].R == rows[i].R);
    if (seen)
      continue;
    double bd = 1e30, bg = 1e30;
    std::string wd, wg;
    for (size_t j = i; j < rows.size(); ++j) {
      if (rows[j].nc != rows[i].nc || rows[j].R != rows[i].R)
        continue;
      int a, b;
      double d = best(rows[j].us, 0, 1, &a), gm = best(rows[j].us, 2, 3, &b);
      if (d < bd)
        bd = d, wd = std::string(names[a]) + " S=" + std::to_string(rows[j].S);
      if (gm < bg)
        bg = gm, wg = std::string(names[b]) + " S=" + std::to_string(rows[j].S);
    }
    std::printf("clusters=%lld R=%lld (%lld KiB)  dsmem* %.4f us (%s)  "
                "gmem* %.4f us (%s)  ratio %.3f\n",
                (long long)rows[i].nc, (long long)rows[i].R,
                (long long)(rows[i].R * kCols * 2 / 1024), bd, wd.c_str(), bg,
                wg.c_str(), bg / bd);
  }
  std::printf("check: %s\n", ok ? "PASS" : "FAIL");
  mgpuEventDestroy(start);
  mgpuEventDestroy(stop);
  mgpuMemFree(g, nullptr);
  mgpuMemFree(r, nullptr);
  mgpuMemFree(o, nullptr);
  return ok ? 0 : 1;
}
