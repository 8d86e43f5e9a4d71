#!/usr/bin/env python3
"""The report of tools/gpu-batched-neighbours.sh: per single size n, the best point of the sweep with its fraction of
the bound n*B/8 and its ratio to cuBLAS, the table's entry in the same process (measured first, and again at the end:
the drift within the sweep), the gain in points of the bound, and whether the check against OpenBLAS passed
(verify-s-N.json, or the sweep's own check in the dry run); --all adds every row, best first, with where each point
came from.

usage: batched-neighbours-report.py [--all] RESULTS_DIR   (the script's $res, or results.tar.gz unpacked)
B: profile.json's copy bandwidth, else the bench JSON's bound."""
import glob
import json
import os
import re
import sys

NAMES = {"BATCHED_TBA": "t", "BATCHED_SEQ": "s", "BATCHED_MINB": "minb", "BATCHED_LDV": "ldv"}


def short(key):
    """A point key in the docs' words: sh t2 8x8 reg pad s8 (ldv, minb, vec2, async only where set)."""
    p = dict(kv.split("=") for kv in key.split(","))
    design = "sh" if p.get("BATCHED_DESIGN") == "1" else "roc"
    s = f"{design} t{p.get('BATCHED_TBA')} {p.get('BATCHED_WX')}x{p.get('BATCHED_WY')}"
    s += " reg" if p.get("BATCHED_REG") == "1" else ""
    s += " pad" if p.get("BATCHED_PAD") == "1" else ""
    s += f" s{p.get('BATCHED_SEQ', '1')}"
    s += f" ldv{p['BATCHED_LDV']}" if p.get("BATCHED_LDV", "1") != "1" else ""
    s += f" minb{p['BATCHED_MINB']}" if p.get("BATCHED_MINB", "0") != "0" else ""
    s += f" vec{p['BATCHED_VEC']}" if p.get("BATCHED_VEC", "0") != "0" else ""
    s += " async" if p.get("BATCHED_ASYNC", "0") == "1" else ""
    return s


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def bandwidth(res, bench):
    prof = load(os.path.join(res, "profile.json"))
    try:
        return prof["device"]["profile"]["copy_bandwidth_gbs"], prof["device"]["name"]
    except (TypeError, KeyError):
        return (bench.get("bound") or {}).get("copy_gbs"), bench.get("device", {}).get("name", "?")


def origins(res, n):
    out = {}
    path = os.path.join(res, f"origins-s-{n}.tsv")
    if os.path.exists(path):
        for line in open(path):
            key, _, origin = line.rstrip("\n").partition("\t")
            out[key] = origin
    return out


def verdicts(res, n):
    doc = load(os.path.join(res, f"verify-s-{n}.json")) or {}
    out = {}
    for r in doc.get("rows", []):
        v = r.get("verified")
        out[r["candidate"]] = "yes" if v else ("NO: " + (r.get("verify_message") or r.get("ours_error") or "?")
                                               if v is False else "-")
    return out


def main():
    args = sys.argv[1:]
    every = "--all" in args
    args = [a for a in args if a != "--all"]
    if len(args) != 1:
        sys.exit(__doc__)
    res = args[0]
    sweeps = sorted(glob.glob(os.path.join(res, "sweep-s-*.json")),
                    key=lambda p: int(re.search(r"-(\d+)\.json$", p).group(1)))
    if not sweeps:
        sys.exit(f"batched-neighbours-report: no sweep-s-N.json in {res}")
    header = None
    summary, detail = [], []
    for path in sweeps:
        n = int(re.search(r"-(\d+)\.json$", path).group(1))
        bench = load(path)
        if bench is None:
            summary.append(f"{n:<3} sweep JSON unreadable (step cut by its time limit?)")
            continue
        bw, name = bandwidth(res, bench)
        header = header or f"{name}: copy bandwidth {bw:.0f} GB/s; bound n*B/8 GF/s (single)" if bw else header
        rows = [r for r in bench.get("rows", []) if r.get("op", "nn") == "nn"]
        where = origins(res, n)
        entry = next((k for k, o in where.items() if o == "entry"), None)
        checked = verdicts(res, n)
        swept = {r["candidate"]: r["verified"] for r in rows if "verified" in r}  # sweeps run with --verify

        def chk(key):
            return checked.get(key) or {True: "yes", False: "NO"}.get(swept.get(key), "-")
        bound = n * bw / 8 if bw else None

        def frac(r):
            return r["ours_gflops"] / bound if bound and r.get("ours_gflops") else None

        def ratio(r):
            return r["ours_gflops"] / r["peer_gflops"] if r.get("ours_gflops") and r.get("peer_gflops") else None

        measured = sorted((r for r in rows if r.get("ours_gflops")), key=lambda r: -r["ours_gflops"])
        failed = [r for r in rows if not r.get("ours_gflops")]
        best = measured[0] if measured else None
        entries = [r for r in rows if r["candidate"] == entry]  # the script measures it first and again last
        er = entries[0] if entries else None
        again = entries[-1] if len(entries) > 1 else None
        pct = lambda v: f"{v:6.1%}" if v is not None else "     -"
        x = lambda v: f"{v:5.2f}" if v is not None else "    -"
        if best is None:
            summary.append(f"{n:<3} no point measured ({len(failed)} failed)")
        else:
            gain = (frac(best) - frac(er)) if er and frac(er) is not None and frac(best) is not None else None
            if best["candidate"] == entry:  # the entry leads (perhaps by its own second measurement): no gain
                gain = 0.0
            summary.append(
                f"{n:<3} {pct(frac(best))} {x(ratio(best))}  {chk(best['candidate']):<4} "
                f"{short(best['candidate']):<34} {where.get(best['candidate'], '?'):<28} "
                f"{pct(frac(er) if er else None)} {x(ratio(er) if er else None)}  "
                f"{chk(entry) if entry else '-':<4} "
                + (f"{gain * 100:+5.1f}" if gain is not None else "    -")
                + f" {pct(frac(again) if again else None)}  {len(measured)}/{len(rows)}")
        if every:
            detail.append(f"\ns {n} ({len(measured)} of {len(rows)} points measured; bound {bound:.0f} GF/s)"
                          if bound else f"\ns {n}")
            if swept:
                ok = sum(r.get("verified") is True for r in rows)
                detail.append(f"  checked against OpenBLAS in the sweep: {ok} of {len(rows)} rows")
            detail.append("  of bound  xcuBLAS   GF/s  chk  point                               origin")
            for r in measured + failed:
                chk = {True: "yes", False: "NO"}.get(r.get("verified"), checked.get(r["candidate"], "-"))
                origin = where.get(r["candidate"], "?") + (" (again, at the end)" if r is again else "")
                detail.append(f"  {pct(frac(r))}   {x(ratio(r))} {r.get('ours_gflops') or 0:7.0f}  {chk[:3]:<4} "
                              f"{short(r['candidate']):<35} {origin}"
                              + (f"  ERROR {r['ours_error']}" if r.get("ours_error") else ""))
    print(header or "copy bandwidth unknown: no fraction of the bound")
    print("n   best   xcuBLAS chk  best point                         origin                       "
          "entry  xcuBLAS chk  gain  entry at the end  measured")
    print("\n".join(summary))
    if every:
        print("\n".join(detail))


if __name__ == "__main__":
    main()
