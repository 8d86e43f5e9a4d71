// Generic candidate run over a kernel plan (see plan_run.hpp).
#include "core/engine/plan_run.hpp"

#include <limits>

#include "core/engine/fault_injection.hpp"
#include "core/engine/parallel_chunks.hpp"

namespace kt {

namespace {
template <class T> void fill(T* data, std::size_t count, std::uint64_t seed) {
    // splitmix64: fast enough for 8192^2 operands, and no two seeds share a stream prefix. Element i is the mix of
    // start + (i + 1)·γ, so chunks of the array are filled in parallel and give the sequential stream exactly.
    constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;
    const std::uint64_t start = seed * kGamma + 1;
    parallelChunks(count, std::size_t{1} << 20, [&](std::size_t begin, std::size_t end) {
        std::uint64_t state = start + std::uint64_t(begin) * kGamma;
        for (std::size_t i = begin; i < end; ++i) {
            std::uint64_t z = (state += kGamma);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            const double magnitude = 0.25 + 0.75 * double(z >> 11) * 0x1.0p-53;
            data[i] = T((z & 1) ? magnitude : -magnitude);
        }
    });
}

bool isRead(BufferRole role) { return role == BufferRole::Input || role == BufferRole::InOut; }
bool isWritten(BufferRole role) { return role == BufferRole::Output || role == BufferRole::InOut; }

KernelPlan withInjectedFault(KernelPlan plan) {
    injectIntoPlan(plan, currentInjectedFault());
    return plan;
}

// The buffer an injected buffer fault moves: the first output for the writes, the first input for wrong results.
const PlanBuffer* faultTarget(const KernelPlan& plan, InjectedFault fault) {
    for (const auto& b : plan.buffers) {
        if (fault == InjectedFault::WrongResult ? b.role == BufferRole::Input : isWritten(b.role)) return &b;
    }
    return nullptr;
}
} // namespace

void fillRandomReals(float* data, std::size_t count, std::uint64_t seed) { fill(data, count, seed); }
void fillRandomReals(double* data, std::size_t count, std::uint64_t seed) { fill(data, count, seed); }

PlanRun::PlanRun(Device& device, const Family& family, ProgramCache& programs, KernelPlan plan)
    : m_device(device), m_family(family), m_executor(device, programs, withInjectedFault(std::move(plan))) {
    const auto& p = m_executor.plan();
    if (p.inputs != family.sizeDimensions())
        throw std::invalid_argument("the tuning plan of " + family.name() + " must take the size dimensions as inputs");
    const InjectedFault fault = currentInjectedFault();
    if (fault == InjectedFault::WriteAfterEnd || fault == InjectedFault::WriteBeforeStart ||
        fault == InjectedFault::WrongResult) {
        const PlanBuffer* target = faultTarget(p, fault);
        if (!target) throw std::invalid_argument("fault injection: the plan has no buffer for " + toString(fault));
        m_executor.displaceForFault(target->name, fault == InjectedFault::WriteBeforeStart ? -1 : 1);
    }
    m_data.precision = p.precision;
    for (const auto& s : p.scalars) m_data.scalars[s.name] = s.tuningValue;
}

PlanRun::~PlanRun() = default;

void PlanRun::prepare(const ProblemSize& size, std::uint64_t seed) {
    const auto& plan = m_executor.plan();
    if (m_prepared && size.dims == m_size.dims && seed == m_data.seed) {
        // Same inputs as already on the device (the measurer prepares twice): poison the outputs again only.
        for (const auto& b : plan.buffers)
            if (b.role == BufferRole::Output) m_device.fill(m_executor.buffer(b.name), 0xFF);
        return;
    }
    m_prepared = false;
    const auto dims = m_family.sizeDimensions();
    if (size.dims.size() != dims.size())
        throw std::invalid_argument(m_family.name() + ": size " + size.label() + " needs " +
                                    std::to_string(dims.size()) + " dimension(s)");
    std::map<std::string, std::int64_t> inputs;
    for (std::size_t i = 0; i < dims.size(); ++i) inputs[dims[i]] = size.dims[i];
    m_executor.bindInputs(inputs);
    m_executor.allocate();
    m_data.seed = seed;
    m_data.values = m_executor.values();
    m_data.inputs.clear();
    m_data.outputs.clear();
    std::uint64_t stream = seed;
    for (const auto& b : plan.buffers) {
        Buffer& buffer = m_executor.buffer(b.name);
        const std::size_t count = m_executor.elements(b.name);
        if (isRead(b.role)) {
            HostArray host;
            if (b.type == ElementType::Int32) {
                host.data = std::vector<std::int32_t>(count, 0);
            } else if (plan.precision == Precision::F64) {
                std::vector<double> v(count);
                fillRandomReals(v.data(), count, stream);
                host.data = std::move(v);
            } else {
                std::vector<float> v(count);
                fillRandomReals(v.data(), count, stream);
                host.data = std::move(v);
            }
            ++stream;
            std::visit([&](const auto& v) {
                if (!v.empty()) m_device.write(buffer, v.data(), v.size() * sizeof(v[0]));
            }, host.data);
            m_data.inputs.emplace(b.name, std::move(host));
        } else if (b.role == BufferRole::Output) {
            m_device.fill(buffer, 0xFF); // NaN poison: an unwritten element can never pass verification
        }
    }
    m_executor.enqueue(LaunchPhase::Setup);
    m_device.finish();
    m_size = size;
    m_prepared = true;
}

double PlanRun::run() {
    m_executor.enqueue(LaunchPhase::Reset);
    return m_executor.runTimed();
}

VerifyResult PlanRun::verify() {
    const auto& plan = m_executor.plan();
    // Writes outside a buffer first: they may have hit what the check reads, and they are wrong whatever the values.
    if (auto damage = m_executor.damagedGuards(); !damage.empty()) {
        const double inf = std::numeric_limits<double>::infinity();
        return {false, inf, inf, damage};
    }
    m_data.outputs.clear();
    for (const auto& b : plan.buffers) {
        if (!isWritten(b.role)) continue;
        const std::size_t count = m_executor.elements(b.name);
        HostArray host;
        if (b.type == ElementType::Int32)
            host.data = std::vector<std::int32_t>(count);
        else if (plan.precision == Precision::F64)
            host.data = std::vector<double>(count);
        else
            host.data = std::vector<float>(count);
        std::visit([&](auto& v) {
            if (!v.empty()) m_device.read(m_executor.buffer(b.name), v.data(), v.size() * sizeof(v[0]));
        }, host.data);
        m_data.outputs.emplace(b.name, std::move(host));
    }
    return m_family.verify(m_data);
}

} // namespace kt
