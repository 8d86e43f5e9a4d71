// Dispatch tables over sizes (see size_table.hpp).
#include "core/rules/size_table.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "core/rules/rule_emit.hpp"

namespace kt::rules {

SizeTable::Lookup SizeTable::find(const std::vector<long long>& x) const {
    Lookup out;
    if (keys.empty()) return out;
    if (const auto it = std::lower_bound(keys.begin(), keys.end(), x); it != keys.end() && *it == x) {
        out.index = std::size_t(it - keys.begin());
        out.exact = true;
        return out;
    }
    long double bestDistance = -1;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        long double d = 0;
        for (std::size_t k = 0; k < x.size() && k < keys[i].size(); ++k)
            d += std::fabs((long double)(x[k] - keys[i][k]));
        if (bestDistance < 0 || d < bestDistance) bestDistance = d, out.index = i;
    }
    return out;
}

namespace {

// (best − value)/|best| at one point, 1 where unmeasured (as the decision tree counts it).
double lossAt(const PointTable& t, std::size_t p, std::size_t c) {
    double best = CurveTable::kMissing;
    for (double v : t.value[p])
        if (v == v && !(best >= v)) best = v;
    const double v = t.value[p][c];
    if (!(v == v) || !(best == best)) return 1;
    return best == 0 ? 0 : (best - v) / std::fabs(best);
}

std::vector<std::size_t> keyColumns(const PointTable& table, const std::vector<std::string>& keyDims) {
    std::vector<std::size_t> cols;
    for (const auto& d : keyDims.empty() ? table.dims : keyDims) {
        const auto it = std::find(table.dims.begin(), table.dims.end(), d);
        if (it == table.dims.end()) throw RuleInputError("table key '" + d + "' is not a dimension of the curves");
        cols.push_back(std::size_t(it - table.dims.begin()));
    }
    return cols;
}

} // namespace

SizeTable buildSizeTable(const PointTable& table, const std::vector<std::string>& keyDims) {
    if (table.points.empty() || table.candidates.empty()) throw RuleInputError("no points to build a table from");
    const auto cols = keyColumns(table, keyDims);
    std::map<std::vector<long long>, std::vector<double>> lossByKey; // key → summed loss per candidate
    for (std::size_t p = 0; p < table.points.size(); ++p) {
        std::vector<long long> key;
        for (auto c : cols) key.push_back(table.points[p][c]);
        auto& sums = lossByKey[key];
        sums.resize(table.candidates.size(), 0.0);
        for (std::size_t c = 0; c < table.candidates.size(); ++c) sums[c] += lossAt(table, p, c);
    }
    SizeTable out;
    for (auto c : cols) out.dims.push_back(table.dims[c]);
    for (const auto& [key, sums] : lossByKey) { // std::map: sorted keys
        out.keys.push_back(key);
        out.candidates.push_back(
            table.candidates[std::size_t(std::min_element(sums.begin(), sums.end()) - sums.begin())]);
    }
    return out;
}

double tableMeanLoss(const SizeTable& sizeTable, const PointTable& table) {
    if (table.points.empty()) return 0;
    std::vector<std::size_t> cols;
    for (const auto& d : sizeTable.dims) cols.push_back(keyColumns(table, {d}).front());
    double sum = 0;
    for (std::size_t p = 0; p < table.points.size(); ++p) {
        std::vector<long long> key;
        for (auto c : cols) key.push_back(table.points[p][c]);
        const auto& name = sizeTable.candidates[sizeTable.find(key).index];
        const auto it = std::find(table.candidates.begin(), table.candidates.end(), name);
        sum += it == table.candidates.end() ? 1.0 : lossAt(table, p, std::size_t(it - table.candidates.begin()));
    }
    return sum / double(table.points.size());
}

nlohmann::json tableToJson(const SizeTable& table) {
    nlohmann::json entries = nlohmann::json::array();
    for (std::size_t i = 0; i < table.keys.size(); ++i)
        entries.push_back({{"size", table.keys[i]}, {"candidate", table.candidates[i]}});
    return {{"format", "ktune-table/1"}, {"dims", table.dims}, {"entries", entries}};
}

