# One kernel, N launches, hang detection: prints "NAME ok N" or "NAME HANG at i" / "NAME WRONG at i".
import os, sys, time, ast
sys.path.insert(0, "python")
import torch, asynccopy
d = sys.argv[1]; n = int(sys.argv[2])
m, nn, k, grid, block, cluster = ast.literal_eval(open(os.path.join(d, "cfg")).read())
kern = asynccopy.load(d)["gemm"]
a = torch.rand(m, k, device="cuda", dtype=torch.float16) - 0.5
b = torch.rand(nn, k, device="cuda", dtype=torch.float16) - 0.5
c = torch.empty(m, nn, device="cuda", dtype=torch.float16)
ref = torch.mm(a.float(), b.float().t())
name = os.path.basename(d)
t0 = time.time()
for i in range(n):
    c.fill_(float("nan"))
    kern(a, b, c, grid=grid, block=block, cluster=cluster if cluster != (1, 1) else None)
    e = torch.cuda.Event(); e.record()
    dl = time.time() + 5
    while not e.query():
        if time.time() > dl:
            print(name, "HANG at", i, flush=True); os._exit(3)
        time.sleep(0.0005)
    err = ((c.float() - ref).norm() / ref.norm()).item()
    if not err < 2e-3:
        print(name, "WRONG at", i, err, flush=True); os._exit(4)
print(name, "ok", n, "%.1fs" % (time.time() - t0), flush=True)
