// Choosing the tuned point for a size from the store or a rule.
#include "core/engine/point_chooser.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

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

PointChoice StoredBestChooser::choose(const ProblemSize& size) const {
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
    for (const auto& name : m_rule.candidates()) {
        try {
            m_points.emplace(name, family.pointFromKey(name, device));
        } catch (const std::exception& e) {
            throw std::invalid_argument(m_rule.source + ": candidate '" + name + "' is not a valid " + family.name() +
                                        " point: " + e.what());
        }
    }
}

PointChoice RuleChooser::choose(const ProblemSize& size) const {
    rules::RuleChoice choice;
    try {
        choice = m_rule.select(m_dims, {size.dims.begin(), size.dims.end()});
    } catch (const rules::RuleInputError& e) {
        throw std::invalid_argument(e.what());
    }
    PointChoice c;
    c.point = m_points.at(choice.candidate);
    c.key = c.point.key();
    c.origin = "rule";
    c.why = choice.why;
    c.note = choice.note;
    return c;
}

std::optional<std::vector<ProblemSize>> ruleSizes(const rules::RuleFile& rule, std::size_t dims) {
    if (!rule.sizeRule) return std::nullopt;
    std::vector<long long> values;
    for (const auto& iv : rule.sizeRule->intervals) values.push_back(std::max(1LL, iv.lo));
    values.push_back(std::max(1LL, rule.sizeRule->intervals.back().hi - 1));
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::vector<ProblemSize> sizes;
    for (auto v : values) sizes.push_back({std::vector<std::int64_t>(dims, v)});
    return sizes;
}

} // namespace kt
