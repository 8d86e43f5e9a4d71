#!/usr/bin/env python3
"""`ktune bench --json` results of several candidates (e.g. --paper) → the curves CSV `ktune rules` reads:
m,n,k,batch,candidate,value (our routine's figure; rows without a figure are left out).
usage: batched-curves.py OUT.csv BENCH.json..."""
import csv
import json
import sys


def main():
    out, files = sys.argv[1], sys.argv[2:]
    rows = []
    for path in files:
        doc = json.load(open(path))
        unit = doc.get("unit_key", "gflops")
        for r in doc["rows"]:
            value = r.get("ours_" + unit)
            if value is None:
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
