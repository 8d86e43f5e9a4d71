// A routine that runs every call with the tuned point for the call's size: the point comes from a PointChooser (the
// store's best or a dispatch rule) and the family's routine of that point is built once, through the shared program
// cache, then reused. This is "the tuned sgemm on this device" as an application sees it.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "core/engine/family.hpp"
#include "core/engine/point_chooser.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/routine.hpp"

namespace kt {

class TunedRoutine : public Routine {
public:
    // Throws std::invalid_argument when the family has no routine (its candidate is what runs).
    TunedRoutine(Device& device, ProgramCache& programs, std::shared_ptr<const Family> family,
                 std::shared_ptr<const PointChooser> chooser);
    void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) override;
    // The point the last enqueue used, and why.
    const PointChoice& lastChoice() const { return m_last; }
    // Routines built so far (one per distinct point).
    std::size_t builtRoutines() const { return m_routines.size(); }

private:
    Device& m_device;
    ProgramCache& m_programs;
    std::shared_ptr<const Family> m_family;
    std::shared_ptr<const PointChooser> m_chooser;
    std::map<std::string, std::unique_ptr<Routine>> m_routines; // by point key
    PointChoice m_last;
};

} // namespace kt
