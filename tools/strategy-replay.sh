#!/usr/bin/env bash
# Replays a store measured on a GPU (exhaustive run) through the simulated backend and asks how close each strategy
# gets to the exhaustive best for a given evaluation budget, over several seeds. No device needed.
# usage: tools/strategy-replay.sh STORE.sqlite DEVICE-ID FAMILY SIZES "budgets" "strategies" SEEDS
set -euo pipefail
store=$1 device=$2 family=$3 sizes=$4 budgets=$5 strategies=$6 seeds=${7:-5}
ktune=${KTUNE:-$(dirname "$0")/../build/app/cli/ktune}
work=$(mktemp -d)
cp "$store" "$work/r.sqlite"
best=$("$ktune" tune --db "$work/r.sqlite" --device "simulated:$device" --family "$family" --strategy exhaustive \
       --sizes "$sizes" 2>/dev/null | awk '/^  1\. /{print $2; exit}')
echo "exhaustive best (mean over $sizes): $best"
printf "%-10s %7s %8s %10s %10s\n" strategy budget seeds "mean %" "within 3%"
for s in $strategies; do
    for b in $budgets; do
        sum=0; hit=0
        for seed in $(seq 1 "$seeds"); do
            cp "$store" "$work/r.sqlite"; rm -f "$work/r.sqlite-wal" "$work/r.sqlite-shm"
            v=$("$ktune" tune --db "$work/r.sqlite" --device "simulated:$device" --family "$family" --strategy "$s" \
                 --sizes "$sizes" --budget-evals "$b" --seed "$seed" 2>/dev/null | awk '/^  1\. /{print $2; exit}')
            pct=$(awk -v v="${v:-0}" -v b="$best" 'BEGIN{printf "%.2f", 100*v/b}')
            sum=$(awk -v a="$sum" -v p="$pct" 'BEGIN{print a+p}')
            hit=$(awk -v h="$hit" -v p="$pct" 'BEGIN{print h + (p >= 97 ? 1 : 0)}')
        done
        printf "%-10s %7s %8s %10.2f %7s/%s\n" "$s" "$b" "$seeds" "$(awk -v a="$sum" -v n="$seeds" 'BEGIN{print a/n}')" "$hit" "$seeds"
    done
done
rm -rf "$work"
