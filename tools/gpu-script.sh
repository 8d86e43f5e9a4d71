# Sourced first, from the repository root, by the short GPU-machine scripts (tools/gpu-simt-tune.sh,
# gpu-simt-profile.sh, gpu-simt-waves.sh, gpu-batched-single.sh, gpu-batched-neighbours.sh, gpu-batched-async.sh):
# $out (= $OUT, made), the carried libraries and NVIDIA's OpenCL driver (gpu-env.sh), the named points and gpuDevice
# (gpu-points.sh), $ktune (KT_KTUNE, or the ktune of the carried build from tools/pack-gpu.sh), and the set-up steps
# below that several of them share.
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
source tools/gpu-points.sh
ktune=${KT_KTUNE:-.carry/build-gpu/app/cli/ktune}

# scriptRun DIR: a fresh DIR as $res, its store as KT_DB (so the script's runs never mix with another's), $log
# ($out/log.txt, emptied) and `say LINE` (the line, timed, into $log).
scriptRun() {
    res=$1 && rm -rf "$res" && mkdir -p "$res"
    export KT_DB=$res/store.sqlite
    log=$out/log.txt
    : > "$log"
}
say() { echo "$(date +%T) [${SECONDS}s] $*" >> "$log"; }

# openDevice [local]: `ktune devices --json` into $res/devices.json and $dev: KT_DEVICE, else the first CUDA GPU, or
# with `local` (a dry run here) the first OpenCL device, PoCL on this machine; without one the script ends, said in
# $log. Then `ktune profile` of $dev into $res/profile.json (its bandwidth is what the reports' bounds use).
openDevice() {
    "$ktune" devices --json > "$res/devices.json" 2>> "$log"
    local kind="CUDA GPU"
    if [ "${1:-}" = local ]; then
        kind="OpenCL device"
        dev=${KT_DEVICE:-$(python3 -c "import json, sys; print(next((d['id'] for d in json.load(open(sys.argv[1]))['devices']
                                                       if d['id'].startswith('opencl:')), ''))" "$res/devices.json")}
    else
        dev=${KT_DEVICE:-$(gpuDevice cuda "$res/devices.json")}
    fi
    [ -n "$dev" ] || { say "no $kind (set KT_DEVICE)"; exit 1; }
    timeout 60 "$ktune" profile "$dev" --json > "$res/profile.json" 2>> "$log"
    say "device $dev; profile rc $?"
}
