#!/usr/bin/env python3
"""Benchmark results stay data (ctest `results-are-data`).

  check-results-data.py [SOURCE_DIR]

Fails (exit 1, naming each offending file) if a git-tracked file of the
repository ends in .log, .gz or .sass, if a tracked file under
bench/results/ is larger than 64 KiB, if a JSON file under bench/results/
does not parse, or if a run record (bench/results/runs/*.json) is not an
object with `date`, `gpu` and `command` (a non-empty string or list of
strings). Outside a git checkout (a source tarball) it checks the files
under bench/results/ as they are on disk. Python 3.6+, standard library only.
"""
import json
import os
import subprocess
import sys

RAW_SUFFIXES = (".log", ".gz", ".sass")
MAX_BYTES = 64 * 1024
RESULTS = "bench/results"
RUNS = RESULTS + "/runs"
REQUIRED = ("date", "gpu", "command")


def tracked_files(src):
    """Paths of the tracked files (relative, '/'-separated), or None when
    src is not a git work tree or git is missing."""
    try:
        out = subprocess.run(["git", "-C", src, "ls-files", "-z"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        return None
    if out.returncode != 0:
        return None
    return [p for p in out.stdout.decode("utf-8", "surrogateescape").split("\0") if p]


def files_on_disk(src, folder):
    found = []
    for root, _, names in os.walk(os.path.join(src, folder)):
        for name in names:
            full = os.path.join(root, name)
            found.append(os.path.relpath(full, src).replace(os.sep, "/"))
    return found


def check_record(path, data, errors):
    if not isinstance(data, dict):
        errors.append("%s: a run record must be a JSON object" % path)
        return
    for key in REQUIRED:
        if key not in data:
            errors.append("%s: run record without `%s`" % (path, key))
    command = data.get("command")
    if "command" in data and not (
            (isinstance(command, str) and command.strip()) or
            (isinstance(command, list) and command and
             all(isinstance(c, str) and c.strip() for c in command))):
        errors.append("%s: `command` must be a non-empty string or list of strings" % path)


def main():
    src = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                          os.path.join(os.path.dirname(__file__), "..", ".."))
    if not os.path.isdir(os.path.join(src, RESULTS)):
        print("check-results-data: no %s under %s" % (RESULTS, src))
        return 1
    errors = []
    tracked = tracked_files(src)
    if tracked is None:
        print("check-results-data: %s is not a git checkout; checking %s on disk"
              % (src, RESULTS))
        results = files_on_disk(src, RESULTS)
    else:
        for path in tracked:
            if path.endswith(RAW_SUFFIXES):
                errors.append("%s: raw log tracked (%s files stay out of the tree)"
                              % (path, "/".join(RAW_SUFFIXES)))
        results = [p for p in tracked if p.startswith(RESULTS + "/")]
    for path in sorted(results):
        full = os.path.join(src, path)
        if not os.path.isfile(full):
            continue  # deleted in the work tree, not yet in the index
        size = os.path.getsize(full)
        if size > MAX_BYTES:
            errors.append("%s: %d bytes, over the %d-byte limit for bench/results"
                          % (path, size, MAX_BYTES))
        if tracked is None and path.endswith(RAW_SUFFIXES):
            errors.append("%s: raw log under bench/results" % path)
        if not path.endswith(".json"):
            continue
        try:
            with open(full, encoding="utf-8") as f:
                data = json.load(f)
        except (ValueError, UnicodeDecodeError) as e:
            errors.append("%s: not valid JSON: %s" % (path, e))
            continue
        if path.startswith(RUNS + "/") and "/" not in path[len(RUNS) + 1:]:
            check_record(path, data, errors)
    if errors:
        for e in errors:
            print("check-results-data: " + e)
        print("check-results-data: FAILED (%d problem%s); bench/results/README.md "
              "says what belongs there" % (len(errors), "" if len(errors) == 1 else "s"))
        return 1
    print("check-results-data: OK (%d files under %s)" % (len(results), RESULTS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
