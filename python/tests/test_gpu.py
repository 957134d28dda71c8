"""The GPU run of gpu_run.py, where torch sees a CUDA device."""
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

import asynccopy  # noqa: E402
import gpu_run  # noqa: E402

from conftest import KERNELS  # noqa: E402


@pytest.mark.parametrize("mode", gpu_run.MODES)
def test_kernels_match_torch(mode):
    module = asynccopy.compile(KERNELS, descriptor_mode=mode)
    assert gpu_run.run_module(module, mode) == 0
