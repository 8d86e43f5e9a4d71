#!/usr/bin/env python3
"""The candidate lists of tools/gpu-batched-neighbours.sh: for each single-precision size n that stays below 85% of
the bound on the H200, the leading designs of the neighbouring sizes adapted to n, beside n's own table entry.

Issue 12 (docs/perf/batched.md, runs E/F and Q): random tunes at ~3 GB measured only 2-3 seeds per size, and the
cp.async tiles lost, so what is left is to measure, in one process at each missed n, the few designs that lead at
n-2 ... n+3 (runs X, Y, AC, Q) and the work-item shapes whose blocks fit n without clamped rows. Per size, in this
order (the list is cut at --max points, so the later groups lose first):
  1. the table's entry at n, verbatim;
  2. one-factor variants of the entry: the other BATCHED_SEQ of 2/4/8, padding flipped, BATCHED_LDV 1 or the largest
     that divides n, launch bounds BATCHED_MINB 4 and 8;
  3. the best measured designs at n itself other than the entry (e.g. run Q's BATCHED_ASYNC twin at 9);
  4. the neighbours' designs: for m = n-2 ... n+3, the table's entry at m and the best measured designs at m, with
     BATCHED_VEC and BATCHED_ASYNC 0 (both lost at these sizes: runs AC, Q) and BATCHED_LDV made valid for n;
  5. n's own shapes: b x b blocks of ceil(n/b) squared work-items (b = 1 ... 5, blocks of at most 32 elements), the
     fewest clamped rows first (25: 5 x 5 exact, 13 x 13 over 26, 9 x 9 over 27), each with SEQ 4, no padding, the
     largest valid LDV and the fewest problems per work-group that give at least 64 work-items, then SEQ 2 and 8,
     padding, MINB 4 and 8 and LDV 1.
Every point is checked against the family's own constraints as `ktune families --json` states them (evaluated with
the device variables there: pass `ktune families --device D --json` for a device's own limits) and against the
shared tiles' size at n (BatchedParams::localMemBytes, the device's DEV_LOCAL_MEM), so `ktune bench` never refuses
one. Register blocking must hold at n (blocks of at most 32 elements), or the point would not be the design named.

usage: batched-neighbours.py --space FAMILIES.json --table TABLE.json --sizes 25,13 --out-dir DIR
           [--measured DIR_OR_FILE ...] [--max 40]
Writes DIR/points-s-N.txt (one full point key a line, in bench order) and DIR/origins-s-N.tsv (key, origin), and
prints one line per size: n, the count and the groups' counts.
"""
import argparse
import csv
import glob
import json
import os
import re
import sys

FAMILY = "sgemm_batched"
ELEMENT = 4  # single precision


def load_space(path):
    doc = json.load(open(path))
    fam = next((f for f in doc["families"] if f["name"] == FAMILY), None)
    if fam is None:
        sys.exit(f"{path}: no family {FAMILY}")
    space = fam["space"]
    params = [(p["name"], p["values"], p.get("absent")) for p in space["parameters"]]
    constraints = []
    for c in space["constraints"]:
        expr = c["expr"]
        # The grammar's operators map onto Python's; anything else (division, ?:) would change meaning: refuse it.
        if re.search(r"[^A-Za-z0-9_ =<>!&|*+\-()]", expr):
            sys.exit(f"{path}: constraint '{expr}' uses an operator this script cannot evaluate")
        py = expr.replace("&&", " and ").replace("||", " or ")
        constraints.append((compile(py, expr, "eval"), c["description"]))
    return params, constraints, dict(space["variables"])


class Space:
    def __init__(self, path):
        self.params, self.constraints, self.vars = load_space(path)
        self.names = [p[0] for p in self.params]

    def full(self, point):
        """The point with every parameter (absent ones at their stored default), in the space's order."""
        out = {}
        for name, values, absent in self.params:
            v = point.get(name, absent)
            if v is None:
                raise ValueError(f"point lacks {name}")
            out[name] = int(v)
        return out

    def key(self, point):
        return ",".join(f"{k}={v}" for k, v in self.full(point).items())

    def why_invalid(self, point, n):
        p = self.full(point)
        for name, values, _ in self.params:
            if p[name] not in values:
                return f"{name}={p[name]} not in {values}"
        env = dict(self.vars, **p)
        for code, description in self.constraints:
            if not eval(code, {"__builtins__": {}}, env):
                return description
        if p["BATCHED_REG"] and block_elements(p, n) > 32:
            return f"blocks of {block_elements(p, n)} elements at n = {n}: no register blocking"
        tiles = local_mem_bytes(p, n)
        if tiles > self.vars["DEV_LOCAL_MEM"]:
            return f"shared tiles of {tiles} bytes at n = {n}"
        return None


