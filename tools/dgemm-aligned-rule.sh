#!/usr/bin/env bash
# A per-op DGEMM rule with aligned intervals, here (no GPU): the per-op curves of one or more
# tools/gpu-dgemm-op-rules.sh runs at ragged sizes (their results.tar.gz; a size measured by several runs takes the
# mean), a rule per op from them (`ktune rules --curves`, KT_TOLERANCE, default 0.04), merged per op, then merged with
# ALIGNED (a per-op rule derived at multiples of KT_MULTIPLE, default 128) as its aligned intervals.
# usage: tools/dgemm-aligned-rule.sh OUTDIR ALIGNED.json RESULTS.tar.gz [RESULTS.tar.gz …]
# e.g. tools/dgemm-aligned-rule.sh /tmp/rule docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json \
#          docs/perf/h200-2026-11-29/run-B/results.tar.gz docs/perf/h200-2026-11-29/run-D/results.tar.gz
# Writes OUTDIR/rule-ragged-ops.json, OUTDIR/rule-ops-aligned.json and .hpp (and the curves and per-op rules).
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,9p "$0"; exit 2; }
out=$1 aligned=$2
shift 2
ktune=${KT_KTUNE:-$(dirname "$0")/../build/app/cli/ktune}
[ -x "$ktune" ] || ktune=$(dirname "$0")/../build-gpu/app/cli/ktune
rm -rf "$out" && mkdir -p "$out/runs"
i=0
for archive in "$@"; do
    i=$((i + 1)) && mkdir -p "$out/runs/$i" && tar xzf "$archive" -C "$out/runs/$i" --wildcards './curves-*.csv'
done
for op in nn nt tn tt; do
    python3 - "$out/curves-$op.csv" "$out"/runs/*/curves-$op.csv <<'PY'
import csv, sys
values = {}
for path in sys.argv[2:]:
    for r in csv.DictReader(open(path)):
        values.setdefault((int(r["size"]), r["candidate"]), []).append(float(r["value"]))
with open(sys.argv[1], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["size", "candidate", "value"])
    for (size, candidate), v in sorted(values.items()):
        w.writerow([size, candidate, sum(v) / len(v)])
PY
    "$ktune" rules --curves "$out/curves-$op.csv" --family dgemm --tolerance "${KT_TOLERANCE:-0.04}" \
        --out "$out/rule-$op.json" > /dev/null
done
"$ktune" rules --merge "$out/rule-nn.json" --kind-table nt="$out/rule-nt.json" --out "$out/m1.json" > /dev/null
"$ktune" rules --merge "$out/m1.json" --kind-table tn="$out/rule-tn.json" --out "$out/m2.json" > /dev/null
"$ktune" rules --merge "$out/m2.json" --kind-table tt="$out/rule-tt.json" --out "$out/rule-ragged-ops.json" > /dev/null
"$ktune" rules --merge "$out/rule-ragged-ops.json" --aligned "$aligned" --multiple "${KT_MULTIPLE:-128}" \
    --family dgemm --out "$out/rule-ops-aligned.json" --emit-cpp "$out/rule-ops-aligned.hpp"
