#!/usr/bin/env python3
"""Draws `ktune compile-bench --timeline FILE`: one row per compile worker, its programs as bars (compiling, and the
time in the pipes), the workers busy over time, and the summary's verdict. With matplotlib, one PNG per setting;
without it (or with --text), a text Gantt on standard output.

usage: tools/compile-timeline.py TIMELINE.json [--row N] [--out PREFIX] [--text] [--width COLUMNS] [--top N]
"""
import argparse
import json
import math
import os
import sys


def busy_steps(programs):
    """(ms, workers compiling from then on), from every compile's start and end."""
    edges = sorted([(p["compile_start_ms"], 1) for p in programs] + [(p["compile_end_ms"], -1) for p in programs])
    steps, busy = [(0.0, 0)], 0
    for t, d in edges:
        busy += d
        steps.append((t, busy))
    return steps


def workers_of(programs):
    return sorted({p["worker"] for p in programs})


def header(row):
    s = row["summary"]
    return (f'{row["mode"]} {row["parallel"]}: {s["programs"]} programs in {row["seconds"]:.2f} s, '
            f'{s["mean_busy_workers"]:.1f} of {s["workers"]} workers busy on average')


def summary_lines(row, top):
    s, sh = row["summary"], row["summary"]["shares"]
    lines = [header(row),
             "worker time: " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in sh.items()),
             f'hand-outs {s["first_hand_out_ms"]:.0f}-{s["last_hand_out_ms"]:.0f} ms, end {s["end_ms"]:.0f} ms '
             f'(tail {s["tail_after_last_hand_out_ms"]:.0f} ms); gaps between a worker\'s programs: mean '
             f'{s["mean_gap_ms"]:.1f} ms, max {s["max_gap_ms"]:.0f} ms',
             f'longest program {s["longest_ms"]:.0f} ms (cost rank {s["longest_cost_rank"]}); work per worker '
             f'{s["fair_share_ms"]:.0f} ms; cost/time rank correlation {s["cost_time_rank_correlation"]:.2f}',
             f'these compile times, longest first with no feeding cost, would end at {s["longest_first_ms"]:.0f} ms '
             f'(floor {s["floor_ms"]:.0f} ms) against {s["end_ms"]:.0f} ms',
             "verdict: " + s["verdict"]]
    marks = ", ".join(f'{m["name"]} {m["ms"]:.1f} ms' for m in row.get("marks", []))
    if marks:
        lines.append("marks: " + marks)
    longest = sorted(row["programs"], key=lambda p: -p["compile_ms"])[:top]
    if longest:
        costs = sorted((p["cost"] for p in row["programs"]), reverse=True)
        lines.append(f"the {len(longest)} longest programs (worker, handed out, compile start-end ms, cost rank, "
                     "source and image bytes, ms from compile end to receipt):")
        for p in longest:
            lines.append(f'  {p["key"]} w{p["worker"]:<3} out {p["handed_out_ms"]:8.0f}  '
                         f'{p["compile_start_ms"]:8.0f}-{p["compile_end_ms"]:8.0f} ({p["compile_ms"]:7.0f} ms)  '
                         f'rank {costs.index(p["cost"]) + 1:<4} {p["source_bytes"]} B -> {p.get("image_bytes", 0)} B, '
                         f'{p["received_ms"] - p["compile_end_ms"]:.1f} ms back')
            if p.get("for"):
                lines.append(f'    for {p["for"]}')
    return lines


