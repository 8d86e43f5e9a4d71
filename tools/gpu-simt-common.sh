# Sourced by the SIMT GPU scripts (tools/gpu-simt7.sh, gpu-simt8.sh) from the repository root with $kt_script set:
# the output and scratch folders, the carried build (.carry/build-gpu), `log` (to $OUT/summary.txt) and `elapsed`,
# and sass_loops, which writes the SASS main loop and ptxas's registers/spills of every named point in
# $res/points.txt ("NAME POINT" lines; names starting with S are sgemm) to $loops (CPU only).
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
