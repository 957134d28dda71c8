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
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# FileCheck, not, count and split-file come from the LLVM tools dir.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.asynccopy_tools_dir, config.llvm_tools_dir]
tools = [ToolSubst("ac-opt", unresolved="fatal")]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The Python package under python/ drives the ac-opt built here.
config.environment["PYTHONPATH"] = os.path.join(os.path.dirname(__file__), "..", "python")
config.environment["ASYNCCOPY_AC_OPT"] = os.path.join(config.asynccopy_tools_dir, "ac-opt")
config.excludes.append("compile_check.py")

# Every PTX the tests emit goes through ptxas: %extract_ptx prints the PTX of
# each gpu.binary and assembles each module with ptxas -arch=sm_90a
# (%extract_ptx_sm80, %extract_ptx_sm75: older chips); a ptxas error fails the test. Without CUDA the
# PTX is only printed (the FileCheck lines still run).
extract = "%s %s" % (sys.executable, os.path.join(os.path.dirname(__file__), "..", "utils", "extract-ptx.py"))
ptxas = os.path.join(config.cuda_bin_dir, "ptxas") if config.cuda_bin_dir else ""
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    # gpu-module-to-binary{format=bin} finds ptxas on PATH.
    llvm_config.with_environment("PATH", config.cuda_bin_dir, append_path=True)
    config.substitutions.append(("%extract_ptx_sm80", extract + " --ptxas " + ptxas + " --arch sm_80"))
    config.substitutions.append(("%extract_ptx_sm75", extract + " --ptxas " + ptxas + " --arch sm_75"))
    config.substitutions.append(("%extract_ptx", extract + " --ptxas " + ptxas + " --arch sm_90a"))
else:
    lit_config.warning("ptxas not found: emitted PTX is not assembled")
    config.substitutions.append(("%extract_ptx_sm80", extract))
    config.substitutions.append(("%extract_ptx_sm75", extract))
    config.substitutions.append(("%extract_ptx", extract))
