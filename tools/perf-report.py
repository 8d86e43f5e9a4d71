#!/usr/bin/env python3
"""Turns `ktune bench --out` JSON files into a markdown table with ratios and a plot per file (performance vs n).

usage: tools/perf-report.py FILE_OR_DIR... [--out report.md] [--plots DIR]

Plots are PNG through matplotlib when it is installed, else SVG written by hand (no dependency beyond python3).
"""
import argparse
import glob
import html
import json
import math
import os
import sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


def load(paths):
    files = []
    for p in paths:
        files += sorted(glob.glob(os.path.join(p, "*.json"))) if os.path.isdir(p) else [p]
    docs = []
    for f in files:
        try:
            with open(f) as fh:
                d = json.load(fh)
        except (OSError, ValueError) as e:
            print(f"skipping {f}: {e}", file=sys.stderr)
            continue
        if d.get("tool") == "ktune bench":
            d["_file"] = os.path.basename(f)
            docs.append(d)
    return docs


def fmt(v, digits=1):
    return "–" if v is None else f"{v:,.{digits}f}"


def label(d):
    dev = d.get("device", {})
    backend = dev.get("backend", "?")
    return f"{dev.get('name', '?')} ({backend})"


def size_text(size):
    return "x".join(str(s) for s in size) if len(set(size)) > 1 else str(size[0])


def bound_of(d):
    """The roofline bound of the family in the JSON's metric, or None."""
    b = d.get("bound") or {}
    fam = d.get("family", "")
    if d.get("unit_key") == "gbs":
        return b.get("copy_gbs") or None
    return (b.get("fp64_peak_gflops") if fam.startswith("d") else b.get("fp32_peak_gflops")) or None


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def section(d, plot_name):
    u = d.get("unit_key", "gflops")
    metric = d.get("metric", "")
    gemm = "ops" in d
    tc = bool(d.get("peer_tc"))
    bound = bound_of(d)
    lines = [f"### {d['family']} on {label(d)}", ""]
    lines.append(f"- file: `{d['_file']}`, {d.get('created_at', '')}; {metric}, {d.get('statistic', '')}, "
                 f"{d.get('timed_runs')} timed runs after {d.get('warmup_runs')} warm-up")
    lines.append(f"- peer: {d.get('peer') or 'none (' + d.get('peer_unavailable', '?') + ')'}")
    if "peer_tc" in d:
        lines.append(f"- peer-tc: {d.get('peer_tc') or 'none (' + d.get('peer_tc_unavailable', '?') + ')'}"
                     + (f" — {d['peer_tc_note']}" if d.get("peer_tc_note") else ""))
    if bound:
        lines.append(f"- bound: {fmt(bound)} {metric} (ktune profile)")
    cands = d.get("candidates", [])
    for i, c in enumerate(cands, 1):
        lines.append(f"- candidate {i} ({c.get('origin')}): `{c.get('key')}`")
    lines.append("")
    head = ["n" if not gemm else "m×n×k"] + (["op"] if gemm else []) + (["cand"] if len(cands) > 1 else [])
    head += [f"ours {metric}"] + (["TN kernel"] if gemm else []) + ["peer", "ours/peer"]
    head += (["peer-tc", "ours/peer-tc"] if tc else []) + (["ours/bound"] if bound else [])
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    index = {c.get("key"): i for i, c in enumerate(cands, 1)}
    for r in d.get("rows", []):
        ours = r.get(f"ours_{u}")
        cells = [size_text(r["size"])] + ([r.get("op", "")] if gemm else [])
        cells += [str(index.get(r.get("candidate"), "?"))] if len(cands) > 1 else []
        cells += [fmt(ours) if ours is not None else "failed"]
        cells += [fmt(r.get(f"tn_kernel_{u}"))] if gemm else []
        cells += [fmt(r.get(f"peer_{u}")), fmt(r.get("ratio"), 2)]
        cells += [fmt(r.get(f"peer_tc_{u}")), fmt(r.get("ratio_tc"), 2)] if tc else []
        cells += [fmt(ours / bound, 2) if ours and bound else "–"] if bound else []
        lines.append("| " + " | ".join(cells) + " |")
    failures = [r for r in d.get("rows", []) if r.get("ours_error")]
    for r in failures[:5]:
        lines.append(f"\n- {size_text(r['size'])} {r.get('op', '')}: {r['ours_error'][:200]}")
    if plot_name:
        lines += ["", f"![{d['family']} on {label(d)}]({plot_name})"]
    lines.append("")
    return lines


def series(d):
    """{name: [(n, value)]} for ours and the peer(s), one line per op for GEMM."""
    u = d.get("unit_key", "gflops")
    out = {}
    for r in d.get("rows", []):
        n = r["size"][0] if len(set(r["size"])) == 1 else round(math.prod(r["size"]) ** (1 / len(r["size"])))
        op = r.get("op", "")
        suffix = f" {op.upper()}" if op else ""
        for key, name in ((f"ours_{u}", "ours"), (f"peer_{u}", "peer"), (f"peer_tc_{u}", "peer-tc")):
            v = r.get(key)
            if v:
                lst = out.setdefault(name + suffix, [])
                if n not in [p[0] for p in lst]:
                    lst.append((n, v))
    return {k: sorted(v) for k, v in out.items()}


