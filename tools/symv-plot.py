#!/usr/bin/env python3
"""Plot of the GPU SYMV run (tools/gpu-symv.sh): GFlop/s over n for the auto-tuned SYMV (the pipeline's rule), each
top-10 finalist, cuBLAS (pedantic; default math with atomics allowed) and CLBlast, with the half-matrix bandwidth
bound (2n^2 flops over the (n(n+1)/2 + 3n) doubles read and written at the measured copy bandwidth).

usage: tools/symv-plot.py DIR   (reads rule-cuda.json, top10-cuda.json, rule-opencl.json, profile-cuda.json; writes
DIR/symv.png and prints a markdown table)
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def series(doc, key, pick=None):
    pts = {}
    for r in (doc or {}).get("rows", []):
        if pick and r.get("candidate") != pick:
            continue
        v = r.get(key)
        if v is not None:
            pts[r["size"][0]] = v
    return sorted(pts.items())


def main():
    d = sys.argv[1]
    rule = load(os.path.join(d, "rule-cuda.json"))
    top = load(os.path.join(d, "top10-cuda.json"))
    ocl = load(os.path.join(d, "rule-opencl.json"))
    device = (load(os.path.join(d, "profile-cuda.json")) or {}).get("device", {})
    bw = device.get("profile", {}).get("copy_bandwidth_gbs", 0)
    unit = (rule or {}).get("unit_key", "gflops")
    fig, ax = plt.subplots(figsize=(9, 5.5))
    if top:
        for i, c in enumerate(top.get("candidates", [])):
            s = series(top, "ours_" + unit, c["key"])
            if s:
                ax.plot(*zip(*s), color="0.75", lw=0.8, label="top-10 finalists" if i == 0 else None)
    for doc, key, label, style in [(rule, "ours_" + unit, "auto-tuned SYMV (rule)", "k-o"),
                                   (rule, "peer_" + unit, "cuBLAS (pedantic, no atomics)", "r-s"),
                                   (rule, "peer_tc_" + unit, "cuBLAS (atomics allowed)", "m-^"),
                                   (ocl, "peer_" + unit, "CLBlast (OpenCL)", "g-d"),
                                   (ocl, "ours_" + unit, "auto-tuned SYMV on OpenCL", "b--")]:
        s = series(doc, key)
        if s:
            ax.plot(*zip(*s), style, ms=4, label=label)
    ns = [n for n, _ in series(rule, "ours_" + unit)]
    if bw and ns:
        ax.plot(ns, [2 * n * n / ((n * (n + 1) / 2 + 3 * n) * 8) * bw for n in ns], "k:", label="half-matrix bound")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("n")
    ax.set_ylabel("GFlop/s (2n^2 / time)")
    ax.set_title("DSYMV (lower) on " + device.get("name", "the GPU") + ", CUDA and OpenCL")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(d, "symv.png"), dpi=120)
    print("| n | rule | cuBLAS | cuBLAS atomics | CLBlast | bound |")
    print("|---|---|---|---|---|---|")
    peer = dict(series(rule, "peer_" + unit))
    tc = dict(series(rule, "peer_tc_" + unit))
    cl = dict(series(ocl, "peer_" + unit))
    for n, v in series(rule, "ours_" + unit):
        b = 2 * n * n / ((n * (n + 1) / 2 + 3 * n) * 8) * bw if bw else 0
        print(f"| {n} | {v:.0f} | {peer.get(n, 0):.0f} | {tc.get(n, 0):.0f} | {cl.get(n, 0):.0f} | {b:.0f} |")


if __name__ == "__main__":
    main()
