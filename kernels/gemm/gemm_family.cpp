// sgemm/dgemm families: space (with device constraints), sizes, generation, and the candidate run that times the
// TN kernel on pre-laid-out operands (as the papers tune) and verifies it against OpenBLAS.
#include "kernels/gemm/gemm_family.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "core/engine/plan_data.hpp"
#include "core/model/paper_sizes.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/common/bounded_compare.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::gemm {
namespace {

// The last reference result, shared by all candidates measured on the same inputs (the inputs depend only on
// size, seed and precision, not on the candidate), so a tuning run computes each reference once.
struct ReferenceCache {
    std::mutex mutex;
    std::int64_t m = -1, n = -1, k = -1;
    std::uint64_t seed = 0;
    Precision precision = Precision::F32;
    double alpha = 0, beta = 0;
    std::shared_ptr<const void> data; // std::vector<T>
};
ReferenceCache& referenceCache() {
    static ReferenceCache cache;
    return cache;
}

// C = alpha A^T B + beta C0 of a tuning plan run (A k x m, B k x n, C0 m x n), against OpenBLAS.
template <class T> VerifyResult verifyTn(const PlanData& data) {
    const std::int64_t m = data.value("m"), n = data.value("n"), k = data.value("k");
    const double alpha = data.scalar("alpha"), beta = data.scalar("beta");
    const auto& a = data.input<T>("A");
    const auto& b = data.input<T>("B");
    const auto& c0 = data.input<T>("C0");
    std::shared_ptr<const std::vector<T>> ref;
    {
        auto& cache = referenceCache();
        const Precision prec = sizeof(T) == 8 ? Precision::F64 : Precision::F32;
        std::lock_guard lock(cache.mutex);
        if (cache.data && cache.m == m && cache.n == n && cache.k == k && cache.seed == data.seed &&
            cache.precision == prec && cache.alpha == alpha && cache.beta == beta) {
            ref = std::static_pointer_cast<const std::vector<T>>(cache.data);
        } else {
            auto c = std::make_shared<std::vector<T>>(c0);
            reference::gemm(blas::Order::RowMajor, blas::Op::T, blas::Op::N, m, n, k, T(alpha), a.data(), m,
                            b.data(), n, T(beta), c->data(), n);
            cache.m = m, cache.n = n, cache.k = k, cache.seed = data.seed, cache.precision = prec;
            cache.alpha = alpha, cache.beta = beta, cache.data = c;
            ref = c;
        }
    }
    // |a|, |b| <= 1: |alpha| k + |beta| |c| bounds every term sum the rounding error scales with.
    std::vector<T> bound(c0.size());
    for (std::size_t i = 0; i < bound.size(); ++i)
        bound[i] = T(std::fabs(alpha) * double(k) + std::fabs(beta) * std::fabs(double(c0[i])));
    return kernels::compareBounded(data.output<T>("C"), *ref, bound, m, n, n, k);
}

struct ParamSpec {
    const char* name;
    std::vector<ParamValue> paper;
    std::vector<ParamValue> extended; // the paper's values plus other valid multiples
    const char* description;
    std::optional<ParamValue> absent = std::nullopt; // what stored keys from before the parameter existed mean
};

const std::vector<ParamSpec>& paramSpecs() {
    static const std::vector<ParamSpec> specs = {
        {"GEMM_ML", {8, 16, 32, 64, 128, 256}, {8, 16, 32, 48, 64, 96, 128, 256}, "m_l: rows of C per work-group"},
        {"GEMM_NL", {8, 16, 32, 64, 128, 256}, {8, 16, 32, 48, 64, 96, 128, 256}, "n_l: columns of C per work-group"},
        {"GEMM_KL", {2, 4, 8, 16, 32, 64, 128, 256}, {2, 4, 8, 16, 32, 64, 128, 256}, "k_l: k step of a work-group"},
        {"GEMM_MS", {1, 2, 4, 8, 16}, {1, 2, 3, 4, 6, 8, 12, 16}, "m_s: rows of C per work-item"},
        {"GEMM_NS", {1, 2, 4, 8, 16}, {1, 2, 3, 4, 6, 8, 12, 16}, "n_s: columns of C per work-item"},
        {"GEMM_KS", {1, 2, 4, 8}, {1, 2, 4, 8}, "k_s: k rows loaded into registers per step"},
        {"GEMM_VW", {1, 2, 4, 8}, {1, 2, 4, 8}, "vector width of the loads of A and B"},
        {"GEMM_LOCAL_A", {0, 1}, {0, 1}, "share the A tile in local memory"},
        {"GEMM_LOCAL_B", {0, 1}, {0, 1}, "share the B tile in local memory"},
        {"GEMM_IMAGE_A", {0, 1}, {0, 1}, "read A as an image (OpenCL image1d_buffer_t; __ldg on CUDA)"},
        {"GEMM_IMAGE_B", {0, 1}, {0, 1}, "read B as an image (OpenCL image1d_buffer_t; __ldg on CUDA)"},
        {"GEMM_LAYOUT_A", {0, 1, 2}, {0, 1, 2}, "layout of A: 0 ROW, 1 CBL, 2 RBL"},
        {"GEMM_LAYOUT_B", {0, 1, 2}, {0, 1, 2}, "layout of B: 0 ROW, 1 CBL, 2 RBL"},
        {"GEMM_PREFETCH",
         {0},
         {0, 1, 2, 3, 4, 5, 6},
         "prefetch the next shared tiles into registers; 2: also double-buffer them; 3: as 2, stored at the next "
         "k-block's start; 4: as 3, the last two k-blocks peeled off a guard-free loop; 5: as 4, two k-blocks per "
         "trip; 6: one buffer with fragments, peeled as 4 (not in the papers)"},
        {"GEMM_MAXREGS",
         {0},
         {0}, // the caps (kRegisterCaps) only with gemmSpace(..., registerCaps = true)
         "cap on registers per work-item, 0: compiler's choice (more work-groups per compute unit; not in the papers)",
         0},
        {"GEMM_KSPLIT",
         {1},
         {1, 2, 4, 8},
         "split-K: work-groups sharing one block of C along k, added by a reduction kernel (not in the papers)",
         1},
        // The FP64 tensor-core path (dgemm on CUDA devices of compute capability >= 8.0; gemm_mma.hpp). Listed after
        // every SIMT parameter so the constraints that fix them for SIMT points prune as soon as GEMM_MMA is bound.
        {"GEMM_MMA",
         {0},
         {0, 1, 2, 3, 4},
         "FP64 tensor cores: 0 SIMT, 1 mma m8n8k4 (sm_80), 2 m16n8k4, 3 m16n8k8, 4 m16n8k16 (sm_90)",
         0},
        {"GEMM_WM", {0}, {0, 16, 32, 64}, "tensor cores: rows of C per warp (columns: 32 ms ns / wm); 0 for SIMT", 0},
        {"GEMM_STAGES", {0}, {0, 2, 3, 4}, "tensor cores: cp.async shared-memory pipeline stages; 0 for SIMT", 0},
        {"GEMM_SWIZZLE",
         {0},
         {0, 1, 2, 3},
         "tensor cores: shared tile rows 0 plain, 1 padded, 2 XOR-swizzled, 3 XOR-swizzled over 4 rows",
         0},
        {"GEMM_DBUF",
         {0},
         {0, 1},
         "tensor cores: 1 double-buffers the MMA fragments in registers across k-steps and k-blocks",
         0},
        {"GEMM_LDS128",
         {0},
         {0, 1},
         "tensor cores: 1 reads the MMA fragments as 16-byte pairs (needs GEMM_SWIZZLE 3)",
         0},
        {"GEMM_MINB", {0}, {0, 2}, "tensor cores: minimum blocks per SM in the launch bounds (0: none)", 0},
        {"GEMM_DIRECT",
         {0},
         {0, 1},
         "1 reads A and B from the caller's matrices (any ld, offset, ragged size): no layout copies (layouts ROW/ROW; "
         "SIMT: both tiles local, no images)",
         0},
        // The SIMT micro-kernel after CUTLASS's SIMT GEMMs (GemmParams::warpM, order, frags).
        {"GEMM_WARP_M",
         {0},
         {0, 2, 4, 8},
         "SIMT: a warp's 32 work-items as a WARP_M x 32/WARP_M patch of the work-group (0: whole rows)",
         0},
        {"GEMM_ORDER", {0}, {0, 1}, "SIMT: FMA order of a k-step, 0 m outer, 1 n outer with m serpentine", 0},
        {"GEMM_FRAGS",
         {0},
         {0, 1},
         "SIMT: 1 double-buffers the A and B fragments in registers across k-steps and the k-block barrier",
         0},
        {"GEMM_CSTAGE",
         {0},
         {0, 1},
         "tensor cores: 1 stores C through shared memory, whole 32-byte sectors per warp access (short k)",
         0},
    };
    return specs;
}

} // namespace