def plot_matplotlib(d, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=120)
    for i, (name, pts) in enumerate(series(d).items()):
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", color=COLOURS[i % len(COLOURS)],
                linestyle="-" if name.startswith("ours") else "--", label=name)
    b = bound_of(d)
    if b:
        ax.axhline(b, color="grey", linewidth=0.8, linestyle=":", label="bound (profile)")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("n")
    ax.set_ylabel(d.get("metric", ""))
    ax.set_title(f"{d['family']} on {label(d)}")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_svg(d, path):
    W, H, L, R, T, B = 720, 420, 70, 170, 40, 50
    data = series(d)
    b = bound_of(d)
    xs = [p[0] for pts in data.values() for p in pts] or [1]
    ys = [p[1] for pts in data.values() for p in pts] + ([b] if b else []) or [1]
    x0, x1 = math.log2(min(xs)), math.log2(max(xs))
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    y1 = max(ys) * 1.08

    def px(x):
        return L + (math.log2(x) - x0) / (x1 - x0) * (W - L - R)

    def py(y):
        return H - B - y / y1 * (H - T - B)

    e = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="13">'
         f'{html.escape(d["family"] + " on " + label(d))}</text>']
    for i in range(6):
        y = y1 * i / 5
        e.append(f'<line x1="{L}" x2="{W - R}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#ddd"/>')
        e.append(f'<text x="{L - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{y:,.0f}</text>')
    for x in sorted(set(xs)):
        e.append(f'<text x="{px(x):.1f}" y="{H - B + 16}" text-anchor="middle">{x}</text>')
    e.append(f'<text x="{(L + W - R) / 2}" y="{H - 12}" text-anchor="middle">n</text>')
    e.append(f'<text x="16" y="{H / 2}" transform="rotate(-90 16 {H / 2})" text-anchor="middle">'
             f'{html.escape(d.get("metric", ""))}</text>')
    e.append(f'<rect x="{L}" y="{T}" width="{W - L - R}" height="{H - T - B}" fill="none" stroke="#444"/>')
    if b:
        e.append(f'<line x1="{L}" x2="{W - R}" y1="{py(b):.1f}" y2="{py(b):.1f}" stroke="grey" '
                 'stroke-dasharray="2,3"/>')
    for i, (name, pts) in enumerate(data.items()):
        c = COLOURS[i % len(COLOURS)]
        dash = "" if name.startswith("ours") else ' stroke-dasharray="6,4"'
        poly = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        e.append(f'<polyline points="{poly}" fill="none" stroke="{c}" stroke-width="2"{dash}/>')
        e += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{c}"/>' for x, y in pts]
        ly = T + 14 * i + 8
        e.append(f'<line x1="{W - R + 10}" x2="{W - R + 34}" y1="{ly}" y2="{ly}" stroke="{c}" stroke-width="2"{dash}/>')
        e.append(f'<text x="{W - R + 40}" y="{ly + 4}">{html.escape(name)}</text>')
    if b:
        ly = T + 14 * len(data) + 8
        e.append(f'<text x="{W - R + 10}" y="{ly + 4}" fill="grey">··· bound (profile)</text>')
    e.append("</svg>")
    with open(path, "w") as fh:
        fh.write("\n".join(e) + "\n")


def summary(docs):
    lines = ["## Summary: geometric mean of ours/peer over the sizes", "",
             "| family | device | op | ours/peer | TN kernel/peer | ours/peer-tc | largest size: ours/peer |",
             "|---|---|---|---|---|---|---|"]
    for d in docs:
        rows = d.get("rows", [])
        for op in d.get("ops", [""]):
            sel = [r for r in rows if r.get("op", "") == op]
            if not sel:
                continue
            big = max(sel, key=lambda r: math.prod(r["size"]))
            lines.append("| " + " | ".join([
                d["family"], label(d), op or "–", fmt(geomean([r.get("ratio") for r in sel]), 2),
                fmt(geomean([r.get("tn_kernel_ratio") for r in sel]), 2),
                fmt(geomean([r.get("ratio_tc") for r in sel]), 2), fmt(big.get("ratio"), 2)]) + " |")
    return lines + [""]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="bench JSON files or directories of them")
    ap.add_argument("--out", default="-", help="markdown output (default: stdout)")
    ap.add_argument("--plots", help="directory for one plot per JSON file (PNG with matplotlib, else SVG)")
    args = ap.parse_args()
    docs = load(args.inputs)
    if not docs:
        print("no `ktune bench` JSON found in " + ", ".join(args.inputs), file=sys.stderr)
        return 1
    try:
        import matplotlib  # noqa: F401
        have_mpl = True
    except ImportError:
        have_mpl = False
    lines = ["# KernelTune vs vendor libraries", ""]
    lines += summary(docs)
    lines.append("## Per device and family")
    lines.append("")
    if args.plots:
        os.makedirs(args.plots, exist_ok=True)
        if not have_mpl:
            lines += ["(matplotlib not installed: plots are hand-written SVG)", ""]
    rel = os.path.dirname(os.path.abspath(args.out)) if args.out != "-" else os.getcwd()
    for d in docs:
        plot_name = None
        if args.plots:
            stem = os.path.splitext(d["_file"])[0]
            path = os.path.join(args.plots, stem + (".png" if have_mpl else ".svg"))
            try:
                (plot_matplotlib if have_mpl else plot_svg)(d, path)
                plot_name = os.path.relpath(path, rel)
            except Exception as e:  # a plot must never cost the table
                print(f"plot of {d['_file']} failed: {e}", file=sys.stderr)
        lines += section(d, plot_name)
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as fh:
            fh.write(text)
        print(f"wrote {args.out} ({len(docs)} benchmark files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
