# Sourced by tools/gpu-symv-rule.sh and tools/gpu-symv-opencl.sh (from the repository root; it lies beside them, in
# tools/ or in the carry folder): the carried ktune, $OUT, the libraries, the CUDA and OpenCL GPU device ids, the
# device line at the head of $log, and bench NAME LIMIT ARGS… (one `ktune bench --family dsymv` under a time limit,
# its output and exit status into $log). The caller sets KT_DB, out (made) and log first.
dir=${KT_SYMV_DIR:-.carry-symv4}
source tools/gpu-env.sh
k="$dir/ktune"
"$k" devices --json > /tmp/devices.json
pick() { python3 -c "import json;print(next((d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='$1' and d['type']=='gpu'), ''))"; }
cuda=$(pick cuda)
ocl=$(pick opencl)
{ nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv; "$k" devices; } > "$log" 2>&1
sizes=${KT_SYMV_SIZES:-64,128,256,384,512,768,1024,1536,2048,3072,4096,6144,8192} # the benches' sizes
bench() {
    local name=$1 limit=$2
    shift 2
    echo "== bench $name $(date -u +%FT%TZ)" >> "$log"
    timeout "$limit" "$k" bench --family dsymv "$@" >> "$log" 2>&1
    echo "bench $name rc $?" >> "$log"
}
