// sgemm_batched / dgemm_batched: space, sizes, per-size candidates, the host check and the routine.
#include "kernels/batched/batched_family.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "core/engine/parallel_chunks.hpp"
#include "core/engine/plan_data.hpp"
#include "core/engine/plan_executor.hpp"
#include "core/engine/plan_run.hpp"
#include "core/engine/routine.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::batched {

namespace {

const char* const kNames[] = {"BATCHED_DESIGN", "BATCHED_TBA", "BATCHED_WX",  "BATCHED_WY",   "BATCHED_REG",
                              "BATCHED_PAD",    "BATCHED_VEC", "BATCHED_SEQ", "BATCHED_MINB", "BATCHED_LDV",
                              "BATCHED_ASYNC"};

// Every problem against OpenBLAS; the tolerance of kernels/common/bounded_compare.hpp: (2 sqrt(k) + 8) eps times
// |alpha| k + |beta| |c0| (|a|, |b| <= 1), which no summation order exceeds and a missing term does.
template <class T> VerifyResult verifyBatched(const PlanData& data) {
    const std::int64_t m = data.value("m"), n = data.value("n"), k = data.value("k"), batch = data.value("batch");
    const std::int64_t lda = data.value("lda"), ldb = data.value("ldb"), ldc = data.value("ldc");
    const std::int64_t sa = data.value("stridea"), sb = data.value("strideb"), sc = data.value("stridec");
    const blas::Op opA = data.value("opa") ? blas::Op::T : blas::Op::N;
    const blas::Op opB = data.value("opb") ? blas::Op::T : blas::Op::N;
    const double alpha = data.scalar("alpha"), beta = data.scalar("beta");
    const auto& a = data.input<T>("A");
    const auto& b = data.input<T>("B");
    const std::vector<T>* c0 = data.inputs.count("C0") ? &data.input<T>("C0") : nullptr; // beta 0: none
    const auto& got = data.output<T>("C");
    const double factor = (2.0 * std::sqrt(double(k)) + 8.0) * std::numeric_limits<T>::epsilon();
    const std::size_t extent = std::size_t((n - 1) * ldc + m); // one problem's C
    // The problems are checked in parallel chunks (millions of them at ~3 GB of operands); each chunk keeps its
    // first failure and merges into the result at its end, where the lowest failing problem's message wins, so the
    // message does not depend on threads.
    struct Partial {
        VerifyResult r{true, 0, 0, {}};
        std::int64_t firstBad = -1;
    };
    VerifyResult r{true, 0, 0, {}};
    std::int64_t firstBad = -1;
    std::mutex mergeMutex;
    parallelChunks(std::size_t(batch), 4096, [&](std::size_t begin, std::size_t end) {
        Partial part;
        std::vector<T> ref(extent); // the reference of one problem at a time: C0's slot (zero with beta 0), then gemm
        for (std::size_t p = begin; p < end; ++p) {
            const std::size_t at = p * std::size_t(sc);
            if (c0)
                std::copy(c0->begin() + at, c0->begin() + at + extent, ref.begin());
            else
                std::fill(ref.begin(), ref.end(), T(0)); // C's poison is no input of the reference
            reference::gemm(blas::Order::ColMajor, opA, opB, m, n, k, T(alpha), a.data() + p * sa, lda,
                            b.data() + p * sb, ldb, T(beta), ref.data(), ldc);
            for (std::int64_t j = 0; j < n; ++j)
                for (std::int64_t i = 0; i < m; ++i) {
                    const std::size_t o = std::size_t(i + j * ldc);
                    const double g = got[at + o], e = ref[o];
                    const double old = c0 ? std::fabs(double((*c0)[at + o])) : 0.0;
                    const double bound = std::fabs(alpha) * double(k) + std::fabs(beta) * old;
                    const double abs = std::fabs(g - e);
                    const double rel = abs / std::max(std::fabs(e), std::numeric_limits<double>::min());
                    if (!(abs <= factor * bound + std::numeric_limits<T>::min())) { // also catches NaN
                        if (part.r.ok) {
                            std::ostringstream s;
                            s << "problem " << p << ": C(" << i << "," << j << ") = " << g << " expected " << e
                              << " (error " << abs << " > tolerance " << factor * bound << ")";
                            part.r.message = s.str();
                            part.firstBad = std::int64_t(p);
                        }
                        part.r.ok = false;
                    }
                    if (!(abs <= part.r.maxAbsError)) part.r.maxAbsError = abs;
                    if (!(rel <= part.r.maxRelError)) part.r.maxRelError = rel;
                }
        }
        std::lock_guard lock(mergeMutex);
        if (!part.r.ok && (firstBad < 0 || part.firstBad < firstBad)) {
            firstBad = part.firstBad;
            r.message = part.r.message;
        }
        r.ok = r.ok && part.r.ok;
        if (!(part.r.maxAbsError <= r.maxAbsError)) r.maxAbsError = part.r.maxAbsError; // NaN wins, as above
        if (!(part.r.maxRelError <= r.maxRelError)) r.maxRelError = part.r.maxRelError;
    });
    return r;
}

// A candidate runs the kernel compiled for each size it is prepared for (one PlanRun per size, kept while the
// candidate lives, so repeated sizes compile once; the program cache shares them with other candidates).
class SizedRun final : public CandidateRun {
public:
    SizedRun(Device& device, const BatchedFamily& family, ProgramCache& programs, BatchedParams params,
             TuningProblem problem)
        : m_device(device), m_family(family), m_programs(programs), m_params(params), m_problem(problem) {}