SizeTable tableFromJson(const nlohmann::json& j) {
    if (!j.is_object()) throw RuleInputError("a table rule must be a JSON object");
    if (!j.contains("dims") || !j["dims"].is_array() || j["dims"].empty())
        throw RuleInputError("dims: expected a non-empty array of dimension names");
    SizeTable t;
    for (std::size_t i = 0; i < j["dims"].size(); ++i) {
        const auto& d = j["dims"][i];
        if (!d.is_string() || d.get<std::string>().empty())
            throw RuleInputError("dims[" + std::to_string(i) + "]: expected a name");
        if (std::find(t.dims.begin(), t.dims.end(), d.get<std::string>()) != t.dims.end())
            throw RuleInputError("dims[" + std::to_string(i) + "]: '" + d.get<std::string>() + "' appears twice");
        t.dims.push_back(d.get<std::string>());
    }
    if (!j.contains("entries") || !j["entries"].is_array() || j["entries"].empty())
        throw RuleInputError("entries: expected a non-empty array");
    std::map<std::vector<long long>, std::string> sorted;
    for (std::size_t i = 0; i < j["entries"].size(); ++i) {
        const auto& e = j["entries"][i];
        const std::string where = "entries[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("size") || !e["size"].is_array() || e["size"].size() != t.dims.size())
            throw RuleInputError(where + ".size: expected " + std::to_string(t.dims.size()) + " integers");
        std::vector<long long> key;
        for (const auto& v : e["size"]) {
            if (!v.is_number_integer()) throw RuleInputError(where + ".size: expected integers");
            key.push_back(v.get<long long>());
        }
        if (!e.contains("candidate") || !e["candidate"].is_string() || e["candidate"].get<std::string>().empty())
            throw RuleInputError(where + ".candidate: expected a non-empty string");
        if (!sorted.emplace(key, e["candidate"].get<std::string>()).second)
            throw RuleInputError(where + ".size: given twice");
    }
    for (auto& [key, candidate] : sorted) t.keys.push_back(key), t.candidates.push_back(candidate);
    return t;
}

std::string emitTableCpp(const SizeTable& table, const std::string& functionName, const std::string& ns) {
    if (table.keys.empty()) throw RuleInputError("cannot emit C++ for an empty table");
    if (!isCppIdentifier(functionName))
        throw RuleInputError("C++ function name '" + functionName + "' is not an identifier");
    if (!ns.empty() && !isCppIdentifier(ns)) throw RuleInputError("C++ namespace '" + ns + "' is not an identifier");
    for (const auto& d : table.dims)
        if (!isCppIdentifier(d)) throw RuleInputError("dimension name '" + d + "' is not a C++ identifier");
    std::vector<std::string> names;
    std::vector<std::size_t> index;
    for (const auto& c : table.candidates) {
        auto it = std::find(names.begin(), names.end(), c);
        if (it == names.end()) it = names.insert(names.end(), c);
        index.push_back(std::size_t(it - names.begin()));
    }
    const std::size_t d = table.dims.size();
    std::ostringstream out;
    out << "// Generated by ktune rules: dispatch table over (";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << table.dims[i];
    out << ") → kernel candidate; sizes without an entry take the nearest one. Do not edit.\n#pragma once\n\n";
    if (!ns.empty()) out << "namespace " << ns << " {\n\n";
    out << "inline const char* " << functionName << "(";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << "long long " << table.dims[i];
    out << ") {\n    static const char* const kCandidates[] = {\n";
    for (const auto& n : names) out << "        " << cppStringLiteral(n) << ",\n";
    out << "    };\n    struct Entry {\n        long long key[" << d << "];\n        int candidate;\n    };\n"
        << "    static const Entry kTable[] = {\n";
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
        out << "        {{";
        for (std::size_t k = 0; k < d; ++k) out << (k ? ", " : "") << table.keys[i][k] << "LL";
        out << "}, " << index[i] << "},\n";
    }
    out << "    };\n    const long long x[" << d << "] = {";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << table.dims[i];
    out << "};\n    const int count = " << table.keys.size() << ";\n"
        << "    auto compare = [&](const Entry& e) { // < 0: e before x, 0: equal, > 0: after\n"
        << "        for (int k = 0; k < " << d << "; ++k)\n"
        << "            if (e.key[k] != x[k]) return e.key[k] < x[k] ? -1 : 1;\n"
        << "        return 0;\n    };\n"
        << "    int lo = 0, hi = count; // binary search for the exact entry\n"
        << "    while (lo < hi) {\n        const int mid = (lo + hi) / 2;\n"
        << "        const int c = compare(kTable[mid]);\n"
        << "        if (c == 0) return kCandidates[kTable[mid].candidate];\n"
        << "        if (c < 0) lo = mid + 1; else hi = mid;\n    }\n"
        << "    int best = 0; // none: the nearest entry (least summed distance, the first on ties)\n"
        << "    long double bestDistance = -1;\n"
        << "    for (int i = 0; i < count; ++i) {\n        long double distance = 0;\n"
        << "        for (int k = 0; k < " << d << "; ++k)\n"
        << "            distance += kTable[i].key[k] < x[k] ? (long double)(x[k] - kTable[i].key[k])\n"
        << "                                                : (long double)(kTable[i].key[k] - x[k]);\n"
        << "        if (bestDistance < 0 || distance < bestDistance) bestDistance = distance, best = i;\n    }\n"
        << "    return kCandidates[kTable[best].candidate];\n}\n";
    if (!ns.empty()) out << "\n} // namespace " << ns << "\n";
    return out.str();
}

} // namespace kt::rules