std::string GemmFamily::title() const {
    return m_precision == Precision::F32 ? "SGEMM (A^T B + C kernel)" : "DGEMM (A^T B + C kernel)";
}

std::string GemmFamily::description() const {
    return "Matsumoto-style generated A^T*B + C kernel: two-level blocking (ml, nl, kl / ms, ns, ks), vector loads, "
           "optional local-memory sharing of A and B, image reads of A and B, and ROW, column-block (CBL) or "
           "row-block (RBL) layouts of A and B. Tuned on operands already in the kernel's layout; the GEMM routine "
           "adds the copy kernels for every op type and storage order.";
}

// The tensor-core path's rules (GemmParams::mmaInvalidReason as constraints). SIMT points have GEMM_MMA,
// GEMM_WM, GEMM_STAGES and GEMM_SWIZZLE at 0; tensor-core points fix the SIMT-only parameters (their pipeline is
// its own), so no variant is listed twice. Device rules (compute capability, CUDA) are added by GemmFamily::space.
void addMmaConstraints(ParameterSpace& space, bool f64) {
    if (!f64) {
        space.addConstraint({"GEMM_MMA == 0", "SGEMM stays exact FP32 (no TF32 tensor cores)"});
    } else {
        space.addConstraint(
            {"GEMM_MMA == 0 || (GEMM_LOCAL_A == 1 && GEMM_LOCAL_B == 1 && GEMM_IMAGE_A + GEMM_IMAGE_B "
             "== 0 && GEMM_PREFETCH == 0 && GEMM_MAXREGS == 0 && GEMM_KS == 1 && GEMM_VW == 2 && "
             "GEMM_ML % 16 == 0 && GEMM_NL % 16 == 0)",
             "tensor cores: tiles in shared memory through cp.async (one setting of the SIMT parameters)"});
    }
    space.addConstraint({"GEMM_MMA > 0 || GEMM_WM == 0", "the warp tile belongs to the tensor-core path"});
    space.addConstraint({"GEMM_MMA == 0 || (GEMM_WM >= (GEMM_MMA == 1 ? 8 : 16) && GEMM_ML % GEMM_WM == 0 && "
                         "(32 * GEMM_MS * GEMM_NS) % GEMM_WM == 0 && ((32 * GEMM_MS * GEMM_NS) / GEMM_WM) % 8 == 0 && "
                         "GEMM_NL % ((32 * GEMM_MS * GEMM_NS) / GEMM_WM) == 0)",
                         "tensor cores: warp tiles of wm x 32 ms ns / wm made of MMA tiles tile the work-group block"});
    space.addConstraint({"GEMM_MMA > 0 ? GEMM_STAGES >= 2 : GEMM_STAGES == 0", "pipeline stages: tensor cores only"});
    space.addConstraint({"GEMM_MMA > 0 || GEMM_SWIZZLE == 0", "shared-tile swizzle: tensor cores only"});
    space.addConstraint({"GEMM_MMA == 0 || GEMM_KL % (GEMM_MMA == 4 ? 16 : GEMM_MMA == 3 ? 8 : 4) == 0",
                         "tensor cores: the k step is a multiple of the MMA's k"});
    // One constraint per parameter, so that SIMT points are pruned as soon as each one is bound (a joint rule would
    // let the enumeration visit all eight combinations under every SIMT point before refusing seven).
    space.addConstraint({"GEMM_MMA > 0 || GEMM_DBUF == 0", "register double-buffered fragments: tensor cores only"});
    space.addConstraint({"GEMM_MMA > 0 || GEMM_LDS128 == 0", "16-byte fragment loads: tensor cores only"});
    space.addConstraint({"GEMM_MMA > 0 || GEMM_MINB == 0", "launch-bounds minimum blocks: tensor cores only"});
    // Two resident blocks of 1024 work-items leave 32 registers each: ptxas refuses the FP64 MMA kernel (H100
    // 2026-11-25 run O).
    space.addConstraint({"GEMM_MINB == 0 || (GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) <= 512",
                         "two blocks per SM: at most 512 work-items each (registers)"});
    space.addConstraint({"GEMM_MMA > 0 || GEMM_CSTAGE == 0", "C staged through shared memory: tensor cores only"});
    // SIMT direct reads stage both tiles in local memory (a k-major operand transposed there, its rows padded by less
    // than 128 bytes: GemmParams::kMajorPad; localMemBytes has the exact figure).
    space.addConstraint({"GEMM_DIRECT == 0 || GEMM_MMA > 0 || (GEMM_LOCAL_A + GEMM_LOCAL_B == 2 && GEMM_IMAGE_A + "
                         "GEMM_IMAGE_B == 0 && ((GEMM_ML + GEMM_NL) * " + std::string(f64 ? "8" : "4") +
                             " + 256) * GEMM_KL * (GEMM_PREFETCH >= 2 && GEMM_PREFETCH <= 5 ? 2 : 1) <= DEV_LOCAL_MEM)",
                         "SIMT direct operand reads: both tiles in local memory (rows padded), no images"});
    space.addConstraint({"GEMM_WARP_M == 0 || (GEMM_MMA == 0 && (GEMM_ML / GEMM_MS) % GEMM_WARP_M == 0 && "
                         "(GEMM_NL / GEMM_NS) % (32 / GEMM_WARP_M) == 0)",
                         "SIMT: warps of WARP_M x 32/WARP_M work-items tile the work-group"});
    space.addConstraint({"GEMM_ORDER == 0 || GEMM_MMA == 0", "the FMA order belongs to the SIMT kernel"});
    space.addConstraint(
        {"GEMM_FRAGS == 0 || (GEMM_MMA == 0 && GEMM_PREFETCH >= 1 && GEMM_KS == 1 && GEMM_KL <= 16 && "
         "GEMM_KL % 2 == 0 && GEMM_LOCAL_A + GEMM_LOCAL_B == 2)",
         "SIMT: double-buffered fragments need both tiles prefetched (prefetch 1 to 6), ks 1, an even kl <= 16"});
    space.addConstraint({"GEMM_PREFETCH != 6 || GEMM_FRAGS == 1",
                         "SIMT: prefetch 6 is the fragment pipeline over one buffer without guards (frags 1)"});
    space.addConstraint({"GEMM_DIRECT == 0 || GEMM_LAYOUT_A + GEMM_LAYOUT_B == 0",
                         "direct operand reads take the caller's row-major matrices (layouts ROW/ROW)"});
    space.addConstraint({"GEMM_DBUF == 0 || (GEMM_KL / (GEMM_MMA == 4 ? 16 : GEMM_MMA == 3 ? 8 : 4)) % 2 == 0",
                         "tensor cores: double-buffered fragments need an even number of k-steps per k-block"});
    space.addConstraint({"GEMM_LDS128 == 0 || (GEMM_SWIZZLE == 3 && GEMM_MMA >= 2 && "
                         "((32 * GEMM_MS * GEMM_NS) / GEMM_WM) % 16 == 0)",
                         "tensor cores: 16-byte fragment loads need swizzle 3, an m16 shape and warp tiles 16 wide"});
    // Direct reads keep a k-contiguous operand as wide rows of kl + mmaPadK() (<= 6) elements: (ML + NL + 16) (KL + 8)
    // bounds either orientation of both operands (GemmParams::localMemBytes has the exact figure).
    space.addConstraint({"GEMM_MMA == 0 || (GEMM_DIRECT == 0 ? (GEMM_ML + GEMM_NL + (GEMM_SWIZZLE == 1 ? 16 : 0)) * "
                         "GEMM_KL : (GEMM_ML + GEMM_NL + 16) * (GEMM_KL + 8)) * 8 * GEMM_STAGES <= DEV_LOCAL_MEM_OPTIN",
                         "tensor cores: the shared-memory ring fits (dynamic shared memory, up to the opt-in limit)"});
    // The staged store of C: every warp's slab of the MMA's m rows (8 for m8n8k4, else 16), rows padded by one.
    space.addConstraint({"GEMM_CSTAGE == 0 || (GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) / 32 * (GEMM_MMA == 1 ? 8 : 16) * "
                         "((32 * GEMM_MS * GEMM_NS) / GEMM_WM + 1) * 8 <= DEV_LOCAL_MEM_OPTIN",
                         "tensor cores: the staged store of C fits in shared memory"});
}

