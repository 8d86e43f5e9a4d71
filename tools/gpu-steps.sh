# Sourced by tools/gpu-blas3-own.sh and gpu-symv-8192.sh (from the repository root, after gpu-script.sh) with $res
# set: a fresh $res holding the store (KT_DB), `log`, and `step LIMIT ARGS…` (one ktune command under a time limit,
# its output without progress lines and a non-zero exit status into $out/log.txt, then $res packed into
# $out/results.tar.gz so that a command stopped at its limit still returns what it measured), and $cuda, the first
# CUDA GPU of `ktune devices`.
rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/store.sqlite
log() { echo "== $* ($(date +%T), +${SECONDS}s)" | tee -a "$out/log.txt"; }
step() {
    local limit=$1 && shift
    log "$*"
    timeout "$limit" "$ktune" "$@" 2>&1 | grep -v '^progress' >> "$out/log.txt"
    local rc=${PIPESTATUS[0]}
    [ "$rc" = 0 ] || log "exit $rc"
    tar czf "$out/results.tar.gz" -C "$res" .
}
"$ktune" devices --json > "$res/devices.json"
cuda=$(gpuDevice cuda "$res/devices.json")
