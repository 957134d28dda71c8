"""compile(), CompileError, save() and load() (no GPU needed)."""
import os
import subprocess
import sys

import pytest

import asynccopy

from conftest import KERNELS

BAD_WAIT = """module {
  gpu.module @m {
    gpu.func @k(%r: i32, %s: index, %p: i1) kernel {
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      %v = asynccopy.barrier.remote %b, %r : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
      asynccopy.barrier.wait %v[%s], %p : !asynccopy.barrier<1, remote>
      gpu.return
    }
  }
}
"""

# A TMA load on a barrier that is never initialised nor waited for.
UNSYNCHRONIZED = """module {
  gpu.module @m {
    gpu.func @k(%A: memref<4096x64xf16>)
        workgroup(%S : memref<64x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.copy %A to %S window [0, 0] [64, 64] barrier %b[%c0]
          : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
      asynccopy.barrier.init %b, 1 : !asynccopy.barrier<1>
      gpu.return
    }
  }
}
"""

TWO_MODULES = """module {
  gpu.module @a {
    gpu.func @k() kernel { gpu.return }
  }
  gpu.module @b {
    gpu.func @k() kernel { gpu.return }
  }
}
"""

LAUNCH_BODY = """module {
  func.func @host(%x: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1.0 : f32
      memref.store %v, %x[%c0] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}
"""


def test_compile_ptx_and_metadata(kernels):
    assert kernels.kernels == ["multicast", "persistent_copy", "tma_copy",
                               "window"]
    assert ".entry tma_copy(" in kernels.ptx
    assert ".entry window(" in kernels.ptx
    assert "cp.async.bulk.tensor" in kernels.ptx
    assert "cp.async.cg.shared.global" in kernels.ptx
    assert "multicast::cluster" in kernels.ptx
    tma = kernels.metadata["kernels"]["tma_copy"]
    assert tma["descriptor_mode"] == "param"
    # Dynamic rows, static columns: the launcher reads the extent from the
    # tensor.
    assert [m["dims"] for m in tma["tensor_maps"]] == [[None, 128]] * 2
    assert [m["arg"] for m in tma["tensor_maps"]] == [0, 1]
    assert [p["bytes"] for p in tma["params"][-2:]] == [128, 128]
    window = kernels.metadata["kernels"]["window"]
    assert [a.get("type") for a in window["args"]] == [
        None, None, "index", "i32", "f16"]
    assert window["args"][0]["shape"] == [None, 256]
    assert window["args"][0]["strides"] == [256, 1]
    assert window["tensor_maps"] == [] and window["descriptor_mode"] is None
    # 2 memrefs of rank 2 (7 parameters each) and 3 scalars.
    assert len(window["params"]) == 17
    multicast = kernels.metadata["kernels"]["multicast"]
    assert multicast["known_cluster_size"] == [2, 1, 1]
    # Each CTA of the cluster loads half of the tile.
    assert multicast["tensor_maps"][0]["box"] == [32, 64]
    # The persistent copy's counter: the launcher passes it (8 bytes) after
    # the arguments, before the tensor maps, for launches of one row.
    persistent = kernels.metadata["kernels"]["persistent_copy"]
    assert persistent["launch_counters"] == [{"rows": [1, 1]}]
    assert [p["bytes"] for p in persistent["params"][-3:]] == [8, 128, 128]
    assert all(k["launch_counters"] == [] for name, k in
               kernels.metadata["kernels"].items() if name != "persistent_copy")
    # Small enough for static shared memory.
    assert all(k["dynamic_smem_bytes"] == 0
               for k in kernels.metadata["kernels"].values())


def test_dynamic_smem():
    module = asynccopy.compile(KERNELS, dynamic_smem="always")
    # tma_copy: its 64x64 f32 tile and its barrier, placed from a 128-B
    # aligned address (a 16-B aligned window start, 112 B reserved).
    tma = module.metadata["kernels"]["tma_copy"]
    assert tma["dynamic_smem_bytes"] == 16384 + 8 + 112
    assert "__dynamic_shmem" in module.ptx


@pytest.mark.skipif(asynccopy.find_ptxas() is None, reason="no ptxas")
def test_cubin(kernels):
    assert kernels.cubin[:4] == b"\x7fELF"


def test_scratch_mode():
    module = asynccopy.compile(KERNELS, descriptor_mode="scratch")
    tma = module.metadata["kernels"]["tma_copy"]
    assert tma["descriptor_mode"] == "scratch"
    assert tma["params"][-1] == {"bytes": 8, "type": "!llvm.ptr"}
    # The maps are read from the scratch buffer, not prefetched first.
    assert "prefetch.tensormap" not in module.ptx


