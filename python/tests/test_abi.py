"""The package's copies of the values of include/asynccopy/ABI/ABI.h (the
`_AC_*` constants of asynccopy._launch, named as in the header) against the
header itself, which the compiler and the runtime include."""
import os
import re

from asynccopy import _launch
from conftest import HERE

ABI_H = os.path.join(HERE, "..", "..", "include", "asynccopy", "ABI", "ABI.h")


def header_values():
    """Every `AC_NAME = <integer>` enumerator and `#define AC_NAME <integer>`
    of the header, comments stripped."""
    with open(ABI_H, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    found = re.findall(r"^\s*(AC_\w+)\s*=\s*(-?\d+)\s*,?\s*$", text, re.M)
    found += re.findall(r"^#define\s+(AC_\w+)\s+(-?\d+)\s*$", text, re.M)
    names = [name for name, _ in found]
    assert len(names) == len(set(names)), "a name defined twice in ABI.h"
    return {name: int(value) for name, value in found}


def test_header_parses():
    values = header_values()
    assert values["AC_DESCRIPTORS_SCRATCH"] == 2
    assert values["AC_TENSOR_MAP_BYTES"] == 128


def test_python_constants_match_header():
    values = header_values()
    copies = {name[1:]: value for name, value in vars(_launch).items()
              if name.startswith("_AC_")}
    assert copies, "asynccopy._launch defines no _AC_* constants"
    assert {name: values.get(name) for name in copies} == copies


def test_descriptor_modes_cover_the_header():
    values = header_values()
    modes = {name for name in values if name.startswith("AC_DESCRIPTORS_")}
    assert sorted(_launch._DESCRIPTOR_MODES.values()) == sorted(
        values[name] for name in modes)
