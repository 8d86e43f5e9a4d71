// Split-K reduction (TN kernels with GEMM_KSPLIT > 1): C[i, j] <- sum over z of W[z][i][j] + beta * C[i, j] for
// i < mC, j < nC. W holds `slices` row-major mC x nC slices with alpha already applied by the TN kernel; C is
// row-major with stride ldc; beta == 0 never reads C (it may hold NaN). The slices are added in order z = 0, 1, …,
// so results are deterministic. C starts at element offC of its buffer. Type `real` from KT_DOUBLE; dimension 0 runs along n.
KT_KERNEL void gemm_splitk_reduce(const int slices, const int mC, const int nC, const real beta,
                                  const KT_GLOBAL real* KT_RESTRICT W, KT_GLOBAL real* KT_RESTRICT C, const int offC,
                                  const int ldc) {
    const int j = (int)get_global_id(0);
    const int i = (int)get_global_id(1);
    if (i >= mC || j >= nC) return;
    const size_t slice = (size_t)mC * nC;
    const size_t w = (size_t)i * nC + j;
    real sum = W[w];
    for (int z = 1; z < slices; ++z) sum += W[w + (size_t)z * slice];
    const size_t o = (size_t)offC + (size_t)i * ldc + j;
    C[o] = beta == (real)0 ? sum : sum + beta * C[o];
}
