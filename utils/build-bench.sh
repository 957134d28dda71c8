#!/usr/bin/env bash
# Builds the tiled-copy benchmark ahead of time, once per descriptor mode,
# into build/bench/ (with the runtime next to the executables). Run on the
# GPU machine: build/bench/run-bench.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/build/bench"
mkdir -p "$out"
for mode in param scratch; do
  "$here/utils/aot-compile.sh" -p "format=bin descriptor-mode=$mode" \
    --driver "$here/bench/tma_copy_bench.cpp" -o "$out/tma-copy-$mode" \
    "$here/bench/tma_copy.mlir"
done
cat > "$out/run-bench.sh" <<'RUN'
#!/usr/bin/env bash
# Runs both descriptor modes; prints GB/s and the ratio to memcpy.
dir=$(cd "$(dirname "$0")" && pwd)
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader || true
for mode in param scratch; do "$dir/tma-copy-$mode" "$mode" "${1:-50}"; done
RUN
chmod +x "$out/run-bench.sh"
echo "built $out"
