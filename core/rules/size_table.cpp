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

long long KindTable::exact(const std::vector<long long>& x) const {
    const auto it = std::lower_bound(keys.begin(), keys.end(), x);
    return it != keys.end() && *it == x ? (long long)(it - keys.begin()) : -1;
}

const KindTable* SizeTable::kindTable(const std::string& kind) const {
    for (const auto& k : kinds)
        if (k.kind == kind) return &k;
    return nullptr;
}

SizeTable::Choice SizeTable::choose(const std::vector<long long>& x, const std::string& kind) const {
    Choice out;
    if (const KindTable* k = kind.empty() ? nullptr : kindTable(kind))
        if (const long long i = k->exact(x); i >= 0) {
            out.candidate = k->candidates[std::size_t(i)];
            out.key = k->keys[std::size_t(i)];
            out.exact = true;
            out.kind = kind;
            return out;
        }
    const Lookup found = find(x);
    if (keys.empty()) return out;
    out.candidate = candidates[found.index];
    out.key = keys[found.index];
    out.exact = found.exact;
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

namespace {

nlohmann::json entriesToJson(const std::vector<std::vector<long long>>& keys, const std::vector<std::string>& names) {
    nlohmann::json entries = nlohmann::json::array();
    for (std::size_t i = 0; i < keys.size(); ++i) entries.push_back({{"size", keys[i]}, {"candidate", names[i]}});
    return entries;
}

// `where` ("entries", "kinds.pointers.entries"): a non-empty array of {size: [dims integers], candidate}, no size
// twice; sorted into keys and names.
void entriesFromJson(const nlohmann::json& j, const std::string& where, std::size_t dims,
                     std::vector<std::vector<long long>>& keys, std::vector<std::string>& names) {
    if (!j.is_array() || j.empty()) throw RuleInputError(where + ": expected a non-empty array");
    std::map<std::vector<long long>, std::string> sorted;
    for (std::size_t i = 0; i < j.size(); ++i) {
        const auto& e = j[i];
        const std::string at = where + "[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("size") || !e["size"].is_array() || e["size"].size() != dims)
            throw RuleInputError(at + ".size: expected " + std::to_string(dims) + " integers");
        std::vector<long long> key;
        for (const auto& v : e["size"]) {
            if (!v.is_number_integer()) throw RuleInputError(at + ".size: expected integers");
            key.push_back(v.get<long long>());
        }
        if (!e.contains("candidate") || !e["candidate"].is_string() || e["candidate"].get<std::string>().empty())
            throw RuleInputError(at + ".candidate: expected a non-empty string");
        if (!sorted.emplace(key, e["candidate"].get<std::string>()).second)
            throw RuleInputError(at + ".size: given twice");
    }
    for (auto& [key, candidate] : sorted) keys.push_back(key), names.push_back(candidate);
}

} // namespace

nlohmann::json tableToJson(const SizeTable& table) {
    nlohmann::json j = {
        {"format", "ktune-table/1"}, {"dims", table.dims}, {"entries", entriesToJson(table.keys, table.candidates)}};
    if (!table.kinds.empty()) {
        j["kinds"] = nlohmann::json::object();
        for (const auto& k : table.kinds) j["kinds"][k.kind] = {{"entries", entriesToJson(k.keys, k.candidates)}};
    }
    return j;
}

SizeTable withKindTable(SizeTable table, const std::string& kind, const SizeTable& kindEntries) {
    if (kind.empty()) throw RuleInputError("a kind table needs a kind name");
    if (kindEntries.dims != table.dims) {
        auto joined = [](const std::vector<std::string>& d) {
            std::string out;
            for (const auto& x : d) out += (out.empty() ? "" : ",") + x;
            return out;
        };
        throw RuleInputError("the " + kind + " table is keyed on (" + joined(kindEntries.dims) +
                             ") and the table it joins on (" + joined(table.dims) + ")");
    }
    if (table.kindTable(kind)) throw RuleInputError("the table has a " + kind + " table already");
    if (kindEntries.keys.empty()) throw RuleInputError("the " + kind + " table has no entries");
    KindTable k{kind, kindEntries.keys, kindEntries.candidates};
    const auto at = std::lower_bound(table.kinds.begin(), table.kinds.end(), kind,
                                     [](const KindTable& a, const std::string& b) { return a.kind < b; });
    table.kinds.insert(at, std::move(k));
    return table;
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
    if (!j.contains("entries")) throw RuleInputError("entries: expected a non-empty array");
    entriesFromJson(j["entries"], "entries", t.dims.size(), t.keys, t.candidates);
    if (j.contains("kinds")) {
        const auto& kinds = j["kinds"];
        if (!kinds.is_object() || kinds.empty())
            throw RuleInputError("kinds: expected an object of kind tables ({\"pointers\": {\"entries\": [...]}})");
        for (const auto& [kind, body] : kinds.items()) { // nlohmann's object: sorted by kind
            const std::string where = "kinds." + kind;
            if (kind.empty()) throw RuleInputError("kinds: a kind table without a name");
            if (!body.is_object() || !body.contains("entries"))
                throw RuleInputError(where + ": expected an object with \"entries\"");
            KindTable k;
            k.kind = kind;
            entriesFromJson(body["entries"], where + ".entries", t.dims.size(), k.keys, k.candidates);
            t.kinds.push_back(std::move(k));
        }
    }
    return t;
}

std::string emitTableCpp(const SizeTable& table, const std::string& functionName, const std::string& ns) {
    if (table.keys.empty()) throw RuleInputError("cannot emit C++ for an empty table");
    if (!isCppIdentifier(functionName))
        throw RuleInputError("C++ function name '" + functionName + "' is not an identifier");
    if (!ns.empty() && !isCppIdentifier(ns)) throw RuleInputError("C++ namespace '" + ns + "' is not an identifier");
    for (const auto& d : table.dims)
        if (!isCppIdentifier(d)) throw RuleInputError("dimension name '" + d + "' is not a C++ identifier");
    if (std::find(table.dims.begin(), table.dims.end(), "kind") != table.dims.end() && !table.kinds.empty())
        throw RuleInputError("a table with kind tables cannot have a dimension named 'kind' (its C++ argument)");
    std::vector<std::string> names;
    auto nameIndex = [&](const std::string& c) {
        auto it = std::find(names.begin(), names.end(), c);
        if (it == names.end()) it = names.insert(names.end(), c);
        return std::size_t(it - names.begin());
    };
    std::vector<std::size_t> index;
    for (const auto& c : table.candidates) index.push_back(nameIndex(c));
    std::vector<std::vector<std::size_t>> kindIndex;
    for (const auto& k : table.kinds) {
        kindIndex.emplace_back();
        for (const auto& c : k.candidates) kindIndex.back().push_back(nameIndex(c));
    }
    const std::size_t d = table.dims.size();
    const bool kinds = !table.kinds.empty();
    auto entries = [&](std::ostringstream& out, const char* name, const std::vector<std::vector<long long>>& keys,
                       const std::vector<std::size_t>& at) {
        out << "    static const Entry " << name << "[] = {\n";
        for (std::size_t i = 0; i < keys.size(); ++i) {
            out << "        {{";
            for (std::size_t k = 0; k < d; ++k) out << (k ? ", " : "") << keys[i][k] << "LL";
            out << "}, " << at[i] << "},\n";
        }
        out << "    };\n";
    };
    std::ostringstream out;
    out << "// Generated by ktune rules: dispatch table over (";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << table.dims[i];
    out << ") → kernel candidate; sizes without an entry take the nearest one.";
    if (kinds) {
        out << "\n// Calls of kind";
        for (std::size_t i = 0; i < table.kinds.size(); ++i)
            out << (i ? (i + 1 == table.kinds.size() ? " or" : ",") : "") << " " << cppStringLiteral(table.kinds[i].kind);
        out << " (argument `kind`) take their kind's exact entry first; other kinds, null\n// and sizes the kind's "
               "table lacks take the main table's.";
    }
    out << " Do not edit.\n#pragma once\n\n";
    if (!ns.empty()) out << "namespace " << ns << " {\n\n";
    out << "inline const char* " << functionName << "(";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << "long long " << table.dims[i];
    if (kinds) out << ", const char* kind = nullptr";
    out << ") {\n    static const char* const kCandidates[] = {\n";
    for (const auto& n : names) out << "        " << cppStringLiteral(n) << ",\n";
    out << "    };\n    struct Entry {\n        long long key[" << d << "];\n        int candidate;\n    };\n";
    entries(out, "kTable", table.keys, index);
    for (std::size_t i = 0; i < table.kinds.size(); ++i)
        entries(out, ("kKind" + std::to_string(i)).c_str(), table.kinds[i].keys, kindIndex[i]);
    out << "    const long long x[" << d << "] = {";
    for (std::size_t i = 0; i < d; ++i) out << (i ? ", " : "") << table.dims[i];
    out << "};\n    const int count = " << table.keys.size() << ";\n"
        << "    auto compare = [&](const Entry& e) { // < 0: e before x, 0: equal, > 0: after\n"
        << "        for (int k = 0; k < " << d << "; ++k)\n"
        << "            if (e.key[k] != x[k]) return e.key[k] < x[k] ? -1 : 1;\n"
        << "        return 0;\n    };\n";
    if (kinds) {
        out << "    auto exact = [&](const Entry* table, int entries) { // binary search: the index, -1 for none\n"
            << "        int lo = 0, hi = entries;\n"
            << "        while (lo < hi) {\n            const int mid = (lo + hi) / 2;\n"
            << "            const int c = compare(table[mid]);\n"
            << "            if (c == 0) return mid;\n"
            << "            if (c < 0) lo = mid + 1; else hi = mid;\n        }\n        return -1;\n    };\n"
            << "    auto named = [&](const char* name) { // kind == name\n"
            << "        const char* a = kind;\n"
            << "        while (*a && *a == *name) ++a, ++name;\n"
            << "        return *a == *name;\n    };\n"
            << "    if (kind) {\n";
        for (std::size_t i = 0; i < table.kinds.size(); ++i)
            out << "        if (named(" << cppStringLiteral(table.kinds[i].kind) << ")) {\n"
                << "            const int i = exact(kKind" << i << ", " << table.kinds[i].keys.size() << ");\n"
                << "            if (i >= 0) return kCandidates[kKind" << i << "[i].candidate];\n        }\n";
        out << "    }\n"
            << "    if (const int i = exact(kTable, count); i >= 0) return kCandidates[kTable[i].candidate];\n";
    } else {
        out << "    int lo = 0, hi = count; // binary search for the exact entry\n"
            << "    while (lo < hi) {\n        const int mid = (lo + hi) / 2;\n"
            << "        const int c = compare(kTable[mid]);\n"
            << "        if (c == 0) return kCandidates[kTable[mid].candidate];\n"
            << "        if (c < 0) lo = mid + 1; else hi = mid;\n    }\n";
    }
    out << "    int best = 0; // none: the nearest entry (least summed distance, the first on ties)\n"
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
