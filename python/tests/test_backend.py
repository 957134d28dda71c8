"""The in-tree build backend (python/_backend): the wheels pip installs from
it are complete and their RECORD is right, on every interpreter the suite
runs on (test/python/run-pytest.sh: Debian's and the python3 on PATH)."""

import base64
import csv
import hashlib
import importlib.util
import io
import os
import sys
import tarfile
import zipfile

import pytest

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


@pytest.fixture(scope="module")
def backend():
    spec = importlib.util.spec_from_file_location(
        "asynccopy_backend", os.path.join(SOURCE, "_backend", "asynccopy_backend.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_record(wheel):
    """Every file but RECORD is listed with its sha256 and size, once."""
    names = wheel.namelist()
    record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode())))
    assert sorted(row[0] for row in rows) == sorted(names)
    for path, digest, size in rows:
        if path == record_name:
            assert (digest, size) == ("", "")
            continue
        data = wheel.read(path)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
        assert digest == "sha256=" + expected.rstrip(b"=").decode()
        assert int(size) == len(data)


@pytest.fixture
def no_build(monkeypatch, tmp_path):
    """A build tree without libraries: the wheel is pure Python."""
    monkeypatch.setenv("ASYNCCOPY_BUILD_DIR", str(tmp_path / "no-build"))


def test_wheel(backend, no_build, tmp_path):
    name = backend.build_wheel(str(tmp_path))
    assert name == "asynccopy-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(str(tmp_path / name)) as wheel:
        names = wheel.namelist()
        for module in ("__init__", "_capi", "_launch", "_libs"):
            assert "asynccopy/%s.py" % module in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        info = wheel.read("asynccopy-0.1.0.dist-info/WHEEL").decode()
        assert "Root-Is-Purelib: true" in info and "Tag: py3-none-any" in info
        metadata = wheel.read("asynccopy-0.1.0.dist-info/METADATA").decode()
        assert "Name: asynccopy\n" in metadata
        assert "Requires-Python: >=3.9\n" in metadata
        check_record(wheel)


def test_wheel_carries_the_built_libraries(backend, monkeypatch, tmp_path):
    """The libraries of $ASYNCCOPY_BUILD_DIR/lib go to asynccopy/lib/, where
    the package looks for them; the wheel is then this platform's."""
    lib = tmp_path / "build" / "lib"
    lib.mkdir(parents=True)
    for name in ("libAsyncCopyCAPI.so", "libAsyncCopyRuntime.so"):
        (lib / name).write_bytes(name.encode())
    monkeypatch.setenv("ASYNCCOPY_BUILD_DIR", str(tmp_path / "build"))
    (tmp_path / "out").mkdir()
    name = backend.build_wheel(str(tmp_path / "out"))
    assert name.startswith("asynccopy-0.1.0-py3-none-") and "any" not in name
    with zipfile.ZipFile(str(tmp_path / "out" / name)) as wheel:
        for library in ("libAsyncCopyCAPI.so", "libAsyncCopyRuntime.so"):
            entry = wheel.getinfo("asynccopy/lib/" + library)
            assert wheel.read(entry) == library.encode()
            assert entry.external_attr >> 16 & 0o777 == 0o755
        assert "asynccopy/lib/_fastlaunch.abi3.so" not in wheel.namelist()
        info = wheel.read("asynccopy-0.1.0.dist-info/WHEEL").decode()
        assert "Root-Is-Purelib: false" in info
        assert "Tag: " + name[len("asynccopy-0.1.0-"):-len(".whl")] in info
        check_record(wheel)


def test_wheel_is_reproducible(backend, no_build, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = backend.build_wheel(str(tmp_path / "a"))
    b = backend.build_wheel(str(tmp_path / "b"))
    assert (tmp_path / "a" / a).read_bytes() == (tmp_path / "b" / b).read_bytes()


def test_editable(backend, tmp_path):
    name = backend.build_editable(str(tmp_path))
    with zipfile.ZipFile(str(tmp_path / name)) as wheel:
        pth = wheel.read("__editable__.asynccopy-0.1.0.pth").decode()
        assert os.path.samefile(pth.strip(), SOURCE)
        check_record(wheel)


def test_sdist(backend, tmp_path):
    name = backend.build_sdist(str(tmp_path))
    with tarfile.open(str(tmp_path / name)) as sdist:
        names = sdist.getnames()
    for path in ("pyproject.toml", "PKG-INFO", "_backend/asynccopy_backend.py",
                 "asynccopy/__init__.py"):
        assert "asynccopy-0.1.0/" + path in names


def test_toml_subset_reads_the_project_table(backend):
    """Python < 3.11 has no tomllib: the backend's own reader must see the
    same [project] table."""
    with open(os.path.join(SOURCE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    subset = backend._parse_toml_subset(text)
    assert subset["name"] == "asynccopy" and subset["dependencies"] == []
    if sys.version_info >= (3, 11):
        import tomllib
        assert subset == tomllib.loads(text)["project"]
    multiline = backend._parse_toml_subset(
        '[project]\nname = "x"  # comment\ndependencies = [\n  "a>=1",\n  "b",\n]\n'
        '[tool.other]\nkey = 1\n')
    assert multiline == {"name": "x", "dependencies": ["a>=1", "b"]}
