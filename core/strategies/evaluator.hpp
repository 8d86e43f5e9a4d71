// What a search strategy asks of the engine: measure a batch of points at one problem size, or say that a point
// was already measured (resume from the store).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/model/measurement.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

// One point at one problem size. An evaluation is the unit the budget counts.
struct Evaluation {
    Point point;
    ProblemSize size;
    bool ok = false;     // compiled, ran and verified
    double value = 0;    // higher is better (GFlop/s, GB/s)
    bool cached = false; // came from Evaluator::lookup, not measured in this run
    std::string error;   // why not ok
};

class Evaluator {
public:
    virtual ~Evaluator() = default;
    // Measures every point at `size` and returns one Evaluation per point, in order. Batched so the engine can
    // compile a batch in parallel. A failing candidate is an Evaluation with ok = false, never an exception.
    virtual std::vector<Evaluation> evaluate(const std::vector<Point>& points, const ProblemSize& size) = 0;
    // A result measured before (the engine backs this with the store). Strategies charge no budget for it.
    virtual std::optional<Evaluation> lookup(const Point& point, const ProblemSize& size) { return std::nullopt; }
};

} // namespace kt