def test_explain_remarks(kernels):
    assert not any("remark:" in r for r in kernels.remarks)
    module = asynccopy.compile(KERNELS, explain=True)
    text = "\n".join(module.remarks)
    assert "kernels.mlir:20:7: remark: tma: accepted" in text
    assert "remark: cp_async: accepted" in text
    assert "remark: copy @tma_copy#0 impl=tma" in text
    assert "see current operation" not in text


def test_check_synchronization():
    with pytest.raises(asynccopy.CompileError) as info:
        asynccopy.compile(UNSYNCHRONIZED)
    text = "\n".join(info.value.diagnostics)
    assert "<source>:7:7: error: 'asynccopy.tma.load' op uses stage 0 of a " \
        "barrier that is not initialised here" in text
    assert "is never waited for before the kernel returns" in text
    module = asynccopy.compile(UNSYNCHRONIZED, check_synchronization=False)
    assert module.kernels == ["k"]


UPSTREAM_COPY = """
gpu.module @m {
  gpu.func @k(%a: memref<64xf32>)
      workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    memref.copy %a, %s : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
"""


def test_raise_upstream():
    # Raised: a TMA load. Not raised: each thread copies the whole buffer
    # (upstream's memcpy of a contiguous memref).
    assert "cp.async.bulk" in asynccopy.compile(UPSTREAM_COPY).ptx
    module = asynccopy.compile(UPSTREAM_COPY, raise_upstream=False)
    assert "cp.async.bulk" not in module.ptx


def test_path_and_text_sources(kernels):
    with open(KERNELS) as f:
        text = f.read()
    assert asynccopy.compile(text).ptx == kernels.ptx


def test_gpu_launch_bodies_are_outlined():
    module = asynccopy.compile(LAUNCH_BODY)
    assert module.kernels == ["host_kernel"]
    assert module.metadata["kernels"]["host_kernel"]["args"][0]["shape"] == [
        64]


def test_compile_error_is_located():
    with pytest.raises(asynccopy.CompileError) as info:
        asynccopy.compile(BAD_WAIT)
    diagnostics = info.value.diagnostics
    assert len(diagnostics) == 1
    assert diagnostics[0].startswith("<source>:6:7: error: "
                                     "'asynccopy.barrier.wait' op ")
    assert "cannot be waited on" in diagnostics[0]
    assert str(info.value) == diagnostics[0]


def test_parse_error():
    with pytest.raises(asynccopy.CompileError) as info:
        asynccopy.compile("module { gpu.module @m { oops } }")
    assert info.value.diagnostics[0].startswith("<source>:1:")


def test_one_ptx_module():
    with pytest.raises(asynccopy.CompileError) as info:
        asynccopy.compile(TWO_MODULES)
    assert "<source>:5:3: error: gpu.module @b is a second gpu.module " \
        "with kernels (after @a)" in \
        info.value.diagnostics[0]


def test_no_kernel():
    with pytest.raises(asynccopy.CompileError, match="has no kernel"):
        asynccopy.compile("module {}")


def test_bad_options():
    # Names and values go to the pipeline as they are: what it does not
    # take fails with its own message.
    with pytest.raises(asynccopy.CompileError, match="chip 'sm_42'"):
        asynccopy.compile(KERNELS, chip="sm_42")
    with pytest.raises(asynccopy.CompileError,
                       match="chip 'hopper' is not an NVIDIA GPU "
                             "architecture"):
        asynccopy.compile(KERNELS, chip="hopper")
    with pytest.raises(asynccopy.CompileError) as info:
        asynccopy.compile(KERNELS, descriptor_mode="global")
    assert info.value.diagnostics == [
        "<unknown>:0: error: invalid options 'descriptor-mode=global': for "
        "the --descriptor-mode option: Cannot find option named 'global'!"]
    with pytest.raises(asynccopy.CompileError,
                       match="for the --dynamic-smem option: Cannot find "
                             "option named 'sometimes'"):
        asynccopy.compile(KERNELS, dynamic_smem="sometimes")
    with pytest.raises(asynccopy.CompileError,
                       match="stages must be 0 .* or more, got -1"):
        asynccopy.compile(KERNELS, stages=-1)
    with pytest.raises(asynccopy.CompileError,
                       match="for the --stages option: 'true' value "
                             "invalid"):
        asynccopy.compile(KERNELS, stages=True)
    with pytest.raises(asynccopy.CompileError, match="no such option "
                                                     "descriptor-modes"):
        asynccopy.compile(KERNELS, descriptor_modes="param")


def test_pipeline_options():
    # Python names become the pipeline's, booleans its true/false; every
    # option of the pipeline is a keyword (here features and opt_level,
    # which compile() does not name).
    assert asynccopy._pipeline_options(
        descriptor_mode="scratch", check_synchronization=False,
        stages=2) == \
        "descriptor-mode=scratch check-synchronization=false stages=2"
    module = asynccopy.compile(KERNELS, chip="sm_90a", features="+ptx83",
                               opt_level=1)
    assert ".version 8.3" in module.ptx