// Register caps worth trying on NVIDIA GPUs. Not in the default spaces: on the H100/H200 no cap beat the uncapped
// kernels (docs/perf/gemm.md, H200 2026-11-22 round 3), and the four values made a whole tune's space four times larger.
const std::vector<ParamValue> kRegisterCaps = {0, 96, 128, 168};

ParameterSpace gemmSpace(Precision precision, bool paperOnly, const DeviceInfo* device, bool registerCaps) {
    const bool f64 = precision == Precision::F64;
    const std::string bytes = f64 ? "8" : "4";
    ParameterSpace space;
    space.name = std::string(f64 ? "dgemm" : "sgemm") + (paperOnly ? "-paper" : "");
    for (const auto& s : paramSpecs()) {
        const bool caps = registerCaps && !paperOnly && std::string(s.name) == "GEMM_MAXREGS";
        space.addParameter({s.name, caps ? kRegisterCaps : paperOnly ? s.paper : s.extended, s.description, s.absent});
    }
    space.addConstraint(
        {"GEMM_ML % GEMM_MS == 0 && GEMM_NL % GEMM_NS == 0", "work-item blocks tile the work-group block"});
    space.addConstraint({"GEMM_KL % GEMM_KS == 0", "the register step divides the k step"});
    space.addConstraint(
        {"GEMM_MS % GEMM_VW == 0 && GEMM_NS % GEMM_VW == 0", "a work-item's rows/columns are whole vectors"});
    space.addConstraint(
        {"GEMM_MS * GEMM_NS <= " + std::string(f64 ? "64" : "128"), "accumulators fit in registers without spilling"});
    space.addConstraint({"(GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) <= DEV_MAX_WG", "work-group size limit"});
    space.addConstraint({"GEMM_NL / GEMM_NS <= DEV_MAX_WI0 && GEMM_ML / GEMM_MS <= DEV_MAX_WI1",
                         "work-items per dimension (0 along n, 1 along m)"});
    space.addConstraint({"DEV_IS_GPU == 0 || (GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) >= 32",
                         "on GPUs a work-group fills at least one warp"});
    space.addConstraint({"(GEMM_LOCAL_A * GEMM_ML + GEMM_LOCAL_B * GEMM_NL) * GEMM_KL * " + bytes +
                             (paperOnly ? "" : " * (GEMM_PREFETCH >= 2 && GEMM_PREFETCH <= 5 ? 2 : 1)") + " <= DEV_LOCAL_MEM",
                         "shared tiles fit in local memory"});
    space.addConstraint({"GEMM_IMAGE_A + GEMM_IMAGE_B == 0 || GEMM_VW * " + bytes + " <= 16",
                         "image reads limit the vector width to float4 / double2 (paper)"});
    if (!paperOnly) {
        space.addConstraint(
            {"GEMM_PREFETCH == 0 || GEMM_LOCAL_A + GEMM_LOCAL_B > 0", "prefetching feeds the local-memory tiles"});
        // A cap is a compiler option only NVRTC and NVIDIA's OpenCL take; one at or above what the work-group size
        // allows anyway (64 K registers / work-items, at most 255) changes nothing, so it would only repeat a variant.
        space.addConstraint({"GEMM_MAXREGS == 0 || (DEV_REG_FILE > 0 && GEMM_MAXREGS * (GEMM_ML / GEMM_MS) * "
                             "(GEMM_NL / GEMM_NS) < DEV_REG_FILE)",
                             "a register cap only where the compiler takes one, and below the work-group's own limit"});
        space.addConstraint({"GEMM_MAXREGS == 0 || GEMM_MAXREGS >= (GEMM_MS * GEMM_NS + GEMM_KS * (GEMM_MS + GEMM_NS)) * " +
                                 std::string(f64 ? "2" : "1") + " + 8",
                             "the cap leaves room for the accumulators and one register step of A and B"});
        addMmaConstraints(space, f64);
    }
    if (device) applyDeviceVariables(space, *device);
    return space;
}

