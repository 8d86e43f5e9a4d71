#!/usr/bin/env bash
# GPU performance results (docs/perf/README.md): for every GPU device (CUDA and NVIDIA OpenCL) a short tune of sgemm,
# dgemm and transpose, then `ktune bench --best` against cuBLAS / CLBlast over a few sizes and all four GEMM ops.
# Writes JSON per (family, backend), a markdown report (tools/perf-report.py) and logs with wall times into
# $OUT/bench-results.tar.gz, plus $OUT/bench-summary.txt and $OUT/perf-report.md. Never stops on one failure.
#
# Build first: cmake -S . -B build-gpu -G Ninja -DKT_GUI=OFF -DCMAKE_BUILD_TYPE=Release && ninja -C build-gpu
# then tools/pack-gpu.sh, and carry .carry (stripped executables + the libraries absent there), as tools/gpu-run.sh.
# Budget knobs (defaults fit ~8 minutes on one H100):
#   KT_BENCH_TUNE_TIME=40s KT_BENCH_TUNE_SIZES=2048,4096 KT_BENCH_STRATEGY=surrogate
#   KT_BENCH_SIZES=1024,2048,4096,8192 KT_BENCH_RUNS=5 KT_BENCH_TRANSPOSE_TIME=10s
#   KT_BENCH_TRANSPOSE_SIZES=2048,4096,8192 KT_BENCH_FAMILIES="sgemm dgemm transpose" KT_BENCH_BACKENDS="cuda opencl"
#   KT_BENCH_TYPES=gpu (device types benchmarked; "cpu" runs the same flow on PoCL to check the script)
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kt-out}
res=${KT_BENCH_RESULTS:-/tmp/kt-bench}
rm -rf "$res" && mkdir -p "$res/json" "$res/logs" "$out"
# Executables travel in .carry/build-gpu (tools/pack-gpu.sh); a carried build-gpu works as well.
if [ -d .carry/build-gpu ] && [ ! -e build-gpu ]; then ln -s "$PWD/.carry/build-gpu" build-gpu; fi
build=${KT_GPU_BUILD:-build-gpu}
ktune="$PWD/$build/app/cli/ktune"
if [ ! -x "$ktune" ]; then
    echo "gpu-bench: $ktune missing: build build-gpu and run tools/pack-gpu.sh (see docs/perf/README.md)" |
        tee "$out/bench-summary.txt"
    exit 1
fi

tune_time=${KT_BENCH_TUNE_TIME:-40s}
tune_sizes=${KT_BENCH_TUNE_SIZES:-2048,4096}
strategy=${KT_BENCH_STRATEGY:-surrogate}
sizes=${KT_BENCH_SIZES:-1024,2048,4096,8192}
runs=${KT_BENCH_RUNS:-5}
tr_time=${KT_BENCH_TRANSPOSE_TIME:-10s}
tr_sizes=${KT_BENCH_TRANSPOSE_SIZES:-2048,4096,8192}
families=${KT_BENCH_FAMILIES:-sgemm dgemm transpose}
backends=${KT_BENCH_BACKENDS:-cuda opencl}
types=${KT_BENCH_TYPES:-gpu}
tr_point=${KT_BENCH_TRANSPOSE_POINT:-TRA_TILE=32,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1}
# Past this many seconds no new tune starts (bench falls back to the papers' kernels) and past the hard one no new
# step starts, so that the results are packed before the device tool's 10-minute limit.
soft_deadline=${KT_BENCH_SOFT_DEADLINE:-400}
hard_deadline=${KT_BENCH_HARD_DEADLINE:-520}

# The same environment as tools/gpu-run.sh: carried libraries (OpenBLAS, CLBlast) and NVIDIA's OpenCL ICD.
. tools/gpu-env.sh
export KT_DB="$res/ktune.sqlite"

summary="$out/bench-summary.txt"
: > "$summary"
log() { echo "$*" | tee -a "$summary"; }
start_all=$(date +%s)
elapsed() { echo $(( $(date +%s) - start_all )); }
# GEMM sizes as m x n x k: "2048,4096" -> "2048x2048x2048,4096x4096x4096" (ranges and explicit triples unchanged).
cube() {
    local out="" s
    for s in ${1//,/ }; do
        case $s in *x* | *:*) ;; *) s="${s}x${s}x${s}" ;; esac
        out="${out:+$out,}$s"
    done
    echo "$out"
}

