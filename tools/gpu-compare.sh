#!/usr/bin/env bash
# Before/after on the GPU in one device command: the same `ktune bench` points run by two builds of ktune (BASE and
# NEW, e.g. the commit before a refactoring and after it), interleaved over two rounds so that clock drift hits both
# alike. Writes one JSON per (round, build, case) and compare.txt (medians of the rounds, NEW / BASE) into $OUT.
#   usage: tools/gpu-compare.sh BASE_KTUNE NEW_KTUNE
#   KT_COMPARE_RUNS=10 KT_COMPARE_BACKENDS="cuda opencl" KT_COMPARE_ROUNDS=2
# Cases: SGEMM T2 and DGEMM D1 (docs/perf/gemm.md) at 1024/4096 (NN, TN: routine + TN kernel), SGEMM T2 split-K 4 at
# 1024, DGEMM D1 with image reads of A and B (OpenCL only), transpose at 4096/8192.
set -uo pipefail
cd "$(dirname "$0")/.."
base=$1 new=$2
out=${OUT:-/tmp/kt-out}
mkdir -p "$out/json"
runs=${KT_COMPARE_RUNS:-10}
rounds=${KT_COMPARE_ROUNDS:-2}
backends=${KT_COMPARE_BACKENDS:-cuda opencl}
source tools/gpu-env.sh

t2="GEMM_ML=64,GEMM_NL=128,GEMM_KL=8,GEMM_MS=16,GEMM_NS=8,GEMM_KS=8,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
t2="$t2,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1"
d1="GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=2,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
d1img="${d1},GEMM_IMAGE_A=1,GEMM_IMAGE_B=1,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1"
d1="${d1},GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1"
tr="TRA_TILE=32,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1"
# name|family|point|sizes|extra arguments|backends
cases=(
  "sgemm-t2|sgemm|$t2|1024,4096|--ops nn,tn|cuda opencl"
  "dgemm-d1|dgemm|$d1|1024,4096|--ops nn,tn|cuda opencl"
  "sgemm-t2-splitk4|sgemm|$t2,GEMM_KSPLIT=4|1024|--ops nn|cuda opencl"
  "dgemm-d1-images|dgemm|$d1img|4096|--ops nn|opencl"
  "transpose|transpose|$tr|4096,8192||cuda opencl"
)

"$new" devices --json > "$out/devices.json"
python3 - "$out/devices.json" <<'PY' > "$out/gpus.txt"
import json, sys
for d in json.load(open(sys.argv[1])).get("devices", []):
    if d.get("type") == "gpu":
        print(d.get("backend", "?").lower(), d["id"])
PY
cat "$out/gpus.txt"
for round in $(seq 1 "$rounds"); do
  for build in base new; do
    bin=$base; [ "$build" = new ] && bin=$new
    while read -r backend id; do
      case " $backends " in *" $backend "*) ;; *) continue ;; esac
      for c in "${cases[@]}"; do
        IFS='|' read -r name family point sizes extra allowed <<< "$c"
        case " $allowed " in *" $backend "*) ;; *) continue ;; esac
        json="$out/json/r${round}-${build}-${backend}-${name}.json"
        # shellcheck disable=SC2086
        timeout 120 "$bin" bench --db /tmp/kt-compare-$build.sqlite --device "$id" --family "$family" --point "$point" \
          --sizes "$sizes" --runs "$runs" $extra --out "$json" > /dev/null 2>> "$out/errors.txt" ||
          echo "round $round $build $backend $name: exit $?" >> "$out/errors.txt"
      done
    done < "$out/gpus.txt"
  done
done

python3 - "$out/json" <<'PY' | tee "$out/compare.txt"
import glob, json, os, re, statistics, sys
vals = {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    m = re.match(r"r(\d+)-(base|new)-(\w+)-(.+)\.json", os.path.basename(f))
    doc = json.load(open(f))
    unit = doc.get("unit_key", "gflops")
    for row in doc.get("rows", []):
        size = "x".join(str(d) for d in row["size"])
        op = row.get("op", "")
        for col, key in (("ours", "ours_" + unit), ("tn_kernel", "tn_kernel_" + unit), ("peer", "peer_" + unit)):
            v = row.get(key)
            if v is not None:
                vals.setdefault((m.group(3), m.group(4), size, op, col), {}).setdefault(m.group(2), []).append(v)
print(f"{'backend':7} {'case':18} {'size':16} {'op':3} {'column':9} {'base':>10} {'new':>10} {'new/base':>8}")
for k in sorted(vals):
    b, n = vals[k].get("base"), vals[k].get("new")
    if not b or not n:
        print(*k, "missing", b, n); continue
    mb, mn = statistics.median(b), statistics.median(n)
    print(f"{k[0]:7} {k[1]:18} {k[2]:16} {k[3]:3} {k[4]:9} {mb:10.1f} {mn:10.1f} {mn / mb:8.3f}")
PY
