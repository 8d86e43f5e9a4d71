// Device-profile copy kernel: 16-byte loads, PROFILE_UNROLL independent loads in flight per work-item, grid-stride.
// n counts float4 elements. The loads of one round are all issued before any store, so each work-item keeps
// PROFILE_UNROLL memory requests outstanding, which is what saturates HBM.
KT_KERNEL void kt_profile_copy(KT_GLOBAL const float4* KT_RESTRICT src, KT_GLOBAL float4* KT_RESTRICT dst, const uint n) {
    const uint stride = (uint)get_global_size(0);
    uint i = (uint)get_global_id(0);
    for (; i + (PROFILE_UNROLL - 1) * stride < n; i += PROFILE_UNROLL * stride) {
        float4 v[PROFILE_UNROLL];
        KT_UNROLL
        for (int u = 0; u < PROFILE_UNROLL; ++u) v[u] = src[i + u * stride];
        KT_UNROLL
        for (int u = 0; u < PROFILE_UNROLL; ++u) dst[i + u * stride] = v[u];
    }
    for (; i < n; i += stride) dst[i] = src[i];
}