    void prepare(const ProblemSize& size, std::uint64_t seed) override {
        if (size.dims.size() != 4) throw std::invalid_argument("gemm_batched: a size is m x n x k x batch");
        const auto key = std::make_tuple(size.dims[0], size.dims[1], size.dims[2]);
        auto it = m_runs.find(key);
        if (it == m_runs.end()) {
            const BatchedShape shape{m_problem.opA, m_problem.opB, size.dims[0], size.dims[1], size.dims[2]};
            auto plan = batchedTuningPlan(m_params, m_device.info(), shape, m_problem.alpha, m_problem.beta);
            it = m_runs.emplace(key, std::make_unique<PlanRun>(m_device, m_family, m_programs, std::move(plan))).first;
        }
        m_current = it->second.get();
        m_current->prepare(size, seed);
    }
    double run() override { return current().run(); }
    VerifyResult verify() override { return current().verify(); }

private:
    PlanRun& current() {
        if (!m_current) throw std::logic_error("gemm_batched: run before prepare");
        return *m_current;
    }
    Device& m_device;
    const BatchedFamily& m_family;
    ProgramCache& m_programs;
    BatchedParams m_params;
    TuningProblem m_problem;
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::unique_ptr<PlanRun>> m_runs;
    PlanRun* m_current = nullptr;
};

// gemm_batched_strided and gemm_batched calls on device operands: the kernel compiled for the call's ops, sizes and
// batch kind. A gemm_batched call's offsets go to the device once per BatchOffsets object (kept alive here, so its
// address cannot be reused by another) and stay there while the routine lives.
class BatchedRoutine final : public Routine {
public:
    BatchedRoutine(Device& device, ProgramCache& programs, BatchedParams params)
        : m_device(device), m_programs(programs), m_params(params) {}

    void enqueue(const blas::BlasCall& original, const blas::BlasOperands& original_operands) override {
        blas::BlasCall call = original;
        blas::BlasOperands ops = original_operands;
        const bool pointers = call.routine == blas::routine::kGemmBatched;
        if (call.routine != blas::routine::kGemmBatchedStrided && !pointers)
            throw std::invalid_argument("the batched routine does gemm_batched_strided and gemm_batched, not " +
                                        call.routine);
        if (call.precision != m_params.precision)
            throw std::invalid_argument(call.describe() + ": the routine is " + toString(m_params.precision));
        if (auto why = blas::invalidReason(call, ops); !why.empty()) throw std::invalid_argument(why);
        blas::toColumnMajor(call, ops);
        if (call.m < 1 || call.n < 1 || call.k < 1 || call.m > kMaxSize || call.n > kMaxSize || call.k > kMaxSize)
            throw std::invalid_argument(call.describe() + ": m, n and k must be between 1 and 32");
        BatchedShape shape{call.opA, call.opB, call.m, call.n, call.k};
        shape.pointers = pointers;
        const auto key = std::make_tuple(int(shape.opA), int(shape.opB), shape.m, shape.n, shape.k, pointers);
        auto it = m_plans.find(key);
        if (it == m_plans.end())
            it = m_plans
                     .emplace(key, std::make_unique<PlanExecutor>(m_device, m_programs,
                                                                  batchedRoutinePlan(m_params, m_device.info(), shape)))
                     .first;
        PlanExecutor& ex = *it->second;
        std::map<std::string, std::int64_t> inputs{{"m", call.m},
                                                   {"n", call.n},
                                                   {"k", call.k},
                                                   {"batch", call.batchCount},
                                                   {"lda", ops.a.ld},
                                                   {"ldb", ops.b.ld},
                                                   {"ldc", ops.c.ld},
                                                   {"stridea", call.strideA},
                                                   {"strideb", call.strideB},
                                                   {"stridec", call.strideC},
                                                   {"offa", ops.a.offset},
                                                   {"offb", ops.b.offset},
                                                   {"offc", ops.c.offset}};
        if (pointers) {
            const auto& o = *call.batchOffsets;
            inputs["maxpa"] = o.max(0), inputs["maxpb"] = o.max(1), inputs["maxpc"] = o.max(2);
        }
        ex.bindInputs(inputs); // checks the sizes and that every offset fits the kernel's int arithmetic
        ex.setScalar("alpha", call.alpha);
        ex.setScalar("beta", call.beta);
        ex.bindBuffer("A", *ops.a.buffer);
        ex.bindBuffer("B", *ops.b.buffer);
        ex.bindBuffer("C", *ops.c.buffer);
        if (pointers) {
            DeviceOffsets& d = deviceOffsets(call.batchOffsets);
            ex.bindBuffer("PA", *d.a);
            ex.bindBuffer("PB", *d.b);
            ex.bindBuffer("PC", *d.c);
        }
        ex.enqueue(LaunchPhase::Timed);
    }

private:
    struct DeviceOffsets {
        std::shared_ptr<const blas::BatchOffsets> source; // keeps the key's address from being reused
        std::unique_ptr<Buffer> a, b, c;
    };

