// Restores an output from its saved inputs before a timed run of a tuning plan (untimed): dst[i] = src[i]. Families
// whose timed kernels read and overwrite an operand (C with beta != 0) add it as a reset launch (restore.hpp).
KT_KERNEL void kt_restore(const int count, const KT_GLOBAL real* KT_RESTRICT src, KT_GLOBAL real* KT_RESTRICT dst) {
    const int i = (int)get_global_id(0);
    if (i < count) dst[i] = src[i];
}
