import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels.mlir")


@pytest.fixture(scope="session")
def kernels():
    """python/tests/kernels.mlir, compiled once (param descriptors)."""
    import asynccopy
    return asynccopy.compile(KERNELS)
