#!/usr/bin/env python3
"""The longest loop of a cuobjdump -sass listing (the GEMM main loop): its instruction mix, and a sketch of its
order with runs of DFMA/FFMA as numbers, L = shared load, S = shared store, G = global load, | = barrier.
usage: sass_loop.py FILE.sass [FUNCTION_INDEX]  (cuobjdump -sass output; the index picks one of several kernels)"""
import collections
import re
import sys

INS = re.compile(r"\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)([^;]*);")


def instructions(path, function):
    ins, index = [], -1
    for line in open(path):
        if "Function :" in line:
            index += 1
        m = INS.match(line)
        if m and index == function:
            ins.append((int(m.group(1), 16), m.group(3), m.group(4)))
    return ins


def longest_loop(ins):
    best = None
    for addr, op, args in ins:
        target = re.search(r"0x([0-9a-f]+)", args) if op.startswith("BRA") else None
        if target and int(target.group(1), 16) < addr:
            lo = int(target.group(1), 16)
            if best is None or addr - lo > best[1] - best[0]:
                best = (lo, addr)
    return [i for i in ins if best and best[0] <= i[0] <= best[1]]


def sketch(body):
    marks = {"DFMA": "f", "FFMA": "f", "LDS": "L", "STS": "S", "LDG": "G", "BAR": "|"}
    s = "".join(marks.get(op.split(".")[0], "") for _, op, _ in body)
    return re.sub(r"f+", lambda m: str(len(m.group(0))), s)


if __name__ == "__main__":
    body = longest_loop(instructions(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0))
    mix = collections.Counter(op.split(".")[0] for _, op, _ in body)
    print(f"{len(body)} instructions:", ", ".join(f"{n} {op}" for op, n in mix.most_common(10)))
    print("order:", sketch(body))
