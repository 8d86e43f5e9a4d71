// Warm-start seeds taken from the store: the stored winners of the families a family names in seedFamilies() (a
// BLAS3 routine names its GEMM), re-expressed as points of the run's space, so a routine tune starts from the GEMM
// winner without the user passing it by hand.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/engine/family.hpp"

namespace kt {

namespace store {
class Database;
}

// At most this many seeds come from the store: they are measured first and charged to the budget, so a long GEMM
// sweep (one winner per size) must not eat a small routine budget.
inline constexpr std::size_t kMaxStoredSeeds = 4;

struct StoredSeeds {
    std::vector<Point> points;      // in the run's space, in the order to measure them
    std::vector<std::string> notes; // what was taken and what was skipped, one line each
};

// For each family in family.seedFamilies() (unknown names are noted and skipped) and each size at which it has an ok
// measurement on `device` (its current version), nearest sizes first — nearest to any of `sizes` by the geometric mean
// of the dimensions, so an m×n×k GEMM size compares with an n×k routine size — the best point at that size that is a
// valid point of `space`. A stored key is read by family.pointFromKey (its own rules: e.g. BLAS3 refuses
// GEMM_KSPLIT ≠ 1), parameters it lacks take the space's absent values, and a point with a parameter the space does
// not have, a value outside its lists or a broken constraint is skipped with a note (the next best at that size is
// tried, up to 8). A size whose best valid point is already a seed adds none. At most `limit` points in all.
StoredSeeds storedSeeds(const store::Database& db, const Family& family, const DeviceInfo& device,
                        const ParameterSpace& space, const std::vector<ProblemSize>& sizes,
                        std::size_t limit = kMaxStoredSeeds);

// Point keys re-expressed in `space`, in order; keys that are not valid points there (a parameter too many, a value
// outside the lists, a broken constraint) are left out. Duplicates are kept once.
std::vector<Point> pointsInSpace(const std::vector<std::string>& keys, const ParameterSpace& space);

} // namespace kt
