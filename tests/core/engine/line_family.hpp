// A made-up family whose performance curves are known (a point P's value at size n is truth(P, n)) and an executor
// that answers with them: the size pipeline's tests in core and on the Fits & Rules page check rules against them.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "core/engine/executor.hpp"
#include "core/engine/family.hpp"

namespace kt::test {

// Point P at size n: P0 flat at 40, P1 rising 10 + n/100 (overtakes P0 at n = 3000), P2 below P1 everywhere,
// P3..P5 slow.
inline double truth(std::int64_t p, std::int64_t n) {
    switch (p) {
    case 0:
        return 40;
    case 1:
        return 10 + double(n) / 100;
    case 2:
        return 5 + double(n) / 200;
    default:
        return double(p) - 2;
    }
}

// One size dimension ("n") or two ("m", "n"; the curves read the first).
class LineFamily final : public Family {
public:
    explicit LineFamily(std::string name, std::size_t dims = 1) : m_name(std::move(name)), m_dims(dims) {}
    std::string name() const override { return m_name; }
    std::string title() const override { return m_name; }
    std::string description() const override { return "test family with known curves"; }
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override {
        return m_dims == 1 ? std::vector<std::string>{"n"} : std::vector<std::string>{"m", "n"};
    }
    ParameterSpace space(const DeviceInfo&) const override {
        ParameterSpace s;
        s.name = m_name;
        s.addParameter({"P", {0, 1, 2, 3, 4, 5}, "which curve"});
        return s;
    }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{1000}}}; }
    Precision precision() const override { return Precision::F64; }
    double flops(const ProblemSize& s) const override { return double(s.dims.at(0)); }
    double bytes(const ProblemSize& s) const override { return double(s.dims.at(0)); }

private:
    std::string m_name;
    std::size_t m_dims;
};

// Measures truth(P, n), counting measurements in *count when given and taking delayMs per point (GUI tests that
// need a run to last long enough to cancel).
class LineExecutor final : public Executor {
public:
    explicit LineExecutor(std::uint64_t* count = nullptr, int delayMs = 0) : m_count(count), m_delayMs(delayMs) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        if (m_delayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(m_delayMs));
        std::vector<Measurement> out;
        for (const auto& s : sizes) {
            Measurement m;
            m.size = s;
            m.value = truth(point["P"], s.dims.at(0));
            m.medianMs = m.minMs = 1;
            m.timesMs = {1};
            out.push_back(m);
            if (m_count) ++*m_count;
        }
        return out;
    }

private:
    std::uint64_t* m_count;
    int m_delayMs;
};

} // namespace kt::test
