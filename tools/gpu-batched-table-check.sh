#!/usr/bin/env bash
# Issue 12 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app/cli/ktune; tools/pack-gpu.sh): a batched
# GEMM dispatch table (strided entries and its "pointers" kind table, `ktune rules --merge`) checked against OpenBLAS
# on the GPU at every n of KT_SIZES (1..32): per precision one `ktune bench --rules` process over ptr-nt (the pointers
# table's entry) and nn (the strided one), an odd batch of about KT_VERIFY_BYTES (3e7) of operands, every problem of
# it compared with OpenBLAS (--verify), no peer. Tables: KT_TABLE_S / KT_TABLE_D (default H200 2026-11-28 run AU's).
# KT_LOCAL=1 (or KT_DEVICE=opencl:...): the same on this machine's PoCL device, KT_SIZES default 1,2,7,13.
# Writes $OUT/log.txt, $OUT/summary.txt (per precision: rows checked, rows wrong) and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice, scriptRun, say, openDevice
scriptRun /tmp/kt-batched-table-check
tables=(s "${KT_TABLE_S:-docs/perf/h200-2026-11-28-d/run-AU/table-s.json}" d
    "${KT_TABLE_D:-docs/perf/h200-2026-11-28-d/run-AU/table-d.json}")
bytes=${KT_VERIFY_BYTES:-30000000}
if [ "${KT_LOCAL:-0}" = 1 ]; then
    openDevice local && sizes=${KT_SIZES:-1,2,7,13}
else
    openDevice && sizes=${KT_SIZES:-$(seq -s, 1 32)}
fi
for i in 0 2; do
    p=${tables[$i]} table=${tables[$((i + 1))]}
    e=$([ "$p" = d ] && echo 8 || echo 4)
    list=$(for n in $(echo "$sizes" | tr ',' ' '); do
        printf '%sx%sx%sx%s,' "$n" "$n" "$n" $(((bytes / (3 * e * n * n)) | 1)) # an odd batch of about $bytes
    done)
    timeout "${KT_STEP_S:-200}" "$ktune" bench --device "$dev" --family ${p}gemm_batched --rules "$table" \
        --variants ptr-nt,nn --sizes "${list%,}" --peer none --runs 1 --verify --json --out "$res/verify-$p.json" \
        > "$res/verify-$p.txt" 2>&1
    say "verify $p: rc $?"
done
python3 - "$res" <<'EOF' | tee "$out/summary.txt"
import json, os, sys
for p in "sd":
    path = os.path.join(sys.argv[1], "verify-%s.json" % p)
    if not os.path.exists(path):
        print("%s: no result" % p)
        continue
    rows = json.load(open(path))["rows"]
    wrong = [r for r in rows if r.get("verified") is not True]
    print("%s: %d rows checked against OpenBLAS (%s), %d wrong or unchecked%s" % (
        p, len(rows), ", ".join(sorted({r.get("variant") or r.get("op") or "?" for r in rows})), len(wrong),
        "".join("\n  %s %s" % (r.get("size"), r.get("candidate", "")[:60]) for r in wrong)))
EOF
tar czf "$out/results.tar.gz" -C "$res" .
say done
