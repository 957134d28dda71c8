#!/usr/bin/env python3
"""Runs ac-opt for the lit suite (the `ac-opt` substitution) and checks the
tool's contract on every invocation:

1. a run that printed an error diagnostic exits non-zero; otherwise this
   script aborts, so that `not ac-opt ...` fails too;
2. (with --reparse) the MLIR a successful run printed re-parses and verifies:
   as printed, and through the generic form (printed with
   --mlir-print-op-generic, parsed again).

Usage: ac-opt-check.py [--reparse] AC_OPT ARG...
The run's stdout, stderr and exit code pass through unchanged.
"""
import os
import re
import subprocess
import sys

# A diagnostic line: `<location>: error: ...` or a bare `error: ...`.
ERROR_LINE = re.compile(rb"(^|: )error: ", re.MULTILINE)

# Options after which stdout holds no MLIR to re-parse.
NO_MLIR_OUTPUT = ("-help", "--help", "-version", "--version", "-show-dialects",
                  "--show-dialects", "-list-passes", "--list-passes")
# Options whose output deliberately does not parse (elided constants).
NO_REPARSE = ("-mlir-elide-elementsattrs-if-larger",
              "--mlir-elide-elementsattrs-if-larger",
              "-mlir-elide-resource-strings-if-larger",
              "--mlir-elide-resource-strings-if-larger")


def option_name(arg):
    return arg.split("=", 1)[0]


def output_file(args):
    """The -o file of the run, or None for stdout."""
    path = None
    for i, arg in enumerate(args):
        if arg == "-o" and i + 1 < len(args):
            path = args[i + 1]
        elif arg.startswith("-o="):
            path = arg[3:]
    return None if path == "-" else path


def reparse_options(args):
    """Options the re-parse needs to read what the run printed, and the
    marker between the printed chunks (None without -split-input-file)."""
    options = []
    marker = None
    split = False
    for arg in args:
        name = option_name(arg)
        if name in ("-split-input-file", "--split-input-file"):
            split = True
        elif name in ("-output-split-marker", "--output-split-marker"):
            marker = arg.split("=", 1)[1] if "=" in arg else None
        elif name in ("-allow-unregistered-dialect",
                      "--allow-unregistered-dialect"):
            options.append(arg)
    if not split:
        return options, None
    options.append("-split-input-file" + ("=" + marker if marker else ""))
    return options, marker or "// -----"


def drop_empty_chunks(text, marker):
    """Chunks that printed nothing (e.g. failed under -verify-diagnostics)
    leave bare markers behind."""
    chunks = re.split(rb"^" + re.escape(marker.encode()) + rb"[ \t]*$", text,
                      flags=re.MULTILINE)
    return (b"\n" + marker.encode() + b"\n").join(
        c for c in chunks if c.strip())


def fail(message):
    sys.stdout.flush()
    sys.stderr.buffer.write(b"ac-opt-check: " + message.encode() + b"\n")
    sys.stderr.flush()


def reparse(ac_opt, text, options):
    """Parses and verifies `text` as printed and in generic form; returns an
    error message or None."""
    plain = subprocess.run([ac_opt, "-"] + options, input=text,
                           capture_output=True)
    if plain.returncode != 0:
        return ("the printed MLIR does not re-parse/verify:\n" +
                plain.stderr.decode(errors="replace"))
    generic = subprocess.run(
        [ac_opt, "-", "-mlir-print-op-generic"] + options, input=text,
        capture_output=True)
    if generic.returncode == 0:
        generic = subprocess.run([ac_opt, "-"] + options,
                                 input=generic.stdout, capture_output=True)
    if generic.returncode != 0:
        return ("the printed MLIR does not re-parse/verify in generic form:\n" +
                generic.stderr.decode(errors="replace"))
    return None


def main():
    argv = sys.argv[1:]
    check_reparse = bool(argv) and argv[0] == "--reparse"
    if check_reparse:
        argv = argv[1:]
    ac_opt, args = argv[0], argv[1:]
    run = subprocess.run([ac_opt] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    sys.stdout.buffer.write(run.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(run.stderr)
    sys.stderr.flush()

    if run.returncode == 0 and ERROR_LINE.search(run.stderr):
        fail("ac-opt printed an error but exited 0")
        os.abort()

    names = {option_name(a) for a in args}
    if (not check_reparse or run.returncode != 0 or
            names & set(NO_MLIR_OUTPUT) or names & set(NO_REPARSE)):
        return run.returncode
    path = output_file(args)
    if path is not None:
        with open(path, "rb") as f:
            text = f.read()
    else:
        text = run.stdout
    options, marker = reparse_options(args)
    if marker:
        text = drop_empty_chunks(text, marker)
    if not text.strip():
        return run.returncode
    message = reparse(ac_opt, text, options)
    if message:
        fail(message)
        return 1
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