def text_gantt(row, width, top):
    """'#' compiling, '.' in the pipes or starting, '-' the parent preparing it, ' ' idle; '|' the last hand-out."""
    programs = row["programs"]
    end = max([p["done_ms"] for p in programs] + [1e-9])
    scale = width / end

    def col(ms):
        return min(width - 1, max(0, int(ms * scale)))

    out = summary_lines(row, top)
    out.append(f"each column {end / width:.1f} ms; '#' compiling, '.' pipes/start-up, '-' parent preparing, "
               "'|' last hand-out")
    last = col(row["summary"]["last_hand_out_ms"])
    for w in workers_of(programs):
        line = [" "] * width
        for p in (p for p in programs if p["worker"] == w):
            for a, b, ch in ((p["picked_ms"], p["handed_out_ms"], "-"), (p["handed_out_ms"], p["received_ms"], "."),
                             (p["compile_start_ms"], p["compile_end_ms"], "#")):
                for c in range(col(a), col(b) + 1 if b > a else col(a)):
                    line[c] = ch
        if line[last] == " ":
            line[last] = "|"
        out.append(f"w{w:<3}{''.join(line)}")
    steps = busy_steps(programs)
    marks = []
    for c in range(width):
        t = (c + 0.5) / scale
        busy = max([b for s, b in steps if s <= t] or [0])
        marks.append(str(busy) if busy < 10 else chr(ord("a") + min(busy - 10, 25)))
    out.append("busy" + "".join(marks) + "  (workers compiling; 10+ as a, b, ...)")
    return "\n".join(out)


def plot(row, path, plt):
    programs = row["programs"]
    workers = workers_of(programs)
    costs = [p["cost"] for p in programs]
    lo, hi = math.log(max(min(costs), 1e-9)), math.log(max(max(costs), 1e-9))
    cmap = plt.get_cmap("viridis")
    fig, (gantt, busy) = plt.subplots(2, 1, figsize=(14, 2 + 0.35 * len(workers) + 2.5), sharex=True,
                                      gridspec_kw={"height_ratios": [max(len(workers), 2), 3]})
    for p in programs:
        y = workers.index(p["worker"])
        share = (math.log(max(p["cost"], 1e-9)) - lo) / (hi - lo) if hi > lo else 0.5
        gantt.barh(y, p["handed_out_ms"] - p["picked_ms"], left=p["picked_ms"], height=0.3, color="tab:orange")
        gantt.barh(y, p["received_ms"] - p["handed_out_ms"], left=p["handed_out_ms"], height=0.8, color="0.85")
        gantt.barh(y, p["compile_ms"], left=p["compile_start_ms"], height=0.8, color=cmap(share),
                   edgecolor="black", linewidth=0.3)
    s = row["summary"]
    gantt.axvline(s["last_hand_out_ms"], color="red", linestyle="--", label="last hand-out")
    gantt.set_yticks(range(len(workers)), [f"w{w}" for w in workers])
    gantt.invert_yaxis()
    gantt.set_title(header(row) + "\n" + s["verdict"], fontsize=9, loc="left")
    gantt.legend(loc="upper right", fontsize=8)
    steps = busy_steps(programs)
    busy.step([t for t, _ in steps], [b for _, b in steps], where="post")
    busy.axhline(s["workers"], color="0.6", linestyle=":")
    busy.set_ylabel("workers compiling")
    busy.set_xlabel("ms from the setting's start (bars: compile coloured by log compile cost, grey: pipes and "
                    "start-up, orange: the parent preparing)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("timeline")
    ap.add_argument("--row", type=int, help="only this setting (0-based; default every one)")
    ap.add_argument("--out", help="PNG path prefix (default: the timeline's path without .json)")
    ap.add_argument("--text", action="store_true", help="a text Gantt even when matplotlib is there")
    ap.add_argument("--width", type=int, default=120, help="text Gantt columns")
    ap.add_argument("--top", type=int, default=8, help="list this many of the longest programs")
    args = ap.parse_args()
    with open(args.timeline) as f:
        data = json.load(f)
    rows = data.get("rows", [])
    if args.row is not None:
        if not 0 <= args.row < len(rows):
            sys.exit(f"--row {args.row}: the timeline has {len(rows)} settings")
        rows = [rows[args.row]]
    plt = None
    if not args.text:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("(matplotlib not found: text Gantt)", file=sys.stderr)
    prefix = args.out or os.path.splitext(args.timeline)[0]
    for row in rows:
        if not row.get("programs"):
            print(header(row) + ": no programs")
            continue
        if plt:
            path = f'{prefix}-{row["mode"]}{row["parallel"]}.png'
            plot(row, path, plt)
            print("\n".join(summary_lines(row, args.top)) + f"\nwrote {path}\n")
        else:
            print(text_gantt(row, args.width, args.top) + "\n")


if __name__ == "__main__":
    main()
