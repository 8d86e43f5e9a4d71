// The bench on the global thread pool; rows and the end come back through QPointer-guarded queued calls.
#include "app/gui/services/bench_service.hpp"

#include <exception>

#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core/store/device_repository.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::gui {

namespace {

struct Outcome {
    std::optional<bench::Result> result;
    QString error;
    QString note;
};

Outcome runOnWorker(const BenchRequest& request, const std::shared_ptr<std::atomic<bool>>& cancel,
                    const std::function<void(const bench::Row&)>& onRow, const std::function<void(int)>& onPlan) {
    Outcome out;
    try {
        kernels::registerBuiltinFamilies();
        auto family = FamilyRegistry::instance().find(request.family);
        if (!family) throw std::invalid_argument("unknown family " + request.family);
        const std::string dbPath = QFile::encodeName(request.database).toStdString();
        std::optional<store::Database> db;
        const bool fromStore = request.plan.source == bench::CandidateSource::Best ||
                               request.plan.source == bench::CandidateSource::Top;
        if (fromStore) db.emplace(store::Database::open(dbPath));
        const auto plan = bench::makeBenchPlan(*family, request.device, request.plan, db ? &*db : nullptr);
        onPlan(int(plan.size()));
        // The GEMM and BLAS3 routines take the stored copy shape of the device, as `ktune bench` does.
        const bench::StoredTunedParts parts(dbPath);
        auto device = request.backend->open(request.device);
        bench::Options options = request.options;
        options.onRow = onRow;
        options.cancelled = [cancel] { return cancel->load(); };
        out.result = bench::runBench(*device, family, plan, options);
        if (out.result->cancelled) out.note = BenchService::tr("cancelled");
        try {
            if (!db) db.emplace(store::Database::open(dbPath));
            store::DeviceRepository(*db).upsert(request.device);
            bench::storePeerFigures(*db, request.device, *family, *out.result);
        } catch (const std::exception& e) {
            out.note = BenchService::tr("peer results not stored: %1").arg(QString::fromStdString(e.what()));
        }
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

} // namespace

BenchService::BenchService(QObject* parent) : QObject(parent) { qRegisterMetaType<kt::bench::Row>(); }

BenchService::~BenchService() { cancel(); }

void BenchService::cancel() {
    if (m_cancel) m_cancel->store(true);
}

bool BenchService::start(BenchRequest request) {
    if (m_running || !request.backend) return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_request = request;
    QPointer<BenchService> self(this);
    auto post = [self](auto f) { QMetaObject::invokeMethod(QCoreApplication::instance(), f, Qt::QueuedConnection); };
    (void)QtConcurrent::run([self, request, cancel = m_cancel, post] {
        auto onRow = [self, post](const bench::Row& row) {
            post([self, row] {
                if (self) Q_EMIT self->rowArrived(row);
            });
        };
        auto onPlan = [self, post](int sizes) {
            post([self, sizes] {
                if (self) Q_EMIT self->started(sizes);
            });
        };
        Outcome out = runOnWorker(request, cancel, onRow, onPlan);
        post([self, out] {
            if (!self) return;
            self->m_running = false;
            if (!out.error.isEmpty()) {
                Q_EMIT self->failed(out.error);
                return;
            }
            self->m_last = out.result;
            Q_EMIT self->finished(out.note);
        });
    });
    return true;
}

} // namespace kt::gui
