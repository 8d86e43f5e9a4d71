// FamilyRegistry and the string form of metrics.
#include "core/engine/family.hpp"

#include <algorithm>
#include <stdexcept>

namespace kt {

std::string toString(Metric metric) { return metric == Metric::GFlops ? "GFlop/s" : "GB/s"; }

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
