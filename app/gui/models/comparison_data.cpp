// Device comparison data: store reads (worker threads) and the best-curve reductions.
#include "app/gui/models/comparison_data.hpp"

#include <algorithm>
#include <exception>
#include <set>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core/engine/family.hpp"
#include "core/store/store.hpp"

namespace kt::gui {

namespace {

store::Database openReadOnly(const QString& path) {
    store::OpenOptions options;
    options.mode = store::OpenMode::ReadOnly;
    return store::Database::open(QFile::encodeName(path).toStdString(), options);
}

// Runs `work` on the thread pool and hands its result to `done` on the GUI thread while `receiver` lives.
template <typename Result>
void runGuarded(QObject* receiver, std::function<Result(QString& error)> work,
                std::function<void(Result, const QString&)> done) {
    QPointer<QObject> guard(receiver);
    (void)QtConcurrent::run([guard, work = std::move(work), done = std::move(done)]() mutable {
        QString error;
        Result result = work(error);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, error, result = std::move(result), done = std::move(done)]() mutable {
                if (guard) done(std::move(result), error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace

std::optional<CurvePoint> DeviceComparison::peak(CurveMode mode) const {
    const auto& points = curve(mode);
    if (points.empty()) return std::nullopt;
    return *std::max_element(points.begin(), points.end(),
                             [](const CurvePoint& a, const CurvePoint& b) { return a.value < b.value; });
}

ComparisonStore loadComparisonStore(const QString& path) {
    ComparisonStore out;
    if (!QFileInfo::exists(path)) return out;
    const auto db = openReadOnly(path);
    for (auto& d : store::DeviceRepository(db).list()) out.devices.emplace(d.info.stableId(), d.info);
    store::MeasurementRepository measurements(db);
    for (const auto& run : store::RunRepository(db).list()) {
        // Measurements of other kernel versions of a family are not comparable with the current ones.
        const auto family = FamilyRegistry::instance().find(run.family);
        if (family && family->version() != run.familyVersion) continue;
        for (auto& stored : measurements.byRun(run.id)) {
            Measurement& m = stored.measurement;
            if (m.status != MeasurementStatus::Ok) continue;
            if (m.deviceId.empty()) m.deviceId = run.deviceId;
            if (m.family.empty()) m.family = run.family;
            out.measurements.push_back(std::move(m));
        }
    }
    store::PeerRepository peers(db);
    for (const auto& [id, info] : out.devices)
        for (const auto& routine : peers.routines(id))
            for (auto& p : peers.list(id, routine)) out.peers.push_back(std::move(p));
    return out;
}

void loadComparisonStoreAsync(QObject* receiver, const QString& path,
                              std::function<void(ComparisonStore store, const QString& error)> done) {
    runGuarded<ComparisonStore>(
        receiver,
        [path](QString& error) {
            try {
                return loadComparisonStore(path);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
                return ComparisonStore{};
            }
        },
        std::move(done));
}

void loadPeerCurvesAsync(QObject* receiver, const QString& path, const std::string& deviceId, const std::string& family,
                         std::function<void(std::vector<PeerCurve> curves)> done) {
    runGuarded<std::vector<PeerCurve>>(
        receiver,
        [path, deviceId, family](QString&) {
            std::vector<store::PeerMeasurement> measured;
            try {
                if (!QFileInfo::exists(path)) return std::vector<PeerCurve>{};
                const auto db = openReadOnly(path);
                store::PeerRepository peers(db);
                for (const auto& routine : peers.routines(deviceId))
                    if (peerRoutineMatches(routine, family))
                        for (auto& p : peers.list(deviceId, routine)) measured.push_back(std::move(p));
            } catch (const std::exception&) {
                return std::vector<PeerCurve>{}; // an unreadable store shows no reference, the run goes on
            }
            return peerCurves(measured, deviceId, family);
        },
        [done = std::move(done)](std::vector<PeerCurve> curves, const QString&) { done(std::move(curves)); });
}

DeviceComparison compareDevice(const std::vector<Measurement>& measurements, const std::string& deviceId,
                               const std::string& family) {
    DeviceComparison out;
    out.deviceId = deviceId;
    std::map<ProblemSize, CurvePoint> best;
    // point key → size → best value of that candidate at that size (a candidate measured in several runs).
    std::map<std::string, std::map<ProblemSize, double>> byCandidate;
    for (const auto& m : measurements) {
        if (m.deviceId != deviceId || m.family != family || m.status != MeasurementStatus::Ok) continue;
        auto [it, added] = best.try_emplace(m.size, CurvePoint{m.size, m.value, m.pointKey});
        if (!added && m.value > it->second.value) it->second = {m.size, m.value, m.pointKey};
        auto [v, fresh] = byCandidate[m.pointKey].try_emplace(m.size, m.value);
        if (!fresh) v->second = std::max(v->second, m.value);
    }
    for (auto& [size, point] : best) out.bestPerSize.push_back(std::move(point));

    // Coverage first: a candidate measured at one size only would win on its best size alone.
    std::size_t bestCount = 0;
    double bestMean = 0, bestPeak = 0;
    for (const auto& [key, values] : byCandidate) {
        double sum = 0, peak = 0;
        for (const auto& [size, value] : values) sum += value, peak = std::max(peak, value);
        const double mean = sum / static_cast<double>(values.size());
        const bool better = values.size() > bestCount ||
                            (values.size() == bestCount && (mean > bestMean || (mean == bestMean && peak > bestPeak)));
        if (!better) continue;
        bestCount = values.size(), bestMean = mean, bestPeak = peak;
        out.bestCandidate = key;
    }
    if (!out.bestCandidate.empty())
        for (const auto& [size, value] : byCandidate.at(out.bestCandidate))
            out.bestCandidateCurve.push_back({size, value, out.bestCandidate});
    return out;
}

bool peerRoutineMatches(const std::string& routine, const std::string& family) {
    return routine == family || (routine.size() > family.size() + 1 && routine.compare(0, family.size(), family) == 0 &&
                                 routine[family.size()] == '_');
}

std::vector<PeerCurve> peerCurves(const std::vector<store::PeerMeasurement>& peers, const std::string& deviceId,
                                  const std::string& family, const std::string& routine) {
    // (peer, routine) → size → best value
    std::map<std::pair<std::string, std::string>, std::map<ProblemSize, double>> grouped;
    for (const auto& p : peers) {
        if (p.deviceId != deviceId || !peerRoutineMatches(p.routine, family)) continue;
        if (!routine.empty() && p.routine != routine) continue;
        auto [it, fresh] = grouped[{p.peer, p.routine}].try_emplace(p.size, p.value);
        if (!fresh) it->second = std::max(it->second, p.value);
    }
    std::vector<PeerCurve> out;
    for (const auto& [key, values] : grouped) {
        PeerCurve curve{deviceId, key.first, key.second, {}};
        for (const auto& [size, value] : values) curve.points.push_back({size, value, {}});
        out.push_back(std::move(curve));
    }
    return out;
}

QString peerDisplayName(const std::string& peer) {
    if (peer == "clblast") return QStringLiteral("CLBlast");
    if (peer == "cublas") return QStringLiteral("cuBLAS");
    return QString::fromStdString(peer);
}

} // namespace kt::gui
