#!/usr/bin/env python3
"""The report of tools/gpu-batched-ptr-table.sh: per precision and n, what the pointer-array sweep measured against
cuBLAS gemmBatched in the same process (the strided entry, listed first, and the best point), what the pointers
table chose; then the merged table's bench rows (ptr-nn against gemmBatched, nn against gemmStridedBatched) and the
checks against OpenBLAS.
usage: batched-ptr-report.py RESULTS_DIR"""
import glob
import json
import os
import re
import sys

SHORT = [("BATCHED_DESIGN", {0: "roc", 1: "sh"}), ("BATCHED_TBA", "t{}"), ("BATCHED_WX", None),
         ("BATCHED_REG", {1: "reg"}), ("BATCHED_PAD", {1: "pad"}), ("BATCHED_VEC", "vec{}"), ("BATCHED_SEQ", "s{}"),
         ("BATCHED_MINB", "minb{}"), ("BATCHED_LDV", "ldv{}"), ("BATCHED_ASYNC", {1: "async"})]


def short(key):
    """'sh t2 8x8 reg pad s4 ldv4' for a point key."""
    if not key:
        return "-"
    p = {k: int(v) for k, v in (kv.split("=") for kv in key.split(","))}
    out = []
    for name, fmt in SHORT:
        v = p.get(name, 0)
        if name == "BATCHED_WX":
            out.append(f"{v}x{p.get('BATCHED_WY', 0)}")
        elif isinstance(fmt, dict):
            if v in fmt:
                out.append(fmt[v])
        elif v not in (0, 1) or name == "BATCHED_TBA":
            out.append(fmt.format(v))
    return " ".join(out)


def rows(path):
    try:
        return json.load(open(path)).get("rows", [])
    except (OSError, ValueError):
        return []


def main():
    res = sys.argv[1]
    tables = {}
    for p in "sd":
        try:
            t = json.load(open(os.path.join(res, f"ptr-table-{p}.json")))
            tables[p] = {e["size"][0]: e["candidate"] for e in t["entries"]}
        except (OSError, ValueError):
            tables[p] = {}
    print("precision n | strided entry x gemmBatched | best of the sweep x gemmBatched | pointers table's choice")
    for f in sorted(glob.glob(os.path.join(res, "*sweep-*.json")),
                    key=lambda f: (re.findall(r"sweep-(\w)-(\d+)", f)[0][0], -int(re.findall(r"-(\d+)\.json", f)[0]))):
        p, n = re.findall(r"sweep-(\w)-(\d+)\.json", f)[0]
        measured = [r for r in rows(f) if r.get("op") == "ptr-nn" and r.get("ours_gflops")]
        if not measured:
            print(f"{p} {n}: no measured row")
            continue
        points = os.path.join(res, f"points-{p}-{n}.txt")
        entry = open(points).readline().strip() if os.path.exists(points) else measured[0]["candidate"]
        er = next((r for r in measured if r["candidate"] == entry), None)
        best = max(measured, key=lambda r: r["ours_gflops"])
        ratio = lambda r: f"{r['ratio']:.3f}" if r and r.get("ratio") else "-"
        print(f"{p} {n}{' (earlier call)' if os.path.basename(f).startswith('prev-') else ''}: "
              f"{ratio(er)} ({short(entry)}) | {ratio(best)} ({short(best['candidate'])}) | "
              f"{short(tables[p].get(int(n)))}")
    for f in sorted(glob.glob(os.path.join(res, "bench-*.json")) + sorted(glob.glob(os.path.join(res, "verify-*.json")))):
        print(f"\n{os.path.basename(f)}:")
        for r in rows(f):
            figure = f"{r['ratio']:.3f} x peer" if r.get("ratio") else (r.get("ours_error") or r.get("peer_error") or "")
            check = "" if "verified" not in r else (" verified" if r["verified"] else " WRONG " + r.get("verify", ""))
            print(f"  {'x'.join(map(str, r['size']))} {r.get('op')} {short(r['candidate'])} [{r.get('rule', '')}] "
                  f"{figure}{check}")


if __name__ == "__main__":
    main()
