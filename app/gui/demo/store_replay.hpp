// The Run page over a real store (--screenshot-store): a stored tuning run of one family, replayed through the
// simulated twin of its device, so the page's curves are that run's measurements under the device's bound.
#pragma once
#include <cstdint>
#include <optional>

#include <QString>

#include "app/gui/services/tuning_run_service.hpp"

namespace kt::gui {

struct StoreReplay {
    // Device: the simulated twin of the stored device, with its latest profile (the plots' bound comes from it);
    // strategy, space, sizes, sweep, seed, options, warm start and evaluation budget: the stored run's, so the
    // strategy visits the same candidates and each is answered with its stored measurement.
    RunRequest request;
    std::int64_t storedRunId = 0;
    std::size_t measurements = 0; // (candidate, size) pairs the stored run recorded
};

// The newest run of `family` on a stored (non-simulated) device that recorded measurements, completed runs first;
// nullopt with `error` when the store has none or cannot be read. A run stopped by its time budget is replayed up
// to as many evaluations as it recorded (the replay takes no time).
std::optional<StoreReplay> storeReplay(const QString& database, const QString& family, QString* error = nullptr);

} // namespace kt::gui
