# Draws ../blas3-tc.png from tc-ratios.dat: run from docs/perf (gnuplot h100-2026-11-24-blas3/tc-ratios.gp).
set terminal pngcairo size 900,450 font ",10"
set output "blas3-tc.png"
set datafile missing "?"
set title "H100 2026-11-24: double BLAS3 routines / cuBLAS (pedantic), SIMT TN kernel (run A) vs tensor-core TN kernel (run P)"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "ours GFlop/s / cuBLAS GFlop/s"
set yrange [0:1.8]
set grid ytics
set xtics rotate by -30
set key top left
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "gray"
plot "h100-2026-11-24-blas3/tc-ratios.dat" using 2:xtic(1) title "SIMT D1, n=4096 (A)" lc rgb "#9ecae1", \
     "" using 3 title "tensor cores D6, n=4096 (P)" lc rgb "#3182bd", \
     "" using 4 title "SIMT D1, n=8192 (A)" lc rgb "#fdae6b", \
     "" using 5 title "tensor cores D6, n=8192 (P)" lc rgb "#e6550d"
