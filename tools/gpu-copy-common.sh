# Sourced by tools/gpu-copy-vw.sh and gpu-copy-vw2.sh (from the repository root, after gpu-script.sh) with $res set:
# the store in $res, log/pack/step for ktune steps under a time limit, `fractions` (GB/s of a bench JSON's rows as a
# fraction of the profile's copy bandwidth), `shape` (a copy point key), and $cuda (KT_COPY_DEVICE: another device,
# e.g. PoCL for a dry run with small sizes) after the device line at the head of the log.
rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/copy.sqlite
start=$SECONDS
log() { echo "== $* (+$((SECONDS - start)) s)" | tee -a "$out/log.txt"; }
pack() { tar czf "$out/results.tar.gz.tmp" -C "$res" . && mv "$out/results.tar.gz.tmp" "$out/results.tar.gz"; }
step() { # $1 time limit (s), $2 output file, the rest: ktune's arguments
    local limit=$1 file=$2; shift 2
    log "ktune $*"
    timeout "$limit" "$ktune" "$@" > "$file" 2>&1 || log "exit $? from: $*"
    cat "$file" >> "$out/log.txt"
    pack
}
fractions() { # a bench JSON, the profile JSON
    python3 - "$1" "$2" << 'PY' | tee -a "$out/log.txt"
import json, sys
b = json.load(open(sys.argv[1]))
bw = json.load(open(sys.argv[2]))["device"]["profile"]["copy_bandwidth_gbs"]
for r in b["rows"]:
    gbs = r.get("ours_gbs") or 0
    size = "x".join(str(d) for d in r["size"])
    print(f"{b['family']:13} {size:>5} {gbs:8.0f} GB/s  {gbs / bw:5.3f} of {bw:.0f}  {r['candidate']}")
PY
}
shape() { # mwg nwg mwi mud vw [nwi nud] (nwi, nud default 1)
    echo "COPY_MWG=$1,COPY_NWG=$2,COPY_MWI=$3,COPY_NWI=${6:-1},COPY_MUD=$4,COPY_NUD=${7:-1},COPY_VW=$5"
}
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader >> "$out/log.txt" 2>&1
"$ktune" devices --json > "$res/devices.json"
cuda=${KT_COPY_DEVICE:-$(gpuDevice cuda "$res/devices.json")}
log "cuda $cuda"
