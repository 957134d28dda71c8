#!/usr/bin/env bash
# Builds every loop test of the GPU suite (test/Integration/GPU/*.mlir with
# an `asynccopy.pipeline_stages` marker) once per stage count: 1 (the loop
# as written, unpipelined), 2, 3, 4 and the most stages that fit in shared
# memory (found by compiling), each linked into its own harness,
# build/gpu-tests/stages/asynccopy-gpu-tests-<variant>, whose host reference
# checks every output element as the suite does (so every variant computes
# the same bytes). build/gpu-tests/stages/loop-tests.txt lists the tests;
# utils/run-gpu-tests.sh runs every variant on them.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${ASYNCCOPY_BUILD_DIR:-$here/build}
out="$build/gpu-tests/stages"
mkdir -p "$out/obj"
tests=()
for m in "$here"/test/Integration/GPU/*.mlir; do
  grep -q 'asynccopy.pipeline_stages = [0-9]' "$m" && tests+=("$(basename "$m" .mlir)")
done
printf '%s\n' "${tests[@]}" > "$out/loop-tests.txt"

# The marker of test $1 set to $2 stages, on stdout.
variant() {
  sed -E "s/asynccopy\.pipeline_stages = [0-9]+ : i64/asynccopy.pipeline_stages = $2 : i64/" \
    "$here/test/Integration/GPU/$1.mlir"
}
# Whether test $1 compiles with $2 stages (shared memory fits).
fits() {
  variant "$1" "$2" | "$build/bin/ac-opt" --asynccopy-to-nvvm -o /dev/null 2>/dev/null
}
# The most stages that fit, up to 64 (the pass's limit for empty barriers).
most() {
  local lo=2 hi=64 mid
  fits "$1" "$hi" && { echo "$hi"; return; }
  while [ $((hi - lo)) -gt 1 ]; do
    mid=$(((lo + hi) / 2))
    if fits "$1" "$mid"; then lo=$mid; else hi=$mid; fi
  done
  echo "$lo"
}

: > "$out/variants.txt"
for v in 1 2 3 4 max; do
  objects=()
  for t in "${tests[@]}"; do
    n=$v
    [ "$v" = max ] && n=$(most "$t")
    echo "$v $t $n" >> "$out/variants.txt"
    variant "$t" "$n" > "$out/obj/$t.s$v.mlir"
    "$here/utils/aot-compile.sh" -p "format=bin" -o "$out/obj/$t.s$v.o" \
      "$out/obj/$t.s$v.mlir" > "$out/obj/$t.s$v.log" 2>&1 \
      || { cat "$out/obj/$t.s$v.log" >&2; exit 1; }
    objects+=("$out/obj/$t.s$v.o")
  done
  c++ -O2 -std=c++17 "$here/test/Integration/GPU/harness.cpp" \
    "${objects[@]}" -L"$build/lib" -lAsyncCopyRuntime -Wl,-rpath,'$ORIGIN/..' \
    -o "$out/asynccopy-gpu-tests-s$v"
done
cp "$build/lib/libAsyncCopyRuntime.so" "$build/gpu-tests/"
echo "built ${#tests[@]} loop tests x 5 stage variants in $out ($(awk '$1=="max"{printf "%s=%s ", $2, $3}' "$out/variants.txt"))"
