// Device-profile FMA kernel: PROFILE_CHAINS independent FMA chains per work-item (enough ILP to hide FMA latency),
// PROFILE_INNER unrolled steps per loop trip. Values converge to 1 (a*b + c with b + c = 1), so no inf/denormals.
// Each work-item stores one value so the compiler cannot drop the chains. Type `real` from KT_DOUBLE.
KT_KERNEL void kt_profile_fma(KT_GLOBAL real* out, const real seed, const int iterations) {
    const real b = (real)0.999;
    const real c = (real)0.001;
    real a[PROFILE_CHAINS];
    KT_UNROLL
    for (int k = 0; k < PROFILE_CHAINS; ++k) a[k] = seed + (real)k * (real)0.01 + (real)get_global_id(0) * (real)1e-7;
    for (int it = 0; it < iterations; ++it) {
        KT_UNROLL
        for (int s = 0; s < PROFILE_INNER; ++s) {
            KT_UNROLL
            for (int k = 0; k < PROFILE_CHAINS; ++k) a[k] = kt_fma(a[k], b, c);
        }
    }
    real sum = (real)0;
    KT_UNROLL
    for (int k = 0; k < PROFILE_CHAINS; ++k) sum += a[k];
    out[get_global_id(0)] = sum;
}
