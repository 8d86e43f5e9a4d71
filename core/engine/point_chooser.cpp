// Choosing the tuned point for a size from the store or a rule.
#include "core/engine/point_chooser.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/engine/device_requirements.hpp"

namespace kt {

namespace {

double logVolume(const ProblemSize& s) {
    double v = 0;
    for (auto d : s.dims) v += std::log(double(std::max<std::int64_t>(d, 1)));
    return v;
}

} // namespace

StoredBestChooser::StoredBestChooser(const store::MeasurementRepository& measurements, const std::string& deviceId,
                                     const Family& family)
    : m_best(measurements.bestPerSize(deviceId, family.name())) {
    if (m_best.empty())
        throw std::invalid_argument("no successful " + family.name() + " measurements of " + deviceId +
                                    " in the store (run `ktune tune` first)");
}

PointChoice StoredBestChooser::choose(const ProblemSize& size, const std::string&) const {
    const store::StoredMeasurement* pick = nullptr;
    double pickDistance = 0;
    for (const auto& m : m_best) {
        const double d = (m.measurement.size.dims.size() == size.dims.size() ? 0 : 1e6) +
                         std::fabs(logVolume(m.measurement.size) - logVolume(size));
        if (!pick || d < pickDistance) pick = &m, pickDistance = d;
    }
    PointChoice c;
    c.key = pick->measurement.pointKey;
    c.point = Point::fromKey(c.key);
    c.origin = "best";
    c.tunedAt = pick->measurement.size.label();
    return c;
}

RuleChooser::RuleChooser(rules::RuleFile rule, const Family& family, const DeviceInfo& device)
    : m_rule(std::move(rule)), m_dims(family.sizeDimensions()) {
    try {
        m_rule.checkDimensions(m_dims);
    } catch (const rules::RuleInputError& e) {
        throw std::invalid_argument(e.what());
    }
    if (!m_rule.family.empty() && m_rule.family != family.name())
        throw std::invalid_argument(m_rule.source + " is a rule for family " + m_rule.family + ", not " +
                                    family.name());
    const auto kinds = family.dispatchKinds();
    for (const auto& kind : m_rule.kinds())
        if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
            std::string known;
            for (const auto& k : kinds) known += (known.empty() ? "" : ", ") + k;
            throw std::invalid_argument(m_rule.source + ": a table for call kind '" + kind + "', which " +
                                        family.name() + " does not have (" +
                                        (known.empty() ? "it has no call kinds" : "its kinds: " + known) + ")");
        }
    for (const auto& name : m_rule.candidates()) {
        Point point;
        try {
            point = family.pointFromKey(name, device);
        } catch (const std::exception& e) {
            throw std::invalid_argument(m_rule.source + ": candidate '" + name + "' is not a valid " + family.name() +
                                        " point: " + e.what());
        }
        // A family may take keys outside its space (GEMM's), which no space checks against the device: a rule tuned
        // on one device may name kernels another cannot run (FP64 tensor cores on an OpenCL device).
        if (const auto why = cannotRunOn(family, point, device))
            throw std::invalid_argument(m_rule.source + ": candidate '" + name + "' " + *why);
        m_points.emplace(name, std::move(point));
    }
}

PointChoice RuleChooser::choose(const ProblemSize& size, const std::string& kind) const {
    rules::RuleChoice choice;
    try {
        choice = m_rule.select(m_dims, {size.dims.begin(), size.dims.end()}, kind);
    } catch (const rules::RuleInputError& e) {
        throw std::invalid_argument(e.what());
    }
    PointChoice c;
    c.point = m_points.at(choice.candidate);
    c.key = c.point.key();
    c.origin = "rule";
    c.why = choice.why;
    c.note = choice.note;
    c.kind = choice.kind;
    return c;
}

std::optional<std::vector<ProblemSize>> ruleSizes(const rules::RuleFile& rule, std::size_t dims) {
    if (!rule.sizeRule) return std::nullopt;
    std::vector<long long> values;
    for (const auto& iv : rule.sizeRule->intervals) values.push_back(std::max(1LL, iv.lo));
    values.push_back(std::max(1LL, rule.sizeRule->intervals.back().hi - 1));
    if (rule.aligned) // its intervals start at multiples (where they were measured)
        for (const auto& iv : rule.aligned->rule.intervals) values.push_back(std::max(1LL, iv.lo));
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::vector<ProblemSize> sizes;
    for (auto v : values) sizes.push_back({std::vector<std::int64_t>(dims, v)});
    return sizes;
}

} // namespace kt
