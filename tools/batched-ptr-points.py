#!/usr/bin/env python3
"""The candidate lists of tools/gpu-batched-ptr-table.sh: per precision and n, the designs a pointer-array sweep
measures to build the pointer-array table (a "pointers" kind table beside the strided one, `ktune rules --merge`).

Issue 12 (docs/perf/batched.md, H200 run Y): with pointer arrays the strided table's entries are 0.98x cuBLAS
gemmBatched at single 31 and 32, while 16 x 16 work-items with 2 x 2 blocks, one problem and 8 rounds are 1.07x at 32.
Scattered problems favour other designs than strided ones, but only near the strided choice, so each n gets (in this
order, duplicates dropped, at most --max points):
  1. the strided table's entry at n, verbatim (the pointer table keeps it where nothing beats it);
  2. the strided entries of n-2 ... n+3 (the window of tools/batched-neighbours.py), adapted to n: vector tiles and
     cp.async off (both lost at these sizes, runs AC and Q), BATCHED_LDV the largest of 4, 2, 1 not above the
     entry's that divides n;
  3. at n = 31 and 32: the 16 x 16 design of run Y (2 x 2 blocks, one problem, 8 and 4 rounds, no padding).
A point is kept only where it can be the design it names at n: register blocks of at most 32 elements (else the
kernel falls back to per-element code), shared tiles within 48 KiB (the H200's static limit under CUDA; padding
and double buffers counted as BatchedParams::localMemBytes does), at most 1024 work-items.

usage: batched-ptr-points.py --table-s S.json --table-d D.json --sizes 32,31,... --out-dir DIR [--max 6]
Writes DIR/points-P-N.txt (one full point key a line, the entry first) for P in s, d, and prints per list its
count and the total point count.
"""
import argparse
import json
import os
import sys

ORDER = ["BATCHED_DESIGN", "BATCHED_TBA", "BATCHED_WX", "BATCHED_WY", "BATCHED_REG", "BATCHED_PAD", "BATCHED_VEC",
         "BATCHED_SEQ", "BATCHED_MINB", "BATCHED_LDV", "BATCHED_ASYNC"]
LOCAL_LIMIT = 48 * 1024
WG_LIMIT = 1024


def parse_key(key):
    p = {k: int(v) for k, v in (kv.split("=") for kv in key.split(","))}
    p.setdefault("BATCHED_ASYNC", 0)  # keys stored before BATCHED_ASYNC mean 0
    return p


def key_of(p):
    return ",".join(f"{k}={p[k]}" for k in ORDER)


def blocks(p, n):
    return -(-n // p["BATCHED_WX"]) * -(-n // p["BATCHED_WY"])


def local_mem_bytes(p, n, e):
    """BatchedParams::localMemBytes (kernels/batched/batched_plan.cpp) for m = n = k, vector tiles off."""
    if p["BATCHED_DESIGN"] != 1:
        return 0
    reg = p["BATCHED_REG"] and blocks(p, n) <= 32
    ld = (n | 1) if p["BATCHED_PAD"] else n
    double = p["BATCHED_ASYNC"] and p["BATCHED_SEQ"] > 1 and reg
    return (2 if double else 1) * p["BATCHED_TBA"] * 2 * ld * n * e


def why_not(p, n, e):
    if p["BATCHED_REG"] and blocks(p, n) > 32:
        return f"blocks of {blocks(p, n)} elements"
    if p["BATCHED_TBA"] * p["BATCHED_WX"] * p["BATCHED_WY"] > WG_LIMIT:
        return "work-group above 1024"
    if local_mem_bytes(p, n, e) > LOCAL_LIMIT:
        return f"shared tiles of {local_mem_bytes(p, n, e)} bytes"
    if n % p["BATCHED_LDV"]:
        return f"LDV {p['BATCHED_LDV']} does not divide {n}"
    return None


def adapted(p, n):
    q = dict(p, BATCHED_VEC=0, BATCHED_ASYNC=0)
    q["BATCHED_LDV"] = next(v for v in (4, 2, 1) if v <= p["BATCHED_LDV"] and n % v == 0)
    return q


def table_entries(path):
    doc = json.load(open(path))
    if doc.get("format") != "ktune-table/1" or doc.get("dims") != ["m", "n", "k"]:
        sys.exit(f"{path}: not a ktune-table/1 table over m, n, k")
    return {e["size"][0]: parse_key(e["candidate"]) for e in doc["entries"] if len(set(e["size"])) == 1}


def points(entries, n, e, limit):
    out = []

    def add(p):
        if len(out) < limit and why_not(p, n, e) is None and key_of(p) not in out:
            out.append(key_of(p))

    if n in entries:
        out.append(key_of(entries[n]))  # verbatim, whatever the checks say: it is what strided calls run
    for m in range(n - 2, n + 4):
        if m != n and m in entries:
            add(adapted(entries[m], n))
    if n in (31, 32):
        for seq in (8, 4):
            add({"BATCHED_DESIGN": 1, "BATCHED_TBA": 1, "BATCHED_WX": 16, "BATCHED_WY": 16, "BATCHED_REG": 1,
                 "BATCHED_PAD": 0, "BATCHED_VEC": 0, "BATCHED_SEQ": seq, "BATCHED_MINB": 0, "BATCHED_LDV": 1,
                 "BATCHED_ASYNC": 0})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table-s", required=True)
    ap.add_argument("--table-d", required=True)
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--max", type=int, default=6)
    a = ap.parse_args()
    total = 0
    for prec, path, e in (("s", a.table_s, 4), ("d", a.table_d, 8)):
        entries = table_entries(path)
        for n in (int(x) for x in a.sizes.split(",")):
            lst = points(entries, n, e, a.max)
            with open(os.path.join(a.out_dir, f"points-{prec}-{n}.txt"), "w") as f:
                f.write("".join(k + "\n" for k in lst))
            total += len(lst)
            print(f"{prec} {n}: {len(lst)} points")
    print(f"total: {total} points")


if __name__ == "__main__":
    main()
