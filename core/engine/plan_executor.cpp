// Plan executor (see plan_executor.hpp). Expressions are compiled once to the space's bytecode over one slot per
// input and variable, so binding a size costs a few hundred bytecode steps, not a parse.
#include "core/engine/plan_executor.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>

#include "core/engine/guarded_buffer.hpp"
#include "core/space/expression.hpp"

namespace kt {

struct PlanExecutor::Impl {
    struct Compiled {
        std::string text;
        CompiledExpression code;
    };
    struct Arg {
        PlanArg spec;
        Compiled value; // Int: the value; Image: the texels
        std::size_t buffer = 0;
        double literal = 0;
        bool isLiteral = false;
    };
    struct Launch {
        const PlanLaunch* spec;
        std::unique_ptr<Kernel> kernel;
        std::array<Compiled, 3> global, local;
        std::vector<Arg> args;
        std::optional<Compiled> when; // PlanLaunch::when; none: always launched
    };
    struct BufferSlot {
        const PlanBuffer* spec;
        Compiled elements;
        std::unique_ptr<GuardedBuffer> guarded; // the executor's own, between guard regions
        std::unique_ptr<Buffer> owned;          // the executor's own where the device has no views
        Buffer* bound = nullptr;
        int displacement = 0; // fault injection: kernels see the buffer moved by this many view alignments
        bool imageViewed = false; // read through an image: OpenCL images cannot view sub-buffers, so no guards
    };

    Device& device;
    std::vector<std::shared_ptr<Program>> programs;
    std::map<std::string, int> slotOf; // inputs, then variables
    std::vector<Compiled> variables;
    std::vector<Compiled> checks;
    std::vector<std::int64_t> slots;
    bool bound = false;
    std::vector<BufferSlot> buffers;
    std::map<std::string, double> scalars;
    std::vector<Launch> launches;

    // Resolved launches of a phase (sizes and arguments evaluated), reused while nothing they depend on changes: a
    // routine called again with the same sizes, buffers and scalars enqueues with no expression work, so a short
    // timed span (split-K at 1024: ~0.1 ms) holds no host work between launches. `generation` counts the changes
    // of inputs, scalars and buffers; a cache entry is valid for the generation it was made in.
    struct Resolved {
        Kernel* kernel;
        Range global, local;
        std::vector<KernelArg> args;
        bool overlapsPrevious = false; // PlanLaunch::overlapsPrevious, never for the phase's first launch
    };
    struct PhaseCache {
        std::uint64_t generation = 0; // 0: never made
        std::vector<Resolved> launches;
    };
    std::uint64_t generation = 1;
    std::array<PhaseCache, 3> phaseCache;

    explicit Impl(Device& d) : device(d) {}

    void enqueue(const std::vector<Resolved>& resolved) {
        for (const auto& r : resolved) {
            if (r.overlapsPrevious)
                device.enqueueOverlapping(*r.kernel, r.global, r.local, r.args);
            else
                device.enqueue(*r.kernel, r.global, r.local, r.args);
        }
    }

    Compiled compile(const std::string& text) {
        const auto e = Expression::parse(text);
        Compiled c{text, e.compile([&](const std::string& name) -> std::optional<NameBinding> {
                       auto it = slotOf.find(name);
                       if (it == slotOf.end()) return std::nullopt;
                       return NameBinding{NameBinding::Kind::Slot, it->second};
                   })};
        return c;
    }

    std::int64_t eval(const Compiled& c) const {
        if (!bound) throw std::logic_error("plan executor: inputs are not bound");
        std::int64_t r = 0;
        if (!c.code.evaluate(slots.data(), r))
            throw std::invalid_argument("plan expression '" + c.text + "' cannot be evaluated (overflow or division "
                                        "by zero) for the bound sizes");
        return r;
    }

    std::size_t bufferIndex(const std::string& name) const {
        for (std::size_t i = 0; i < buffers.size(); ++i)
            if (buffers[i].spec->name == name) return i;
        throw std::invalid_argument("plan has no buffer '" + name + "'");
    }

    std::size_t elementsAt(std::size_t i) const {
        const auto v = eval(buffers[i].elements);
        if (v < 0) throw std::invalid_argument("kernel plan: buffer " + buffers[i].spec->name + " has a negative size");
        return std::size_t(v);
    }

    std::size_t bytesAt(std::size_t i, Precision precision) const {
        const auto& b = *buffers[i].spec;
        return elementsAt(i) * (b.type == ElementType::Int32 ? 4 : std::size_t(kt::elementBytes(precision)));
    }

