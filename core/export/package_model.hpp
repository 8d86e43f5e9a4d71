// What a tuned package holds, gathered from the store: for each family, the variants (parameter points) its dispatch
// rule chooses by problem size, their routine plans, and the measurements behind every choice.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/routine.hpp"
#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"
#include "core/rules/decision_tree.hpp"
#include "core/rules/rule_file.hpp"
#include "core/rules/size_table.hpp"

namespace kt::store {
class Database;
}

namespace kt::exporter {

// Refused requests and unusable store contents; what() says what and how to fix it.
struct ExportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ExportVariant {
    std::string pointKey;
    std::vector<RoutinePlan> plans;
};

// A measured best: at `size` the point `pointKey` reached `value` (the family's metric).
struct SizeBest {
    ProblemSize size;
    std::string pointKey;
    double value = 0;
};

struct ExportFamily {
    std::string name;
    int version = 1;
    std::string metric;
    std::vector<std::string> dims; // size dimensions (m, n, k, batch) the rule reads
    std::vector<ExportVariant> variants;
    rules::DecisionTree rule; // leaves name point keys of `variants`
    // A family whose routine plans compile their kernels for each call's sizes (per-call options reading size
    // dimensions, e.g. batched GEMM's m, n, k) dispatches by this table instead of the tree: every measured size
    // (over those dimensions) its own winner, the nearest entry for other sizes. Each size's program is compiled for
    // it anyway, so the package runs exactly what won there.
    std::optional<rules::SizeTable> table;
    // A dispatch rule given to the export (`ktune export --rule`, any `ktune rules` format): on the tuned device it
    // chooses as KernelTune's RuleChooser does (rules::RuleFile::select, per call kind), its candidates being variants
    // whether measured or not; the tree or table above chooses only where it cannot (a size rule, ktune-rules/1,
    // covers sizes whose dimensions are all equal: GEMM's m = n = k).
    std::optional<rules::RuleFile> givenRule;
    std::size_t generic = 0;     // index into variants: the variant for devices the package was not tuned on
    std::vector<SizeBest> best;  // the per-size best of the store
    nlohmann::json measurements; // every ok measurement of the variants: [{point, size, value, median_ms, …}]

    // The point key the package's dispatch picks at `size` on the tuned device for a call of dispatch `kind`
    // (Family::dispatchKind; empty: the main kind): the given rule where it can choose, else the table (a kind
    // table's exact entry first, rules::SizeTable::choose), else the tree, as KernelTune's tuned routine chooses.
    std::string select(const ProblemSize& size, const std::string& kind = {}) const;
};

struct PackageModel {
    DeviceInfo device;
    std::vector<ExportFamily> families;
};

struct ExportRequest {
    std::string deviceId;
    std::vector<std::string> families; // names; {"all"}: every family with a routine and measurements on the device
    int maxDepth = 3;                  // of each family's dispatch tree (at most 2^depth size-dependent variants)
    // Tables for calls of another dispatch kind (batched GEMM's "pointers"), measured outside the store (pointer-array
    // bench curves, `ktune rules --table`): added to the family's store-built table as rules::withKindTable does.
    struct KindTable {
        std::string family, kind;
        rules::SizeTable table; // its main entries are the kind's
    };
    std::vector<KindTable> kindTables = {};
    // Dispatch rules read from `ktune rules` output (`--rule FAMILY=FILE`): the family's package dispatch follows the
    // rule (ExportFamily::givenRule). A family takes at most one, and not together with a kind table.
    struct Rule {
        std::string family;
        rules::RuleFile rule;
    };
    std::vector<Rule> rules = {};
};

// Reads the store (never writes it). ExportError when the device is unknown, a family is unknown, internal, has no
// routine to export, or has no verified measurement on the device; or when a kind table or rule of the request
// cannot be honoured (its family not exported, another family's rule, a candidate that is no valid point).
PackageModel buildPackageModel(const store::Database& db, const ExportRequest& request,
                               std::vector<std::string>* skipped = nullptr);

} // namespace kt::exporter
