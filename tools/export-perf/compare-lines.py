#!/usr/bin/env python3
"""Compares two outputs of blas_app (plain and under LD_PRELOAD) number by number: prints one line with the count of
lines, whether every line holds as many numbers in both, and the worst difference relative to 1 + |plain value|."""
import sys


def rows(path):
    out = []
    for line in open(path):
        vals = []
        for w in line.split():
            try:
                vals.append(float(w))
            except ValueError:
                pass
        out.append(vals)
    return out


a, b = rows(sys.argv[1]), rows(sys.argv[2])
worst = max((abs(x - y) / (1 + abs(x)) for ra, rb in zip(a, b) for x, y in zip(ra, rb)), default=0)
same = len(a) == len(b) and all(len(ra) == len(rb) for ra, rb in zip(a, b))
print(f"drop-in vs OpenBLAS: {len(a)} lines, shapes equal {same}, worst relative difference {worst:.3g}")
