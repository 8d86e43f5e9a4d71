#!/usr/bin/env bash
# Runs on the GPU machine (../shared/gpu/README.md): the pointer-array batched GEMM entries of a CUDA package
# (ktp_cblas_?gemm_batch_ptr, ktp_?gemm_batch_ptr_cu) as the PoCL export test checks them here. Short tunes of
# sgemm_batched and dgemm_batched at 7x5x9x64 and 4x6x3x64, an export with a pointers table (--kind-table: one entry,
# 6x6x6, naming a seed design), the package and the consumer fixture built against it and OpenBLAS, then the
# consumer at 7x5x9 and 6x6x6: every routine in both entry styles against OpenBLAS, and the variant each batched
# entry ran. Expected in summary.txt: "consumer rc 0", "failures 0", the *_batch_ptr 6x6x6 lines naming the pointers
# table's design, the 7x5x9 ones the tuned best.
# Carry: .carry-export/{ktune,consumer/} (KT_EXPORT_CARRY) and .carry/gpu-libs.tar.xz. KT_DEVICE: another device id
# (a dry run on PoCL: KT_DEVICE=opencl:… KT_LIBS_TAR= KT_JOBS=2, without the carried libraries). Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
work=${KT_WORK:-/tmp/eptr}
# shellcheck source=tools/gpu-export-common.sh
source tools/gpu-export-common.sh
for f in sgemm_batched dgemm_batched; do
    for s in 7x5x9x64 4x6x3x64; do
        timeout 300 "$K" tune --db "$db" --device "$dev" --family "$f" --sizes "$s" --budget-evals 2 \
            >> "$out/tune.txt" 2>&1
        echo "tune $f $s rc $?" >> "$out/summary.txt"
    done
done
# The pointers table: a seed design (the paper's read-only-cache one) at 6x6x6, which the tune did not measure.
point="BATCHED_DESIGN=0,BATCHED_TBA=64,BATCHED_WX=2,BATCHED_WY=2,BATCHED_REG=0,BATCHED_PAD=0,BATCHED_VEC=0"
point="$point,BATCHED_SEQ=1,BATCHED_MINB=0,BATCHED_LDV=1,BATCHED_ASYNC=0"
cat > "$work/ptr.json" <<EOF
{"format": "ktune-table/1", "dims": ["m", "n", "k"], "entries": [{"size": [6, 6, 6], "candidate": "$point"}]}
EOF
"$K" export --db "$db" --device "$dev" --family sgemm_batched,dgemm_batched --out "$work/pkg" \
    --kind-table "sgemm_batched:pointers=$work/ptr.json,dgemm_batched:pointers=$work/ptr.json" \
    > "$out/export.txt" 2>&1
echo "export rc $?" >> "$out/summary.txt"
tail -4 "$out/export.txt" >> "$out/summary.txt"
build_package_and_consumer
(cd "$work" && KTP_CACHE_DIR="$work/cache" "$work/consumer/consumer" 7x5x9 6x6x6) > "$out/consumer.txt" 2>&1
echo "consumer rc $?" >> "$out/summary.txt"
consumer_errors "$out/consumer.txt"
grep -E "^batched [sd]gemm_batch_(ptr|strided) " "$out/consumer.txt" | cut -c1-300 >> "$out/summary.txt"
tail -3 "$out/consumer.txt" >> "$out/summary.txt"
pack_results
