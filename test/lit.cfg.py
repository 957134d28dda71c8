# -*- Python -*-
import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ASYNCCOPY"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.asynccopy_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
# Scripts of the tree (generators, helpers) run with the interpreter lit runs under.
config.substitutions.append(("%python", sys.executable))
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# FileCheck, not, count and split-file come from the LLVM tools dir.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# `ac-opt` in a RUN line runs through utils/ac-opt-check.py, which enforces
# the tool's contract on every invocation: a run that prints `error:` exits
# non-zero (the script aborts otherwise, so `not ac-opt` fails as well), and
# the MLIR a successful run prints re-parses and verifies, as printed and in
# generic form. `lit --param reparse=0` skips the re-parse.
ac_opt = os.path.join(config.asynccopy_tools_dir, "ac-opt")
if not os.path.exists(ac_opt):
    lit_config.fatal("ac-opt not found in " + config.asynccopy_tools_dir)
ac_opt_check = [sys.executable,
                os.path.join(os.path.dirname(__file__), "..", "utils", "ac-opt-check.py")]
if lit_config.params.get("reparse", "1") != "0":
    ac_opt_check.append("--reparse")
tools = [ToolSubst("ac-opt", command=" ".join(ac_opt_check + [ac_opt]))]
llvm_config.add_tool_substitutions(tools, [config.asynccopy_tools_dir])

# CMake's project(asynccopy VERSION ...), which ac-opt --version prints.
config.substitutions.append(("%asynccopy_version", config.asynccopy_version))

# utils/aot-compile.sh on the ac-opt and runtime built here.
config.substitutions.append(("%aot_compile", "env ASYNCCOPY_BUILD_DIR=%s %s" % (
    config.asynccopy_obj_root,
    os.path.join(os.path.dirname(__file__), "..", "utils", "aot-compile.sh"))))

# The distribution's mlir-opt, for what only upstream does (the transform
# dialect's tiling and promotion of test/Pipelines/raise-upstream-*.mlir).
config.substitutions.append(("%upstream_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# Sanitizer builds (-DASYNCCOPY_ENABLE_SANITIZERS=ON) have feature
# `sanitizers`. Programs that are not instrumented but load this build's
# instrumented libraries (mlir-runner, AOT-linked test programs) need the
# shared ASan runtime first in their library list: %run_plain_host preloads
# it (and is empty in other builds). Tests that run such programs require
# feature `plain-host`, which a sanitizer build without that runtime lacks:
# they are UNSUPPORTED there, not passed.
run_plain_host = ""
if config.asynccopy_sanitizers:
    config.available_features.add("sanitizers")
    if config.sanitizer_preload:
        run_plain_host = "env LD_PRELOAD=%s" % config.sanitizer_preload
        config.available_features.add("plain-host")
    else:
        lit_config.note("sanitizer build without a shared ASan runtime to "
                        "preload: the tests that run mlir-runner or AOT "
                        "programs on the instrumented libraries are "
                        "UNSUPPORTED")
else:
    config.available_features.add("plain-host")
config.run_plain_host = run_plain_host
config.substitutions.append(("%run_plain_host", run_plain_host))

# test/Plugin: the distribution's mlir-opt with AsyncCopyPlugin.so loaded.
if config.asynccopy_plugin:
    config.available_features.add("asynccopy-plugin")
    config.substitutions.append(("%asynccopy_plugin", config.asynccopy_plugin))
    config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# Every PTX the tests emit goes through ptxas: %extract_ptx prints the PTX of
# each gpu.binary and assembles each module with ptxas -arch=sm_90a
# (%extract_ptx_sm80, %extract_ptx_sm75: older chips; %extract_ptx_sm100a:
# Blackwell); a ptxas error fails the test. Without CUDA the PTX is only
# printed (the FileCheck lines still run).
extract = "%s %s" % (sys.executable, os.path.join(os.path.dirname(__file__), "..", "utils", "extract-ptx.py"))
ptxas = os.path.join(config.cuda_bin_dir, "ptxas") if config.cuda_bin_dir else ""
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    # gpu-module-to-binary{format=bin} finds ptxas on PATH.
    llvm_config.with_environment("PATH", config.cuda_bin_dir, append_path=True)
    config.substitutions.append(("%extract_ptx_sm80", extract + " --ptxas " + ptxas + " --arch sm_80"))
    config.substitutions.append(("%extract_ptx_sm75", extract + " --ptxas " + ptxas + " --arch sm_75"))
    config.substitutions.append(("%extract_ptx_sm100a", extract + " --ptxas " + ptxas + " --arch sm_100a"))
    config.substitutions.append(("%extract_ptx_sm90", extract + " --ptxas " + ptxas + " --arch sm_90"))
    config.substitutions.append(("%extract_ptx", extract + " --ptxas " + ptxas + " --arch sm_90a"))
else:
    lit_config.warning("ptxas not found: emitted PTX is not assembled")
    config.substitutions.append(("%extract_ptx_sm80", extract))
    config.substitutions.append(("%extract_ptx_sm75", extract))
    config.substitutions.append(("%extract_ptx_sm100a", extract))
    config.substitutions.append(("%extract_ptx_sm90", extract))
    config.substitutions.append(("%extract_ptx", extract))
