#!/usr/bin/env python3
"""Where a kernel's warps wait, from ncu's per-SASS-instruction samples.

  ncu --section SourceCounters --section WarpStateStats ... -o prof <cmd>
  ncu -i prof.ncu-rep --page source --csv --print-source sass > sass.csv
  sass_stalls.py sass.csv [--kernels 1,2] [--top 15]

For each kernel of the CSV (numbered from 0 in the order ncu profiled
them): executed instructions and stall samples per opcode, the stall
reasons over the whole kernel, and the instructions with the most samples
with their two main reasons. docs/performance.md has what it showed
for the GEMM (issue 26).
"""
import argparse
import collections
import csv

SAMPLES = "Warp Stall Sampling (All Samples)"
EXECUTED = "Instructions Executed"


def kernels(path):
    """(name, header, rows) per kernel section of the CSV."""
    out = []
    for row in csv.reader(open(path)):
        if not row:
            continue
        if row[0] == "Kernel Name":
            out.append([row[1], None, []])
        elif row[0] == "Address":
            out[-1][1] = row
        elif out:
            out[-1][2].append(row)
    return out


def opcode(source):
    words = source.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0].split(".")[0] if words else "?"


def report(name, header, rows, top):
    col = {h: i for i, h in enumerate(header)}
    stalls = [h for h in header if h.startswith("stall_") and "Not Issued" not in h]
    samples = sum(int(r[col[SAMPLES]]) for r in rows) or 1
    executed = sum(int(r[col[EXECUTED]]) for r in rows)
    print("== %s: %d instructions executed, %d samples" % (name, executed, samples))
    ops, op_samples = collections.Counter(), collections.Counter()
    for r in rows:
        ops[opcode(r[1])] += int(r[col[EXECUTED]])
        op_samples[opcode(r[1])] += int(r[col[SAMPLES]])
    print("  executed by opcode:", ops.most_common(16))
    print("  samples by opcode: ", op_samples.most_common(12))
    reasons = collections.Counter({s: sum(int(r[col[s]]) for r in rows) for s in stalls})
    print("  stall reasons (%):", [(k[6:], round(100.0 * v / samples, 1))
                                   for k, v in reasons.most_common(8)])
    for r in sorted(rows, key=lambda r: -int(r[col[SAMPLES]]))[:top]:
        main = sorted(((int(r[col[s]]), s[6:]) for s in stalls), reverse=True)[:2]
        print("  %5.1f%%  %-55s executed %-8s %s" % (
            100.0 * int(r[col[SAMPLES]]) / samples, r[1].strip()[:55],
            r[col[EXECUTED]], main))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv")
    p.add_argument("--kernels", help="comma-separated indices (default: all)")
    p.add_argument("--top", type=int, default=15)
    a = p.parse_args()
    found = kernels(a.csv)
    which = [int(x) for x in a.kernels.split(",")] if a.kernels else range(len(found))
    for i in which:
        report(*found[i], a.top)


if __name__ == "__main__":
    main()
