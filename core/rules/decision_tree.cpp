// Greedy decision-tree growth on loss versus the oracle (with one level of lookahead where no single split helps),
// and its JSON and C++ renderings.
#include "core/rules/decision_tree.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <sstream>

#include <fstream>
#include <map>

#include "core/fit/csv_table.hpp"
#include "core/rules/rule_emit.hpp"

namespace kt::rules {

namespace {

// loss[p][c] computed once: the tree only ever sums it over point subsets.
std::vector<std::vector<double>> lossMatrix(const PointTable& t) {
    std::vector<std::vector<double>> loss(t.points.size(), std::vector<double>(t.candidates.size(), 1.0));
    for (std::size_t p = 0; p < t.points.size(); ++p) {
        double best = -INFINITY;
        bool any = false;
        for (double v : t.value[p])
            if (v == v) best = std::max(best, v), any = true;
        if (!any) {
            std::fill(loss[p].begin(), loss[p].end(), 0.0);
            continue;
        }
        const double scale = std::fabs(best) > 0 ? std::fabs(best) : 1.0;
        for (std::size_t c = 0; c < t.candidates.size(); ++c)
            if (t.value[p][c] == t.value[p][c]) loss[p][c] = (best - t.value[p][c]) / scale;
    }
    return loss;
}

struct Builder {
    const PointTable& t;
    const TreeOptions& o;
    std::vector<std::vector<double>> loss;
    DecisionTree tree;

    std::pair<std::size_t, double> bestLeaf(const std::vector<std::size_t>& pts) const {
        std::vector<double> sum(t.candidates.size(), 0.0);
        for (std::size_t p : pts)
            for (std::size_t c = 0; c < sum.size(); ++c) sum[c] += loss[p][c];
        const std::size_t c = static_cast<std::size_t>(std::min_element(sum.begin(), sum.end()) - sum.begin());
        return {c, sum[c]};
    }

    struct Split {
        int dim = -1; // −1: none helps
        long long threshold = 0;
        double total = 0; // summed loss of the two sides' best leaves
    };

    // The split of `pts` whose two best leaves have the least summed loss, if that is strictly below `than`.
    Split bestSplit(std::vector<std::size_t> pts, double than) const {
        const std::size_t nc = t.candidates.size();
        Split best{-1, 0, than};
        for (std::size_t d = 0; d < t.dims.size(); ++d) {
            std::sort(pts.begin(), pts.end(),
                      [&](std::size_t a, std::size_t b) { return t.points[a][d] < t.points[b][d]; });
            std::vector<double> total(nc, 0.0), left(nc, 0.0);
            for (std::size_t p : pts)
                for (std::size_t c = 0; c < nc; ++c) total[c] += loss[p][c];
            for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
                for (std::size_t c = 0; c < nc; ++c) left[c] += loss[pts[i]][c];
                const long long x = t.points[pts[i]][d], next = t.points[pts[i + 1]][d];
                if (x == next || i + 1 < o.minLeafPoints || pts.size() - i - 1 < o.minLeafPoints) continue;
                double l = INFINITY, r = INFINITY;
                for (std::size_t c = 0; c < nc; ++c) l = std::min(l, left[c]), r = std::min(r, total[c] - left[c]);
                // Strict improvement with a relative margin: rounding in the sums must not grow the tree.
                if (l + r < best.total - 1e-12 * (1 + than)) best = {int(d), next, l + r};
            }
        }
        return best;
    }

    std::pair<std::vector<std::size_t>, std::vector<std::size_t>> partition(const std::vector<std::size_t>& pts,
                                                                          int dim, long long threshold) const {
        std::vector<std::size_t> lp, rp;
        for (std::size_t p : pts) (t.points[p][dim] < threshold ? lp : rp).push_back(p);
        return {std::move(lp), std::move(rp)};
    }

    // The least loss of `pts` under a leaf or one split of it (what a child can reach one level down).
    double oneLevelLoss(const std::vector<std::size_t>& pts) const {
        const double leaf = bestLeaf(pts).second;
        if (leaf <= 0 || pts.size() < 2 * o.minLeafPoints) return leaf;
        const Split s = bestSplit(pts, leaf);
        return s.dim < 0 ? leaf : s.total;
    }

