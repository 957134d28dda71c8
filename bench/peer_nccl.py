#!/usr/bin/env python3
"""NCCL send/recv bandwidth between GPU 0 and GPU 1 (torch.distributed, two
processes started with torch.multiprocessing.spawn), the third column of
bench/results/peer-bandwidth.md next to peer-bench's TMA kernels and
cuMemcpyPeerAsync.

Moves the same 1 GiB f16 tensor (2^29 elements) one way (rank 0 sends, rank
1 receives) and both ways at once (batch_isend_irecv on both ranks). Times
are CUDA-event means over --iters operations after 3 warm-ups, the slower
rank's; GB/s counts the bytes sent per direction (x2 both ways), like
peer-bench. The received tensors are checked. Prints one line per
measurement and a final JSON line.

    python3 bench/peer_nccl.py [--iters 20]
"""

import argparse
import json
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

import benchlib

ELEMENTS = 1 << 29  # f16: 1 GiB


def pattern(rank, device):
    # Exact small integers in f16, different per rank.
    return ((torch.arange(ELEMENTS, device=device) * (rank + 3)) % 2039).to(torch.float16)


def timed(fn, iters):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    dist.barrier()
    ms = torch.tensor([benchlib.window_ms(fn, iters)], device="cuda")
    dist.all_reduce(ms, op=dist.ReduceOp.MAX)
    return ms.item()


def worker(rank, world, port, iters, queue):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    torch.cuda.set_device(rank)
    device = torch.device("cuda", rank)
    dist.init_process_group("nccl", rank=rank, world_size=world, device_id=device)
    peer = 1 - rank
    send = pattern(rank, device)
    recv = torch.empty_like(send)
    expected = pattern(peer, device)

    def one_way():
        if rank == 0:
            dist.send(send, 1)
        else:
            dist.recv(recv, 0)

    def both_ways():
        ops = [dist.P2POp(dist.isend, send, peer), dist.P2POp(dist.irecv, recv, peer)]
        for req in dist.batch_isend_irecv(ops):
            req.wait()

    gb = ELEMENTS * 2 / 1e9
    results = {}
    recv.zero_()
    ms = timed(one_way, iters)
    ok = bool(torch.equal(recv, expected)) if rank == 1 else True
    results["nccl_uni"] = (ms, gb / (ms / 1e3), ok)
    recv.zero_()
    ms = timed(both_ways, iters)
    ok = bool(torch.equal(recv, expected))
    results["nccl_bi"] = (ms, 2 * gb / (ms / 1e3), ok)
    checks = torch.tensor([int(all(r[2] for r in results.values()))], device=device)
    dist.all_reduce(checks, op=dist.ReduceOp.MIN)
    if rank == 0:
        queue.put((results, bool(checks.item())))
    dist.destroy_process_group()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iters", type=int, default=20)
    args = parser.parse_args()
    if torch.cuda.device_count() < 2:
        raise SystemExit("peer_nccl.py: needs 2 GPUs, %d visible" % torch.cuda.device_count())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ctx = mp.get_context("spawn")
    queue = ctx.SimpleQueue()
    mp.spawn(worker, args=(2, port, args.iters, queue), nprocs=2, join=True)
    results, ok = queue.get()
    print("torch %s, NCCL %s, iters=%d" % (torch.__version__,
                                          ".".join(map(str, torch.cuda.nccl.version())), args.iters))
    for name, (ms, gbps, _) in results.items():
        print("%-24s %8.4f ms  %7.1f GB/s" % (name, ms, gbps))
    summary = {name + "_gbps": round(gbps, 2) for name, (_, gbps, _) in results.items()}
    summary["check"] = "PASS" if ok else "FAIL"
    print(json.dumps(summary))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