def block_elements(p, n):
    return -(-n // p["BATCHED_WX"]) * -(-n // p["BATCHED_WY"])


def local_mem_bytes(p, n):
    """BatchedParams::localMemBytes (kernels/batched/batched_plan.cpp) for m = n = k, single precision."""
    if p["BATCHED_DESIGN"] != 1:
        return 0
    blocks = p["BATCHED_REG"] and block_elements(p, n) <= 32
    pad, tba, e = p["BATCHED_PAD"], p["BATCHED_TBA"], ELEMENT
    vw = 16 // e
    kv = -(-n // vw) * vw
    if p["BATCHED_VEC"] == 1 and blocks:
        ldk = kv + vw if pad and (kv // vw) % 2 == 0 else kv
        return tba * 2 * n * ldk * e
    if p["BATCHED_VEC"] == 2 and blocks:
        ri = -(-n // p["BATCHED_WX"])
        unit = ri if ri % vw == 0 else vw
        mv = -(-n // unit) * unit
        ldb = kv + vw if pad and (kv // vw) % 2 == 0 else kv
        return tba * (mv * n + ldb * n) * e
    ld = (n | 1) if pad else n
    double = p["BATCHED_ASYNC"] and p["BATCHED_SEQ"] > 1 and p["BATCHED_VEC"] == 0 and blocks
    return (2 if double else 1) * tba * (ld * n + ld * n) * e


def largest_ldv(n):
    """Staging vectors are compiled only where a column (n elements) is whole vectors."""
    return 4 if n % 4 == 0 else 2 if n % 2 == 0 else 1


def parse_key(key):
    return {k: int(v) for k, v in (kv.split("=") for kv in key.split(","))}


def measured_designs(sources):
    """{n: [(fraction, key)]} of square single sizes from curves CSVs (with the run's profile-cuda.json beside them)
    and bench JSONs (their own "bound" copy bandwidth)."""
    out = {}

    def add(n, key, gflops, bw):
        if bw:
            out.setdefault(n, []).append((gflops / (n * bw / 8), key))

    for src in sources:
        files = sorted(glob.glob(os.path.join(src, "*"))) if os.path.isdir(src) else [src]
        for f in files:
            base = os.path.basename(f)
            if base == "curves-s.csv":
                prof = os.path.join(os.path.dirname(f), "profile-cuda.json")
                bw = json.load(open(prof))["device"]["profile"]["copy_bandwidth_gbs"] if os.path.exists(prof) else 0
                for r in csv.DictReader(open(f)):
                    if r["m"] == r["n"] == r["k"]:
                        add(int(r["n"]), r["candidate"], float(r["value"]), bw)
            elif re.fullmatch(r"(bench|sweep)-s-\d+\.json", base):
                doc = json.load(open(f))
                bw = (doc.get("bound") or {}).get("copy_gbs", 0)
                for r in doc.get("rows", []):
                    s = r["size"]
                    if s[0] == s[1] == s[2] and r.get("ours_gflops") and r.get("op", "nn") == "nn":
                        add(s[0], r["candidate"], r["ours_gflops"], bw)
    for n in out:  # the best figure of each design at n, best first
        best = {}
        for frac, key in out[n]:
            best[key] = max(frac, best.get(key, 0))
        out[n] = sorted(((f, k) for k, f in best.items()), key=lambda t: -t[0])
    return out


def own_shapes(space, n, count):
    """ceil(n/b) squared work-items with b x b blocks, b = 1 ... 5, the fewest clamped rows (b*ceil(n/b) - n) first."""
    counts = dict((name, values) for name, values, _ in space.params)["BATCHED_WX"]
    shapes = []
    for b in range(1, 6):
        w = -(-n // b)
        if w in counts and -(-n // w) == b:  # b is the block this count really gives
            shapes.append((b * w - n, b, w))
    shapes.sort()
    return [w for _, _, w in shapes[:count]]


def tba_for(space, point, n, least=64):
    """The fewest problems per work-group giving at least `least` work-items, within the space's values and n's
    local memory (fewer where the tiles would not fit)."""
    values = dict((name, values) for name, values, _ in space.params)["BATCHED_TBA"]
    wi = point["BATCHED_WX"] * point["BATCHED_WY"]
    fit = [t for t in values if space.why_invalid(dict(point, BATCHED_TBA=t, BATCHED_MINB=0), n) is None]
    if not fit:
        return None
    enough = [t for t in fit if t * wi >= least]
    return min(enough) if enough else max(fit)


def variants(point, n):
    """One-factor variants: other rounds, padding flipped, LDV 1 / largest valid, launch bounds 4 and 8."""
    out = []
    for seq in (2, 4, 8):
        if seq != point["BATCHED_SEQ"]:
            out.append(dict(point, BATCHED_SEQ=seq))
    out.append(dict(point, BATCHED_PAD=1 - point["BATCHED_PAD"]))
    for ldv in {1, largest_ldv(n)} - {point["BATCHED_LDV"]}:
        out.append(dict(point, BATCHED_LDV=ldv))
    for minb in (4, 8):
        if minb != point["BATCHED_MINB"]:
            out.append(dict(point, BATCHED_MINB=minb))
    return out


def adapt(point, n):
    """A neighbour's design at n: register prefetch without vector tiles, LDV valid for n (kept where it divides)."""
    p = dict(point, BATCHED_VEC=0, BATCHED_ASYNC=0)
    if n % p.get("BATCHED_LDV", 1):
        p["BATCHED_LDV"] = largest_ldv(n)
    return p


def candidates(space, table, measured, n, maximum, neighbours_top=2, at_n_top=2, shapes=3):
    chosen, origins, skipped = [], {}, []

    def add(point, origin):
        try:
            key = space.key(point)
        except ValueError as e:
            skipped.append((origin, str(e)))
            return
        if key in origins:
            return
        why = space.why_invalid(point, n)
        if why:
            skipped.append((origin, why))
            return
        chosen.append(key)
        origins[key] = origin

    groups = []
    entry = space.full(parse_key(table[n]))
    add(entry, "entry")
    groups.append(len(chosen))
    for v in variants(entry, n):
        add(v, "entry variant")
    groups.append(len(chosen))
    for frac, key in [m for m in measured.get(n, []) if space.key(parse_key(m[1])) != space.key(entry)][:at_n_top]:
        add(parse_key(key), f"measured at {n} ({frac:.1%})")
    groups.append(len(chosen))
    for m in [n + d for d in (-1, 1, -2, 2, 3)]:
        if m < 1 or m > 32:
            continue
        if m in table:
            add(adapt(parse_key(table[m]), n), f"entry of {m}")
        for frac, key in measured.get(m, [])[:neighbours_top]:
            add(adapt(parse_key(key), n), f"leader of {m} ({frac:.1%})")
    groups.append(len(chosen))
    bases = []
    for w in own_shapes(space, n, shapes):
        base = dict(entry, BATCHED_DESIGN=1, BATCHED_REG=1, BATCHED_VEC=0, BATCHED_ASYNC=0, BATCHED_WX=w, BATCHED_WY=w,
                    BATCHED_PAD=0, BATCHED_SEQ=4, BATCHED_MINB=0, BATCHED_LDV=largest_ldv(n))
        tba = tba_for(space, base, n)
        if tba is None:
            skipped.append((f"own {w}x{w}", "no work-group fits"))
            continue
        base["BATCHED_TBA"] = tba
        bases.append((w, base))
        add(base, f"own {w}x{w}")
    for w, base in bases:  # every shape's variants after every shape's base, so --max cuts variants first
        for v in variants(base, n):
            add(v, f"own {w}x{w} variant")
    groups.append(len(chosen))
    chosen = chosen[:maximum]
    counts = [min(g, maximum) for g in groups]
    counts = [counts[0]] + [b - a for a, b in zip(counts, counts[1:])]
    return chosen, origins, counts, skipped


def load_table(path):
    doc = json.load(open(path))
    table = {}
    for e in doc["entries"]:
        m, n, k = e["size"][:3]
        if m == n == k:
            table[n] = e["candidate"]
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--space", required=True, help="`ktune families [--device D] --json` output")
    ap.add_argument("--table", required=True, help="the H200's single table (ktune-table/1 JSON)")
    ap.add_argument("--measured", nargs="*", default=[], help="run folders (curves-s.csv + profile-cuda.json, "
                    "bench-s-N.json) or files")
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--max", type=int, default=40)
    ap.add_argument("--out-dir", required=True)
    a = ap.parse_args()
    space = Space(a.space)
    table = load_table(a.table)
    measured = measured_designs(a.measured)
    os.makedirs(a.out_dir, exist_ok=True)
    for n in (int(s) for s in a.sizes.split(",") if s):
        if n not in table:
            sys.exit(f"{a.table}: no entry at n = {n}")
        keys, origins, counts, skipped = candidates(space, table, measured, n, a.max)
        with open(os.path.join(a.out_dir, f"points-s-{n}.txt"), "w") as f:
            f.writelines(k + "\n" for k in keys)
        with open(os.path.join(a.out_dir, f"origins-s-{n}.tsv"), "w") as f:
            f.writelines(f"{k}\t{origins[k]}\n" for k in keys)
        print(f"s {n}: {len(keys)} points (entry {counts[0]}, its variants {counts[1]}, measured at n {counts[2]}, "
              f"neighbours {counts[3]}, own shapes {counts[4]}); {len(skipped)} invalid or not register-blocked "
              f"left out" + "".join(f"\n    {o}: {w}" for o, w in skipped))


if __name__ == "__main__":
    main()
