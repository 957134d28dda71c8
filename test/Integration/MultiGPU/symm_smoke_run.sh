#!/usr/bin/env bash
# Runs symm_smoke (see symm_smoke_build.sh) in its three modes on all visible
# GPUs (at least 2); exits nonzero if a mode fails. The NVSHMEM mode loads
# libnvshmem_host.so.3: ASYNCCOPY_NVSHMEM_LIB if set, else the one of the
# nvidia-nvshmem wheel of python3's environment (torch's venv:
# <venv>/lib/python3*/site-packages/nvidia/nvshmem/lib), else the first such
# file under /opt, /usr, /root and $HOME; without one the mode is skipped.
cd "$(dirname "$0")" || exit 1
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader || true
gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
if [ "${gpus:-0}" -lt 2 ]; then echo "symm_smoke: needs 2 or more GPUs (found ${gpus:-0})"; exit 1; fi
status=0
for mode in single process; do
  echo "== symm_smoke $mode $gpus"
  timeout 300 ./symm_smoke $mode "$gpus" || status=1
done

lib=${ASYNCCOPY_NVSHMEM_LIB:-}
if [ -z "$lib" ]; then
  dir=$(python3 -c 'import nvidia.nvshmem, os; print(os.path.join(list(nvidia.nvshmem.__path__)[0], "lib"))' 2>/dev/null)
  [ -n "$dir" ] && [ -f "$dir/libnvshmem_host.so.3" ] && lib="$dir/libnvshmem_host.so.3"
fi
if [ -z "$lib" ]; then
  lib=$(find /opt /usr /root "$HOME" -path '*site-packages/nvidia/nvshmem/lib/libnvshmem_host.so.3' 2>/dev/null | head -1)
fi
if [ -z "$lib" ]; then
  echo "symm_smoke: nvshmem: SKIP (no libnvshmem_host.so.3; set ASYNCCOPY_NVSHMEM_LIB)"
else
  echo "== symm_smoke nvshmem $gpus (ASYNCCOPY_NVSHMEM_LIB=$lib)"
  # NVSHMEM's bootstrap plugins live next to it; the wheel's CUDA runtime
  # libraries are its siblings under site-packages/nvidia.
  nvidia=$(dirname "$(dirname "$(dirname "$lib")")")
  extra=$(dirname "$lib"); for d in "$nvidia"/*/lib; do extra="$extra:$d"; done
  # One node: no network transport (NVSHMEM_REMOTE_TRANSPORT=none) unless
  # the caller says otherwise.
  ASYNCCOPY_NVSHMEM_LIB="$lib" LD_LIBRARY_PATH="$extra${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    NVSHMEM_REMOTE_TRANSPORT=${NVSHMEM_REMOTE_TRANSPORT:-none} \
    timeout 300 ./symm_smoke nvshmem "$gpus" || status=1
fi
echo "symm_smoke: $([ $status -eq 0 ] && echo PASS || echo FAIL)"
exit $status