ParameterSpace GemmFamily::space(const DeviceInfo& device) const {
    ParameterSpace space = gemmSpace(m_precision, false, &device);
    for (auto& requirement : deviceRequirements()) space.addConstraint(std::move(requirement));
    return space;
}

std::vector<Constraint> GemmFamily::deviceRequirements() const { return gemmDeviceRequirements(m_precision); }

std::vector<Constraint> gemmDeviceRequirements(Precision precision) {
    // Not part of the presets (they describe kernels, not devices): dgemm has no candidates without fp64.
    std::vector<Constraint> out = fp64Requirements(precision);
    out.push_back({"GEMM_IMAGE_A + GEMM_IMAGE_B == 0 || DEV_IMAGES == 1", "image reads need image support"});
    // mma.sync .f64 and cp.async through NVRTC: m8n8k4 from sm_80, the m16n8k* shapes from sm_90.
    out.push_back({"GEMM_MMA == 0 || (DEV_IS_CUDA == 1 && DEV_CC >= (GEMM_MMA == 1 ? 80 : 90))",
                   "FP64 tensor cores need a CUDA device of compute capability 8.0 (m8n8k4) or 9.0 (m16n8k*)"});
    return out;
}

std::vector<Point> GemmFamily::seedPoints(const DeviceInfo&) const {
    std::vector<Point> out;
    for (const auto& p : paperBestTn(m_precision)) out.push_back(pointFromParams(p));
    return out;
}

