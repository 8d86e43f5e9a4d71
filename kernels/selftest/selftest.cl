// Self-test kernel of the fault matrix: SELFTEST_MODE 0 correct (y = 2x), 1 wrong, 2 compile error (line 8, which
// tests check), 3 hang (the watchdog kills the worker), 4 crash (wild pointer), 5 NaN, 6 Inf, 7 one write past the
// end of y (a guard region catches it), 8 too much local memory, 9 too much device memory (asked by the host).

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
#if SELFTEST_MODE == 8
    // 1 GiB of local memory: refused by the compiler or at launch on every device.
    KT_LOCAL float huge[1 << 28];
    huge[i & ((1 << 28) - 1)] = x[0];
    KT_BARRIER();
    if (i < n) y[i] = huge[(i + 1) & ((1 << 28) - 1)];
    return;
#endif
#if SELFTEST_MODE == 7
    if (i == 0) y[n] = 0.0f; // one past the end: inside the guard region the host placed after y
#endif
    float v = 2.0f * x[i < n ? i : 0];
#if SELFTEST_MODE == 1
    if (i == n / 2) v += 1.0f;
#endif
#if SELFTEST_MODE == 5
    if (i == n / 2) v = (v - v) / (v - v); // 0/0 (no NAN macro in every dialect)
#endif
#if SELFTEST_MODE == 6
    if (i == n / 2) v = 1.0f / (v - v); // 1/+0
#endif
    if (i < n) y[i] = v;
}
