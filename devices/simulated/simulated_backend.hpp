// The simulated backend: devices and results replayed from a KernelTune store, so strategies, resume and the GUI are
// tested (and demonstrated) with no device at all — Kernel Tuner's simulation mode, for our store.
#pragma once
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/executor.hpp"

namespace kt::devices {

// Id of the simulated twin of a stored device: "simulated:" + the stored id.
std::string simulatedId(const std::string& storedDeviceId);
// The stored device behind a simulated id (the id itself when it is not simulated).
std::string replayedDeviceId(const std::string& deviceId);
// The simulated twin of a stored device: same description, backend Simulated, replayOf = the stored id.
DeviceInfo simulatedTwin(const DeviceInfo& stored);

// Lists one simulated device per device stored in `database`. Devices cannot be opened (they run no kernels);
// measure through makeReplayExecutor instead.
std::unique_ptr<Backend> makeSimulatedBackend(std::filesystem::path database);

// The sizes at which the device behind `deviceId` (simulated or stored id) was run for `family`: the union of its
// stored runs' sizes, ascending; empty when it has none or the store cannot be read. A replay at other sizes would
// answer every candidate Skipped, so callers use these when the user gave no sizes.
std::vector<ProblemSize> replayedSizes(const std::filesystem::path& database, const std::string& deviceId,
                                       const std::string& family);

struct ReplayOptions {
    std::filesystem::path database;  // store to replay from
    std::string deviceId;            // simulated or stored id of the device whose results are replayed
    std::string family;
    std::chrono::milliseconds delayPerMeasurement{0}; // pretend work takes time (GUI tests, demos)
};

// Executor answering each (point, size) with the stored measurement of the replayed device (device id rewritten to
// the simulated one); a pair never measured there comes back Skipped with a message saying so.
std::unique_ptr<Executor> makeReplayExecutor(ReplayOptions options);

} // namespace kt::devices