    DeviceOffsets& deviceOffsets(const std::shared_ptr<const blas::BatchOffsets>& offsets) {
        if (auto it = m_offsets.find(offsets.get()); it != m_offsets.end()) return it->second;
        if (m_offsets.size() >= 4) m_offsets.clear(); // a few live batches at a time; older ones are uploaded again
        DeviceOffsets d;
        d.source = offsets;
        auto upload = [&](const std::vector<std::int64_t>& v) {
            std::vector<std::int32_t> narrow(v.begin(), v.end()); // the plan's checks bound them below 2^31
            auto buffer = m_device.allocate(std::max<std::size_t>(1, narrow.size()) * sizeof(std::int32_t));
            m_device.write(*buffer, narrow.data(), narrow.size() * sizeof(std::int32_t));
            return buffer;
        };
        d.a = upload(offsets->a()), d.b = upload(offsets->b()), d.c = upload(offsets->c());
        return m_offsets.emplace(offsets.get(), std::move(d)).first->second;
    }

    Device& m_device;
    ProgramCache& m_programs;
    BatchedParams m_params;
    std::map<std::tuple<int, int, std::int64_t, std::int64_t, std::int64_t, bool>, std::unique_ptr<PlanExecutor>>
        m_plans;
    std::map<const blas::BatchOffsets*, DeviceOffsets> m_offsets;
};

} // namespace

BatchedParams paramsFromPoint(const Point& point, Precision precision) {
    BatchedParams p;
    p.precision = precision;
    if (point.has("BATCHED_DESIGN")) p.design = Design(point["BATCHED_DESIGN"]);
    if (point.has("BATCHED_TBA")) p.tba = int(point["BATCHED_TBA"]);
    if (point.has("BATCHED_WX")) p.wx = int(point["BATCHED_WX"]);
    if (point.has("BATCHED_WY")) p.wy = int(point["BATCHED_WY"]);
    // Points stored before register blocking and padding existed lack them: both off, as those kernels were.
    if (point.has("BATCHED_REG")) p.reg = point["BATCHED_REG"] != 0;
    if (point.has("BATCHED_PAD")) p.pad = point["BATCHED_PAD"] != 0;
    if (point.has("BATCHED_VEC")) p.vec = int(point["BATCHED_VEC"]);
    if (point.has("BATCHED_SEQ")) p.seq = int(point["BATCHED_SEQ"]);
    if (point.has("BATCHED_MINB")) p.minBlocks = int(point["BATCHED_MINB"]);
    if (point.has("BATCHED_LDV")) p.ldv = int(point["BATCHED_LDV"]);
    if (point.has("BATCHED_ASYNC")) p.async = point["BATCHED_ASYNC"] != 0;
    if (auto why = p.invalidReason(); !why.empty())
        throw std::invalid_argument("gemm_batched point " + point.key() + ": " + why);
    return p;
}

Point pointFromParams(const BatchedParams& p) {
    static const auto names = std::make_shared<const std::vector<std::string>>(std::begin(kNames), std::end(kNames));
    return Point(names, {ParamValue(p.design), p.tba, p.wx, p.wy, ParamValue(p.reg), ParamValue(p.pad),
                         ParamValue(p.vec), p.seq, p.minBlocks, p.ldv, ParamValue(p.async)});
}

