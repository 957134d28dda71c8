//===- BenchTiming.h - timing helpers shared by the benchmark drivers -----===//
//
// CUDA-event timing on the legacy stream through the runtime's mgpu* ABI,
// and the median of repeated measurements.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_BENCH_BENCHTIMING_H
#define ASYNCCOPY_BENCH_BENCHTIMING_H

#include "asynccopy/Runtime/MgpuABI.h"

#include <algorithm>
#include <vector>

/// Milliseconds per iteration of `body(iters)` (which enqueues `iters`
/// iterations on the legacy stream), after `body(3)` as a warm-up.
class EventTimer {
public:
  EventTimer() : start(mgpuEventCreate()), stop(mgpuEventCreate()) {}
  ~EventTimer() {
    mgpuEventDestroy(start);
    mgpuEventDestroy(stop);
  }
  EventTimer(const EventTimer &) = delete;
  EventTimer &operator=(const EventTimer &) = delete;

  template <typename Body> float operator()(int iters, Body &&body) {
    body(3);
    mgpuStreamSynchronize(nullptr);
    mgpuEventRecord(start, nullptr);
    body(iters);
    mgpuEventRecord(stop, nullptr);
    mgpuEventSynchronize(stop);
    return acEventElapsedMs(start, stop) / iters;
  }

private:
  void *start, *stop;
};

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif // ASYNCCOPY_BENCH_BENCHTIMING_H
