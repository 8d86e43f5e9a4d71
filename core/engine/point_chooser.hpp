// Where the tuned point for a problem size comes from: the stored best measurement nearest the size, or a dispatch
// rule. The bench, the workbench and TunedRoutine pick points through these, so "the tuned kernel at this size" means
// the same everywhere.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "core/rules/rule_file.hpp"
#include "core/store/measurement_repository.hpp"

namespace kt {

struct PointChoice {
    Point point;
    std::string key;
    std::string origin;  // "best" (from the store) or "rule"
    std::string tunedAt; // best: the stored size it won at ("4096x4096x4096")
    std::string why;     // rule: the interval or tree path that chose it
    std::string note;    // rule: set when the size lies outside every interval (the nearest one was used)
    std::string kind;    // rule: the call kind whose table chose (Family::dispatchKind); empty: the main table
};

class PointChooser {
public:
    virtual ~PointChooser() = default;
    // Throws std::invalid_argument when the size cannot be chosen for (a rule of other dimensions). `kind`: the
    // call's Family::dispatchKind (empty: the main kind).
    virtual PointChoice choose(const ProblemSize& size, const std::string& kind = {}) const = 0;
};

// The best stored measurement at the stored size nearest to the asked one (same number of dimensions first, then the
// closest log-volume): a run tuned at 1024 and 4096 serves 3000 with the 4096 winner.
class StoredBestChooser : public PointChooser {
public:
    // Throws std::invalid_argument when the store has no successful measurement of the family on the device.
    StoredBestChooser(const store::MeasurementRepository& measurements, const std::string& deviceId,
                      const Family& family);
    PointChoice choose(const ProblemSize& size, const std::string& kind = {}) const override; // kind: not stored

private:
    std::vector<store::StoredMeasurement> m_best;
};

// The candidate a rule names for the size (and call kind: a table's kind tables). Every candidate of the rule, and
// every kind it has a table for (Family::dispatchKinds), is checked when the chooser is made (std::invalid_argument
// naming the candidate or kind), so a bad rule fails before any device work.
class RuleChooser : public PointChooser {
public:
    RuleChooser(rules::RuleFile rule, const Family& family, const DeviceInfo& device);
    PointChoice choose(const ProblemSize& size, const std::string& kind = {}) const override;
    const rules::RuleFile& rule() const { return m_rule; }

private:
    rules::RuleFile m_rule;
    std::vector<std::string> m_dims;
    std::map<std::string, Point> m_points;
};

// Sizes that exercise every candidate of a size rule (each interval's first size and the last size it covers, and
// each aligned interval's first size, as square sizes of `dims` dimensions); nullopt for trees, which have no sizes
// of their own.
std::optional<std::vector<ProblemSize>> ruleSizes(const rules::RuleFile& rule, std::size_t dims);

} // namespace kt
