# Sourced by the GPU SIMT scripts (tools/gpu-simt7.sh, gpu-simt8.sh) from the repository root: sass_loops writes the
# SASS main loop of every named point in $res/points.txt ("NAME POINT" lines; names starting with S are sgemm) and
# ptxas's registers and spills to $loops. Expects $ktune, $res, $loops and an `elapsed` function. CPU only.
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