std::vector<std::string> GemmFamily::presetNames() const { return {name(), name() + "-paper"}; }

std::vector<ProblemSize> GemmFamily::defaultSizes(const DeviceInfo& device) const {
    // Non-GPU devices that are not CPUs (accelerators, others) get the GPU sizes, as in the strategies.
    return twoStageStageSizes(device.type, 3);
}

std::vector<ProblemSize> secondStageSizes(const DeviceInfo& device) {
    return twoStageSweepSizes(3, device.type == DeviceType::Cpu ? 1536 : 8192);
}

double GemmFamily::flops(const ProblemSize& size) const {
    return 2.0 * double(size.dims.at(0)) * double(size.dims.at(1)) * double(size.dims.at(2));
}

double GemmFamily::bytes(const ProblemSize& size) const {
    const double m = double(size.dims.at(0)), n = double(size.dims.at(1)), k = double(size.dims.at(2));
    return (m * k + k * n + 2 * m * n) * elementBytes(m_precision);
}

bool GemmFamily::supports(const Point& point, const ProblemSize& size) const {
    if (size.dims.size() != 3) return false;
    GemmParams p;
    try {
        p = paramsFromPoint(point, m_precision);
    } catch (const std::invalid_argument&) {
        return false; // generate() reports why
    }
    const std::int64_t M = roundUp(size.dims[0], p.ml), N = roundUp(size.dims[1], p.nl),
                       K = roundUp(size.dims[2], p.kMultiple());
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    const bool workspaceFits = p.ksplit == 1 || p.ksplit * size.dims[0] * size.dims[1] <= kMaxSplitkWorkspace;
    return size.dims[0] >= 1 && size.dims[1] >= 1 && size.dims[2] >= 1 && M * K <= kMax && N * K <= kMax &&
           M * N <= kMax && workspaceFits;
}

