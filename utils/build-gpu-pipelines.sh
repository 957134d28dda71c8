#!/usr/bin/env bash
# Builds the differential pipelining matrix (test/Integration/GPU/pipelines/)
# into build/gpu-tests/pipelines/: see utils/build-gpu-matrix.sh --pipelines.
# Extra arguments go to pipelines.py (e.g. --subset smoke, --template copy_for).
exec "$(dirname "$0")/build-gpu-matrix.sh" --pipelines "$@"