# step NAME LIMIT_SECONDS ktune-args…: runs one ktune command with a wall limit, logs rc and wall time.
step() {
    local name=$1 limit=$2
    shift 2
    if [ "$(elapsed)" -ge "$hard_deadline" ]; then
        log "$(printf '%-34s skipped: %ss elapsed (KT_BENCH_HARD_DEADLINE)' "$name" "$(elapsed)")"
        return 124
    fi
    # Never run past the hard deadline by more than a minute, whatever the step's own limit.
    local left=$(( hard_deadline + 60 - $(elapsed) ))
    [ "$limit" -gt "$left" ] && limit=$left
    local t0 rc wall
    t0=$(date +%s%N)
    # stdout alone in .log (JSON for `profile --json`), stderr in .err, both kept.
    timeout --kill-after=10 "$limit" "$ktune" "$@" < /dev/null > "$res/logs/$name.log" 2> "$res/logs/$name.err"
    rc=$?
    wall=$(( ($(date +%s%N) - t0) / 1000000 ))
    wall="$((wall / 1000)).$(printf '%03d' $((wall % 1000)))"
    printf '%-34s rc=%-3s %9ss  ktune %s\n' "$name" "$rc" "$wall" "$*" >> "$res/times.txt"
    log "$(printf '%-34s rc=%-3s %9ss' "$name" "$rc" "$wall")"
    [ "$rc" != 0 ] && tail -n 5 "$res/logs/$name.err" "$res/logs/$name.log" | sed 's/^/    /' | tee -a "$summary"
    return $rc
}

log "== gpu-bench $(date -u +%FT%TZ) on $(hostname)"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv > "$res/nvidia-smi.csv" 2>&1
cat "$res/nvidia-smi.csv" >> "$summary"
"$ktune" devices --json > "$res/devices.json" 2>> "$summary"
"$ktune" devices | tee -a "$summary"

# GPU devices as "backend id" lines, CUDA first.
python3 - "$res/devices.json" "$types" <<'PY' > "$res/gpus.txt"
import json, sys
devs = [d for d in json.load(open(sys.argv[1])).get("devices", []) if d.get("type") in sys.argv[2].split()]
for d in sorted(devs, key=lambda d: d.get("backend") != "cuda"):
    print(d.get("backend", "?").lower(), d["id"])
PY
[ -s "$res/gpus.txt" ] || log "no device of type $types found"

while read -r backend id; do
    case " $backends " in *" $backend "*) ;; *) continue ;; esac
    tag="${backend}"
    # Two devices of one backend (several GPUs) get their ids in the name.
    [ "$(grep -c "^$backend " "$res/gpus.txt")" -gt 1 ] && tag="${backend}-${id//[:\/]/_}"
    log "== $id"
    profile="$res/json/profile-$tag.json"
    step "profile-$tag" 120 profile "$id" --json && cp "$res/logs/profile-$tag.log" "$profile" || profile=""
    for family in $families; do
        case $family in
            *transpose) t=$tr_time; ts=$tr_sizes; bs=$tr_sizes; extra=() ;;
            *) t=$tune_time; ts=$(cube "$tune_sizes"); bs=$(cube "$sizes"); extra=(--tensor-cores) ;;
        esac
        limit=$(( $(echo "$t" | tr -dc 0-9) + 120 ))
        tuned=0
        if [ "$(elapsed)" -lt "$soft_deadline" ]; then
            # KT_BENCH_TUNE_ARGS: extra tune options, e.g. --no-isolation (NVIDIA's OpenCL platform is not visible to
            # worker processes spawned by ktune on the GPU machine; see docs/perf/README.md).
            step "tune-$family-$tag" "$limit" tune --device "$id" --family "$family" --strategy "$strategy" \
                --sizes "$ts" --budget-time "$t" --json ${KT_BENCH_TUNE_ARGS:-} && tuned=1
        else
            log "tune-$family-$tag skipped: $(elapsed)s elapsed (KT_BENCH_SOFT_DEADLINE)"
        fi
        json="$res/json/bench-$family-$tag.json"
        bench_args=(bench --device "$id" --family "$family" --sizes "$bs" --runs "$runs" --out "$json" "${extra[@]}")
        [ -n "$profile" ] && bench_args+=(--profile "$profile")
        name="bench-$family-$tag"
        if [ "$tuned" = 1 ] || [[ $family == *transpose ]]; then
            step "$name" 300 "${bench_args[@]}" --best || name=""
        else
            name=""
        fi
        # No stored winner (the tune failed or was skipped): the papers' kernels (GEMM) or a common tile
        # (transpose) still give a comparison, marked by the JSON's "origin".
        if [ -z "$name" ] && [[ $family == *gemm ]]; then
            name="bench-$family-$tag-paper"
            step "$name" 300 "${bench_args[@]}" --paper --top 1 || name=""
        elif [ -z "$name" ]; then
            name="bench-$family-$tag-point"
            step "$name" 300 "${bench_args[@]}" --point "$tr_point" || name=""
        fi
        [ -n "$name" ] && head -40 "$res/logs/$name.log" >> "$summary"
    done
done < "$res/gpus.txt"

log "== report"
python3 tools/perf-report.py "$res/json" --out "$res/perf-report.md" --plots "$res/plots" >> "$summary" 2>&1 ||
    log "perf-report.py failed"
cp "$res/perf-report.md" "$out/perf-report.md" 2>/dev/null
log "total wall $(( $(date +%s) - start_all ))s"
cp "$summary" "$res/"
tar czf "$out/bench-results.tar.gz" -C "$res" .
