#!/usr/bin/env python3
"""Compiles, runs and compares MLIR's own GPU integration tests under
upstream's pipeline and under asynccopy's.

The corpus is llvm-project's mlir/test/Integration/GPU/CUDA/ (not part of
this repository: point CORPUS at a copy of it). Each test's first RUN line
that runs a program (mlir-runner or the older mlir-cpu-runner) gives:

  pre    the mlir-opt steps before its GPU lowering (the transform
         interpreter, -convert-linalg-to-loops, ...), run for both;
  GPU    its lowering, in whichever spelling the test uses
         (-gpu-lower-to-nvvm-pipeline, the removed -gpu-lower-to-nvvm,
         -test-lower-to-nvvm, an explicit pass list), replaced by
           upstream:  mlir-opt -gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a
                      cubin-features=+ptx80 cubin-format=fatbin opt-level=N"
           asynccopy: ac-opt -asynccopy-to-llvm="chip=sm_90a format=fatbin
                      opt-level=N"
         (the chip of the GPU that runs them; CUDA 13's ptxas has no sm_50
         or sm_70, the tests' defaults);
  post   mlir-opt steps after it (the async runtime's lowering);
  run    the runner's arguments, its libraries mapped to the ones given;
  check  the FileCheck prefix of its output.

Tests stored before MLIR 22's syntax changes are ported first (port(): the
operands of gpu.printf after a comma; the phase of
nvgpu.mbarrier.try_wait.parity an i1, not the index constant %c0/%c1), the
same text for both compilers; compiled.json marks such tests "ported".

Stages (each writes under OUT):
  compile CORPUS OUT        here: both compilations of every test, compile
                            times, raised copies (asynccopy.copy ops that
                            asynccopy-raise-upstream makes), OUT/compiled.json
  run OUT RUNNER LIBDIR     on the GPU machine: runs every compiled module
                            (RUNNER: mlir-runner or the JIT bundle's
                            mlir-runner.sh; LIBDIR: libAsyncCopyRuntime.so,
                            the runner utilities), OUT/ran.json and the
                            outputs
  report CORPUS OUT MD JSON here: FileCheck of every output against its
                            test, the two outputs compared, the table (MD)
                            and the record (JSON)
"""
import json
import os
import re
import shlex
import subprocess
import sys
import time

LLVM = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AC_OPT = os.environ.get("AC_OPT", os.path.join(ROOT, "build", "bin", "ac-opt"))
CHIP = "sm_90a"
RUNNERS = ("mlir-runner", "mlir-cpu-runner")
# Flags that are (part of) a test's GPU lowering.
GPU_LOWERING = re.compile(
    r"^--?(gpu-lower-to-nvvm-pipeline|gpu-lower-to-nvvm|test-lower-to-nvvm"
    r"|gpu-kernel-outlining|convert-nvgpu-to-nvvm|gpu-to-llvm"
    r"|gpu-module-to-binary|nvvm-attach-target|convert-gpu-to-nvvm"
    r"|pass-pipeline=.*gpu\.module)")
# Flags that lower what the GPU lowering leaves and come after it.
POST = re.compile(r"^--?(async-to-async-runtime|async-runtime-ref-counting"
                  r"|convert-async-to-llvm|convert-func-to-llvm)")
# Flags kept before the GPU lowering wherever they stand.
PRE_ANYWHERE = re.compile(r"^--?gpu-async-region")


def run_lines(text):
    """The test's RUN commands, continuation lines joined."""
    commands, current = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
        else:
            commands.append(current + part)
            current = ""
    return commands