def test_stages():
    # The pipelined TMA test without its marker: `stages` pipelines it
    # (three 8-KiB stages, a `.read` wait before each refill).
    path = os.path.join(os.path.dirname(__file__), "..", "..", "test",
                        "Integration", "GPU", "pipeline_tma.mlir")
    with open(path) as f:
        text = f.read().replace("{asynccopy.pipeline_stages = 3 : i64}", "")
    plain = asynccopy.compile(text)
    assert "wait_group.read" not in plain.ptx
    piped = asynccopy.compile(text, stages=3)
    assert "cp.async.bulk.wait_group.read" in piped.ptx
    assert "[24576]" in piped.ptx


def test_sm80(kernels):
    # Without the cluster kernel: sm_80 has no clusters.
    with open(KERNELS) as f:
        text = f.read()
    text = text[:text.index("    // out = in (rows x 128 f16)")] + "  }\n}\n"
    module = asynccopy.compile(text, chip="sm_80")
    assert module.kernels == ["tma_copy", "window"]
    assert ".target sm_80" in module.ptx
    assert "cp.async.bulk.tensor" not in module.ptx


def test_save_and_load(kernels, tmp_path):
    kernels.save(str(tmp_path / "m"))
    loaded = asynccopy.load(str(tmp_path / "m"))
    assert loaded.ptx == kernels.ptx
    assert loaded.cubin == kernels.cubin
    assert loaded.metadata == kernels.metadata
    assert loaded.kernels == kernels.kernels
    assert repr(loaded["window"]) == (
        "<asynccopy kernel window(memref<?x256xf16>, memref<32x64xf16>, "
        "index, i32, f16)>")
    with pytest.raises(KeyError, match="no kernel 'nope'"):
        loaded["nope"]


def test_load_needs_no_compiler(kernels, tmp_path):
    """load() and argument packing never import the C API library."""
    kernels.save(str(tmp_path / "m"))
    script = ("import sys, asynccopy\n"
              "m = asynccopy.load(sys.argv[1])\n"
              "assert 'asynccopy._capi' not in sys.modules\n"
              "print(m.kernels)\n")
    env = dict(os.environ, ASYNCCOPY_LIB_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", script, str(tmp_path / "m")],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == (
        "['multicast', 'persistent_copy', 'tma_copy', 'window']")


def test_capi_exports_only_its_functions():
    """The compiler library keeps its MLIR and LLVM to itself, so a process
    that loads another LLVM (a framework's JIT) does not bind to this one."""
    from asynccopy import _capi
    import shutil
    path = _capi._capi()._name
    if shutil.which("nm") is None:
        pytest.skip("no nm")
    names = subprocess.run(["nm", "-D", "--defined-only", path],
                           capture_output=True, text=True,
                           check=True).stdout.split()[2::3]
    assert sorted(names) == [
        "acCompilationDestroy", "acCompilationGetDiagnostic",
        "acCompilationGetRemark", "acCompilationMetadata",
        "acCompilationNumDiagnostics", "acCompilationNumRemarks",
        "acCompilationPTX", "acCompilationSucceeded", "acCompile"]


def test_compiles_in_process(monkeypatch):
    """The only subprocess a compilation starts is ptxas."""
    started = []
    real = subprocess.run

    def run(cmd, *args, **kwargs):
        started.append(os.path.basename(cmd[0]))
        return real(cmd, *args, **kwargs)
    monkeypatch.setattr(subprocess, "run", run)
    asynccopy.compile(KERNELS)
    assert started in ([], ["ptxas"])


GPU_TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                         "..", "test", "Integration", "GPU")


def test_raises_before_outlining():
    # Raising runs before outlining, as in ac-opt: a TMA load whose tensor
    # map the host creates with nvgpu is raised (and its map becomes the
    # kernel's own), and workgroup buffers that promotion allocated in host
    # code become the launch's attributions, not kernel parameters.
    tma = asynccopy.compile(os.path.join(GPU_TESTS, "raise_nvgpu_tma.mlir"))
    assert "cp.async.bulk.tensor.2d" in tma.ptx
    kernel = tma.metadata["kernels"][tma.kernels[0]]
    assert len(kernel["tensor_maps"]) == 1
    assert all(a.get("kind") != "scalar" or "nvgpu" not in a["type"]
               for a in kernel["args"])
    matmul = asynccopy.compile(
        os.path.join(GPU_TESTS, "raise_tiled_matmul.mlir"))
    assert ".ptr .shared" not in matmul.ptx
    assert "cp.async.bulk.tensor.2d" in matmul.ptx
    args = matmul.metadata["kernels"][matmul.kernels[0]]["args"]
    assert all(a.get("memory_space") is None for a in args)
