#!/usr/bin/env python3
"""Tables and a plot of tools/batched-gpu.sh results (docs/perf/batched.md): per size, ours (the dispatch table's
choice = the best seed design measured on CUDA), cuBLAS, ours on OpenCL and CLBlast, as GFlop/s and as fractions
of the bandwidth bound 2mnk / ((mk + kn + 2mn) * element) * B, B the copy bandwidth `ktune profile` measured.
usage: batched-report.py RESULTS_DIR OUT_DIR   (writes OUT_DIR/batched-{d,s}.dat, batched-tables.md, batched.png)"""
import glob
import json
import os
import subprocess
import sys


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def bound(size, element, bandwidth):
    m, n, k = size[:3]
    return 2.0 * m * n * k / ((m * k + k * n + 2 * m * n) * element) * bandwidth


def main():
    res, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    prof = load(os.path.join(res, "profile-cuda.json"))
    bw = prof["device"]["profile"]["copy_bandwidth_gbs"]
    device = prof["device"].get("name", "GPU").replace("NVIDIA ", "").replace(" 80GB HBM3", "")
    lines = ["Copy bandwidth B = %.0f GB/s (ktune profile, CUDA device).\n" % bw]
    for p, element, label in (("d", 8, "double"), ("s", 4, "single")):
        rows = {}  # n -> dict
        for path in glob.glob(os.path.join(res, "sweep-%s-*.json" % p)):
            doc = load(path)
            if not doc:
                continue
            for r in doc["rows"]:
                n = r["size"][0]
                e = rows.setdefault(n, {"size": r["size"]})
                if r.get("peer_gflops") is not None:
                    e["cublas"] = r["peer_gflops"]
                v = r.get("ours_gflops")
                if v is not None and v > e.get("ours", 0):
                    e["ours"], e["cand"] = v, r["candidate"]
        # The table's choice beside cuBLAS strided at sizes that had no sweep in this run (`blocked` stage).
        small = load(os.path.join(res, "small-cuda-%s.json" % p))
        for r in (small or {}).get("rows", []):
            s = r["size"]
            if s[0] == s[1] == s[2] and s[0] not in rows and r.get("ours_gflops") is not None:
                rows[s[0]] = {"size": s, "ours": r["ours_gflops"], "cublas": r.get("peer_gflops"),
                              "cand": r["candidate"]}
        ocl = load(os.path.join(res, "table-opencl-%s.json" % p))
        rect = []
        if ocl:
            for r in ocl["rows"]:
                s = r["size"]
                if s[0] == s[1] == s[2]:
                    e = rows.setdefault(s[0], {"size": s})
                    e["ocl"], e["clblast"] = r.get("ours_gflops"), r.get("peer_gflops")
                    e.setdefault("ocl_size", s)
                else:
                    rect.append(("OpenCL", r))
        rc = load(os.path.join(res, "rect-cuda-%s.json" % p))
        if rc:
            rect += [("CUDA", r) for r in rc["rows"]]
        with open(os.path.join(out, "batched-%s.dat" % p), "w") as f:
            f.write("# n bound ours_cuda cublas ours_opencl clblast (GFlop/s; ? = not measured)\n")
            for n in sorted(rows):
                e = rows[n]
                vals = [bound(e["size"], element, bw), e.get("ours"), e.get("cublas"), e.get("ocl"), e.get("clblast")]
                f.write("%d %s\n" % (n, " ".join("?" if v is None else "%.2f" % v for v in vals)))
        lines.append("\n### %s precision, square n (strided, beta = 1)\n" % label.capitalize())
        lines.append("| n | batch | bound GF/s | ours CUDA | of bound | cuBLAS | of bound | ours OpenCL | CLBlast | ours/cuBLAS | "
                     "ours/CLBlast (OpenCL) | table's design |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
        fmt = lambda v: "–" if v is None else "%.1f" % v
        frac = lambda v, b: "–" if v is None else "%.0f%%" % (100 * v / b)
        ratio = lambda a, b: "–" if a is None or not b else "%.1f" % (a / b)
        for n in sorted(rows):
            e = rows[n]
            b = bound(e["size"], element, bw)
            cand = e.get("cand", "").replace("BATCHED_", "").replace("DESIGN=0", "roc").replace("DESIGN=1", "shared")
            cand = cand.replace(",REG=0", "").replace(",PAD=0", "").replace(",VEC=0", "").replace(",SEQ=1", "")
            cand = cand.replace(",MINB=0", "").replace(",LDV=1", "")
            lines.append("| %d | %d | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, e["size"][3], b, fmt(e.get("ours")), frac(e.get("ours"), b), fmt(e.get("cublas")),
                frac(e.get("cublas"), b), fmt(e.get("ocl")), fmt(e.get("clblast")), ratio(e.get("ours"), e.get("cublas")),
                ratio(e.get("ocl"), e.get("clblast")), cand))
        if rect:
            lines.append("\n%s precision, rectangular (the table's nearest square entry):\n" % label.capitalize())
            lines.append("| backend | m x n x k x batch | bound | ours | of bound | peer | ours/peer |")
            lines.append("|---|---|---|---|---|---|---|")
            for backend, r in rect:
                b = bound(r["size"], element, bw)
                lines.append("| %s | %s | %.0f | %s | %s | %s | %s |" % (
                    backend, "x".join(map(str, r["size"])), b, fmt(r.get("ours_gflops")), frac(r.get("ours_gflops"), b),
                    fmt(r.get("peer_gflops")), ratio(r.get("ours_gflops"), r.get("peer_gflops"))))
        # one file, or one per group of sizes (ptr-cuda-d-1.json, -2 ...: KT_PTR_SIZES with '|')
        ptr = {"rows": [r for path in sorted(glob.glob(os.path.join(res, "ptr-cuda-%s*.json" % p)))
                        for r in (load(path) or {}).get("rows", [])]}
        if ptr["rows"]:
            lines.append("\n%s precision, pointer arrays (gemm_batched, problems in a scrambled order) vs "
                         "cuBLAS gemmBatched:\n" % label.capitalize())
            lines.append("| n | ours | of bound | cuBLAS | of bound | ours/cuBLAS |")
            lines.append("|---|---|---|---|---|---|")
            for r in ptr["rows"]:
                b = bound(r["size"], element, bw)
                lines.append("| %d | %s | %s | %s | %s | %s |" % (
                    r["size"][0], fmt(r.get("ours_gflops")), frac(r.get("ours_gflops"), b),
                    fmt(r.get("peer_gflops")), frac(r.get("peer_gflops"), b),
                    ratio(r.get("ours_gflops"), r.get("peer_gflops"))))
        for backend in ("cuda", "opencl"):
            v = load(os.path.join(res, "verify-%s-%s.json" % (backend, p)))
            if v:
                ok = sum(1 for r in v["rows"] if r.get("verified") is True)
                lines.append("\nVerified against OpenBLAS on %s: %d of %d (size, variant) rows." % (backend, ok, len(v["rows"])))
    open(os.path.join(out, "batched-tables.md"), "w").write("\n".join(lines) + "\n")
    plot = """set terminal pngcairo size 1200,500 font ',10'
set output '{out}/batched.png'
set multiplot layout 1,2
set xlabel 'n (square m = n = k)'
set ylabel 'GFlop/s'
set key top left
set grid
set xrange [0:33]
do for [p in 'd s'] {{
  set title (p eq 'd' ? 'DGEMM' : 'SGEMM').' batched, {device}, {gb} of operands per call'
  f = '{out}/batched-'.p.'.dat'
  plot f u 1:2 w l lw 2 lc rgb 'black' t 'bound n·B/'.(p eq 'd' ? '16' : '8'), \\
       f u 1:3 w lp pt 7 lc rgb '#d62728' t 'ours (CUDA, table)', \\
       f u 1:5 w lp pt 5 lc rgb '#ff7f0e' t 'ours (OpenCL, table)', \\
       f u 1:4 w lp pt 9 lc rgb '#1f77b4' t 'cuBLAS strided', \\
       f u 1:6 w lp pt 11 lc rgb '#2ca02c' t 'CLBlast strided'
}}
unset multiplot
""".format(out=out, gb=os.environ.get("KT_OPERANDS", "~3 GB"), device=device)
    open(os.path.join(out, "batched.gp"), "w").write(plot)
    subprocess.run(["gnuplot", os.path.join(out, "batched.gp")], check=False)


if __name__ == "__main__":
    main()
