# Sourced by the SIMT GPU scripts (tools/gpu-simt7.sh, gpu-simt8.sh) from the repository root with $kt_script set:
# the output and scratch folders, the carried build (.carry/build-gpu), `log` (to $OUT/summary.txt) and `elapsed`,
# sass_loops, which writes the SASS main loop and ptxas's registers/spills of every named point in
# $res/points.txt ("NAME POINT" lines; names starting with S are sgemm) to $loops (CPU only), start_sass_loops, gpu_test
# and finish.
out=${OUT:-/tmp/kt-out}
res=/tmp/kt-$kt_script
rm -rf "$res" && mkdir -p "$res/sass" "$out"
if [ -d .carry/build-gpu ] && [ ! -e build-gpu ]; then ln -s "$PWD/.carry/build-gpu" build-gpu; fi
if [ ! -e /work/main ]; then mkdir -p /work && ln -s "$PWD" /work/main; fi # paths compiled into the tests
build=${KT_GPU_BUILD:-build-gpu}
ktune="$PWD/$build/app/cli/ktune"
summary="$out/summary.txt"
: > "$summary"
log() { echo "$*" | tee -a "$summary"; }
start=$SECONDS
elapsed() { echo $((SECONDS - start)); }
if [ ! -x "$ktune" ]; then
    log "gpu-$kt_script: $ktune missing: build build-gpu and run tools/pack-gpu.sh"
    exit 1
fi
. tools/gpu-env.sh
export KT_DB="$res/ktune.sqlite"

sass_loops() {
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
    : > "$loops"
    while read -r name point; do
        family=dgemm
        [ "${name:0:1}" = S ] && family=sgemm
        src="$res/sass/$name.cu"
        "$ktune" source --family $family --point "$point" --output "$src" || { echo "$name: no source" >> "$loops"; continue; }
        defs=$("$ktune" source --family $family --point "$point" --options | tr '\n' ' ')
        # shellcheck disable=SC2086
        timeout 60 "$nvcc" -x cu -arch=sm_90 -cubin -std=c++17 -Xptxas -v $defs "$src" -o "$res/sass/$name.cubin" \
            > "$res/sass/$name.ptxas.txt" 2>&1
        "$cuobjdump" -sass "$res/sass/$name.cubin" > "$res/sass/$name.sass" 2>&1
        {
            echo "== $name $(grep -hoE 'Used [0-9]+ registers|[0-9]+ bytes spill (stores|loads)' "$res/sass/$name.ptxas.txt" | paste -sd, -)"
            python3 tools/probes/sass_loop.py "$res/sass/$name.sass" 2>&1
        } >> "$loops"
    done < "$res/points.txt"
    echo "sass done at $(elapsed) s" >> "$loops"
}

# The end of a run: the SASS step (started in the background as $sass_pid) normally ends long before the benches;
# past $1 s more it is stopped with its own children. Then everything of $res in $OUT/results.tar.gz, and the
# summary, benches and loops printed.
finish() {
    for _ in $(seq "$1"); do kill -0 "$sass_pid" 2>/dev/null || break; sleep 1; done
    if kill -0 "$sass_pid" 2>/dev/null; then
        pkill -P "$sass_pid"
        kill "$sass_pid"
        log "sass stopped unfinished"
    fi
    wait "$sass_pid" 2>/dev/null
    log "sass $(elapsed) s"
    cp "$res/points.txt" "$out/points.txt"
    tar czf "$out/results.tar.gz" -C "$res" . 2>/dev/null
    cat "$summary" "$out"/bench-*.txt "$loops" 2>/dev/null | cut -c1-300
}

# sass_loops in the background ($sass_pid), into $out/sass-loops.txt.
start_sass_loops() {
    loops="$out/sass-loops.txt"
    sass_loops > "$res/sass.log" 2>&1 &
    sass_pid=$!
}

# A GPU test of the carried build against OpenBLAS: gpu_test DIR/NAME GTEST_FILTER SECONDS; its result line (and the
# first failures) in the summary.
gpu_test() {
    local test="$build/tests/kernels/$1" name=${1#*/}
    if [ ! -x "$test" ]; then log "$name missing in $build"; return; fi
    timeout "$3" "$test" --gtest_filter="$2" > "$res/$name.txt" 2>&1
    log "$name rc $? ($(grep -E '^\[  (PASSED|FAILED) ' "$res/$name.txt" | tr '\n' ' ')) $(elapsed) s"
    grep -E '^\[  FAILED  \]' "$res/$name.txt" | head -5 | tee -a "$summary"
}
