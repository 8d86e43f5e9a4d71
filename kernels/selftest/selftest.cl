// Self-test kernel for the engine's reliability tests: each SELFTEST_MODE misbehaves in one way.
// 0 correct (y = 2x), 1 wrong result, 2 compile error, 3 hang (spins until the watchdog kills the worker),
// 4 crash (writes through a wild pointer; kills the worker on CPU devices, faults the context on GPUs).

KT_KERNEL void selftest(KT_GLOBAL const float* x, KT_GLOBAL float* y, const int n, const int spin) {
    const int i = (int)get_global_id(0);
#if SELFTEST_MODE == 2
    this is not valid kernel code;
#endif
#if SELFTEST_MODE == 3
    // `spin` is 1 at run time; the compiler cannot prove the loop finite.
    volatile int s = spin;
    while (s) { s = spin; }
#endif
#if SELFTEST_MODE == 4
    if (i == 0) { KT_GLOBAL float* wild = (KT_GLOBAL float*)(ulong)16; wild[0] = 1.0f; }
#endif
    if (i < n) y[i] = (SELFTEST_MODE == 1 && i == n / 2) ? 2.0f * x[i] + 1.0f : 2.0f * x[i];
}
