import os, sys, subprocess
sys.path.insert(0, "python"); sys.path.insert(0, "bench/gemm")
import gemm_gen
out = "build/smr"
cfgs = {"a_manyK": (512, 512, 4096, 128, 128, 3), "b_fewK": (4096, 4096, 256, 128, 256, 132),
        "c_onetile": (512, 512, 256, 128, 128, 16), "d_onecta": (512, 512, 256, 128, 128, 1),
        "e_idle": (1024, 1024, 256, 128, 128, 132), "f_bn256": (512, 512, 256, 128, 256, 3),
        "g_k512": (512, 512, 512, 128, 128, 3), "h_base": (512, 512, 256, 128, 128, 3)}
for label, (m, n, k, bm, bn, sms) in cfgs.items():
    for v, env in {"sync": {"AC_SMR_SYNC": "1"}, "syncall": {"AC_SMR_SYNCALL": "1"}}.items():
        if label not in ("h_base", "d_onecta", "b_fewK", "g_k512"): continue
        g = gemm_gen.Gemm(m, n, k, bm, bn, 3, async_consumer=True, cluster=(1, 1),
                          warp_specialize=True, persistent=sms)
        name = "%s_%s" % (label, v)
        code = ("import sys; sys.path.insert(0,'python'); import asynccopy; "
                "m=asynccopy.compile(sys.stdin.read()); m.save(%r)" % os.path.join(out, name))
        subprocess.run([sys.executable, "-c", code], input=gemm_gen.emit(g), text=True,
                       env=dict(os.environ, **env), check=True)
        with open(os.path.join(out, name, "cfg"), "w") as f:
            f.write(repr((m, n, k, g.grid, g.launch_threads, g.cluster)))
        print("built", name, g.grid)