    // When no single split helps (each side keeps the loss: the classic XOR shape, where a candidate wins two
    // corners and loses the third), the split whose sides can then split once more to the least loss, if that is
    // strictly below `than`. Without it the tree stops at one leaf that is far from the oracle at some point.
    Split lookaheadSplit(const std::vector<std::size_t>& pts, double than) const {
        Split best{-1, 0, than};
        for (std::size_t d = 0; d < t.dims.size(); ++d) {
            std::vector<long long> xs;
            for (std::size_t p : pts) xs.push_back(t.points[p][d]);
            std::sort(xs.begin(), xs.end());
            xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
            for (std::size_t i = 1; i < xs.size(); ++i) {
                const auto [lp, rp] = partition(pts, int(d), xs[i]);
                if (lp.size() < o.minLeafPoints || rp.size() < o.minLeafPoints) continue;
                const double total = oneLevelLoss(lp) + oneLevelLoss(rp);
                if (total < best.total - 1e-12 * (1 + than)) best = {int(d), xs[i], total};
            }
        }
        return best;
    }

    int grow(std::vector<std::size_t> pts, int depth) {
        const int id = static_cast<int>(tree.nodes.size());
        tree.nodes.emplace_back();
        const auto [leafC, leafLoss] = bestLeaf(pts);
        tree.nodes[id].candidate = t.candidates[leafC];
        if (depth >= o.maxDepth || pts.size() < 2 * o.minLeafPoints || leafLoss <= 0) return id;
        Split split = bestSplit(pts, leafLoss);
        if (split.dim < 0 && depth + 1 < o.maxDepth) split = lookaheadSplit(pts, leafLoss);
        const int bestDim = split.dim;
        const long long bestThr = split.threshold;
        if (bestDim < 0) return id;
        auto [lp, rp] = partition(pts, bestDim, bestThr);
        tree.nodes[id].dim = bestDim;
        tree.nodes[id].threshold = bestThr;
        tree.nodes[id].candidate.clear();
        const int l = grow(std::move(lp), depth + 1);
        const int r = grow(std::move(rp), depth + 1);
        tree.nodes[id].left = l;
        tree.nodes[id].right = r;
        return id;
    }
};

} // namespace

const std::string& DecisionTree::select(const std::vector<long long>& x) const {
    if (nodes.empty()) throw RuleInputError("empty decision tree");
    int i = 0;
    while (nodes[i].dim >= 0) i = x.at(nodes[i].dim) < nodes[i].threshold ? nodes[i].left : nodes[i].right;
    return nodes[i].candidate;
}

int DecisionTree::depth() const {
    std::function<int(int)> d = [&](int i) -> int {
        return nodes[i].dim < 0 ? 0 : 1 + std::max(d(nodes[i].left), d(nodes[i].right));
    };
    return nodes.empty() ? 0 : d(0);
}

DecisionTree buildDecisionTree(const PointTable& t, const TreeOptions& o) {
    if (t.dims.empty()) throw RuleInputError("a decision tree needs at least one size dimension");
    if (t.candidates.empty() || t.points.empty()) throw RuleInputError("no points to build a decision tree from");
    if (o.maxDepth < 0 || o.minLeafPoints < 1) throw RuleInputError("tree depth must be >= 0 and leaves >= 1 point");
    for (std::size_t p = 0; p < t.points.size(); ++p)
        if (t.points[p].size() != t.dims.size() || t.value.at(p).size() != t.candidates.size())
            throw RuleInputError("point " + std::to_string(p) + " has the wrong number of coordinates or values");
    Builder b{t, o, lossMatrix(t), {}};
    b.tree.dims = t.dims;
    std::vector<std::size_t> all(t.points.size());
    std::iota(all.begin(), all.end(), 0);
    b.grow(std::move(all), 0);
    return std::move(b.tree);
}

double treeMeanLoss(const DecisionTree& tree, const PointTable& t) {
    const auto loss = lossMatrix(t);
    double sum = 0;
    for (std::size_t p = 0; p < t.points.size(); ++p) {
        const auto it = std::find(t.candidates.begin(), t.candidates.end(), tree.select(t.points[p]));
        sum += it == t.candidates.end() ? 1.0 : loss[p][static_cast<std::size_t>(it - t.candidates.begin())];
    }
    return t.points.empty() ? 0 : sum / static_cast<double>(t.points.size());
}

