// Batched GEMM kernel plans (see batched_plan.hpp).
#include "kernels/batched/batched_plan.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"
#include "kernels/common/restore.hpp"

namespace kt::batched {

namespace {

std::string str(std::int64_t v) { return std::to_string(v); }
bool isPow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

// Sizes the plan accepts: the compiled ones, or 1..kMaxSize within the general kernel's capacity (unless the
// expression `sizedInstead` holds: the package's plan then runs the kernel compiled for the size).
void addSizeChecks(KernelPlan& plan, const BatchedParams& p, const DeviceInfo& device, const BatchedShape& shape,
                   const std::string& sizedInstead = {}) {
    if (shape.fixed()) {
        plan.checks.push_back({"m == " + str(shape.m) + " && n == " + str(shape.n) + " && k == " + str(shape.k),
                               "gemm_batched: this kernel is compiled for m x n x k = " + str(shape.m) + " x " +
                                   str(shape.n) + " x " + str(shape.k)});
    } else {
        const std::string cap = str(genericCapacity(p, device));
        plan.checks.push_back({"m >= 1 && n >= 1 && k >= 1 && m <= 32 && n <= 32 && k <= 32",
                               "gemm_batched: m, n and k must be between 1 and 32"});
        const std::string fits = "m * k <= " + cap + " && k * n <= " + cap;
        plan.checks.push_back({sizedInstead.empty() ? fits : sizedInstead + " || (" + fits + ")",
                               "gemm_batched: op(A) or op(B) exceeds the general kernel's local memory (" + cap +
                                   " elements per problem)"});
    }
    plan.checks.push_back({"batch >= 1", "gemm_batched: batch must be at least 1"});
}

PlanLaunch kernelLaunch(const BatchedParams& p, std::size_t program, bool pointers = false) {
    PlanLaunch launch;
    launch.program = program;
    launch.kernel = kKernelName;
    launch.global = {ceilDivExpr("batch", p.tba * p.seq) + " * " + str(p.wgSize()), "1", "1"};
    launch.local = {str(p.wgSize()), "1", "1"};
    launch.args = {PlanArg::integer("m"),       PlanArg::integer("n"),       PlanArg::integer("k"),
                   PlanArg::integer("batch"),   PlanArg::real("alpha"),      PlanArg::real("beta"),
                   PlanArg::buffer("A"),        PlanArg::integer("offa"),    PlanArg::integer("lda"),
                   PlanArg::integer("stridea"), PlanArg::buffer("B"),        PlanArg::integer("offb"),
                   PlanArg::integer("ldb"),     PlanArg::integer("strideb"), PlanArg::buffer("C"),
                   PlanArg::integer("offc"),    PlanArg::integer("ldc"),     PlanArg::integer("stridec")};
    if (pointers)
        for (const char* name : {"PA", "PB", "PC"}) launch.args.push_back(PlanArg::buffer(name));
    return launch;
}

std::string opDefine(blas::Op op) { return op == blas::Op::N ? "0" : "1"; }

// The options of a point and op pair, before the sizes (or the general kernel's capacities) and the precision.
std::vector<std::string> pointOptions(const BatchedParams& p, const BatchedShape& shape) {
    std::vector<std::string> options = {"-DBATCHED_DESIGN=" + str(int(p.design)),
                                        "-DBATCHED_TBA=" + str(p.tba),
                                        "-DBATCHED_WX=" + str(p.wx),
                                        "-DBATCHED_WY=" + str(p.wy),
                                        "-DBATCHED_REG=" + str(int(p.reg)),
                                        "-DBATCHED_PAD=" + str(int(p.pad)),
                                        "-DBATCHED_VEC=" + str(int(p.vec)),
                                        "-DBATCHED_SEQ=" + str(p.seq),
                                        "-DBATCHED_MINB=" + str(p.minBlocks),
                                        "-DBATCHED_LDV=" + str(p.ldv),
                                        "-DBATCHED_ASYNC=" + str(int(p.async)),
                                        "-DBATCHED_TRANS_A=" + opDefine(shape.opA),
                                        "-DBATCHED_TRANS_B=" + opDefine(shape.opB)};
    if (shape.pointers) options.push_back("-DBATCHED_POINTERS=1");
    return options;
}

} // namespace

std::int64_t BatchedParams::localMemBytes(std::int64_t m, std::int64_t n, std::int64_t k) const {
    if (design != Design::SharedMemory) return 0;
    if (vectorTiles(m, n)) { // as BATCHED_LDK: k in whole 16-byte vectors, an odd number of them with padding
        const std::int64_t vw = 16 / realBytes(), kv = (k + vw - 1) / vw * vw;
        const std::int64_t ldk = pad && (kv / vw) % 2 == 0 ? kv + vw : kv;
        return std::int64_t(tba) * (m + n) * ldk * realBytes();
    }
    if (columnVectors(m, n)) { // as BATCHED_MV and BATCHED_LDSB: rows of op(A) in whole vectors or blocks, k in
                               // whole vectors (an odd number of them with padding)
        const std::int64_t vw = 16 / realBytes(), ri = (m + wx - 1) / wx, kv = (k + vw - 1) / vw * vw;
        const std::int64_t unit = ri % vw == 0 ? ri : vw, mv = (m + unit - 1) / unit * unit;
        const std::int64_t ldb = pad && (kv / vw) % 2 == 0 ? kv + vw : kv;
        return std::int64_t(tba) * (mv * k + ldb * n) * realBytes();
    }
    const std::int64_t lda = pad ? (m | 1) : m, ldb = pad ? (k | 1) : k; // as BATCHED_LDSA / BATCHED_LDSB
    return (doubleBuffered(m, n) ? 2 : 1) * std::int64_t(tba) * (lda * k + ldb * n) * realBytes();
}

bool BatchedParams::doubleBuffered(std::int64_t m, std::int64_t n) const {
    // As BATCHED_USE_ASYNC: the prefetch rounds' condition (BATCHED_PREFETCH) with VEC 0 (invalidReason).
    return async && design == Design::SharedMemory && seq > 1 && vec == 0 && blocksInRegisters(m, n);
}

bool BatchedParams::blocksInRegisters(std::int64_t m, std::int64_t n) const {
    return reg && ((m + wx - 1) / wx) * ((n + wy - 1) / wy) <= 32;
}

bool BatchedParams::vectorTiles(std::int64_t m, std::int64_t n) const {
    return vec == 1 && design == Design::SharedMemory && blocksInRegisters(m, n);
}

bool BatchedParams::columnVectors(std::int64_t m, std::int64_t n) const {
    return vec == 2 && design == Design::SharedMemory && blocksInRegisters(m, n);
}

std::string BatchedParams::invalidReason() const {
    if (design != Design::ReadOnlyCache && design != Design::SharedMemory)
        return "BATCHED_DESIGN must be 0 (read-only cache) or 1 (shared memory)";
    if (!isPow2(tba) || tba > 256) return "BATCHED_TBA must be a power of two up to 256, got " + str(tba);
    // Any count up to 32: shapes that divide a size (9 x 9 at n = 9, 17 x 9 at 17) leave no clamped rows or columns.
    if (wx < 1 || wx > kMaxSize) return "BATCHED_WX must be 1 ... 32, got " + str(wx);
    if (wy < 1 || wy > kMaxSize) return "BATCHED_WY must be 1 ... 32, got " + str(wy);
    if (seq != 1 && seq != 2 && seq != 4 && seq != 8) return "BATCHED_SEQ must be 1, 2, 4 or 8, got " + str(seq);
    if (ldv != 1 && ldv != 2 && ldv != 4) return "BATCHED_LDV must be 1, 2 or 4, got " + str(ldv);
    if (vec < 0 || vec > 2) return "BATCHED_VEC must be 0, 1 or 2, got " + str(vec);
    if (minBlocks < 0 || minBlocks > 32) return "BATCHED_MINB must be 0 ... 32, got " + str(minBlocks);
    if (async && (design != Design::SharedMemory || !reg || seq < 2 || vec != 0))
        return "BATCHED_ASYNC needs the shared-memory design with register blocking, BATCHED_SEQ > 1 and "
               "BATCHED_VEC 0";
    return {};
}

std::string BatchedParams::describe() const {
    std::ostringstream s;
    s << (precision == Precision::F64 ? "d " : "s ") << (design == Design::SharedMemory ? "shared" : "roc") << " tba "
      << tba << " " << wx << "x" << wy << (reg ? " reg" : "") << (pad ? " pad" : "") << (vec == 1 ? " vec" : "")
      << (vec == 2 ? " cvec" : "") << (seq > 1 ? " seq " + str(seq) : "") << (ldv > 1 ? " ldv " + str(ldv) : "")
      << (minBlocks > 0 ? " minb " + str(minBlocks) : "") << (async ? " async" : "");
    return s.str();
}

std::string deviceLimitReason(const BatchedParams& p, const DeviceInfo& device, std::int64_t m, std::int64_t n,
                              std::int64_t k) {
    const std::int64_t bytes = p.localMemBytes(m, n, k), limit = std::int64_t(device.localMemBytes);
    if (bytes <= limit) return {};
    std::ostringstream s;
    s << p.describe() << " at " << m << " x " << n << " x " << k << ": the shared tiles of " << p.tba
      << (p.tba == 1 ? " problem" : " problems") << " take " << bytes << " bytes, more than the " << limit
      << " bytes of local memory a work-group may declare on " << device.label();
    if (device.backend == BackendKind::Cuda) s << " (CUDA's limit on static shared memory)";
    return s.str();
}

std::int64_t genericCapacity(const BatchedParams& p, const DeviceInfo& device) {
    const std::int64_t full = kMaxSize * kMaxSize;
    if (p.design != Design::SharedMemory) return full;
    return std::max<std::int64_t>(1, std::min<std::int64_t>(full, std::int64_t(device.localMemBytes) /
                                                                      (2 * std::int64_t(p.tba) * p.realBytes())));
}

GeneratedSource batchedProgram(const BatchedParams& p, const DeviceInfo& device, const BatchedShape& shape) {
    if (auto why = p.invalidReason(); !why.empty()) throw std::invalid_argument(why);
    if (shape.fixed() && (shape.m > kMaxSize || shape.m < 1 || shape.n < 1 || shape.n > kMaxSize || shape.k < 1 || shape.k > kMaxSize))
        throw std::invalid_argument("gemm_batched: m, n and k must be between 1 and 32, got " + str(shape.m) + " x " +
                                    str(shape.n) + " x " + str(shape.k));
    if (shape.fixed())
        if (auto why = deviceLimitReason(p, device, shape.m, shape.n, shape.k); !why.empty())
            throw std::invalid_argument("gemm_batched: " + why); // refused here: NVRTC would fail after seconds
    GeneratedSource out;
    out.source = kernels::withPreamble(kernels::embeddedSource("batched/gemm_batched.cl"));
    out.options = pointOptions(p, shape);
    if (shape.fixed()) {
        out.options.push_back("-DBATCHED_M=" + str(shape.m));
        out.options.push_back("-DBATCHED_N=" + str(shape.n));
        out.options.push_back("-DBATCHED_K=" + str(shape.k));
    } else {
        const std::string cap = str(genericCapacity(p, device));
        out.options.push_back("-DBATCHED_MAX_MK=" + cap);
        out.options.push_back("-DBATCHED_MAX_KN=" + cap);
    }
    if (p.precision == Precision::F64) out.options.push_back("-DKT_DOUBLE=1");
    out.kernels = {kKernelName};
    return out;
}

KernelPlan batchedTuningPlan(const BatchedParams& p, const DeviceInfo& device, const BatchedShape& shape, double alpha,
                             double beta) {
    KernelPlan plan;
    plan.precision = p.precision;
    plan.inputs = {"m", "n", "k", "batch"};
    plan.scalars = {{"alpha", alpha}, {"beta", beta}};
    const std::size_t program = plan.addProgram(batchedProgram(p, device, shape));
    addSizeChecks(plan, p, device, shape);
    plan.checks.push_back({"batch * m * k <= 2147483647 && batch * k * n <= 2147483647 && batch * m * n <= "
                           "2147483647",
                           "gemm_batched: a tuning run's operands are limited to 2^31 elements"});
    const bool tA = shape.opA == blas::Op::T, tB = shape.opB == blas::Op::T;
    plan.variables = {{"opa", tA ? "1" : "0"},   {"opb", tB ? "1" : "0"},   {"lda", tA ? "k" : "m"},
                      {"ldb", tB ? "n" : "k"},   {"ldc", "m"},              {"stridea", "m * k"},
                      {"strideb", "k * n"},      {"stridec", "m * n"},      {"offa", "0"},
                      {"offb", "0"},             {"offc", "0"}};
    plan.buffers = {{"A", BufferRole::Input, "batch * m * k"}, {"B", BufferRole::Input, "batch * k * n"}};
    if (beta != 0) {
        plan.buffers.push_back({"C0", BufferRole::Input, "batch * m * n"});
        kernels::addRestoreLaunch(plan, "C0", "C", "batch * m * n");
    }
    plan.buffers.push_back({"C", BufferRole::Output, "batch * m * n"});
    plan.launches.push_back(kernelLaunch(p, program));
    return plan;
}

std::string localMemBytesExpr(const BatchedParams& p) {
    // localMemBytes() written over m, n and k with the point's constants folded in (the grammar has no '|': an odd
    // leading dimension m | 1 is m + 1 - m % 2).
    if (p.design != Design::SharedMemory) return "0";
    const std::string tba = str(p.tba), rb = str(p.realBytes()), vw = str(16 / p.realBytes());
    const std::string plain = tba + " * (" + (p.pad ? "(m + 1 - m % 2)" : "m") + " * k + " +
                              (p.pad ? "(k + 1 - k % 2)" : "k") + " * n) * " + rb;
    const std::string inRegisters =
        "((m + " + str(p.wx - 1) + ") / " + str(p.wx) + ") * ((n + " + str(p.wy - 1) + ") / " + str(p.wy) + ") <= 32";
    if (p.async && p.seq > 1 && p.reg && p.vec == 0) // doubleBuffered(): two buffers where the blocks are registers
        return "(" + inRegisters + " ? 2 * " + plain + " : " + plain + ")";
    if (!p.reg || p.vec == 0) return plain;
    const std::string kv = "((k + " + str(16 / p.realBytes() - 1) + ") / " + vw + " * " + vw + ")";
    const std::string ldk = p.pad ? "(" + kv + " / " + vw + " % 2 == 0 ? " + kv + " + " + vw + " : " + kv + ")" : kv;
    std::string vector;
    if (p.vec == 1) {
        vector = tba + " * (m + n) * " + ldk + " * " + rb;
    } else {
        const std::string ri = "((m + " + str(p.wx - 1) + ") / " + str(p.wx) + ")";
        const std::string unit = "(" + ri + " % " + vw + " == 0 ? " + ri + " : " + vw + ")";
        vector = tba + " * ((m + " + unit + " - 1) / " + unit + " * " + unit + " * k + " + ldk + " * n) * " + rb;
    }
    return "(" + inRegisters + " ? " + vector + " : " + plain + ")";
}

namespace {

// The routine's plan; with `perCallSizes` (the package's, shape general), also the kernel compiled per call size.
KernelPlan routinePlan(const BatchedParams& p, const DeviceInfo& device, const BatchedShape& shape, bool perCallSizes) {
    KernelPlan plan;
    plan.precision = p.precision;
    plan.inputs = {"m", "n", "k", "batch", "lda", "ldb", "ldc", "stridea", "strideb", "stridec", "offa", "offb", "offc"};
    if (shape.pointers) plan.inputs.insert(plan.inputs.end(), {"maxpa", "maxpb", "maxpc"});
    plan.scalars = {{"alpha", 1}, {"beta", 0}};
    const std::size_t program = plan.addProgram(batchedProgram(p, device, shape));
    if (perCallSizes) // `sized`: the kernel compiled for the call's sizes fits the device (deviceLimitReason per call)
        plan.variables = {{"tilebytes", localMemBytesExpr(p)},
                          {"sized", "tilebytes <= " + str(std::int64_t(device.localMemBytes))}};
    addSizeChecks(plan, p, device, shape, perCallSizes ? "sized" : "");
    const bool tA = shape.opA == blas::Op::T, tB = shape.opB == blas::Op::T;
    // Stored rows x cols of each operand (column-major: rows run along the leading dimension).
    // The last problem's start: (batch - 1) * stride, or the largest batch offset.
    auto last = [&](const char* x) {
        return shape.pointers ? std::string("maxp") + x : std::string("(batch - 1) * stride") + x;
    };
    auto extent = [&](const char* x, const std::string& rows, const std::string& cols) {
        return std::string("off") + x + " + " + last(x) + " + (" + cols + " - 1) * ld" + x + " + " + rows;
    };
    plan.buffers = {{"A", BufferRole::Input, extent("a", tA ? "k" : "m", tA ? "m" : "k")},
                    {"B", BufferRole::Input, extent("b", tB ? "n" : "k", tB ? "k" : "n")},
                    {"C", BufferRole::InOut, extent("c", "m", "n")}};
    if (shape.pointers)
        for (const char* name : {"PA", "PB", "PC"})
            plan.buffers.push_back({name, BufferRole::Input, "batch", ElementType::Int32});
    plan.checks.push_back({"offa + " + last("a") + " + (lda + 1) * 32 <= 2147483647 && offb + " + last("b") +
                               " + (ldb + 1) * 32 <= 2147483647 && offc + " + last("c") +
                               " + (ldc + 1) * 32 <= 2147483647",
                           "gemm_batched: operands beyond 2^31 elements are not supported"});
    plan.launches.push_back(kernelLaunch(p, program, shape.pointers));
    if (perCallSizes) {
        // As batchedProgram for a fixed shape, with the sizes as per-call options (kernel_plan.cpp).
        GeneratedSource perSize = plan.programs[program];
        perSize.options = pointOptions(p, shape);
        for (const char* d : {"M", "N", "K"})
            perSize.options.push_back(std::string("-DBATCHED_") + d + "=${" + char(std::tolower(*d)) + "}");
        if (p.precision == Precision::F64) perSize.options.push_back("-DKT_DOUBLE=1");
        PlanLaunch sized = kernelLaunch(p, plan.addProgram(perSize), shape.pointers);
        sized.when = "sized";
        plan.launches.back().when = "!sized";
        plan.launches.insert(plan.launches.begin(), sized);
    }
    return plan;
}

} // namespace

KernelPlan batchedRoutinePlan(const BatchedParams& p, const DeviceInfo& device, const BatchedShape& shape) {
    return routinePlan(p, device, shape, false);
}

KernelPlan batchedPackagePlan(const BatchedParams& p, const DeviceInfo& device, blas::Op opA, blas::Op opB,
                              bool pointers) {
    BatchedShape shape{opA, opB, 0, 0, 0};
    shape.pointers = pointers;
    return routinePlan(p, device, shape, true);
}

} // namespace kt::batched