bool GemmFamily::supportsOn(const Point& point, const ProblemSize& size, const DeviceInfo& device) const {
    if (!supports(point, size)) return false;
    const GemmParams p = paramsFromPoint(point, m_precision); // valid: supports() parsed it
    return tnImageLimitReason(p, roundUp(size.dims[0], p.ml), roundUp(size.dims[1], p.nl), roundUp(size.dims[2], p.kl),
                              device)
        .empty();
}

GemmParams paramsFromPoint(const Point& point, Precision precision) {
    GemmParams p;
    p.precision = precision;
    auto get = [&](const char* name, int& field) {
        if (point.has(name)) field = int(point[name]);
    };
    auto flag = [&](const char* name, bool& field) {
        if (!point.has(name)) return;
        const auto v = point[name];
        if (v != 0 && v != 1)
            throw std::invalid_argument(std::string(name) + " must be 0 or 1, got " + std::to_string(v));
        field = v == 1;
    };
    auto layout = [&](const char* name, Layout& field) {
        if (!point.has(name)) return;
        const auto v = point[name];
        if (v < 0 || v > 2)
            throw std::invalid_argument(std::string(name) + " must be 0 (ROW), 1 (CBL) or 2 (RBL), got " +
                                        std::to_string(v));
        field = Layout(v);
    };
    get("GEMM_ML", p.ml), get("GEMM_NL", p.nl), get("GEMM_KL", p.kl);
    get("GEMM_MS", p.ms), get("GEMM_NS", p.ns), get("GEMM_KS", p.ks), get("GEMM_VW", p.vw);
    flag("GEMM_LOCAL_A", p.localA), flag("GEMM_LOCAL_B", p.localB);
    flag("GEMM_IMAGE_A", p.imageA), flag("GEMM_IMAGE_B", p.imageB);
    layout("GEMM_LAYOUT_A", p.layoutA), layout("GEMM_LAYOUT_B", p.layoutB);
    if (point.has("GEMM_PREFETCH")) {
        const auto v = point["GEMM_PREFETCH"];
        if (v < 0 || v > 6) throw std::invalid_argument("GEMM_PREFETCH must be 0..6, got " + std::to_string(v));
        p.prefetch = int(v);
    }
    get("GEMM_MAXREGS", p.maxRegs);
    get("GEMM_KSPLIT", p.ksplit);
    get("GEMM_MMA", p.mma), get("GEMM_WM", p.wm), get("GEMM_STAGES", p.stages), get("GEMM_SWIZZLE", p.swizzle);
    get("GEMM_DBUF", p.dbuf), get("GEMM_LDS128", p.lds128), get("GEMM_MINB", p.minBlocks);
    get("GEMM_DIRECT", p.direct);
    get("GEMM_WARP_M", p.warpM), get("GEMM_ORDER", p.order), get("GEMM_FRAGS", p.frags);
    get("GEMM_CSTAGE", p.cstage);
    if (auto why = p.invalidReason(); !why.empty())
        throw std::invalid_argument("gemm point " + point.key() + ": " + why);
    return p;
}

