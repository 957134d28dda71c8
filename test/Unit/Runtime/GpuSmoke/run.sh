#!/usr/bin/env bash
# Runs the runtime's GPU smoke test (see build.sh); exits nonzero on failure.
cd "$(dirname "$0")"
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
for mode in all threads benchlike; do
  echo "== rt_smoke $mode"; ./rt_smoke $mode || status=1
done
echo "== e2e (host code lowered by MLIR 22)"; ./e2e || status=1
# Each failure mode must exit 1 with one "asynccopy runtime: ..." line.
for mode in bad-function bad-cluster bad-smem oom bad-device bad-ptx bad-map bad-map-orexit; do
  echo "== rt_smoke $mode (must exit 1)"
  ./rt_smoke $mode 2> err.txt; rc=$?
  head -4 err.txt
  if [ $rc -ne 1 ] || ! grep -q '^asynccopy runtime: ' err.txt; then echo "FAIL: rc=$rc"; status=1; fi
done
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ -x "$sanitizer" ]; then
  # memcheck also lists the two host-registration API errors rt_smoke
  # provokes on purpose (registering twice, unregistering twice).
  for tool in memcheck racecheck synccheck; do
    echo "== compute-sanitizer --tool $tool rt_smoke all"
    "$sanitizer" --tool $tool ./rt_smoke all 2>&1 | grep -E "SUMMARY|Program hit|Invalid|Race|FAIL"
  done
  echo "== compute-sanitizer --tool memcheck e2e"
  "$sanitizer" --tool memcheck --error-exitcode 9 ./e2e > san.txt 2>&1 || status=1
  grep -E "SUMMARY|FAIL" san.txt
fi
echo "runtime GPU smoke: $([ $status -eq 0 ] && echo PASS || echo FAIL)"
exit $status