def recipe(path):
    """How the test lowers, runs and checks (see the module docstring), or
    None when no RUN line runs a program."""
    with open(path) as f:
        text = f.read()
    for command in run_lines(text):
        if not any(r in command for r in RUNNERS):
            continue
        command = re.sub(r"%s\b", path, command)
        stages = [shlex.split(s) for s in command.split("|")]
        flags, runner, check = [], None, None
        for stage in stages:
            if not stage:
                continue
            tool = os.path.basename(stage[0])
            if tool == "mlir-opt":
                flags += [a for a in stage[1:] if a != path]
            elif tool in RUNNERS:
                runner = stage[1:]
            elif tool == "FileCheck":
                check = [a for a in stage[1:] if a != path]
        gpu = [i for i, f in enumerate(flags) if GPU_LOWERING.match(f)]
        if not gpu or runner is None:
            return None
        pre = flags[:gpu[0]]
        # gpu-async-region makes outlined launches asynchronous.
        if any(PRE_ANYWHERE.match(f) for f in flags[gpu[0]:]):
            pre += ["-gpu-kernel-outlining", "-gpu-async-region"]
        post = [f for f in flags[gpu[-1] + 1:] if POST.match(f)]
        options = " ".join(f for f in flags if GPU_LOWERING.match(f))
        opt_level = re.search(r"opt-level=(\d)", options)
        bare = [o for o in ("host-bare-ptr-calling-convention=1",
                            "kernel-bare-ptr-calling-convention=1")
                if o in options]
        stderr_too = "2>&1" in command
        runner = [a for a in runner if a != "2>&1"]
        return {"pre": pre, "post": post,
                "opt_level": int(opt_level.group(1)) if opt_level else 2,
                "bare_ptr": bare, "runner": runner,
                "check": check or [], "stderr": stderr_too,
                "normalised": "-gpu-lower-to-nvvm-pipeline" not in options
                and "--gpu-lower-to-nvvm-pipeline" not in options}
    return None


def tests(corpus):
    for base, _, files in os.walk(corpus):
        for name in sorted(files):
            if name.endswith(".mlir"):
                path = os.path.join(base, name)
                yield os.path.relpath(path, corpus), path


PRINTF_OPERANDS = re.compile(r'(gpu\.printf\s+"(?:[^"\\]|\\.)*")(\s+%)')
PARITY_CONSTANT = re.compile(
    r"^(\s*)(nvgpu\.mbarrier\.try_wait\.parity\s+[^,]+\],\s*)%c([01])\b",
    re.M)


def port(text):
    """The test in MLIR 22's syntax (see the module docstring)."""
    text = PRINTF_OPERANDS.sub(r"\1,\2", text)
    return PARITY_CONSTANT.sub(
        lambda m: "%s%%ported_phase%s = arith.constant %s\n%s%s%%ported_phase%s"
        % (m.group(1), m.start(), "true" if m.group(3) == "1" else "false",
           m.group(1), m.group(2), m.start()), text)


def shell(argv, stdin=None, timeout=600):
    start = time.monotonic()
    p = subprocess.run(argv, input=stdin, capture_output=True, timeout=timeout)
    return p, time.monotonic() - start


def first_error(stderr):
    for line in stderr.decode(errors="replace").splitlines():
        if "error" in line.lower():
            return line.strip()[:200]
    return stderr.decode(errors="replace").strip()[:200]