namespace {
PointTable pointsFrom(const fit::CsvTable& t) {
    const std::size_t nd = t.header.size() - 2;
    PointTable table;
    table.dims.assign(t.header.begin(), t.header.end() - 2);
    std::map<std::vector<long long>, std::size_t> index;
    for (const fit::CsvRow& r : t.rows) {
        std::vector<long long> x(nd);
        for (std::size_t d = 0; d < nd; ++d) x[d] = fit::csvSize(t, r, d, table.dims[d]);
        const std::string& name = r.fields[nd];
        if (name.empty()) throw RuleInputError(t.where(r.line) + ": empty candidate name");
        const double v = fit::csvNumber(t, r, nd + 1, "value");
        auto cit = std::find(table.candidates.begin(), table.candidates.end(), name);
        if (cit == table.candidates.end()) {
            table.candidates.push_back(name);
            for (auto& row : table.value) row.push_back(CurveTable::kMissing);
            cit = table.candidates.end() - 1;
        }
        const std::size_t c = static_cast<std::size_t>(cit - table.candidates.begin());
        auto [pit, added] = index.try_emplace(x, table.points.size());
        if (added) {
            table.points.push_back(x);
            table.value.emplace_back(table.candidates.size(), CurveTable::kMissing);
        }
        double& slot = table.value[pit->second][c];
        if (slot == slot)
            throw RuleInputError(t.where(r.line) + ": candidate '" + name + "' already has a value at this point");
        slot = v;
    }
    if (table.points.empty()) throw RuleInputError(t.source + ": no rows after the header");
    return table;
}

void checkPointHeader(const fit::CsvTable& t) {
    const auto& h = t.header;
    if (h.size() < 3 || h[h.size() - 2] != "candidate" || h.back() != "value")
        throw RuleInputError(t.where(1) + ": expected a header '<dim>,…,candidate,value'");
    for (std::size_t d = 0; d + 2 < h.size(); ++d)
        if (h[d].empty() || std::find(h.begin(), h.begin() + d, h[d]) != h.begin() + d)
            throw RuleInputError(t.where(1) + ": dimension names must be non-empty and distinct");
}
} // namespace

PointTable parsePointTableCsv(const std::string& text, const std::string& source) {
    try {
        const auto t = fit::parseCsv(text, source, {});
        checkPointHeader(t);
        return pointsFrom(t);
    } catch (const fit::FitInputError& e) {
        throw RuleInputError(e.what());
    }
}

PointTable readPointTableCsv(const std::string& path) {
    try {
        const auto t = fit::readCsv(path, {});
        checkPointHeader(t);
        return pointsFrom(t);
    } catch (const fit::FitInputError& e) {
        throw RuleInputError(e.what());
    }
}

std::vector<std::string> csvHeaderOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        try {
            return fit::parseCsv(line + "\n", path, {}).header;
        } catch (const fit::FitInputError&) {
            return {};
        }
    }
    return {};
}

nlohmann::json treeToJson(const DecisionTree& tree) {
    std::function<nlohmann::json(int)> node = [&](int i) -> nlohmann::json {
        const TreeNode& n = tree.nodes[i];
        if (n.dim < 0) return {{"candidate", n.candidate}};
        return {
            {"dim", tree.dims[n.dim]}, {"threshold", n.threshold}, {"left", node(n.left)}, {"right", node(n.right)}};
    };
    return {{"format", "ktune-tree/1"}, {"dims", tree.dims}, {"tree", tree.nodes.empty() ? nlohmann::json() : node(0)}};
}

std::string emitTreeCpp(const DecisionTree& tree, const std::string& functionName, const std::string& ns) {
    if (tree.nodes.empty()) throw RuleInputError("cannot emit C++ for an empty tree");
    if (!isCppIdentifier(functionName))
        throw RuleInputError("C++ function name '" + functionName + "' is not an identifier");
    if (!ns.empty() && !isCppIdentifier(ns)) throw RuleInputError("C++ namespace '" + ns + "' is not an identifier");
    for (const auto& d : tree.dims)
        if (!isCppIdentifier(d)) throw RuleInputError("dimension name '" + d + "' is not a C++ identifier");
    std::ostringstream out;
    out << "// Generated by ktune rules: decision tree over (";
    for (std::size_t i = 0; i < tree.dims.size(); ++i) out << (i ? ", " : "") << tree.dims[i];
    out << ") → kernel candidate. Do not edit.\n#pragma once\n\n";
    if (!ns.empty()) out << "namespace " << ns << " {\n\n";
    out << "inline const char* " << functionName << "(";
    for (std::size_t i = 0; i < tree.dims.size(); ++i) out << (i ? ", " : "") << "long long " << tree.dims[i];
    out << ") {\n";
    std::function<void(int, int)> emit = [&](int i, int indent) {
        const std::string pad(static_cast<std::size_t>(indent) * 4, ' ');
        const TreeNode& n = tree.nodes[i];
        if (n.dim < 0) {
            out << pad << "return " << cppStringLiteral(n.candidate) << ";\n";
            return;
        }
        out << pad << "if (" << tree.dims[n.dim] << " < " << n.threshold << "LL) {\n";
        emit(n.left, indent + 1);
        out << pad << "} else {\n";
        emit(n.right, indent + 1);
        out << pad << "}\n";
    };
    // Unused parameters (dimensions the tree never splits on) must not warn in the including code.
    for (const auto& d : tree.dims) out << "    (void)" << d << ";\n";
    emit(0, 1);
    out << "}\n";
    if (!ns.empty()) out << "\n} // namespace " << ns << "\n";
    return out.str();
}

} // namespace kt::rules
