import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels.mlir")

# test/Unit's fake CUDA driver (libAsyncCopyFakeCudaDriver.so), set by
# test/python/run-pytest.sh.
FAKE_DRIVER = os.environ.get("AC_FAKE_CUDA_DRIVER")


@pytest.fixture(scope="session")
def kernels():
    """python/tests/kernels.mlir, compiled once (param descriptors)."""
    import asynccopy
    return asynccopy.compile(KERNELS)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "fake_driver: runs in a child pytest whose CUDA driver "
        "(ASYNCCOPY_CUDA_DRIVER) is the fake of test/Unit; skipped without "
        "AC_FAKE_CUDA_DRIVER")


def in_fake_driver_process():
    """Whether this is the child pytest that runs one fake_driver test."""
    return os.environ.get("AC_FAKE_DRIVER_CHILD") == "1"


def native_launch_modes():
    """ASYNCCOPY_NATIVE_LAUNCH values a fake_driver test runs under: with
    _fastlaunch where it is built (and not switched off), and without."""
    from asynccopy import _launch
    return ["1", "0"] if _launch._fastlaunch is not None else ["0"]


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """A fake_driver test runs in a child pytest of its own: the runtime
    loads its driver once per process (this one may have or get a real
    one), and the test counts what the fake did from a fresh start. It runs
    once with the native launch (_fastlaunch) and once without."""
    if pyfuncitem.get_closest_marker("fake_driver") is None or \
            in_fake_driver_process():
        return None
    if not FAKE_DRIVER:
        pytest.skip("AC_FAKE_CUDA_DRIVER not set")
    for native in native_launch_modes():
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "%s::%s" % (pyfuncitem.fspath, pyfuncitem.name)],
            capture_output=True, text=True,
            env=dict(os.environ, ASYNCCOPY_CUDA_DRIVER=FAKE_DRIVER,
                     AC_FAKE_DRIVER_CHILD="1",
                     ASYNCCOPY_NATIVE_LAUNCH=native))
        if run.returncode != 0:
            pytest.fail("in the fake-driver child (ASYNCCOPY_NATIVE_LAUNCH=%s):"
                        "\n%s%s" % (native, run.stdout, run.stderr),
                        pytrace=False)
    return True