std::string BatchedFamily::title() const {
    return m_precision == Precision::F32 ? "Batched SGEMM (sizes 1-32)" : "Batched DGEMM (sizes 1-32)";
}

std::string BatchedFamily::description() const {
    return "Batched C = alpha op(A) op(B) + beta C of very small column-major matrices (m, n, k up to 32), strided "
           "batches, the sizes compiled in so every loop unrolls. Designs: read-only cache (operands read from "
           "global memory, no local memory) or shared memory (each problem's A and B staged in local memory); "
           "thread-block aggregation (problems per work-group), the work-items per problem and their shape, "
           "register blocking of each work-item's elements of C, padding and vector reads of the shared tiles, and "
           "rounds of problems per work-group with the next one prefetched. "
           "Bound: the device bandwidth, every element of A, B and C read once and C written once.";
}

ParameterSpace BatchedFamily::space(const DeviceInfo& device) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"BATCHED_DESIGN", {0, 1}, "0: read-only cache (no local memory), 1: A and B in shared memory"});
    space.addParameter(
        {"BATCHED_TBA", {1, 2, 4, 8, 16, 32, 64, 128}, "problems per work-group (thread-block aggregation)"});
    // Besides powers of two, counts that divide the sizes where those leave rows or columns idle (H100 runs W-Y: at
    // n = 9 or 17 a 2 x 2 or 2 x 3 block of 8 x 8 or 16 x 8 work-items has 38-56% of its elements in the problem):
    // 3 ... 12 for n = 3 ... 12 (one element each, or blocks that fit exactly), 14 for 14 and 28 (2 x 2 blocks), 17
    // and 18 for n = 17, 18 (17 x 9: blocks of 1 x 2, 18 of 17 columns used; 9 x 9: 2 x 2 blocks of 18), 13 for
    // n = 13 (prime: 13 x 5 with blocks of 1 x 3, 15 of 13 columns used), 15 for n = 15 and 2 x 2 blocks at 29 and
    // 30 (H200 run X: ceil(n/2) squared work-items with 2 x 2 blocks lead single 18, 22, 24, 26, 28, 32).
    const std::vector<ParamValue> counts = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 32};
    space.addParameter({"BATCHED_WX", counts, "work-items per problem along m"});
    space.addParameter({"BATCHED_WY", counts, "work-items per problem along n"});
    // Added after the first GPU runs: keys stored without them mean 0 (the kernels of those runs).
    space.addParameter({"BATCHED_REG",
                        {0, 1},
                        "1: register blocking (a work-item's block of C in registers, C read first; compiled sizes, "
                        "blocks of up to 32 elements)",
                        0});
    space.addParameter(
        {"BATCHED_PAD", {0, 1}, "1: odd leading dimensions of the shared tiles against bank conflicts", 0});
    // 2 (H200, single): the register-blocked kernels there spend most of their time budget per problem on shared-
    // and global-memory instructions (one 4-byte read of op(A) and op(B) each per row and column of a block per p);
    // column-major tiles read as vectors along k (op(B)) and m (op(A), a work-item's rows consecutive) issue a
    // quarter of them, and unlike 1 keep the staging writes in storage order and the prefetch rounds.
    space.addParameter({"BATCHED_VEC",
                        {0, 1, 2},
                        "16-byte vector reads of the shared tiles (shared design with register blocking): 1 "
                        "k-contiguous tiles; 2 column-major tiles, op(B) read along k, op(A) along m",
                        0});
    space.addConstraint({"BATCHED_TBA * BATCHED_WX * BATCHED_WY <= DEV_MAX_WG && "
                         "BATCHED_TBA * BATCHED_WX * BATCHED_WY <= DEV_MAX_WI0",
                         "work-group size limit"});
    space.addConstraint({"DEV_IS_GPU == 0 || BATCHED_TBA * BATCHED_WX * BATCHED_WY >= 32",
                         "on GPUs a work-group fills at least one warp"});
    space.addConstraint({"BATCHED_DESIGN == 0 || BATCHED_TBA * 2 * " +
                             std::to_string(m_precision == Precision::F64 ? 8 : 4) + " <= DEV_LOCAL_MEM",
                         "the shared tiles of the smallest problem fit in local memory (sizes check the rest)"});
    space.addParameter({"BATCHED_SEQ",
                        {1, 2, 4, 8},
                        "problems per work-item in sequence; the shared register-blocked design loads the next one "
                        "while it computes the current one",
                        1});
    // Without bounds the compiler sizes registers for any work-group up to 1024 work-items; with them it keeps a
    // work-item's registers low enough for BATCHED_MINB work-groups per compute unit, so more problems (and their
    // loads) are in flight at once, at the risk of spills.
    space.addParameter({"BATCHED_MINB",
                        {0, 2, 4, 6, 8},
                        "launch bounds: at least this many work-groups resident per compute unit (0: none)",
                        0});
    space.addConstraint({"BATCHED_MINB * BATCHED_TBA * BATCHED_WX * BATCHED_WY <= 2048",
                         "the resident work-groups asked for fit 2048 work-items per compute unit"});
    space.addParameter(
        {"BATCHED_LDV", {1, 2, 4}, "elements per global load of the prefetch staging (vector loads of A and B)", 1});
    space.addConstraint({"BATCHED_LDV == 1 || (BATCHED_DESIGN == 1 && BATCHED_REG == 1 && BATCHED_SEQ > 1 && "
                         "BATCHED_VEC != 1)",
                         "vector loads of the staging: the prefetch rounds of the shared register-blocked design"});
    // H200 run AC: the register prefetch of the leaders at single 25 takes 166 registers a work-item (18.75%
    // occupancy), so registers cap the loads in flight; copies straight into a second pair of shared tiles
    // (cp.async under CUDA sm_80+) hold none. Twice the tiles: supportsOn and the plans count both buffers.
    space.addParameter({"BATCHED_ASYNC",
                        {0, 1},
                        "1: the next round's A and B copied into a second buffer of shared tiles (cp.async on CUDA "
                        "sm_80+) instead of prefetched through registers",
                        0});
    space.addConstraint({"BATCHED_ASYNC == 0 || (BATCHED_DESIGN == 1 && BATCHED_REG == 1 && BATCHED_SEQ > 1 && "
                         "BATCHED_VEC == 0)",
                         "double-buffered tiles: the prefetch rounds of the shared register-blocked design without "
                         "vector tiles"});
    space.addConstraint({"BATCHED_DESIGN == 1 || BATCHED_PAD == 0", "padding applies to the shared tiles only"});
    space.addConstraint({"BATCHED_VEC == 0 || (BATCHED_DESIGN == 1 && BATCHED_REG == 1)",
                         "vector tiles are read by the register-blocked shared design only"});
    for (auto& requirement : deviceRequirements()) space.addConstraint(std::move(requirement));
    applyDeviceVariables(space, device);
    return space;
}

