# -*- Python -*-
import os

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

# ptxas assembles every PTX the tests emit.
if config.cuda_bin_dir and os.path.exists(os.path.join(config.cuda_bin_dir, "ptxas")):
    config.available_features.add("ptxas")
    llvm_config.add_tool_substitutions([ToolSubst("ptxas", unresolved="fatal")],
                                       [config.cuda_bin_dir])
