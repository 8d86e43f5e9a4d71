// A small store of made-up transpose measurements on a made-up device, replayed through the simulated backend: what
// the Run and Results pages show in --screenshot mode, and what the GUI tests run against (no device needed).
#pragma once
#include <string>

#include <QString>

#include "core/model/device_info.hpp"

namespace kt::gui {

struct DemoStore {
    DeviceInfo stored;    // the recorded (made-up) device, with a profile (copy bandwidth bound)
    DeviceInfo simulated; // its simulated twin: runs on it replay the stored measurements
    int candidates = 0;   // transpose points recorded
    int failing = 0;      // of which fail to compile (with a log)
};

// Writes the demo store to `path` (created; the transpose family must be registered). Values follow a simple
// made-up model of tile size and work per thread; they are labelled as demo data in the run's notes.
// Throws store::StoreError / std::exception when the file cannot be written.
DemoStore buildDemoStore(const QString& path, const std::string& deviceName = "Demo GPU");
// For the Compare page: adds a second made-up device ("Demo GPU 2": less bandwidth, best with smaller tiles) to the
// demo store at `path`, and made-up CLBlast transpose results for every stored (non-simulated) device with a
// profile. Returns the second device.
DemoStore addComparisonDemo(const QString& path);

} // namespace kt::gui