std::vector<Constraint> BatchedFamily::deviceRequirements() const { return fp64Requirements(m_precision); }

std::vector<Point> seedTable(Precision precision) {
    // The paper's designs across the size range (design, tba, wx, wy): one work-item per problem for the smallest
    // sizes, then one per element of C (read-only cache) with fewer problems per work-group as n grows, and the
    // shared-memory design at 8, 16 and 32 work-items a side. Then register-blocked ones (reg, pad, vec, seq and
    // ldv for the shared tiles) for n = 9 ... 32, where one element per work-item reads two operands per multiply-add
    // and a 32 x 32 problem takes 1024 work-items: blocks of 2 x 2 to 4 x 4 elements of C per work-item. `ktune bench
    // --paper` measures them all per size.
    const int table[][9] = {{0, 128, 1, 1, 0, 0, 0, 1, 1},
                            {0, 64, 2, 2, 0, 0, 0, 1, 1},
                            {0, 16, 4, 4, 0, 0, 0, 1, 1},
                            {0, 8, 4, 4, 0, 0, 0, 1, 1},
                            {0, 4, 8, 8, 0, 0, 0, 1, 1},
                            {0, 2, 8, 8, 0, 0, 0, 1, 1},
                            {0, 1, 16, 16, 0, 0, 0, 1, 1},
                            {0, 1, 32, 32, 0, 0, 0, 1, 1},
                            {1, 4, 8, 8, 0, 0, 0, 1, 1},
                            {1, 1, 16, 16, 0, 0, 0, 1, 1},
                            {1, 1, 32, 32, 0, 0, 0, 1, 1},
                            // register blocking (the leaders of H100 runs L and M at n = 20 ... 32), vector tiles, and
                            // rounds with the next problem prefetched (run N: at the bound at 28 and 32 in double)
                            {1, 1, 8, 8, 1, 1, 0, 1, 1},
                            {1, 2, 8, 8, 1, 1, 0, 1, 1},
                            {1, 2, 16, 8, 1, 1, 0, 1, 1},
                            {1, 1, 16, 16, 1, 1, 0, 1, 1},
                            {1, 1, 16, 16, 1, 0, 0, 1, 1},
                            {0, 2, 8, 8, 1, 0, 0, 1, 1},
                            {1, 1, 16, 16, 1, 1, 1, 1, 1},
                            {1, 1, 16, 16, 1, 1, 0, 4, 1},
                            {1, 1, 16, 16, 1, 0, 0, 2, 1},
                            {1, 2, 16, 8, 1, 1, 0, 2, 1},
                            // 16 x 8 work-items (blocks of 2 x 4) with 4 prefetch rounds: the leader at most n = 17 ...
                            // 32 in H100 run W, both precisions
                            {1, 1, 16, 8, 1, 1, 0, 4, 1},
                            // shapes that divide the size, with 2 prefetch rounds (H100 runs E and F, 2026-11-25):
                            // one element of C per work-item at n = 3 ... 9 (16 5 x 5 problems a work-group: double 5
                            // from 73% to 106% of the bound), 2 x 2 blocks of 5 x 5 at 10 and of 9 x 9 at 17 and 18,
                            // 1 x 3 blocks of 11 x 4 at 11 (single 9, 10, 11, 17 from 71-84% to 89-101%)
                            {1, 32, 3, 3, 1, 0, 0, 2, 1},
                            {1, 16, 5, 5, 1, 0, 0, 2, 1},
                            {1, 8, 6, 6, 1, 0, 0, 2, 1},
                            {1, 8, 7, 7, 1, 0, 0, 2, 1},
                            {1, 8, 9, 9, 1, 1, 0, 2, 1},
                            {1, 8, 5, 5, 1, 1, 0, 2, 1},
                            {1, 8, 11, 4, 1, 1, 0, 2, 1},
                            {1, 2, 9, 9, 1, 1, 0, 2, 1},
                            // 7 x 7 (2 x 2 blocks over 14) with 4 problems and 4 rounds at n = 13, which is prime
                            // (H100 run M: single 13 from 86% to 90% of the bound)
                            {1, 4, 7, 7, 1, 1, 0, 4, 1},
                            // the H200's leaders (runs X and Y, 2026-11-25), where the H100's shapes stay below the
                            // bound: 8 x 8 work-items with 1 or 2 problems and 2 to 8 rounds (double 21 ... 31 and
                            // single 15 ... 32 but 17, 18, 20, 22, 28), ceil(n/2) squared with 2 x 2 blocks and 4
                            // rounds (17 ... 28), 4 problems of 12 x 4 at 12, 8 of 9 x 3 at 9, 8 of 4 x 4 and 8 x 8 at
                            // 4 and 8; pairs or quads of elements per staging load where a column is whole vectors
                            {1, 2, 8, 8, 1, 1, 0, 2, 1},
                            {1, 2, 8, 8, 1, 1, 0, 4, 1},
                            {1, 2, 8, 8, 1, 0, 0, 4, 1},
                            {1, 1, 8, 8, 1, 1, 0, 8, 1},
                            {1, 2, 8, 8, 1, 1, 0, 4, 4},
                            {1, 1, 9, 9, 1, 0, 0, 4, 1},
                            {1, 1, 10, 10, 1, 0, 0, 4, 4},
                            {1, 1, 11, 11, 1, 0, 0, 4, 1},
                            {1, 1, 14, 14, 1, 0, 0, 4, 4},
                            {1, 4, 12, 4, 1, 1, 0, 4, 1},
                            {1, 8, 9, 3, 1, 1, 0, 2, 1},
                            {1, 8, 4, 4, 1, 0, 0, 2, 1},
                            {1, 8, 8, 8, 1, 0, 0, 2, 1}};
    std::vector<Point> seeds;
    for (const auto& r : table) {
        BatchedParams p;
        p.precision = precision, p.design = Design(r[0]), p.tba = r[1], p.wx = r[2], p.wy = r[3];
        p.reg = r[4] != 0, p.pad = r[5] != 0, p.vec = r[6], p.seq = r[7], p.ldv = r[8];
        seeds.push_back(pointFromParams(p));
    }
    // Double-buffered twins (BATCHED_ASYNC) of the H200's single-precision table entries below 85% of the bound in
    // run AC (n = 9, 13, 17, 19, 25 ... 29), whose register prefetch caps the work-groups an SM: the same shapes with
    // the next round's A and B copied into shared memory instead.
    const int twins[][9] = {{1, 16, 3, 3, 1, 0, 0, 2, 1}, {1, 4, 7, 7, 1, 1, 0, 8, 1},  {1, 1, 9, 9, 1, 1, 0, 4, 1},
                            {1, 2, 8, 8, 1, 1, 0, 4, 1},  {1, 2, 8, 8, 1, 1, 0, 8, 1},  {1, 2, 8, 8, 1, 0, 0, 4, 1},
                            {1, 1, 8, 8, 1, 1, 0, 8, 1},  {1, 1, 14, 14, 1, 0, 0, 4, 4}};
    for (const auto& r : twins) {
        BatchedParams p;
        p.precision = precision, p.design = Design(r[0]), p.tba = r[1], p.wx = r[2], p.wy = r[3];
        p.reg = r[4] != 0, p.pad = r[5] != 0, p.vec = r[6], p.seq = r[7], p.ldv = r[8], p.async = true;
        seeds.push_back(pointFromParams(p));
    }
    return seeds;
}