def compile_corpus(corpus, out):
    os.makedirs(out, exist_ok=True)
    env_path = os.environ.get("PATH", "")
    os.environ["PATH"] = "/usr/local/cuda/bin:" + LLVM + ":" + env_path
    results = {}
    for rel, path in tests(corpus):
        r = recipe(path)
        entry = {"recipe": r}
        results[rel] = entry
        if r is None:
            entry["skip"] = "no RUN line runs a program"
            continue
        name = rel.replace("/", "__")
        with open(path) as f:
            text = f.read()
        if port(text) != text:
            entry["ported"] = True
            path = os.path.join(out, name + ".ported.mlir")
            with open(path, "w") as f:
                f.write(port(text))
        # With its locations: device asserts print them (assert.mlir).
        pre, _ = shell([LLVM + "/mlir-opt", "--mlir-print-debuginfo", path]
                       + r["pre"])
        if pre.returncode != 0:
            entry["upstream"] = entry["asynccopy"] = {
                "ok": False, "error": "pre steps: " + first_error(pre.stderr)}
            continue
        raised, _ = shell([AC_OPT, "--asynccopy-raise-upstream",
                           "--allow-unregistered-dialect"], pre.stdout)
        entry["raised_copies"] = (raised.stdout.decode().count("asynccopy.copy ")
                                  if raised.returncode == 0 else None)
        upstream_opts = ("cubin-chip=%s cubin-features=+ptx80 "
                         "cubin-format=fatbin opt-level=%d" % (
                             CHIP, r["opt_level"]))
        upstream_opts = " ".join([upstream_opts] + r["bare_ptr"])
        ours_opts = "chip=%s format=fatbin opt-level=%d" % (CHIP, r["opt_level"])
        for variant, argv in (
                ("upstream", [LLVM + "/mlir-opt",
                              "-gpu-lower-to-nvvm-pipeline=" + upstream_opts]),
                ("asynccopy", [AC_OPT, "-asynccopy-to-llvm=" + ours_opts])):
            lowered, seconds = shell(argv, pre.stdout)
            ok = lowered.returncode == 0
            text = lowered.stdout
            if ok and r["post"]:
                post, more = shell([LLVM + "/mlir-opt"] + r["post"], text)
                seconds += more
                ok, text = post.returncode == 0, post.stdout
                if not ok:
                    lowered = post
            entry[variant] = {"ok": ok, "compile_s": round(seconds, 3)}
            if ok:
                with open(os.path.join(out, name + "." + variant), "wb") as f:
                    f.write(text)
            else:
                entry[variant]["error"] = first_error(lowered.stderr)
        print("%-60s upstream %-4s asynccopy %-4s raised %s" % (
            rel, entry["upstream"]["ok"], entry["asynccopy"]["ok"],
            entry.get("raised_copies")), flush=True)
    with open(os.path.join(out, "compiled.json"), "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)


def run_corpus(out, runner, libdir):
    with open(os.path.join(out, "compiled.json")) as f:
        compiled = json.load(f)
    libs = {
        "%mlir_cuda_runtime": os.path.join(libdir, "libAsyncCopyRuntime.so"),
        "%mlir_runner_utils": os.path.join(libdir, "libmlir_runner_utils.so"),
        "%mlir_c_runner_utils": os.path.join(libdir,
                                             "libmlir_c_runner_utils.so"),
        "%mlir_async_runtime": os.path.join(libdir, "libmlir_async_runtime.so"),
    }
    ran = {}
    # sm90 first: they hold the copies (a run cut short keeps those).
    for rel, entry in sorted(compiled.items(),
                             key=lambda item: (not item[0].startswith("sm90"),
                                               item[0])):
        r = entry.get("recipe")
        if not r:
            continue
        name = rel.replace("/", "__")
        args = []
        for a in r["runner"]:
            for k, v in libs.items():
                a = a.replace(k, v)
            a = re.sub(r"%mlir_lib_dir/lib(\w+)%shlibext",
                       lambda m: os.path.join(libdir, "lib" + m.group(1) + ".so"),
                       a).replace("libmlir_cuda_runtime.so",
                                  "libAsyncCopyRuntime.so")
            args.append(a)
        for variant in ("upstream", "asynccopy"):
            module = os.path.join(out, name + "." + variant)
            if not entry.get(variant, {}).get("ok") or not os.path.exists(module):
                continue
            try:
                p, seconds = shell(runner.split() + args + [module], timeout=30)
                rc, output, errors = p.returncode, p.stdout + (
                    p.stderr if r["stderr"] else b""), p.stderr
            except subprocess.TimeoutExpired:
                rc, output, errors, seconds = "timeout", b"", b"", 30.0
            with open(module + ".out", "wb") as f:
                f.write(output)
            with open(module + ".err", "wb") as f:
                f.write(errors[-4000:])
            ran.setdefault(rel, {})[variant] = {"rc": rc,
                                                "run_s": round(seconds, 3)}
            print(rel, variant, rc, "%.2f s" % seconds, flush=True)
            # After every run: a run cut short keeps what it ran.
            with open(os.path.join(out, "ran.json"), "w") as f:
                json.dump(ran, f, indent=1, sort_keys=True)


def report(corpus, out, md, record):
    with open(os.path.join(out, "compiled.json")) as f:
        compiled = json.load(f)
    ran_path = os.path.join(out, "ran.json")
    ran = json.load(open(ran_path)) if os.path.exists(ran_path) else {}
    rows, summary = [], {"tests": 0, "upstream_compiles": 0,
                         "asynccopy_compiles": 0,
                         "asynccopy_fails_to_compile_where_upstream_compiles":
                         0, "upstream_passes": 0,
                         "asynccopy_passes": 0, "both_pass_same_output": 0,
                         "asynccopy_fails_where_upstream_passes": 0}
    for rel, entry in sorted(compiled.items()):
        path = os.path.join(corpus, rel)
        name = rel.replace("/", "__")
        row = {"file": rel, "raised": entry.get("raised_copies")}
        if entry.get("recipe") is None:
            row["note"] = entry.get("skip", "")
            rows.append(row)
            continue
        summary["tests"] += 1
        outputs = {}
        for variant in ("upstream", "asynccopy"):
            c = entry.get(variant, {})
            status = {"compiles": c.get("ok", False),
                      "compile_s": c.get("compile_s")}
            if not c.get("ok"):
                status["error"] = c.get("error", "")
            run = ran.get(rel, {}).get(variant)
            if run:
                status["rc"], status["run_s"] = run["rc"], run["run_s"]
                module = os.path.join(out, name + "." + variant + ".out")
                output = open(module, "rb").read() if os.path.exists(module) else b""
                outputs[variant] = output
                check = subprocess.run(
                    [LLVM + "/FileCheck", path] + entry["recipe"]["check"],
                    input=output, capture_output=True)
                status["filecheck"] = check.returncode == 0
            row[variant] = status
        compiled_ok = {v: row[v]["compiles"] for v in ("upstream", "asynccopy")}
        summary["upstream_compiles"] += compiled_ok["upstream"]
        summary["asynccopy_compiles"] += compiled_ok["asynccopy"]
        summary["asynccopy_fails_to_compile_where_upstream_compiles"] += (
            compiled_ok["upstream"] and not compiled_ok["asynccopy"])
        passed = {v: row[v].get("rc") == 0 and row[v].get("filecheck")
                  for v in ("upstream", "asynccopy")}
        row["same_output"] = (None if len(outputs) != 2 else
                              comparable(outputs["upstream"]) ==
                              comparable(outputs["asynccopy"]))
        summary["upstream_passes"] += bool(passed["upstream"])
        summary["asynccopy_passes"] += bool(passed["asynccopy"])
        summary["both_pass_same_output"] += bool(
            passed["upstream"] and passed["asynccopy"] and row["same_output"])
        summary["asynccopy_fails_where_upstream_passes"] += bool(
            passed["upstream"] and not passed["asynccopy"])
        row["normalised"] = entry["recipe"]["normalised"]
        row["ported"] = bool(entry.get("ported"))
        rows.append(row)
    with open(record, "w") as f:
        json.dump({"summary": summary, "rows": rows}, f, indent=1)
    with open(md, "w") as f:
        f.write(render(rows, summary))


def comparable(output):
    """The output without what differs from run to run (heap addresses)."""
    return re.sub(rb"base@ = 0x[0-9a-f]+", b"base@ = ADDRESS", output)


def cell(status):
    if not status:
        return "-"
    if not status.get("compiles"):
        error = status.get("error", "")
        if "PLEASE submit a bug report" in error:
            error = "the compiler crashes"
        error = re.sub(r"\S*/CUDA/|\S*/(?=[^/\s]+\.ported\.mlir)", "",
                       error.splitlines()[0] if error else "")
        return "does not compile: " + error.replace("|", "/")
    if "rc" not in status:
        return "compiles (%.2f s), not run" % status["compile_s"]
    verdict = "PASS" if status["rc"] == 0 and status.get("filecheck") else (
        "FAIL (rc %s%s)" % (status["rc"], ", FileCheck fails"
                            if not status.get("filecheck") else ""))
    return "%s; compile %.2f s, run %.2f s" % (verdict, status["compile_s"],
                                               status["run_s"])


def render(rows, summary):
    lines = ["| file | upstream | asynccopy | same output | raised copies |",
             "|---|---|---|---|---|"]
    for row in rows:
        if "upstream" not in row:
            lines.append("| %s | %s | | | |" % (row["file"], row.get("note", "")))
            continue
        lines.append("| %s%s | %s | %s | %s | %s |" % (
            row["file"], "".join(
                mark for key, mark in (("normalised", " (RUN normalised)"),
                                       ("ported", " (ported)"))
                if row.get(key)),
            cell(row["upstream"]), cell(row["asynccopy"]),
            {True: "yes", False: "no", None: "-"}[row["same_output"]],
            row["raised"] if row["raised"] is not None else "-"))
    lines.append("")
    lines.append("Summary: %(tests)d tests that run a program; upstream "
                 "compiles %(upstream_compiles)d, asynccopy "
                 "%(asynccopy_compiles)d (asynccopy fails where upstream "
                 "compiles: %(asynccopy_fails_to_compile_where_upstream_"
                 "compiles)d); run and checked by their FileCheck lines: "
                 "upstream passes %(upstream_passes)d, asynccopy "
                 "%(asynccopy_passes)d, both with the same output "
                 "%(both_pass_same_output)d; asynccopy fails where upstream "
                 "passes: %(asynccopy_fails_where_upstream_passes)d." % summary)
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) >= 3 and argv[0] == "compile":
        compile_corpus(argv[1], argv[2])
    elif len(argv) == 4 and argv[0] == "run":
        run_corpus(argv[1], argv[2], argv[3])
    elif len(argv) == 5 and argv[0] == "report":
        report(*argv[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
