// Device comparison data: what the store holds for a family on several devices (best per size, the best single
// candidate, vendor peers), read on a worker thread; the reductions are plain functions so tests can check them.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"
#include "core/store/peer_repository.hpp"

namespace kt::gui {

// Everything the Compare page needs from one database: ok measurements of every family, devices, peer results.
struct ComparisonStore {
    std::map<std::string, DeviceInfo> devices; // by stable id
    std::vector<Measurement> measurements;     // status ok only; device and family filled in
    std::vector<store::PeerMeasurement> peers; // every routine of every device
};

// One point of a curve over problem size, with the candidate that reached it.
struct CurvePoint {
    ProblemSize size;
    double value = 0;
    std::string pointKey;
};

// How a device's curve is chosen.
enum class CurveMode {
    BestPerSize,        // the best candidate at each size (an envelope: a dispatch rule could reach it)
    BestSingleCandidate // one candidate over all sizes (one kernel for everything)
};

struct DeviceComparison {
    std::string deviceId;
    std::vector<CurvePoint> bestPerSize; // ordered by size
    // The candidate measured at the most sizes with the highest mean value there (ties: the higher peak), and its
    // measurements ordered by size.
    std::string bestCandidate;
    std::vector<CurvePoint> bestCandidateCurve;
    // The curve of the chosen mode and its highest point: what the parameter table shows.
    const std::vector<CurvePoint>& curve(CurveMode mode) const {
        return mode == CurveMode::BestPerSize ? bestPerSize : bestCandidateCurve;
    }
    std::optional<CurvePoint> peak(CurveMode mode) const;
};

struct PeerCurve {
    std::string deviceId;
    std::string peer;               // "clblast", "cublas"
    std::string routine;            // "transpose", "sgemm_tn"
    std::vector<CurvePoint> points; // the best value per size (several benches of one size keep the best)
};

// Reads `path` read-only; a missing file yields an empty store. Runs of a registered family with another family
// version (older kernels) are left out. Throws store::StoreError on unreadable files.
ComparisonStore loadComparisonStore(const QString& path);
// loadComparisonStore() on a worker thread; `done` runs on the GUI thread (not at all when `receiver` is gone).
void loadComparisonStoreAsync(QObject* receiver, const QString& path,
                              std::function<void(ComparisonStore store, const QString& error)> done);

// Peer results of one device for `family` only (routines `family` and `family_*`), on a worker thread, for the Run
// page's live plot; errors yield no curves (the reference is optional).
void loadPeerCurvesAsync(QObject* receiver, const QString& path, const std::string& deviceId, const std::string& family,
                         std::function<void(std::vector<PeerCurve> curves)> done);

// The reductions. `family` filters measurements; a device without ok measurements of it gets empty curves.
DeviceComparison compareDevice(const std::vector<Measurement>& measurements, const std::string& deviceId,
                               const std::string& family);
// Whether a peer routine belongs to `family`: the same name, or the name followed by "_" and a variant (an op).
bool peerRoutineMatches(const std::string& routine, const std::string& family);
// Peer curves of `deviceId` whose routine matches `family` and, when `routine` is non-empty, equals it.
std::vector<PeerCurve> peerCurves(const std::vector<store::PeerMeasurement>& peers, const std::string& deviceId,
                                  const std::string& family, const std::string& routine = {});
// The display name of a peer library ("clblast" → "CLBlast"); unknown names as stored.
QString peerDisplayName(const std::string& peer);

} // namespace kt::gui
