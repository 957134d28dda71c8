#!/usr/bin/env bash
# Builds (if needed) and runs the libFuzzer target ac-fuzz for <seconds>.
# Each input goes through the whole asynccopy-to-llvm pipeline (PTX, no
# ptxas) with the options of its first line `// OPTIONS: ...`; see
# tools/ac-fuzz/ac-fuzz.cpp for what counts as a finding.
#   utils/run-fuzzer.sh 900            # 15 minutes, one job
#   JOBS=1 FUZZ_ARGS="-jobs=2" utils/run-fuzzer.sh 600
# Build dir build-fuzz/ (clang-22, ASan+UBSan+libFuzzer); corpus in
# build-fuzz/corpus (seeded from the lit tests by utils/make-fuzz-corpus.sh),
# crashes/timeouts/leaks in build-fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:?usage: utils/run-fuzzer.sh <seconds>}
BUILD_DIR=${BUILD_DIR:-build-fuzz}
CC=${CC:-clang-22}
CXX=${CXX:-clang++-22}
BUILD_DIR="$BUILD_DIR" TARGET=ac-fuzz \
  CMAKE_ARGS="-DCMAKE_C_COMPILER=$CC -DCMAKE_CXX_COMPILER=$CXX -DASYNCCOPY_ENABLE_FUZZER=ON ${CMAKE_ARGS:-}" \
  utils/build.sh
CORPUS="$BUILD_DIR/corpus"
[ -d "$CORPUS" ] && [ -n "$(ls -A "$CORPUS")" ] || utils/make-fuzz-corpus.sh "$CORPUS"
mkdir -p "$BUILD_DIR/crashes"
# detect_leaks=0: MLIR's global registries (pass/dialect registrations, the
# static DialectRegistry) are never freed by design.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$BUILD_DIR/bin/ac-fuzz" "$CORPUS" \
  -dict=test/fuzz/asynccopy.dict \
  -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=4096 \
  -max_len=${MAX_LEN:-16384} -print_final_stats=1 \
  -artifact_prefix="$BUILD_DIR/crashes/" ${FUZZ_ARGS:-}
