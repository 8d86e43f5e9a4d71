// Dialect test kernel: exercises every preamble feature; compiled with the preamble on every backend and checked
// against a host computation in dialect_test.cpp. Groups are DLX x DLY work-items (defined by the test).
KT_FUNC float kt_test_square(float x) { return x * x; }

KT_FUNC void kt_test_or_u32(KT_GLOBAL uint* p, uint bits) {
    uint old = *p;
    while (1) {
        uint assumed = old;
        old = kt_atomic_cas_u32(p, assumed, assumed | bits);
        if (old == assumed) break;
    }
}

#if KT_TEST_ATOMICS64
KT_FUNC void kt_test_or_u64(KT_GLOBAL ulong* p, ulong bits) {
    ulong old = *p;
    while (1) {
        ulong assumed = old;
        old = kt_atomic_cas_u64(p, assumed, assumed | bits);
        if (old == assumed) break;
    }
}
#endif

// in/din: width x height values. out: per element 10 * (value mirrored inside its group)^2.
// sums[0]: float atomic sum of in; dsums[0]: double atomic sum of din (when 64-bit atomics); count[0]: items.
// masks32[0]/masks64[0]: OR of 1 << (group % 32/64) via CAS loops; slots32/slots64[group]: exchanged values,
// previous values written to olds32/olds64. vin/vout: float4 arithmetic per work-item; dvout: double4 (with fp64).
KT_KERNEL void dialect_test(const int width, const int height, KT_GLOBAL const float* KT_RESTRICT in,
                            KT_GLOBAL const double* KT_RESTRICT din, KT_GLOBAL float* out, KT_GLOBAL float* sums,
                            KT_GLOBAL double* dsums, KT_GLOBAL int* count, KT_GLOBAL uint* masks32,
                            KT_GLOBAL ulong* masks64, KT_GLOBAL uint* slots32, KT_GLOBAL ulong* slots64,
                            KT_GLOBAL uint* olds32, KT_GLOBAL ulong* olds64, KT_GLOBAL const float4* vin,
                            KT_GLOBAL float4* vout, KT_GLOBAL double* dvout) {
    KT_LOCAL float tile[DLY][DLX];
    KT_LOCAL float partial[DLY * DLX];
    KT_LOCAL double dpartial[DLY * DLX];
    const int x = (int)get_global_id(0);
    const int y = (int)get_global_id(1);
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int lid = ly * (int)get_local_size(0) + lx;
    const uint group = (uint)(get_group_id(1) * get_num_groups(0) + get_group_id(0));
    const int index = y * (int)get_global_size(0) + x;

    const float value = KT_LDG(&in[index]);
    tile[ly][lx] = value;
    partial[lid] = value;
    dpartial[lid] = din[index];
    KT_BARRIER();

    const float mirrored = tile[DLY - 1 - ly][DLX - 1 - lx];
    float acc = 0.0f;
    KT_UNROLL
    for (int i = 1; i <= 4; ++i) acc += (float)i * kt_test_square(mirrored);
    out[index] = acc;

    for (int stride = DLX * DLY / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            partial[lid] += partial[lid + stride];
            dpartial[lid] += dpartial[lid + stride];
        }
        KT_BARRIER();
    }
    kt_atomic_add_i32(count, 1);
    if (lid == 0) {
        kt_atomic_add_f32(sums, partial[0]);
        kt_test_or_u32(masks32, 1u << (group % 32u));
        olds32[group] = kt_atomic_xchg_u32(&slots32[group], group * 3u + 1u);
#if KT_TEST_ATOMICS64
        kt_atomic_add_f64(dsums, dpartial[0]);
        kt_test_or_u64(masks64, ((ulong)1) << (group % 64u));
        olds64[group] = kt_atomic_xchg_u64(&slots64[group], ((ulong)group << 40) + 5u);
#endif
    }

    const float4 a = vin[index];
    const float4 b = kt_float4(a.w, a.z, a.y, a.x);
    float4 r = a * b + 2.0f * a - b;
    r += kt_float4(1.0f, 2.0f, 3.0f, 4.0f);
    vout[index] = r;

#if KT_TEST_FP64
    const double d = din[index];
    double4 dv = kt_double4(d, 1.0, -d, 0.5) * 2.0 + kt_double4(0.25, d, d, 1.0) * kt_double4(4.0, 1.0, 2.0, d);
    dv -= kt_double4(1.0, 1.0, 1.0, 1.0);
    dvout[index] = dv.x + dv.y + dv.z + dv.w;
#endif
}
