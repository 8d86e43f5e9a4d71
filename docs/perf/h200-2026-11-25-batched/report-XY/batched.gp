set terminal pngcairo size 1200,500 font ',10'
set output 'docs/perf/h200-2026-11-25-batched/report-XY/batched.png'
set multiplot layout 1,2
set xlabel 'n (square m = n = k)'
set ylabel 'GFlop/s'
set key top left
set grid
set xrange [0:33]
do for [p in 'd s'] {
  set title (p eq 'd' ? 'DGEMM' : 'SGEMM').' batched, H200, 1 GB of operands per call'
  f = 'docs/perf/h200-2026-11-25-batched/report-XY/batched-'.p.'.dat'
  plot f u 1:2 w l lw 2 lc rgb 'black' t 'bound n·B/'.(p eq 'd' ? '16' : '8'), \
       f u 1:3 w lp pt 7 lc rgb '#d62728' t 'ours (CUDA, table)', \
       f u 1:5 w lp pt 5 lc rgb '#ff7f0e' t 'ours (OpenCL, table)', \
       f u 1:4 w lp pt 9 lc rgb '#1f77b4' t 'cuBLAS strided', \
       f u 1:6 w lp pt 11 lc rgb '#2ca02c' t 'CLBlast strided'
}
unset multiplot
