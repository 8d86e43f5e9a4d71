// Warm-start seeds from the stored winners of related families (Family::seedFamilies).
#include "core/engine/stored_seeds.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"

namespace kt {

namespace {

// How many ranked points per stored size are tried when the best ones are not valid here (split-K GEMM winners at
// small sizes, say); beyond that the size gives no seed.
constexpr int kTriedPerSize = 8;

// log of the geometric mean of the dimensions: an edge length comparable across families with 2 and 3 dimensions.
double logEdge(const ProblemSize& size) {
    if (size.dims.empty()) return 0;
    double sum = 0;
    for (auto d : size.dims) sum += std::log(double(std::max<std::int64_t>(d, 1)));
    return sum / double(size.dims.size());
}

double distance(const ProblemSize& stored, const std::vector<ProblemSize>& sizes) {
    double best = sizes.empty() ? 0 : std::numeric_limits<double>::infinity();
    for (const auto& s : sizes) best = std::min(best, std::abs(logEdge(stored) - logEdge(s)));
    return best;
}

// The stored key as a point of `space` through the family's own reading; throws std::invalid_argument saying why not.
Point adapt(const std::string& key, const Family& family, const DeviceInfo& device, const ParameterSpace& space) {
    const Point own = family.pointFromKey(key, device);
    Point point = space.pointFromKey(own.key());
    if (auto broken = space.brokenConstraint(point)) throw std::invalid_argument("breaks the constraint " + *broken);
    if (!space.isValid(point)) throw std::invalid_argument("not a valid point of the space");
    return point;
}

} // namespace

StoredSeeds storedSeeds(const store::Database& db, const Family& family, const DeviceInfo& device,
                        const ParameterSpace& space, const std::vector<ProblemSize>& sizes, std::size_t limit) {
    StoredSeeds out;
    const store::MeasurementRepository measurements(db);
    // Each stored key is read once: its key in the run's space, or nullopt when it was skipped (noted once).
    std::map<std::string, std::optional<std::string>> read;
    std::set<std::string> taken; // seeds as keys of the run's space
    for (const auto& name : family.seedFamilies()) {
        if (out.points.size() >= limit) break;
        const auto source = FamilyRegistry::instance().find(name);
        if (!source) {
            out.notes.push_back("warm start: no family '" + name + "' to take stored seeds from");
            continue;
        }
        auto winners = measurements.bestPerSize(device.stableId(), name, source->version());
        if (winners.empty()) {
            out.notes.push_back("warm start: no stored " + name + " measurements on this device to start from");
            continue;
        }
        std::stable_sort(winners.begin(), winners.end(), [&](const auto& a, const auto& b) {
            return distance(a.measurement.size, sizes) < distance(b.measurement.size, sizes);
        });
        std::size_t fromHere = 0;
        for (const auto& winner : winners) {
            if (out.points.size() >= limit) break;
            const ProblemSize& size = winner.measurement.size;
            for (const auto& c :
                 measurements.topCandidates(device.stableId(), name, size, kTriedPerSize, source->version())) {
                const std::string& key = c.measurement.pointKey;
                auto it = read.find(key);
                if (it == read.end()) {
                    try {
                        Point point = adapt(key, family, device, space);
                        read.emplace(key, point.key());
                        if (taken.insert(point.key()).second) { // two stored keys may read as one point
                            out.notes.push_back("warm start: seed " + key + " (the stored " + name + " best at " +
                                                size.label() + ")");
                            out.points.push_back(std::move(point));
                            ++fromHere;
                        }
                        break;
                    } catch (const std::exception& e) {
                        read.emplace(key, std::nullopt);
                        out.notes.push_back("warm start: skipped the stored " + name + " point " + key + " (best at " +
                                            size.label() + "): " + e.what());
                        continue;
                    }
                }
                if (it->second) break; // this size's best valid point is a seed already
            }
        }
        out.notes.push_back("warm start: " + std::to_string(fromHere) + " seed" + (fromHere == 1 ? "" : "s") +
                            " from the stored " + name + " winners on this device");
    }
    return out;
}

std::vector<Point> pointsInSpace(const std::vector<std::string>& keys, const ParameterSpace& space) {
    std::vector<Point> out;
    std::set<std::string> seen;
    for (const auto& key : keys) {
        try {
            Point p = space.pointFromKey(key);
            if (space.isValid(p) && seen.insert(p.key()).second) out.push_back(std::move(p));
        } catch (const std::exception&) {
            // not in this space
        }
    }
    return out;
}

} // namespace kt