Point pointFromParams(const GemmParams& p) {
    static const auto names = [] {
        auto v = std::make_shared<std::vector<std::string>>();
        for (const auto& s : paramSpecs()) v->push_back(s.name);
        return std::shared_ptr<const std::vector<std::string>>(v);
    }();
    return Point(names, {p.ml,
                         p.nl,
                         p.kl,
                         p.ms,
                         p.ns,
                         p.ks,
                         p.vw,
                         p.localA,
                         p.localB,
                         p.imageA,
                         p.imageB,
                         ParamValue(p.layoutA),
                         ParamValue(p.layoutB),
                         p.prefetch,
                         p.maxRegs,
                         p.ksplit,
                         p.mma,
                         p.wm,
                         p.stages,
                         p.swizzle,
                         p.dbuf,
                         p.lds128,
                         p.minBlocks,
                         p.direct,
                         p.warpM,
                         p.order,
                         p.frags,
                         p.cstage});
}

std::optional<KernelPlan> GemmFamily::plan(const Point& point, const DeviceInfo& device) const {
    return tnTuningPlan(paramsFromPoint(point, m_precision), device);
}

VerifyResult GemmFamily::verify(const PlanData& data) const {
    return m_precision == Precision::F64 ? verifyTn<double>(data) : verifyTn<float>(data);
}

BenchDescription GemmFamily::benchDescription() const {
    BenchDescription d;
    d.variants = {"nn", "nt", "tn", "tt"};
    d.variantLabel = "op";
    d.kernelColumn = "tn_kernel";
    d.note = "column-major C = 1 * op(A) op(B) + 0 * C; tn_kernel: A^T B + C on operands in the kernel's layouts";
    return d;
}