    // The buffer of slot i: the caller's, else the executor's own (by index: launches resolve their arguments
    // on every call, so no name lookups there).
    Buffer& at(std::size_t i) {
        auto& slot = buffers[i];
        if (slot.bound) return *slot.bound;
        if (slot.guarded) return slot.guarded->data();
        if (!slot.owned) throw std::logic_error("kernel plan: buffer " + slot.spec->name + " is not allocated");
        return *slot.owned;
    }

    // The buffer of slot i as kernels get it (moved only by an injected fault).
    Buffer& kernelAt(std::size_t i) {
        auto& slot = buffers[i];
        if (slot.displacement != 0 && slot.guarded)
            return slot.guarded->displaced(std::ptrdiff_t(slot.displacement) * std::ptrdiff_t(device.viewAlignment()));
        return at(i);
    }
};

PlanExecutor::PlanExecutor(Device& device, ProgramCache& programs, KernelPlan plan)
    : m(std::make_unique<Impl>(device)), m_plan(std::move(plan)) {
    if (auto why = m_plan.invalidReason(); !why.empty()) throw std::invalid_argument("kernel plan: " + why);
    for (const auto& source : m_plan.programs)
        for (const auto& option : source.options)
            if (optionPlaceholders(option).perCall())
                throw std::invalid_argument("kernel plan: option " + option +
                                            " is per call; only an exported package compiles such a program");
    int slot = 0;
    for (const auto& i : m_plan.inputs) m->slotOf[i] = slot++;
    for (const auto& v : m_plan.variables) {
        m->variables.push_back(m->compile(v.expression)); // reads only names declared before (invalidReason)
        m->slotOf[v.name] = slot++;
    }
    m->slots.assign(std::size_t(slot), 0);
    for (const auto& c : m_plan.checks) m->checks.push_back(m->compile(c.expression));
    for (const auto& b : m_plan.buffers) m->buffers.push_back({&b, m->compile(b.elements), nullptr, nullptr, nullptr});
    for (const auto& s : m_plan.scalars) m->scalars[s.name] = s.tuningValue;
    for (const auto& source : m_plan.programs) m->programs.push_back(programs.program(source));
    for (const auto& l : m_plan.launches) {
        Impl::Launch launch{&l, m->programs[l.program]->kernel(l.kernel), {}, {}, {}, std::nullopt};
        if (!l.when.empty()) launch.when = m->compile(l.when);
        for (std::size_t d = 0; d < 3; ++d) {
            launch.global[d] = m->compile(l.global[d]);
            launch.local[d] = m->compile(l.local[d]);
        }
        for (const auto& a : l.args) {
            Impl::Arg arg{a, {}, 0, 0, false};
            switch (a.kind) {
            case PlanArg::Kind::Int: arg.value = m->compile(a.text); break;
            case PlanArg::Kind::Real: arg.isLiteral = parseRealLiteral(a.text, arg.literal); break;
            case PlanArg::Kind::Image:
                arg.value = m->compile(a.texels);
                m->buffers[m->bufferIndex(a.text)].imageViewed = true;
                [[fallthrough]];
            case PlanArg::Kind::Buffer: arg.buffer = m->bufferIndex(a.text); break;
            }
            launch.args.push_back(std::move(arg));
        }
        m->launches.push_back(std::move(launch));
    }
}

PlanExecutor::~PlanExecutor() = default;

void PlanExecutor::bindInputs(const std::map<std::string, std::int64_t>& inputs) {
    std::vector<std::int64_t> values;
    values.reserve(m_plan.inputs.size());
    for (const auto& name : m_plan.inputs) {
        auto it = inputs.find(name);
        if (it == inputs.end()) throw std::invalid_argument("kernel plan: input '" + name + "' is not bound");
        values.push_back(it->second);
    }
    bindInputValues(values);
}

void PlanExecutor::bindInputValues(std::span<const std::int64_t> values) {
    if (values.size() != m_plan.inputs.size())
        throw std::invalid_argument("kernel plan: " + std::to_string(values.size()) + " input values for " +
                                    std::to_string(m_plan.inputs.size()) + " inputs");
    if (m->bound && std::equal(values.begin(), values.end(), m->slots.begin())) return; // variables still hold
    m->bound = false;
    ++m->generation;
    std::size_t slot = 0;
    for (auto v : values) m->slots[slot++] = v;
    m->bound = true;
    for (std::size_t i = 0; i < m->variables.size(); ++i) {
        std::int64_t r = 0;
        if (!m->variables[i].code.evaluate(m->slots.data(), r)) {
            m->bound = false;
            throw std::invalid_argument("kernel plan: " + m_plan.variables[i].name + " = " +
                                        m_plan.variables[i].expression + " overflows for the given sizes");
        }
        m->slots[slot++] = r;
    }
    for (std::size_t i = 0; i < m->checks.size(); ++i) {
        std::int64_t r = 0;
        if (!m->checks[i].code.evaluate(m->slots.data(), r) || r == 0) {
            m->bound = false;
            throw std::invalid_argument(m_plan.checks[i].message);
        }
    }
}

std::int64_t PlanExecutor::value(const std::string& name) const {
    auto it = m->slotOf.find(name);
    if (it == m->slotOf.end()) throw std::invalid_argument("kernel plan has no variable '" + name + "'");
    if (!m->bound) throw std::logic_error("plan executor: inputs are not bound");
    return m->slots[std::size_t(it->second)];
}

std::map<std::string, std::int64_t> PlanExecutor::values() const {
    std::map<std::string, std::int64_t> out;
    for (const auto& [name, slot] : m->slotOf) out[name] = m->slots[std::size_t(slot)];
    return out;
}

std::size_t PlanExecutor::elements(const std::string& buffer) const { return m->elementsAt(m->bufferIndex(buffer)); }

std::size_t PlanExecutor::bytes(const std::string& buffer) const {
    return m->bytesAt(m->bufferIndex(buffer), m_plan.precision);
}

void PlanExecutor::setScalar(const std::string& name, double value) {
    auto it = m->scalars.find(name);
    if (it == m->scalars.end()) throw std::invalid_argument("kernel plan has no scalar '" + name + "'");
    if (!(it->second == value)) ++m->generation; // NaN never equals: re-resolved, harmless
    it->second = value;
}

double PlanExecutor::scalar(const std::string& name) const { return m->scalars.at(name); }

void PlanExecutor::bindBuffer(const std::string& name, Buffer& buffer) {
    const std::size_t index = m->bufferIndex(name);
    auto& slot = m->buffers[index];
    const std::size_t need = m->bytesAt(index, m_plan.precision);
    if (buffer.bytes() < need)
        throw std::invalid_argument("kernel plan: buffer " + name + " holds " + std::to_string(buffer.bytes()) +
                                    " bytes, the plan needs " + std::to_string(need));
    if (slot.bound != &buffer) ++m->generation;
    slot.bound = &buffer;
}

void PlanExecutor::allocate() {
    for (std::size_t i = 0; i < m->buffers.size(); ++i) {
        auto& slot = m->buffers[i];
        if (slot.bound) continue;
        // At least one element: a zero-byte allocation fails on some backends, and a plan may skip a buffer.
        const std::size_t need = std::max<std::size_t>(m->bytesAt(i, m_plan.precision), 1);
        if (slot.guarded) {
            // A size that fits moves the back guard with a new view when the size changed; resolved launches hold
            // the view's address, so they are made again only when that changed.
            const Buffer* before = &slot.guarded->data();
            if (slot.guarded->fit(need)) {
                if (&slot.guarded->data() != before) ++m->generation;
                continue;
            }
        }
        if (slot.owned && slot.owned->bytes() >= need) continue;
        ++m->generation; // a new buffer: resolved launches must not keep the old one
        slot.guarded.reset(); // free first: large workspaces must not exist twice
        slot.owned.reset();
        if (slot.displacement != 0 && (slot.imageViewed || m->device.viewAlignment() == 0))
            throw std::invalid_argument("fault injection: " + m->device.info().label() +
                                        " has no buffer views, so no guard regions to write into");
        try {
            if (!slot.imageViewed) slot.guarded = GuardedBuffer::allocate(m->device, need);
            if (!slot.guarded) slot.owned = m->device.allocate(need);
        } catch (const std::exception& e) {
            // The device's own message rarely says which buffer or how large: the stored error should.
            throw std::runtime_error("cannot allocate buffer " + slot.spec->name + " of " + std::to_string(need) +
                                     " bytes on " + m->device.info().label() + ": " + e.what());
        }
    }
}

std::string PlanExecutor::damagedGuards() {
    std::string out;
    for (auto& slot : m->buffers) {
        if (!slot.guarded) continue;
        const std::size_t elementBytes =
            slot.spec->type == ElementType::Int32 ? 4 : std::size_t(kt::elementBytes(m_plan.precision));
        const std::string d = slot.guarded->damage(slot.spec->name, elementBytes);
        if (!d.empty()) out += (out.empty() ? "" : "\n") + d;
    }
    return out;
}

void PlanExecutor::displaceForFault(const std::string& name, int direction) {
    auto& slot = m->buffers[m->bufferIndex(name)];
    if (slot.bound) throw std::invalid_argument("fault injection: buffer " + name + " is the caller's");
    if (slot.imageViewed)
        throw std::invalid_argument("fault injection: buffer " + name + " is read as an image, which has no guards");
    if (m->device.viewAlignment() == 0)
        throw std::invalid_argument("fault injection: " + m->device.info().label() +
                                    " has no buffer views, so no guard regions to write into");
    slot.displacement = direction < 0 ? -1 : 1;
    ++m->generation;
}

Buffer& PlanExecutor::buffer(const std::string& name) { return m->at(m->bufferIndex(name)); }

namespace {
std::size_t rangeValue(std::int64_t v, const std::string& what) {
    if (v < 1) throw std::invalid_argument("kernel plan: " + what + " evaluates to " + std::to_string(v));
    return std::size_t(v);
}
} // namespace

void PlanExecutor::resolve(std::size_t index, Range& global, Range& local, std::vector<KernelArg>& args) {
    auto& l = m->launches[index];
    for (std::size_t d = 0; d < 3; ++d) {
        global.size[d] = rangeValue(m->eval(l.global[d]), l.spec->kernel + " global size " + l.global[d].text);
        local.size[d] = rangeValue(m->eval(l.local[d]), l.spec->kernel + " local size " + l.local[d].text);
    }
    args.clear();
    args.reserve(l.args.size());
    for (const auto& a : l.args) {
        switch (a.spec.kind) {
        case PlanArg::Kind::Int: {
            const auto v = m->eval(a.value);
            if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
                throw std::invalid_argument("kernel plan: " + l.spec->kernel + " argument " + a.spec.text + " = " +
                                            std::to_string(v) + " exceeds 32 bits");
            args.emplace_back(std::int32_t(v));
            break;
        }
        case PlanArg::Kind::Real: {
            const double v = a.isLiteral ? a.literal : m->scalars.at(a.spec.text);
            if (m_plan.precision == Precision::F64)
                args.emplace_back(v);
            else
                args.emplace_back(float(v));
            break;
        }
        case PlanArg::Kind::Buffer:
            args.emplace_back(&m->kernelAt(a.buffer));
            break;
        case PlanArg::Kind::Image: {
            ImageView view;
            view.buffer = &m->kernelAt(a.buffer);
            view.channels = a.spec.channels;
            view.channelType = a.spec.channelType;
            view.texels = std::size_t(m->eval(a.value));
            args.emplace_back(view);
            break;
        }
        }
    }
}

void PlanExecutor::ensureResolved(LaunchPhase phase) {
    auto& cache = m->phaseCache[std::size_t(phase)];
    if (cache.generation != m->generation) {
        cache.launches.clear();
        for (std::size_t i = 0; i < m->launches.size(); ++i) {
            if (m->launches[i].spec->phase != phase) continue;
            if (m->launches[i].when && m->eval(*m->launches[i].when) == 0) continue;
            // The first launch of the phase follows whatever the caller did before (a transfer, another phase, the
            // device's own timing work): never overlapped, even where a `when` left out the launch before it.
            Impl::Resolved r{m->launches[i].kernel.get(), {}, {}, {},
                             m->launches[i].spec->overlapsPrevious && !cache.launches.empty()};
            resolve(i, r.global, r.local, r.args);
            cache.launches.push_back(std::move(r));
        }
        cache.generation = m->generation;
    }
}

void PlanExecutor::enqueue(LaunchPhase phase) {
    ensureResolved(phase);
    m->enqueue(m->phaseCache[std::size_t(phase)].launches);
}

double PlanExecutor::runTimed() {
    ensureResolved(LaunchPhase::Timed);
    const auto& timed = m->phaseCache[std::size_t(LaunchPhase::Timed)].launches;
    if (timed.size() == 1) {
        // One kernel: timed by its own event, as single-kernel candidates always were (markers add overhead).
        return m->device.launch(*timed[0].kernel, timed[0].global, timed[0].local, timed[0].args);
    }
    return m->device.timeSpan([&] { m->enqueue(timed); });
}

} // namespace kt
