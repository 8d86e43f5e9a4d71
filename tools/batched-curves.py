#!/usr/bin/env python3
"""`ktune bench --json` results of several candidates (e.g. --paper) → the curves CSV `ktune rules` reads:
m,n,k,batch,candidate,value (our routine's figure; rows without a figure are left out).
usage: batched-curves.py [--variants ptr-nn,ptr-nt] OUT.csv BENCH.json...
--variants: only the rows of those bench variants ("op" in the JSON), e.g. the pointer-array ones for a pointers
table (`ktune rules --merge`); a row of another variant is left out, and none left is an error."""
import csv
import json
import sys


def main():
    args = sys.argv[1:]
    variants = None
    if args[:1] == ["--variants"]:
        if len(args) < 2:
            sys.exit("batched-curves: --variants needs a list (ptr-nn,ptr-nt)")
        variants = set(args[1].split(","))
        args = args[2:]
    if len(args) < 2:
        sys.exit(__doc__)
    out, files = args[0], args[1:]
    rows = []
    for path in files:
        doc = json.load(open(path))
        unit = doc.get("unit_key", "gflops")
        for r in doc["rows"]:
            value = r.get("ours_" + unit)
            if value is None or (variants is not None and r.get("op") not in variants):
                continue
            rows.append(list(r["size"]) + [r["candidate"], value])
    if not rows:
        sys.exit("batched-curves: no measured row in " + " ".join(files))
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["m", "n", "k", "batch", "candidate", "value"])
        w.writerows(rows)


if __name__ == "__main__":
    main()
