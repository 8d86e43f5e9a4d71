#!/usr/bin/env bash
# Runs on the GPU machine after tools/gpu-export-cuda.sh (same carry, same /tmp/e): the BLAS3 routines of a CUDA
# package. Tunes ssymm, dsymm, strmm, dtrmm, dsyrk and dsyr2k on the CUDA device at one point each (the small kernel
# of tests/export/fixtures/blas3-one-point.json: a correctness check, not a speed one), exports them with the dgemm
# the first script tuned, builds the package and the consumer (every routine, host and device-pointer entries,
# every side/uplo/trans/diag value, against OpenBLAS), then the drop-in build under blas_app (plain and preloaded).
# Results in $OUT: blas3-summary.txt, blas3-consumer.txt, blas3-calls.log.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
C=${KT_EXPORT_CARRY:-.carry-export}
final=${OUT:-/tmp/kt-out}
s="$final/blas3-summary.txt"
K="$C/ktune"
db=/tmp/e/ktune.sqlite
export LD_LIBRARY_PATH=/tmp/kt-libs
dev=$("$K" devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("cuda")][0])')
start=$SECONDS
for f in ssymm dsymm strmm dtrmm dsyrk dsyr2k; do
    "$K" tune --db "$db" --device "$dev" --family "$f" --sizes 256x192 --space "$C/blas3-one-point.json" \
        --strategy exhaustive --budget-evals 1 --no-isolation --json > "/tmp/e/tune-$f.txt" 2>&1
    echo "tune $f rc $?: $(grep -c '"status":"ok"' "/tmp/e/tune-$f.txt") ok measurements" >> "$s"
done
echo "tunes $((SECONDS - start)) s" >> "$s"
"$K" export --db "$db" --device "$dev" --family dgemm,ssymm,dsymm,strmm,dtrmm,dsyrk,dsyr2k --out /tmp/e/pkg3 \
    >> "$s" 2>&1
{ cmake -S /tmp/e/pkg3 -B /tmp/e/pkg3-build -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C /tmp/e/pkg3-build &&
  cmake --install /tmp/e/pkg3-build --prefix /tmp/e/prefix3 && cmake -S "$C/consumer" -B /tmp/e/consumer3 -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/tmp/e/prefix3 -DKTP_BLAS_LIBRARIES=/tmp/kt-libs/libopenblas.so.0 &&
  ninja -C /tmp/e/consumer3 && cmake -S /tmp/e/pkg3 -B /tmp/e/dropin3 -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DKTP_DROP_IN=ON && ninja -C /tmp/e/dropin3; } > /tmp/e/build3.log 2>&1 || tail -30 /tmp/e/build3.log >> "$s"
(cd /tmp/e && KTP_CACHE_DIR=/tmp/e/cache3 /tmp/e/consumer3/consumer) > "$final/blas3-consumer.txt" 2>&1
echo "consumer rc $?" >> "$s"
tail -4 "$final/blas3-consumer.txt" >> "$s"
(cd /tmp/e && /tmp/e/consumer3/blas_app) > /tmp/e/blas3-plain.txt 2>&1
(cd /tmp/e && KTP_CACHE_DIR=/tmp/e/cache3 KTP_LOG="$final/blas3-calls.log" LD_PRELOAD=/tmp/e/dropin3/libktp.so \
  /tmp/e/consumer3/blas_app) > /tmp/e/blas3-preloaded.txt 2>&1
echo "drop-in rc $?" >> "$s"
python3 "$C/export-perf/compare-lines.py" /tmp/e/blas3-plain.txt /tmp/e/blas3-preloaded.txt >> "$s" 2>&1
diff <(grep -o 'On entry.*' /tmp/e/blas3-plain.txt) <(grep -o 'On entry.*' /tmp/e/blas3-preloaded.txt) >> "$s" &&
    echo "xerbla reports identical: $(grep -c 'On entry' /tmp/e/blas3-plain.txt)" >> "$s"
cut -d' ' -f1-2 "$final/blas3-calls.log" | sort | uniq -c >> "$s"
echo "total $((SECONDS - start)) s" >> "$s"
