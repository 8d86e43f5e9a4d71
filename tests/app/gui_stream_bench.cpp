// Benchmark (not a test): streams measurements at a fixed rate through TuningRunService into a visible Run page
// (live plots, failure log) and the Results page (sorted proxy), while a 1 ms QTimer measures how long the event
// loop stalls. Usage: gui_stream_bench [--rate N per second] [--seconds S]. Results: docs/perf/gui.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <QApplication>
#include <QElapsedTimer>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/engine/family.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
// Answers at a fixed rate with made-up values (1 in 20 a compile error), like a fast device with a warm compile cache.
class PacedExecutor final : public Executor {
public:
    explicit PacedExecutor(double rate) : m_period(std::chrono::duration<double>(1.0 / rate)), m_next(Clock::now()) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        for (const auto& size : sizes) {
            m_next += std::chrono::duration_cast<Clock::duration>(m_period);
            std::this_thread::sleep_until(m_next);
            Measurement m;
            m.pointKey = point.key();
            m.size = size;
            const auto h = std::hash<std::string>{}(point.key() + size.label());
            if (h % 20 == 0) {
                m.status = MeasurementStatus::CompileError;
                m.error = "error: made up\nsecond line";
            } else {
                m.value = 50.0 + static_cast<double>(h % 3000) / 10.0;
                m.medianMs = 1.0 / m.value;
            }
            out.push_back(m);
        }
        return out;
    }

private:
    using Clock = std::chrono::steady_clock;
    std::chrono::duration<double> m_period;
    Clock::time_point m_next;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}
} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    double rate = 400, seconds = 5;
    const QStringList args = QApplication::arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--rate")) rate = args[i + 1].toDouble();
        if (args[i] == QLatin1String("--seconds")) seconds = args[i + 1].toDouble();
    }
    if (rate <= 0 || seconds <= 0) {
        std::fprintf(stderr, "usage: gui_stream_bench [--rate N] [--seconds S]\n");
        return 2;
    }
    kernels::registerBuiltinFamilies();
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("bench.sqlite"));
    const DemoStore demo = buildDemoStore(db);

    // Enough (point, size) pairs for the whole duration: the transpose points times as many sizes as needed.
    int points = 0;
    FamilyRegistry::instance().find("transpose")->space(demo.stored).forEachValid([&](const Point&) {
        return ++points, true;
    });
    const int needed = static_cast<int>(rate * seconds) + 1;
    RunRequest request;
    request.device = demo.stored; // its own results are not reused: every size below is new to it
    request.family = QStringLiteral("transpose");
    request.strategy = QStringLiteral("exhaustive");
    for (int i = 0; i < needed / points + 1; ++i) request.sizes.push_back({{2048 + 64 * i}});
    request.maxEvaluations = static_cast<std::uint64_t>(needed);
    request.database = db;

    TuningRunService service;
    service.setExecutorFactory([rate](const RunRequest&, const DeviceInfo&, const std::string&) {
        return std::make_unique<PacedExecutor>(rate);
    });
    QTabWidget window;
    auto* runPage = new RunPage(&service, &window);
    auto* results = new ResultsPage(&window);
    window.addTab(runPage, QStringLiteral("Run"));
    window.addTab(results, QStringLiteral("Results"));
    QObject::connect(runPage, &RunPage::measurementsArrived, results, &ResultsPage::appendMeasurements);
    results->table()->sortByColumn(ResultsModel::Value, Qt::DescendingOrder); // the proxy sorts every insert
    window.resize(1100, 720);
    window.show();

    std::vector<double> stallsMs;
    QElapsedTimer clock;
    qint64 last = -1;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last >= 0) stallsMs.push_back(std::max(0.0, static_cast<double>(now - last) / 1e6 - 1.0));
        last = now;
    });
    int batches = 0;
    TuningRun* run = runPage->startRun(request);
    QObject::connect(run, &TuningRun::measurementsArrived, [&] { ++batches; });
    QElapsedTimer runTime;
    QObject::connect(run, &TuningRun::started, [&] {
        runTime.start();
        clock.start();
        tick.start();
    });
    QObject::connect(run, &TuningRun::finished, [&](RunStatus status, const QString& message) {
        tick.stop();
        const double elapsed = static_cast<double>(runTime.nsecsElapsed()) / 1e9;
        const auto n = run->measurementCount();
        std::printf("run: %s%s%s\n", toString(status).c_str(), message.isEmpty() ? "" : " — ", qPrintable(message));
        std::printf("measurements: %llu in %.2f s = %.0f/s (target %.0f/s), delivered in %d batches (%.1f per batch)\n",
                    static_cast<unsigned long long>(n), elapsed, static_cast<double>(n) / elapsed, rate, batches,
                    batches ? static_cast<double>(n) / batches : 0.0);
        std::printf("results rows: %d, failure log rows: %d\n", results->model()->rowCount(),
                    runPage->failureTable()->rowCount());
        std::printf("curve plot: average replot %.1f ms\n", runPage->curvePlot()->plot()->replotTime(true));
        const double p50 = percentile(stallsMs, 0.50), p99 = percentile(stallsMs, 0.99);
        const double worst = stallsMs.empty() ? 0 : *std::max_element(stallsMs.begin(), stallsMs.end());
        std::printf("event-loop stall over a 1 ms timer (%zu ticks): p50 %.2f ms, p99 %.2f ms, max %.2f ms — "
                    "p99 < 30 ms target: %s\n",
                    stallsMs.size(), p50, p99, worst, p99 < 30 ? "met" : "MISSED");
        QApplication::exit(p99 < 30 ? 0 : 1);
    });
    return QApplication::exec();
}
