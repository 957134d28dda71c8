"""The PEP 517 / PEP 660 build backend of the `asynccopy` package.

The wheel is a zip of `asynccopy/` and a `.dist-info` folder; this module
writes it with the standard library alone. pip then installs the package
offline into a venv of any CPython >= 3.9, with or without build isolation,
whether or not `setuptools` and `wheel` are installed there (setuptools'
backend needs `wheel` for `bdist_wheel` before setuptools 70.1, and Python
3.12's venvs have no setuptools at all).

The wheel carries the project's libraries in `asynccopy/lib/` (where
asynccopy/_libs.py looks), copied from the build tree: `$ASYNCCOPY_BUILD_DIR`,
else `build/` next to `python/`. Such a wheel is tagged for this platform;
without a build it is pure Python and finds the libraries through
`$ASYNCCOPY_LIB_DIR` or the loader path.

Metadata comes from the `[project]` table of pyproject.toml (name, version,
description, requires-python, dependencies).
"""

import base64
import hashlib
import io
import os
import re
import stat
import sysconfig
import tarfile
import zipfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PACKAGE = "asynccopy"
# Fixed timestamps: the same sources give the same wheel, byte for byte.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# What the package loads from its lib/ folder (the extension module only
# where the build had Python's headers).
_LIBRARIES = ("libAsyncCopyCAPI.so", "libAsyncCopyRuntime.so",
              "_fastlaunch.abi3.so")


def _parse_toml_subset(text):
    """The `[project]` table of pyproject.toml without tomllib (Python < 3.11):
    string values and arrays of strings, one per line or on one line."""
    project, table, key, items = {}, None, None, None
    for line in text.splitlines():
        line = line.split(" #")[0].strip()
        if not line or line.startswith("#"):
            continue
        if items is not None:  # inside a multi-line array
            if line.startswith("]"):
                project[key], items = items, None
            else:
                items.extend(re.findall(r'"([^"]*)"', line))
            continue
        if line.startswith("["):
            table = line.strip("[] ")
            continue
        if table != "project":
            continue
        match = re.match(r'([A-Za-z0-9_-]+)\s*=\s*(.*)$', line)
        if not match:
            raise ValueError("pyproject.toml: cannot read line %r" % line)
        key, value = match.groups()
        if value.startswith('"'):
            project[key] = re.match(r'"([^"]*)"', value).group(1)
        elif value.startswith("[") and value.endswith("]"):
            project[key] = re.findall(r'"([^"]*)"', value)
        elif value == "[":
            items = []
        else:
            raise ValueError("pyproject.toml: unsupported value for %s" % key)
    return project


def _project():
    with open(os.path.join(_ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    try:
        import tomllib
    except ImportError:
        return _parse_toml_subset(text)
    return tomllib.loads(text)["project"]


def _names(project):
    # A distribution name as wheel file names and dist-info folders spell it.
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    return name, project["version"]


def _metadata(project):
    lines = ["Metadata-Version: 2.1",
             "Name: %s" % project["name"],
             "Version: %s" % project["version"]]
    if project.get("description"):
        lines.append("Summary: %s" % project["description"])
    if project.get("requires-python"):
        lines.append("Requires-Python: %s" % project["requires-python"])
    lines += ["Requires-Dist: %s" % dep for dep in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _package_files():
    """(path in the wheel, path on disk) of every file of the package, byte
    code caches left out."""
    files = []
    top = os.path.join(_ROOT, _PACKAGE)
    for directory, subdirs, names in os.walk(top):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(directory, name)
            files.append((os.path.relpath(path, _ROOT).replace(os.sep, "/"), path))
    return files


def _built_libraries():
    """(path in the wheel, path on disk) of the libraries the build tree
    has."""
    build = os.environ.get("ASYNCCOPY_BUILD_DIR") or os.path.join(
        _ROOT, "..", "build")
    found = []
    for name in _LIBRARIES:
        path = os.path.join(build, "lib", name)
        if os.path.isfile(path):
            found.append(("%s/lib/%s" % (_PACKAGE, name), path))
    return found


def _record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _write_wheel(wheel_directory, contents, platform=False):
    """Writes `contents` ({path in the wheel: bytes}) and its .dist-info as a
    py3-none-any wheel, or py3-none-<this platform> with `platform` (shared
    libraries, stored uncompressed and executable); returns its file name."""
    tag = "py3-none-" + (
        re.sub(r"[-.]", "_", sysconfig.get_platform()) if platform else "any")
    project = _project()
    name, version = _names(project)
    info = "%s-%s.dist-info" % (name, version)
    contents = dict(contents)
    contents[info + "/METADATA"] = _metadata(project).encode()
    purelib = "false" if platform else "true"
    contents[info + "/WHEEL"] = ("Wheel-Version: 1.0\n"
                                 "Generator: asynccopy_backend\n"
                                 "Root-Is-Purelib: %s\n"
                                 "Tag: %s\n" % (purelib, tag)).encode()
    record = "".join("%s,%s,%d\n" % (path, _record_hash(data), len(data))
                     for path, data in contents.items())
    contents[info + "/RECORD"] = (record + info + "/RECORD,,\n").encode()
    wheel_name = "%s-%s-%s.whl" % (name, version, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w",
                         zipfile.ZIP_DEFLATED) as wheel:
        for path, data in contents.items():
            entry = zipfile.ZipInfo(path, _ZIP_DATE)
            library = path.endswith(".so")
            # A regular file's mode: pip keeps the executable bits of those.
            mode = stat.S_IFREG | (0o755 if library else 0o644)
            entry.external_attr = mode << 16
            # Deflating the 85 MB compiler library takes seconds, for a
            # wheel pip deletes once it has installed it.
            entry.compress_type = (zipfile.ZIP_STORED if library
                                   else zipfile.ZIP_DEFLATED)
            wheel.writestr(entry, data)
    return wheel_name


def _read(path):
    with open(path, "rb") as f:
        return f.read()


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    libraries = _built_libraries()
    return _write_wheel(wheel_directory,
                        {arcname: _read(path)
                         for arcname, path in _package_files() + libraries},
                        platform=bool(libraries))


def build_editable(wheel_directory, config_settings=None,
                   metadata_directory=None):
    """PEP 660: a wheel whose .pth file puts this source folder on sys.path,
    so edits to asynccopy/ take effect without reinstalling."""
    name, version = _names(_project())
    pth = "__editable__.%s-%s.pth" % (name, version)
    return _write_wheel(wheel_directory, {pth: (_ROOT + "\n").encode()})


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    name, version = _names(project)
    base = "%s-%s" % (name, version)
    files = [("pyproject.toml", os.path.join(_ROOT, "pyproject.toml")),
             ("_backend/asynccopy_backend.py", os.path.abspath(__file__))]
    files += _package_files()
    sdist_name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, sdist_name), "w:gz",
                      format=tarfile.PAX_FORMAT) as sdist:
        entries = [(arcname, _read(path)) for arcname, path in files]
        entries.append(("PKG-INFO", _metadata(project).encode()))
        for arcname, data in entries:
            entry = tarfile.TarInfo("%s/%s" % (base, arcname))
            entry.size, entry.mode, entry.mtime = len(data), 0o644, 0
            sdist.addfile(entry, io.BytesIO(data))
    return sdist_name
