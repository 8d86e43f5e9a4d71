// Runs the bench (app/bench: our candidates beside the vendor library, in one process) on a worker thread for the
// Bench page: rows stream back as queued signals, a cancel flag stops it between sizes, the peers' figures go to the
// store as `ktune bench` stores them.
#pragma once
#include <atomic>
#include <memory>
#include <optional>

#include <QObject>
#include <QString>

#include "app/bench/bench_plan.hpp"
#include "app/bench/bench_runner.hpp"
#include "app/gui/services/device_enumeration_service.hpp"

namespace kt::gui {

struct BenchRequest {
    std::shared_ptr<const BackendList> backends; // keeps `backend` alive
    const Backend* backend = nullptr;
    DeviceInfo device;
    std::string family;
    bench::PlanRequest plan;
    bench::Options options;
    QString database; // read for --best/--top, written with the peers' figures
};

class BenchService : public QObject {
    Q_OBJECT

public:
    explicit BenchService(QObject* parent = nullptr);
    ~BenchService() override;

    // Starts a bench unless one is running; false when one already is.
    bool start(BenchRequest request);
    void cancel();
    bool isRunning() const { return m_running; }
    // The whole result of the last finished bench (rows, peer names), e.g. for saving it as JSON.
    const std::optional<bench::Result>& lastResult() const { return m_last; }
    const BenchRequest& lastRequest() const { return m_request; }

Q_SIGNALS:
    void started(int sizes);
    void rowArrived(const kt::bench::Row& row);
    // `note` says what did not work beside the figures (peer results not stored, cancelled).
    void finished(const QString& note);
    void failed(const QString& message);

private:
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<bench::Result> m_last;
    BenchRequest m_request;
};

} // namespace kt::gui

Q_DECLARE_METATYPE(kt::bench::Row)
