// TunedRoutine: per call, the chooser's point for the call's size, and that point's routine (built once).
#include "core/engine/tuned_routine.hpp"

#include <stdexcept>

namespace kt {

TunedRoutine::TunedRoutine(Device& device, ProgramCache& programs, std::shared_ptr<const Family> family,
                           std::shared_ptr<const PointChooser> chooser)
    : m_device(device), m_programs(programs), m_family(std::move(family)), m_chooser(std::move(chooser)) {
    if (!m_family || !m_chooser)
        throw std::invalid_argument("TunedRoutine needs a family and a point chooser");
}

void TunedRoutine::enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) {
    PointChoice choice = m_chooser->choose(m_family->callSize(call), m_family->dispatchKind(call));
    auto it = m_routines.find(choice.key);
    if (it == m_routines.end()) {
        auto routine = m_family->makeRoutine(m_device, m_programs, choice.point);
        if (!routine)
            throw std::invalid_argument(m_family->name() + " has no routine on device operands (its tuning candidate " +
                                        "is what runs)");
        it = m_routines.emplace(choice.key, std::move(routine)).first;
    }
    m_last = std::move(choice);
    it->second->enqueue(call, operands);
}

} // namespace kt
