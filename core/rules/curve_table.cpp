// CurveTable construction and its CSV reader (on top of the fit module's line-accurate CSV parser).
#include "core/rules/curve_table.hpp"

#include <algorithm>

#include "core/fit/csv_table.hpp"

namespace kt::rules {

std::size_t CurveTable::best(std::size_t s) const {
    std::size_t b = npos;
    for (std::size_t c = 0; c < candidates.size(); ++c)
        if (has(c, s) && (b == npos || value[c][s] > value[b][s])) b = c;
    return b;
}

std::size_t CurveTable::candidateIndex(const std::string& name) const {
    auto it = std::find(candidates.begin(), candidates.end(), name);
    return it == candidates.end() ? npos : static_cast<std::size_t>(it - candidates.begin());
}

void CurveTable::add(long long size, const std::string& candidate, double v) {
    auto sit = std::lower_bound(sizes.begin(), sizes.end(), size);
    const std::size_t s = static_cast<std::size_t>(sit - sizes.begin());
    if (sit == sizes.end() || *sit != size) {
        sizes.insert(sit, size);
        for (auto& row : value) row.insert(row.begin() + static_cast<std::ptrdiff_t>(s), kMissing);
    }
    std::size_t c = candidateIndex(candidate);
    if (c == npos) {
        candidates.push_back(candidate);
        value.emplace_back(sizes.size(), kMissing);
        c = candidates.size() - 1;
    }
    if (has(c, s)) throw RuleInputError("candidate '" + candidate + "' has two values at size " + std::to_string(size));
    value[c][s] = v;
}

namespace {
CurveTable fromCsv(const fit::CsvTable& t) {
    CurveTable table;
    // Collect first and sort once: inserting row by row into sorted sizes would be quadratic for big tables.
    struct Row {
        long long size;
        std::size_t cand;
        double v;
        std::size_t line;
    };
    std::vector<Row> rows;
    std::vector<std::string> names;
    for (const fit::CsvRow& r : t.rows) {
        const long long size = fit::csvSize(t, r, 0, "size");
        const std::string& name = r.fields[1];
        if (name.empty()) throw RuleInputError(t.where(r.line) + ": empty candidate name");
        const double v = fit::csvNumber(t, r, 2, "value");
        auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) names.push_back(name), it = names.end() - 1;
        rows.push_back({size, static_cast<std::size_t>(it - names.begin()), v, r.line});
    }
    if (rows.empty()) throw RuleInputError(t.source + ": no curve rows after the header");
    table.candidates = names;
    for (const Row& r : rows) table.sizes.push_back(r.size);
    std::sort(table.sizes.begin(), table.sizes.end());
    table.sizes.erase(std::unique(table.sizes.begin(), table.sizes.end()), table.sizes.end());
    table.value.assign(names.size(), std::vector<double>(table.sizes.size(), CurveTable::kMissing));
    for (const Row& r : rows) {
        const std::size_t s = static_cast<std::size_t>(
            std::lower_bound(table.sizes.begin(), table.sizes.end(), r.size) - table.sizes.begin());
        if (table.has(r.cand, s))
            throw RuleInputError(t.where(r.line) + ": candidate '" + names[r.cand] + "' already has a value at size " +
                                 std::to_string(r.size));
        table.value[r.cand][s] = r.v;
    }
    return table;
}

template <typename F> CurveTable translated(F&& read) {
    try {
        return fromCsv(read());
    } catch (const fit::FitInputError& e) {
        throw RuleInputError(e.what());
    }
}
} // namespace

CurveTable readCurvesCsv(const std::string& path) {
    return translated([&] { return fit::readCsv(path, {"size", "candidate", "value"}); });
}

CurveTable CurveTable::sizesAligned(long long multiple, bool aligned) const {
    CurveTable out;
    for (std::size_t si = 0; si < sizes.size(); ++si) {
        if ((sizes[si] > 0 && sizes[si] % multiple == 0) != aligned) continue;
        for (std::size_t c = 0; c < candidates.size(); ++c)
            if (has(c, si)) out.add(sizes[si], candidates[c], value[c][si]);
    }
    return out;
}

CurveTable parseCurvesCsv(const std::string& text, const std::string& source) {
    return translated([&] { return fit::parseCsv(text, source, {"size", "candidate", "value"}); });
}

} // namespace kt::rules