std::optional<blas::BlasCall> GemmFamily::benchCall(const std::string& variant, const ProblemSize& size) const {
    if (variant.size() != 2 || size.dims.size() != 3) return std::nullopt;
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kGemm);
    call.precision = m_precision;
    call.order = blas::Order::ColMajor;
    call.opA = variant[0] == 't' ? blas::Op::T : blas::Op::N;
    call.opB = variant[1] == 't' ? blas::Op::T : blas::Op::N;
    call.m = size.dims[0], call.n = size.dims[1], call.k = size.dims[2];
    call.alpha = 1, call.beta = 0;
    return call;
}

std::string GemmFamily::dispatchKind(const blas::BlasCall& call) const {
    // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: the same transposition flags, A and B swapped.
    const bool rowMajor = call.order == blas::Order::RowMajor;
    const blas::Op first = rowMajor ? call.opB : call.opA, second = rowMajor ? call.opA : call.opB;
    const std::string kind = std::string(first == blas::Op::N ? "n" : "t") + (second == blas::Op::N ? "n" : "t");
    return kind == "nn" ? "" : kind;
}

std::unique_ptr<Routine> GemmFamily::makeRoutine(Device& device, ProgramCache& programs, const Point& point) const {
    // The copies are the stored best of the copy family for this device, when one is stored (issue 11).
    return std::make_unique<GemmRoutine>(device, programs, paramsFromPoint(point, m_precision),
                                         kernels::tunedCopyShape(m_precision, device.info()));
}

std::vector<RoutinePlan> GemmFamily::routinePlans(const Point& point, const DeviceInfo& device) const {
    // Row-major calls (a column-major one is the row-major call with A and B swapped), one plan per op pair. Both
    // operands are always copied, except by direct-read points (no copy at all): the routine's copy-free shapes of
    // packed points need dense operands at offset 0, a condition on the call the package would have to test as
    // GemmRoutine does; for the same reason the package takes the general direct program, not the exact-fit one.
    const GemmParams params = paramsFromPoint(point, m_precision);
    std::vector<RoutinePlan> plans;
    for (blas::Op opA : {blas::Op::N, blas::Op::T})
        for (blas::Op opB : {blas::Op::N, blas::Op::T}) {
            RoutinePlan r;
            r.call.routine = std::string(blas::routine::kGemm);
            r.call.precision = m_precision;
            r.call.order = blas::Order::RowMajor;
            r.call.opA = opA, r.call.opB = opB;
            r.plan = routinePlan(params, device, {opA, opB, true, true});
            plans.push_back(std::move(r));
        }
    return plans;
}

Point GemmFamily::pointFromKey(const std::string& key, const DeviceInfo&) const {
    if (key.empty()) throw std::invalid_argument("empty point key");
    Point point = Point::fromKey(key);
    static const std::vector<std::string> names = pointFromParams(GemmParams{}).names();
    for (const auto& name : point.names())
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw std::invalid_argument("'" + name + "' is not a " + this->name() + " parameter (GEMM_ML, GEMM_NL, …)");
    paramsFromPoint(point, m_precision); // names a value out of range
    return point;
}

std::vector<GemmParams> paperBestTn(Precision precision) {
    // Table II of paper 003 (Radeon HD 7970), the A^T B + C rows: layout, ml nl kl, ms ns ks, vector, shared.
    auto make = [&](Layout layout, int ml, int nl, int kl, int ms, int ns, int ks, int vw, bool sharedB) {
        GemmParams p;
        p.ml = ml, p.nl = nl, p.kl = kl, p.ms = ms, p.ns = ns, p.ks = ks, p.vw = vw;
        p.localA = false, p.localB = sharedB, p.layoutA = p.layoutB = layout, p.precision = precision;
        return p;
    };
    if (precision == Precision::F64)
        return {make(Layout::Cbl, 64, 16, 16, 4, 4, 2, 2, true), make(Layout::Rbl, 64, 16, 16, 4, 4, 2, 2, true),
                make(Layout::Row, 256, 8, 16, 4, 4, 2, 2, false)};
    return {make(Layout::Cbl, 128, 128, 256, 16, 8, 4, 4, false), make(Layout::Rbl, 128, 32, 8, 8, 8, 8, 2, true),
            make(Layout::Row, 128, 64, 4, 8, 4, 4, 4, false)};
}

void registerGemmFamilies() {
    FamilyRegistry::instance().add(std::make_shared<GemmFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<GemmFamily>(Precision::F64));
}

} // namespace kt::gemm
