// The generic candidate run: executes a family's kernel plan for tuning and verification. Inputs get fresh random
// data from the seed (reals in ±[0.25, 1], never zero, so a dropped term always shows; 32-bit integers zero),
// outputs are poisoned with NaN, the setup launches run once, the reset launches before every timed run, and the
// family checks the outputs on the host (Family::verify).
#pragma once
#include <memory>

#include "core/engine/family.hpp"
#include "core/engine/plan_data.hpp"
#include "core/engine/plan_executor.hpp"

namespace kt {

class PlanRun final : public CandidateRun {
public:
    PlanRun(Device& device, const Family& family, ProgramCache& programs, KernelPlan plan);
    ~PlanRun() override;

    void prepare(const ProblemSize& size, std::uint64_t seed) override;
    double run() override;
    VerifyResult verify() override;

    PlanExecutor& executor() { return m_executor; }

private:
    Device& m_device;
    const Family& m_family;
    PlanExecutor m_executor;
    PlanData m_data;
    bool m_prepared = false;
    ProblemSize m_size;
};

// Fills `count` values with the splitmix64 stream of `seed`: magnitudes in [0.25, 1], random signs.
void fillRandomReals(float* data, std::size_t count, std::uint64_t seed);
void fillRandomReals(double* data, std::size_t count, std::uint64_t seed);

} // namespace kt
