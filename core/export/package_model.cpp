// Gathering a package from the store: per family, the best verified value of every point at every size, a dispatch
// tree over the size dimensions (core/rules), and the routine plans of the points the tree names.
#include "core/export/package_model.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/engine/family.hpp"
#include "core/engine/point_chooser.hpp"
#include "core/export/plan_emitter.hpp"
#include "core/space/expression.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"

namespace kt::exporter {

std::string ExportFamily::select(const ProblemSize& size, const std::string& kind) const {
    std::vector<long long> x(size.dims.begin(), size.dims.end());
    if (givenRule) {
        try {
            return givenRule->select(dims, x, kind).candidate;
        } catch (const rules::RuleInputError&) {
            // a size rule at a size whose dimensions differ: the store's dispatch decides, as in the package
        }
    }
    if (!table) return rule.select(x);
    std::vector<long long> key;
    for (const auto& d : table->dims)
        key.push_back(x.at(std::size_t(std::find(dims.begin(), dims.end(), d) - dims.begin())));
    return table->choose(key, kind).candidate;
}

namespace {

// The size dimensions a point's routine plans compile per call (names read by per-call options), in `dims` order;
// empty when the plans compile their programs once.
std::vector<std::string> perCallDims(const std::vector<RoutinePlan>& plans, const std::vector<std::string>& dims) {
    std::set<std::string> read;
    for (const auto& r : plans)
        for (const auto& program : r.plan.programs)
            for (const auto& option : splitOptions(program).perCall)
                for (const auto& placeholder : optionPlaceholders(option).placeholders) {
                    const auto expression = Expression::parse(placeholder.expression);
                    read.insert(expression.names().begin(), expression.names().end());
                }
    std::vector<std::string> out;
    for (const auto& d : dims)
        if (read.count(d)) out.push_back(d);
    return out;
}

// A kind table or rule the request gives that cannot be used: refused even where `--family all` skips unusable
// families.
struct RequestError : ExportError {
    using ExportError::ExportError;
};

// The request's rule for `family`, checked as KernelTune's RuleChooser checks a rule before it runs one (its
// dimensions, its "family", its kinds, every candidate a point of the family that the tuned device can run): the
// package would otherwise ship kernels the tuned device cannot run; nullopt without a rule.
std::optional<rules::RuleFile> givenRule(const Family& family, const DeviceInfo& device, const ExportRequest& request) {
    for (const auto& r : request.rules) {
        if (r.family != family.name()) continue;
        try {
            RuleChooser(r.rule, family, device);
        } catch (const std::invalid_argument& e) {
            throw RequestError("--rule " + r.family + ": " + e.what());
        }
        return r.rule;
    }
    return std::nullopt;
}

// The request's kind tables of `family` added to its table. ExportError when the family has no table (its dispatch is
// a tree), does not dispatch by that kind, or the dimensions differ.
void addKindTables(ExportFamily& out, const Family& family, const ExportRequest& request) {
    for (const auto& k : request.kindTables) {
        if (k.family != out.name) continue;
        const auto kinds = family.dispatchKinds();
        if (std::find(kinds.begin(), kinds.end(), k.kind) == kinds.end())
            throw RequestError("family " + out.name + " has no dispatch kind '" + k.kind + "'");
        if (!out.table)
            throw RequestError("family " + out.name + " dispatches by a tree: a '" + k.kind +
                               "' table needs a family dispatched by a table (one compiled per call size)");
        try {
            out.table = rules::withKindTable(*out.table, k.kind, k.table);
        } catch (const std::exception& e) {
            throw RequestError("family " + out.name + ", '" + k.kind + "' table: " + e.what());
        }
    }
}

ExportFamily gatherFamily(const store::Database& db, const Family& family, const DeviceInfo& device,
                          const ExportRequest& request) {
    const int maxDepth = request.maxDepth;
    ExportFamily out;
    out.name = family.name();
    out.version = family.version();
    out.metric = toString(family.metric());
    out.dims = family.sizeDimensions();
    store::MeasurementFilter filter;
    filter.status = MeasurementStatus::Ok;
    filter.familyVersion = family.version();
    const auto rows = store::MeasurementRepository(db).query(device.stableId(), family.name(), filter);
    // point -> size -> best stored measurement (several runs may have measured the same pair)
    std::map<std::string, std::map<ProblemSize, const store::StoredMeasurement*>> best;
    for (const auto& r : rows) {
        if (r.measurement.size.dims.size() != out.dims.size() || !std::isfinite(r.measurement.value)) continue;
        auto& slot = best[r.measurement.pointKey][r.measurement.size];
        if (!slot || r.measurement.value > slot->measurement.value) slot = &r;
    }
    if (best.empty())
        throw ExportError("family " + out.name + " has no verified measurement on " + device.stableId() +
                          " (tune it first: ktune tune --device " + device.stableId() + " --family " + out.name + ")");
    // Sizes and their winners; the tree chooses among the winners only.
    std::map<ProblemSize, std::pair<std::string, double>> winner;
    for (const auto& [point, sizes] : best)
        for (const auto& [size, m] : sizes) {
            auto& w = winner[size];
            if (w.first.empty() || m->measurement.value > w.second) w = {point, m->measurement.value};
        }
    std::set<std::string> winners;
    for (const auto& [size, w] : winner) winners.insert(w.first), out.best.push_back({size, w.first, w.second});
    rules::PointTable table;
    table.dims = out.dims;
    table.candidates.assign(winners.begin(), winners.end());
    for (const auto& [size, w] : winner) {
        table.points.push_back(std::vector<long long>(size.dims.begin(), size.dims.end()));
        std::vector<double> values;
        for (const auto& c : table.candidates) {
            auto it = best[c].find(size);
            values.push_back(it == best[c].end() ? std::nan("") : it->second->measurement.value);
        }
        table.value.push_back(std::move(values));
    }
    rules::TreeOptions options;
    options.maxDepth = maxDepth;
    out.rule = rules::buildDecisionTree(table, options);
    try {
        const auto keyDims =
            perCallDims(family.routinePlans(family.pointFromKey(table.candidates.front(), device), device), out.dims);
        if (!keyDims.empty()) out.table = rules::buildSizeTable(table, keyDims);
    } catch (const std::exception& e) {
        throw ExportError("family " + out.name + ": stored point " + table.candidates.front() +
                          " has no routine plan: " + e.what());
    }
    // The generic variant: the winner verified at the most sizes (the most likely to run anywhere), then the one
    // with the highest mean value over them.
    std::string generic;
    double genericScore = -1;
    for (const auto& c : table.candidates) {
        double sum = 0;
        for (const auto& [size, m] : best[c]) sum += m->measurement.value;
        const double score = double(best[c].size()) * 1e12 + sum / double(best[c].size());
        if (score > genericScore) genericScore = score, generic = c;
    }
    addKindTables(out, family, request);
    out.givenRule = givenRule(family, device, request);
    std::set<std::string> chosen{generic}, fromRule;
    if (out.givenRule)
        for (const auto& c : out.givenRule->candidates())
            if (!winners.count(c)) fromRule.insert(c);
    chosen.insert(fromRule.begin(), fromRule.end());
    if (out.table) {
        chosen.insert(out.table->candidates.begin(), out.table->candidates.end());
        for (const auto& k : out.table->kinds) chosen.insert(k.candidates.begin(), k.candidates.end());
    } else
        for (const auto& node : out.rule.nodes)
            if (node.dim < 0) chosen.insert(node.candidate);
    for (const auto& key : chosen) {
        ExportVariant v;
        v.pointKey = key;
        // A rule's candidate the store lacks is the request's fault, not the store's: refused, not skipped.
        const bool requested = fromRule.count(key) > 0;
        const std::string what = requested ? "the rule's candidate " : "stored point ";
        auto refuse = [&](const std::string& message) {
            if (requested) throw RequestError(message);
            throw ExportError(message);
        };
        try {
            v.plans = family.routinePlans(family.pointFromKey(key, device), device);
        } catch (const std::exception& e) {
            refuse("family " + out.name + ": " + what + key + " has no routine plan: " + e.what());
        }
        if (v.plans.empty())
            throw ExportError("family " + out.name + " has no routine to export (it defines no routine plans)");
        for (const auto& p : v.plans)
            if (auto why = p.plan.invalidReason(); !why.empty())
                refuse("family " + out.name + ": the routine plan of " + what + key + " is inconsistent: " + why);
        if (key == generic) out.generic = out.variants.size();
        out.variants.push_back(std::move(v));
    }
    out.measurements = nlohmann::json::array();
    for (const auto& key : chosen) {
        const auto measured = best.find(key); // a rule's candidate may have none
        if (measured == best.end()) continue;
        for (const auto& [size, m] : measured->second) {
            const auto& x = m->measurement;
            out.measurements.push_back({{"point", key},
                                        {"size", size.dims},
                                        {"value", x.value},
                                        {"median_ms", x.medianMs},
                                        {"min_ms", x.minMs},
                                        {"spread_ms", x.spreadMs},
                                        {"max_error", x.maxError},
                                        {"run_id", m->runId},
                                        {"measured_at", m->createdAt}});
        }
    }
    return out;
}

} // namespace

PackageModel buildPackageModel(const store::Database& db, const ExportRequest& request,
                               std::vector<std::string>* skipped) {
    PackageModel model;
    const auto stored = store::DeviceRepository(db).get(request.deviceId);
    if (!stored) {
        std::string known;
        for (const auto& d : store::DeviceRepository(db).list())
            known += (known.empty() ? "" : ", ") + d.info.stableId();
        throw ExportError("device '" + request.deviceId +
                          "' is not in the store (known: " + (known.empty() ? std::string("none") : known) + ")");
    }
    model.device = stored->info;
    if (request.maxDepth < 0 || request.maxDepth > 8) throw ExportError("the dispatch tree depth must be in 0..8");
    for (std::size_t i = 0; i < request.rules.size(); ++i) {
        const auto& r = request.rules[i];
        if (const auto f = FamilyRegistry::instance().find(r.family); !f || f->internal())
            throw ExportError("a rule (" + r.rule.source + ") for family '" + r.family + "', which is unknown");
        for (std::size_t j = 0; j < i; ++j)
            if (request.rules[j].family == r.family)
                throw ExportError("two rules for family " + r.family + " (" + request.rules[j].rule.source + ", " +
                                  r.rule.source + "): give one");
        for (const auto& k : request.kindTables)
            if (k.family == r.family)
                throw ExportError("family " + r.family + " has a rule (" + r.rule.source + ") and a '" + k.kind +
                                  "' table: give the kind's entries in the rule (a ktune-table/1 with kind tables, "
                                  "`ktune rules --merge`) or drop one");
    }
    const bool all = request.families.size() == 1 && request.families[0] == "all";
    std::vector<std::shared_ptr<const Family>> families;
    if (all) {
        for (const auto& f : FamilyRegistry::instance().all())
            if (!f->internal()) families.push_back(f);
    } else {
        if (request.families.empty()) throw ExportError("no family given");
        std::set<std::string> seen;
        for (const auto& name : request.families) {
            auto f = FamilyRegistry::instance().find(name);
            if (!f || f->internal()) throw ExportError("unknown family '" + name + "'");
            if (seen.insert(name).second) families.push_back(f);
        }
    }
    for (const auto& f : families) {
        try {
            model.families.push_back(gatherFamily(db, *f, model.device, request));
        } catch (const RequestError&) {
            throw;
        } catch (const ExportError& e) {
            if (!all) throw;
            if (skipped) skipped->push_back(e.what());
        }
    }
    for (const auto& k : request.kindTables) {
        bool found = false;
        for (const auto& f : model.families) found = found || f.name == k.family;
        if (!found) throw ExportError("a '" + k.kind + "' table for family " + k.family + ", which is not exported");
    }
    for (const auto& r : request.rules) {
        bool found = false;
        for (const auto& f : model.families) found = found || f.name == r.family;
        if (!found)
            throw ExportError("a rule (" + r.rule.source + ") for family " + r.family + ", which is not exported");
    }
    if (model.families.empty())
        throw ExportError("nothing to export: no family has a routine and measurements on " + request.deviceId);
    return model;
}

} // namespace kt::exporter
