#!/usr/bin/env python3
"""The GEMM main loop of an sm_90 cubin without cuobjdump / nvdisasm (machines with ptxas only): the order sketch of
sass_loop.py (runs of DFMA or FFMA as numbers, L = LDS, S = STS, G = LDG, | = BAR, B = BRA) and the loop's instruction mix.

Reads the opcodes from the low 12 bits of each 128-bit instruction of the kernel's .text section. The codes below
were matched on CUDA 13 ptxas output for sm_90 (DG1's loop reads 604 instructions: 512 DFMA, 64 LDS, 4 STS, 4 LDG,
two barriers, as cuobjdump -sass + sass_loop.py on the H100 in run AK); other architectures encode differently.
Branch targets are not decoded: the loop is taken from the first STS (k-blocks that start with the stores, one
shared buffer) or the instruction after the prologue's barrier, skipping a fragment prologue of `frag_loads` LDS,
to the branch after the 512th FMA (past a barrier that follows before the next FMA, and past global loads moved
behind the last FMAs). An approximation for reading
schedules; sass_loop.py on cuobjdump output is the reference.
usage: cubin_loop.py FILE.cubin [--fmas 512] [--frag-loads 0] [--start-at-store]
(FRAGS=1 prologues: 8 LDS in DGEMM with vw 2, 4 in SGEMM with vw 4; PREFETCH=1: --start-at-store)"""
import argparse
import collections
import re
import struct
import subprocess

CODES = {0x22B: "F", 0x223: "F", 0x984: "L", 0x388: "S", 0x981: "G", 0xB1D: "|", 0x947: "B"}


def text_section(path):
    sections = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True, check=True).stdout
    for line in sections.splitlines():
        if "] .text." in line:
            fields = line.split("]")[1].split()
            offset, size = int(fields[3], 16), int(fields[4], 16)
            with open(path, "rb") as f:
                f.seek(offset)
                return f.read(size)
    raise SystemExit(f"{path}: no .text section")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cubin")
    ap.add_argument("--fmas", type=int, default=512, help="FMAs of one k-block (8x8 per work-item, kl 8: 512)")
    ap.add_argument("--frag-loads", type=int, default=0, help="LDS of a fragment prologue before the loop (FRAGS=1: 8)")
    ap.add_argument("--start-at-store", action="store_true", help="the loop starts at the first STS (PREFETCH=1)")
    ap.add_argument("--other", action="store_true", help="also count the loop's other instructions by opcode")
    ap.add_argument("--after-branch", action="store_true",
                    help="start after the first branch from the usual start: loops entered past a trip-count test "
                    "(GEMM_PREFETCH 4-6), whose setup would otherwise be counted")
    a = ap.parse_args()
    t = text_section(a.cubin)
    ops = [struct.unpack_from("<Q", t, i)[0] & 0xFFF for i in range(0, len(t), 16)]
    marks = [CODES.get(o, ".") for o in ops]
    start = marks.index("S") if a.start_at_store else marks.index("|") + 1
    skipped = 0
    while skipped < a.frag_loads:
        skipped += marks[start] == "L"
        start += 1
    fmas, last = 0, None
    for i in range(start, len(marks)):
        if marks[i] == "F":
            fmas += 1
            if fmas == a.fmas:
                last = i
                break
    if last is None:
        raise SystemExit(f"fewer than {a.fmas} FMA after the prologue")
    j = last + 1
    while marks[j] not in "F|":
        j += 1
    end = j if marks[j] == "|" else last
    while marks[end] != "B":
        end += 1
    # Global loads that ptxas moved behind the block's last FMAs (before the back edge) belong to the loop too.
    after = end + 1
    while after < len(marks) and marks[after] not in "FB":
        after += 1
    if after < len(marks) and marks[after] == "B" and "G" in marks[end + 1 : after]:
        end = after
    if a.after_branch:  # the loop head follows a branch that skips the loop (a peeled loop's guard)
        start = marks.index("B", start) + 1
    body = marks[start : end + 1]
    mix = collections.Counter(body)
    print(f"{len(body)} instructions: {mix['F']} FMA, {mix['L']} LDS, {mix['S']} STS, {mix['G']} LDG, "
          f"{mix['|']} BAR, {mix['B']} BRA, {mix['.']} other")
    # As sass_loop.py: other instructions are left out, so DFMAs separated only by them count as one run.
    sketch = re.sub(r"F+", lambda m: str(len(m.group(0))), "".join(m for m in body if m != "."))
    print("order:", sketch)
    if a.other:
        # Opcode names where the low 12 bits are known on sm_90 (reg / immediate / constant-bank forms); others in hex.
        names = {0x210: "IADD3", 0x810: "IADD3", 0xC10: "IADD3", 0x211: "LEA", 0x811: "LEA", 0x20C: "ISETP",
                 0x80C: "ISETP", 0xC0C: "ISETP", 0x212: "LOP3", 0x812: "LOP3", 0x219: "SHF", 0x819: "SHF",
                 0x224: "IMAD", 0x824: "IMAD", 0xC24: "IMAD", 0x225: "IMAD.WIDE", 0x825: "IMAD.WIDE",
                 0xC25: "IMAD.WIDE", 0x202: "MOV", 0x802: "MOV", 0xC02: "MOV", 0x207: "SEL", 0x807: "SEL",
                 0x918: "NOP", 0x235: "IADD.64", 0x835: "IADD.64"}
        other = collections.Counter(names.get(o, f"0x{o:03X}") for o, m in zip(ops[start : end + 1], body) if m == ".")
        print("other:", ", ".join(f"{k} {v}" for k, v in other.most_common()))


if __name__ == "__main__":
    main()
