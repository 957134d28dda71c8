#!/usr/bin/env bash
# Runs the AOT-built multi-GPU tests on every visible GPU (2 or more): all
# modes (two-process, NVSHMEM when its library is found, trap, one-process),
# then compute-sanitizer memcheck on the one-process mode and on the
# two-process mode (--target-processes all). Writes logs to ${OUT:-.}:
# multigpu-tests.log, sanitizer-memcheck-<mode>.log. Usage (on the GPU
# machine): build/multigpu-tests/run-multigpu-tests.sh [test-name substrings]
#
# NVSHMEM: ASYNCCOPY_NVSHMEM_LIB, else libnvshmem_host.so.3 of the
# nvidia-nvshmem wheel in the site-packages of the python3 on PATH (torch's
# venv); without it the nvshmem mode is skipped.
# ASYNCCOPY_MULTIGPU_SANITIZER=0 skips the sanitizer runs.
set -uo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
logs=${OUT:-.}
bin="$dir/asynccopy-multigpu-tests"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
status=0

if [ -z "${ASYNCCOPY_NVSHMEM_LIB:-}" ]; then
  lib=$(python3 -c 'import glob, site; print(next(iter(sorted(p for r in site.getsitepackages()
    for p in glob.glob(r + "/nvidia/nvshmem/lib/libnvshmem_host.so.3"))), ""))' 2>/dev/null)
  [ -n "$lib" ] && export ASYNCCOPY_NVSHMEM_LIB="$lib"
fi
if [ -n "${ASYNCCOPY_NVSHMEM_LIB:-}" ]; then
  # NVSHMEM's bootstrap plugins sit next to it, the CUDA libraries it needs
  # in the sibling wheels; one node needs no network transport.
  nvidia=$(dirname "$(dirname "$(dirname "$ASYNCCOPY_NVSHMEM_LIB")")")
  for d in "$(dirname "$ASYNCCOPY_NVSHMEM_LIB")" "$nvidia"/*/lib; do
    LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  done
  export LD_LIBRARY_PATH NVSHMEM_REMOTE_TRANSPORT=${NVSHMEM_REMOTE_TRANSPORT:-none}
fi
echo "NVSHMEM library: ${ASYNCCOPY_NVSHMEM_LIB:-(none: nvshmem mode skipped)}"
nvidia-smi topo -m 2>/dev/null | head -5

start=$SECONDS
"$bin" "$@" 2>&1 | tee "$logs/multigpu-tests.log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
echo "tests: $((SECONDS - start)) s"

if [ "${ASYNCCOPY_MULTIGPU_SANITIZER:-1}" != 0 ]; then
  for mode in one-process two-process; do
    start=$SECONDS
    log="$logs/sanitizer-memcheck-$mode.log"
    echo "== compute-sanitizer --tool memcheck ($mode)" | tee "$log"
    "$sanitizer" --tool memcheck --target-processes all --error-exitcode 3 \
      "$bin" --mode "$mode" "$@" >> "$log" 2>&1 \
      || { status=1; echo "memcheck $mode: errors or failures (see $log)"; }
    grep -E 'ERROR SUMMARY' "$log" | sort | uniq -c
    tail -2 "$log"
    echo "memcheck $mode: $((SECONDS - start)) s"
  done
fi
exit $status
