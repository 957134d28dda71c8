import os, sys, subprocess
sys.path.insert(0, "python"); sys.path.insert(0, "bench/gemm")
import gemm_gen, asynccopy
out = "build/smr"
variants = {"v0": {}, "v1": {"AC_SMR_INC": "216"}, "v2": {"AC_SMR_NOINC": "1"},
            "v4": {"AC_SMR_DEC": "24"}}
cfgs = [(512, 512, 256, 128, 128, 3, (1, 1), 3), (512, 512, 256, 128, 128, 3, (2, 1), 4),
        (4096, 4096, 4096, 128, 256, 3, (1, 1), 132)]
for v, env in variants.items():
    text_env = dict(os.environ, **env)
    for m, n, k, bm, bn, st, cl, sms in cfgs:
        g = gemm_gen.Gemm(m, n, k, bm, bn, st, async_consumer=True, cluster=cl,
                          warp_specialize=True, persistent=sms)
        name = "%s_%s" % (v, g.name)
        src = gemm_gen.emit(g)
        # compile in a child so the pass sees this variant's environment
        code = ("import sys; sys.path.insert(0,'python'); import asynccopy; "
                "m=asynccopy.compile(sys.stdin.read()); m.save(%r)" % os.path.join(out, name))
        subprocess.run([sys.executable, "-c", code], input=src, text=True, env=text_env, check=True)
        with open(os.path.join(out, name, "cfg"), "w") as f:
            f.write(repr((m, n, k, g.grid, g.launch_threads, g.cluster)))
        print("built", name)