std::vector<Point> BatchedFamily::seedPoints(const DeviceInfo& device) const {
    const auto space = this->space(device);
    std::vector<Point> seeds;
    for (const Point& point : seedTable(m_precision))
        if (space.isValid(point)) seeds.push_back(point);
    return seeds;
}

std::vector<ProblemSize> BatchedFamily::defaultSizes(const DeviceInfo& device) const {
    // Operands of (3 n^2) elements per problem: about 300 MB on GPUs, so the runs stream from memory, 4 MB elsewhere.
    const double target = device.type == DeviceType::Gpu ? 300e6 : 4e6;
    std::vector<ProblemSize> out;
    for (std::int64_t s : {1, 2, 4, 8, 16, 32}) {
        if (s == 1 && device.type == DeviceType::Gpu) continue;
        const auto batch = std::max<std::int64_t>(
            1, std::int64_t(target / (3.0 * double(s * s) * elementBytes(m_precision))));
        out.push_back({{s, s, s, batch}});
    }
    return out;
}

double BatchedFamily::flops(const ProblemSize& size) const {
    return 2.0 * double(size.dims.at(0)) * double(size.dims.at(1)) * double(size.dims.at(2)) *
           double(size.dims.at(3));
}

double BatchedFamily::bytes(const ProblemSize& size) const {
    const double m = double(size.dims.at(0)), n = double(size.dims.at(1)), k = double(size.dims.at(2));
    return (m * k + k * n + 2 * m * n) * double(size.dims.at(3)) * elementBytes(m_precision);
}

