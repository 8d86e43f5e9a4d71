// FamilyRegistry and the string form of metrics.
#include "core/engine/family.hpp"

#include "core/engine/plan_run.hpp"
#include "core/engine/routine.hpp"

#include <algorithm>
#include <stdexcept>

namespace kt {

std::string toString(Metric metric) { return metric == Metric::GFlops ? "GFlop/s" : "GB/s"; }

std::unique_ptr<Routine> Family::makeRoutine(Device&, ProgramCache&, const Point&) const { return nullptr; }

ProblemSize Family::callSize(const blas::BlasCall& call) const {
    ProblemSize size;
    for (const auto& dim : sizeDimensions()) {
        if (dim == "m") size.dims.push_back(call.m);
        else if (dim == "n") size.dims.push_back(call.n);
        else if (dim == "k") size.dims.push_back(call.k);
        else if (dim == "batch") size.dims.push_back(call.batchCount);
        else throw std::invalid_argument(name() + ": no default size for a call in the dimension '" + dim + "'");
    }
    return size;
}

Point Family::pointFromKey(const std::string& key, const DeviceInfo& device) const {
    if (key.empty()) throw std::invalid_argument("empty point key");
    const ParameterSpace s = space(device);
    Point point = s.pointFromKey(key);
    if (auto broken = s.brokenConstraint(point)) throw std::invalid_argument("breaks the constraint " + *broken);
    return point;
}

VerifyResult Family::verify(const PlanData&) const {
    return {false, 0, 0, "family " + name() + " has a kernel plan but no host check (Family::verify)"};
}

GeneratedSource Family::generate(const Point& point, const DeviceInfo& device) const {
    auto p = plan(point, device);
    if (!p || p->programs.empty())
        throw std::logic_error("family " + name() + " has no kernel plan: it must override generate()");
    return p->programs.front();
}

std::unique_ptr<CandidateRun> Family::instantiate(Device& device, const Point& point, ProgramCache& programs) const {
    auto p = plan(point, device.info());
    if (!p) throw std::logic_error("family " + name() + " has no kernel plan: it must override instantiate()");
    return std::make_unique<PlanRun>(device, *this, programs, std::move(*p));
}

std::vector<ProblemSize> normaliseSizes(const Family& family, std::vector<ProblemSize> sizes) {
    const auto dims = family.sizeDimensions();
    for (auto& size : sizes) {
        if (size.dims.size() == dims.size()) continue;
        if (size.dims.size() == 1) {
            size.dims.assign(dims.size(), size.dims.front());
            continue;
        }
        std::string names;
        for (const auto& d : dims) names += (names.empty() ? "" : "x") + d;
        throw std::invalid_argument("size " + size.label() + " does not fit family '" + family.name() + "', whose sizes are " +
                                    names + " (or one number for a cube)");
    }
    return sizes;
}

FamilyRegistry& FamilyRegistry::instance() {
    static FamilyRegistry registry;
    return registry;
}

void FamilyRegistry::add(std::shared_ptr<const Family> family) {
    std::erase_if(m_families, [&](const auto& f) { return f->name() == family->name(); });
    m_families.push_back(std::move(family));
    std::sort(m_families.begin(), m_families.end(), [](const auto& a, const auto& b) { return a->name() < b->name(); });
}

std::shared_ptr<const Family> FamilyRegistry::find(const std::string& name) const {
    for (const auto& f : m_families)
        if (f->name() == name) return f;
    return nullptr;
}

std::vector<std::shared_ptr<const Family>> FamilyRegistry::all() const { return m_families; }

} // namespace kt
