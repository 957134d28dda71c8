#!/usr/bin/env bash
# The sanitizer check that CI (.ci/run) runs before a change lands, also the
# pre-submit script: builds, with ASan + UBSan (UBSan reports abort,
# LeakSanitizer on), what the lit and gtest suites need -- ac-opt, the
# runtime and the unit-test programs; not the C API, which only the Python
# tests load -- into build-asan/, and runs those suites there through ctest.
#
#   utils/check-sanitizers.sh                 # gcc, as CI runs it
#   CC=clang-22 CXX=clang++-22 BUILD_DIR=build-asan-clang utils/check-sanitizers.sh
#   SANITIZER_TESTS=all utils/check-sanitizers.sh   # everything, Python too
#
# BUILD_DIR (default build-asan), JOBS and CMAKE_ARGS as for utils/build.sh;
# CC/CXX pick the compiler of a new build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export BUILD_DIR=${BUILD_DIR:-build-asan}
args="-DASYNCCOPY_ENABLE_SANITIZERS=ON"
[ -n "${CC:-}" ] && args+=" -DCMAKE_C_COMPILER=$CC"
[ -n "${CXX:-}" ] && args+=" -DCMAKE_CXX_COMPILER=$CXX"
export CMAKE_ARGS="$args ${CMAKE_ARGS:-}"
if [ "${SANITIZER_TESTS:-suites}" = all ]; then
  utils/build.sh
  tests=()
else
  TARGET="ac-opt AsyncCopyRuntime AsyncCopyFakeCudaDriver AsyncCopyUnitTests
    AsyncCopyNVPTXTargetsTests AsyncCopyRuntimeTests AsyncCopyHardwareLimitsTests" \
    utils/build.sh
  tests=(-R '^(lit|check-asynccopy|unit|nvptx-targets|runtime-unit|hardware-limits|runtime-library)$')
fi
grep -q '^ASYNCCOPY_ENABLE_SANITIZERS:BOOL=ON' "$BUILD_DIR/CMakeCache.txt" || {
  echo "check-sanitizers: $BUILD_DIR is not a sanitizer build" >&2
  exit 1
}
cd "$BUILD_DIR"
ctest --output-on-failure "${tests[@]}"