namespace {

// Why `point` cannot run `size` on any device (empty: it can).
std::string sizeReason(const Point& point, const ProblemSize& size, Precision precision) {
    if (size.dims.size() != 4) return "a size is m x n x k x batch";
    for (int d = 0; d < 3; ++d)
        if (size.dims[d] < 1 || size.dims[d] > kMaxSize) return "m, n and k must be between 1 and 32";
    if (size.dims[3] < 1) return "batch must be at least 1";
    try {
        paramsFromPoint(point, precision);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    const std::int64_t m = size.dims[0], n = size.dims[1], k = size.dims[2], batch = size.dims[3];
    if (batch * m * k > kMax || batch * k * n > kMax || batch * m * n > kMax)
        return "a tuning run's operands are limited to 2^31 elements";
    return {};
}

} // namespace

bool BatchedFamily::supports(const Point& point, const ProblemSize& size) const {
    return sizeReason(point, size, m_precision).empty();
}

bool BatchedFamily::supportsOn(const Point& point, const ProblemSize& size, const DeviceInfo& device) const {
    return unsupportedReason(point, size, device).empty();
}

std::string BatchedFamily::unsupportedReason(const Point& point, const ProblemSize& size,
                                             const DeviceInfo& device) const {
    if (auto why = sizeReason(point, size, m_precision); !why.empty()) return why;
    return deviceLimitReason(paramsFromPoint(point, m_precision), device, size.dims[0], size.dims[1], size.dims[2]);
}

std::optional<KernelPlan> BatchedFamily::plan(const Point& point, const DeviceInfo& device) const {
    return batchedTuningPlan(paramsFromPoint(point, m_precision), device, {m_problem.opA, m_problem.opB},
                             m_problem.alpha, m_problem.beta);
}

VerifyResult BatchedFamily::verify(const PlanData& data) const {
    return m_precision == Precision::F64 ? verifyBatched<double>(data) : verifyBatched<float>(data);
}

std::unique_ptr<CandidateRun> BatchedFamily::instantiate(Device& device, const Point& point,
                                                         ProgramCache& programs) const {
    return std::make_unique<SizedRun>(device, *this, programs, paramsFromPoint(point, m_precision), m_problem);
}

BenchDescription BatchedFamily::benchDescription() const {
    BenchDescription d;
    d.variants = {"nn", "nt", "tn", "tt", "ptr-nn", "ptr-nt", "ptr-tn", "ptr-tt"};
    d.variantLabel = "op";
    d.note = "column-major C_b = 1 * op(A_b) op(B_b) + 1 * C_b for every problem b of a dense batch (C read and "
             "written, as the bandwidth bound counts it): strided (nn ... "
             "tt, gemm_batched_strided) or through pointer arrays (ptr-*, gemm_batched: the same storage visited in a "
             "scrambled order); the kernel compiled for each size and op";
    return d;
}

std::shared_ptr<const blas::BatchOffsets> scrambledOffsets(std::int64_t batch, std::int64_t strideA,
                                                           std::int64_t strideB, std::int64_t strideC) {
    // Problem b lives in slot (b * step) mod batch, step coprime to batch: every slot once, neighbours far apart.
    std::int64_t step = 1;
    for (std::int64_t s : {7919, 104729, 1299709, 15485863})
        if (std::gcd(s, batch) == 1) {
            step = s % std::max<std::int64_t>(1, batch);
            if (step == 0) step = 1;
            break;
        }
    const auto count = static_cast<std::size_t>(batch);
    std::vector<std::int64_t> a(count), b(count), c(count);
    std::int64_t slot = 0;
    for (std::int64_t i = 0; i < batch; ++i) {
        a[std::size_t(i)] = slot * strideA, b[std::size_t(i)] = slot * strideB, c[std::size_t(i)] = slot * strideC;
        slot = (slot + step) % batch;
    }
    return std::make_shared<const blas::BatchOffsets>(std::move(a), std::move(b), std::move(c));
}

std::optional<blas::BlasCall> BatchedFamily::benchCall(const std::string& variant, const ProblemSize& size) const {
    const bool pointers = variant.rfind("ptr-", 0) == 0;
    const std::string ops = pointers ? variant.substr(4) : variant;
    if (ops.size() != 2 || size.dims.size() != 4) return std::nullopt;
    blas::BlasCall call;
    call.routine = std::string(pointers ? blas::routine::kGemmBatched : blas::routine::kGemmBatchedStrided);
    call.precision = m_precision;
    call.order = blas::Order::ColMajor;
    call.opA = ops[0] == 't' ? blas::Op::T : blas::Op::N;
    call.opB = ops[1] == 't' ? blas::Op::T : blas::Op::N;
    call.m = size.dims[0], call.n = size.dims[1], call.k = size.dims[2];
    call.batchCount = size.dims[3];
    call.strideA = call.m * call.k, call.strideB = call.k * call.n, call.strideC = call.m * call.n;
    if (pointers) {
        call.batchOffsets = scrambledOffsets(call.batchCount, call.strideA, call.strideB, call.strideC);
        call.strideA = call.strideB = call.strideC = 0;
    }
    call.alpha = 1, call.beta = 1; // C read and written: the bytes the family's bound counts
    return call;
}

std::string BatchedFamily::dispatchKind(const blas::BlasCall& call) const {
    return call.routine == blas::routine::kGemmBatched ? kPointersKind : "";
}

std::unique_ptr<Routine> BatchedFamily::makeRoutine(Device& device, ProgramCache& programs, const Point& point) const {
    return std::make_unique<BatchedRoutine>(device, programs, paramsFromPoint(point, m_precision));
}

std::vector<RoutinePlan> BatchedFamily::routinePlans(const Point& point, const DeviceInfo& device) const {
    // Column-major calls, one plan per op pair. As the routine here, the package compiles the kernel for each call's
    // m, n, k (the plan's per-call options); the general kernel (sizes at run time) only where that one's tiles do
    // not fit the device.
    const BatchedParams params = paramsFromPoint(point, m_precision);
    std::vector<RoutinePlan> plans;
    // Strided batches, then pointer-array batches (gemm_batched: per-problem element offsets, as BatchOffsets).
    for (bool pointers : {false, true})
        for (blas::Op opA : {blas::Op::N, blas::Op::T})
            for (blas::Op opB : {blas::Op::N, blas::Op::T}) {
                RoutinePlan r;
                r.call.routine =
                    std::string(pointers ? blas::routine::kGemmBatched : blas::routine::kGemmBatchedStrided);
                r.call.precision = m_precision;
                r.call.order = blas::Order::ColMajor;
                r.call.opA = opA, r.call.opB = opB;
                r.plan = batchedPackagePlan(params, device, opA, opB, pointers);
                plans.push_back(std::move(r));
            }
    return plans;
}

void registerBatchedFamilies() {
    FamilyRegistry::instance().add(std::make_shared<BatchedFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<BatchedFamily>(Precision::F64));
}

} // namespace kt::batched
