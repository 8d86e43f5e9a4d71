// Factories of the built-in strategies (each lives in its own file); the registry lists them explicitly so a
// static link never drops one.
#pragma once
#include <memory>

#include "core/strategies/strategy.hpp"

namespace kt {

std::unique_ptr<Strategy> makeExhaustiveStrategy();
std::unique_ptr<Strategy> makeRandomSampleStrategy();
std::unique_ptr<Strategy> makeTwoStageStrategy();
std::unique_ptr<Strategy> makeChampionSieveStrategy();
std::unique_ptr<Strategy> makeAnnealingStrategy();
std::unique_ptr<Strategy> makeSurrogateStrategy();

} // namespace kt
