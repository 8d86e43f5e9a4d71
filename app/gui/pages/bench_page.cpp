// Bench page: the form, the live table and plot, and saving the result as JSON.
#include "app/gui/pages/bench_page.hpp"

#include <algorithm>
#include <fstream>
#include <map>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "app/bench/bench_output.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "core/rules/rule_file.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::gui {

namespace {

enum Column { kSize, kVariant, kCandidate, kOrigin, kOurs, kKernel, kPeer, kRatio, kCheck, kColumns };

QString figureText(const bench::Figure& f) {
    return f.measured() ? QString::number(*f.value, 'f', 1) : QString::fromStdString(f.error);
}

std::vector<std::string> splitList(const QString& text) {
    std::vector<std::string> out;
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out.push_back(item.trimmed().toStdString());
    return out;
}

const QColor kColours[] = {QColor(31, 119, 180), QColor(214, 39, 40), QColor(44, 160, 44), QColor(148, 103, 189),
                           QColor(255, 127, 14), QColor(140, 86, 75)};

} // namespace

BenchPage::BenchPage(QWidget* parent)
    : QWidget(parent), m_service(new BenchService(this)), m_model(new QStandardItemModel(0, kColumns, this)) {
    setObjectName(QStringLiteral("benchPage"));
    kernels::registerBuiltinFamilies();
    auto* form = new QFormLayout;
    m_device = new QComboBox(this);
    m_family = new QComboBox(this);
    for (const auto& f : FamilyRegistry::instance().all())
        if (!f->internal()) m_family->addItem(QString::fromStdString(f->name()));
    m_source = new QComboBox(this);
    for (int i = 0; i < 5; ++i) m_source->addItem(QString());
    m_top = new QSpinBox(this);
    m_top->setRange(1, 100);
    m_top->setValue(3);
    m_point = new QLineEdit(this);
    m_rule = new QLineEdit(this);
    m_browseRule = new QPushButton(this);
    auto* sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_source);
    sourceRow->addWidget(m_top);
    sourceRow->addWidget(m_point, 1);
    sourceRow->addWidget(m_rule, 1);
    sourceRow->addWidget(m_browseRule);
    m_sizes = new QLineEdit(this);
    m_variants = new QLineEdit(this);
    m_peer = new QComboBox(this);
    m_peer->addItem(QString(), int(bench::PeerChoice::Auto));
    m_peer->addItem(QString(), int(bench::PeerChoice::None));
    m_runs = new QSpinBox(this);
    m_runs->setRange(1, 1000);
    m_runs->setValue(5);
    m_verify = new QCheckBox(this);
    m_verify->setChecked(true);
    auto* runsRow = new QHBoxLayout;
    runsRow->addWidget(m_runs);
    runsRow->addWidget(m_verify);
    runsRow->addStretch();
    m_deviceLabel = new QLabel(this);
    m_familyLabel = new QLabel(this);
    m_sourceLabel = new QLabel(this);
    m_sizesLabel = new QLabel(this);
    m_variantsLabel = new QLabel(this);
    m_peerLabel = new QLabel(this);
    m_runsLabel = new QLabel(this);
    form->addRow(m_deviceLabel, m_device);
    form->addRow(m_familyLabel, m_family);
    form->addRow(m_sourceLabel, sourceRow);
    form->addRow(m_sizesLabel, m_sizes);
    form->addRow(m_variantsLabel, m_variants);
    form->addRow(m_peerLabel, m_peer);
    form->addRow(m_runsLabel, runsRow);

    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_save = new QPushButton(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_save);
    buttons->addWidget(m_status, 1);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumHeight(220);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_plot->legend->setVisible(true);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(m_table);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(split, 1);

    connect(m_source, qOverload<int>(&QComboBox::currentIndexChanged), this, &BenchPage::updateSourceFields);
    connect(m_browseRule, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Dispatch rule"), QString(),
                                                          tr("Rules (*.json);;All files (*)"));
        if (!path.isEmpty()) m_rule->setText(path);
    });
    connect(m_run, &QPushButton::clicked, this, &BenchPage::start);
    connect(m_cancel, &QPushButton::clicked, this, &BenchPage::cancel);
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save bench"), QStringLiteral("bench.json"), tr("JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !saveJson(path, &error)) m_status->setText(error);
    });
    connect(m_service, &BenchService::started, this,
            [this](int sizes) { m_status->setText(tr("Running %n size(s)…", nullptr, sizes)); });
    connect(m_service, &BenchService::rowArrived, this, &BenchPage::appendRow);
    connect(m_service, &BenchService::finished, this, [this](const QString& note) {
        setRunning(false);
        const QString text = tr("Done: %n row(s).", nullptr, int(m_rows.size())) +
                             (note.isEmpty() ? QString() : QStringLiteral(" ") + note);
        m_status->setText(text);
        Q_EMIT statusMessage(text);
    });
    connect(m_service, &BenchService::failed, this, [this](const QString& message) {
        setRunning(false);
        m_status->setText(tr("Bench failed: %1").arg(message));
        Q_EMIT statusMessage(m_status->text());
    });
    retranslateUi();
    updateSourceFields();
    setRunning(false);
}

void BenchPage::setDevices(const EnumerationResult& result) {
    const QString current = m_device->currentText();
    m_backends = result.backends;
    m_devices.clear();
    m_device->clear();
    for (const auto& source : result.sources) {
        if (source.origin != DeviceOrigin::Live || source.kind == BackendKind::Simulated || !source.backend) continue;
        for (const auto& info : source.devices) {
            m_devices.emplace_back(source.backend, info);
            m_device->addItem(QString::fromStdString(info.label()));
        }
    }
    if (const int i = m_device->findText(current); i >= 0) m_device->setCurrentIndex(i);
}

void BenchPage::updateSourceFields() {
    const auto source = bench::CandidateSource(m_source->currentIndex());
    m_top->setVisible(source == bench::CandidateSource::Top || source == bench::CandidateSource::Paper);
    m_point->setVisible(source == bench::CandidateSource::Point);
    m_rule->setVisible(source == bench::CandidateSource::Rule);
    m_browseRule->setVisible(source == bench::CandidateSource::Rule);
}

std::optional<BenchRequest> BenchPage::currentRequest(QString* error) const {
    auto fail = [error](const QString& why) -> std::optional<BenchRequest> {
        *error = why;
        return std::nullopt;
    };
    const int deviceIndex = m_device->currentIndex();
    if (deviceIndex < 0 || deviceIndex >= int(m_devices.size())) return fail(tr("No device that can run kernels."));
    BenchRequest r;
    r.backends = m_backends;
    r.backend = m_devices[std::size_t(deviceIndex)].first;
    r.device = m_devices[std::size_t(deviceIndex)].second;
    r.family = m_family->currentText().toStdString();
    r.database = m_database;
    auto family = FamilyRegistry::instance().find(r.family);
    if (!family) return fail(tr("Choose a family."));
    r.plan.source = bench::CandidateSource(m_source->currentIndex());
    r.plan.top = m_top->value();
    r.plan.pointKey = m_point->text().trimmed().toStdString();
    if (r.plan.source == bench::CandidateSource::Point && r.plan.pointKey.empty())
        return fail(tr("Give the point key of a candidate (as `ktune best` prints it)."));
    try {
        r.plan.sizes = parseSizeList(m_sizes->text());
        if (r.plan.source == bench::CandidateSource::Rule)
            r.plan.rule = rules::readRuleFile(QFile::encodeName(m_rule->text().trimmed()).toStdString());
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what()));
    }
    const auto known = family->benchDescription().variants;
    for (const auto& v : splitList(m_variants->text())) {
        if (std::find(known.begin(), known.end(), v) == known.end())
            return fail(tr("%1 has no variant '%2'.").arg(m_family->currentText(), QString::fromStdString(v)));
        r.options.variants.push_back(v);
    }
    r.options.peer = bench::PeerChoice(m_peer->currentData().toInt());
    r.options.timedRuns = m_runs->value();
    r.options.verify = m_verify->isChecked();
    r.options.makePeer = m_peerFactory;
    return r;
}

bool BenchPage::start() {
    QString error;
    auto request = currentRequest(&error);
    if (!request) {
        m_status->setText(error);
        Q_EMIT statusMessage(error);
        return false;
    }
    m_rows.clear();
    m_model->removeRows(0, m_model->rowCount());
    redrawPlot();
    if (!m_service->start(std::move(*request))) {
        m_status->setText(tr("A bench is already running."));
        return false;
    }
    setRunning(true);
    m_status->setText(tr("Preparing…"));
    return true;
}

void BenchPage::cancel() { m_service->cancel(); }

void BenchPage::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_save->setEnabled(!running && m_service->lastResult().has_value());
}

void BenchPage::appendRow(const bench::Row& row) {
    m_rows.push_back(row);
    QList<QStandardItem*> items;
    for (int c = 0; c < kColumns; ++c) items.append(new QStandardItem);
    items[kSize]->setText(QString::fromStdString(row.size.label()));
    items[kVariant]->setText(QString::fromStdString(row.variant));
    items[kCandidate]->setText(QString::fromStdString(row.candidate));
    items[kOrigin]->setText(QString::fromStdString(row.origin + (row.tunedAt.empty() ? "" : " @" + row.tunedAt)));
    items[kOrigin]->setToolTip(QString::fromStdString(row.rule + (row.ruleNote.empty() ? "" : "; " + row.ruleNote)));
    items[kOurs]->setText(figureText(row.ours));
    items[kKernel]->setText(row.kernel.measured() || !row.kernel.error.empty() ? figureText(row.kernel) : QString());
    items[kPeer]->setText(figureText(row.peer));
    if (row.ours.measured() && row.peer.measured() && *row.peer.value > 0)
        items[kRatio]->setText(QString::number(*row.ours.value / *row.peer.value, 'f', 2));
    if (row.verified) items[kCheck]->setText(*row.verified ? tr("ok") : tr("WRONG: %1").arg(QString::fromStdString(row.verifyMessage)));
    m_model->appendRow(items);
    redrawPlot();
}

void BenchPage::redrawPlot() {
    m_plot->clearGraphs();
    // Per variant: ours (the best candidate at each size) solid, the peer dashed; x is the first size dimension.
    std::map<std::string, std::map<double, double>> ours, peer;
    for (const auto& row : m_rows) {
        const double x = row.size.dims.empty() ? 0 : double(row.size.dims.front());
        if (row.ours.measured()) ours[row.variant][x] = std::max(ours[row.variant][x], *row.ours.value);
        if (row.peer.measured()) peer[row.variant][x] = *row.peer.value;
    }
    int colour = 0;
    for (const auto& [variant, points] : ours) {
        const QColor c = kColours[colour++ % 6];
        auto add = [&](const std::map<double, double>& pts, const QString& name, Qt::PenStyle style) {
            auto* g = m_plot->addGraph();
            g->setName(name);
            g->setPen(QPen(c, 2, style));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
            for (const auto& [x, y] : pts) g->addData(x, y);
        };
        const QString v = variant.empty() ? QString() : QStringLiteral(" ") + QString::fromStdString(variant);
        add(points, tr("ours") + v, Qt::SolidLine);
        if (peer.count(variant)) add(peer[variant], tr("peer") + v, Qt::DashLine);
    }
    if (auto family = FamilyRegistry::instance().find(m_family->currentText().toStdString()))
        m_plot->yAxis->setLabel(QString::fromStdString(toString(family->metric())));
    m_plot->xAxis->setLabel(tr("size"));
    m_plot->rescaleAxes();
    if (m_plot->graphCount() > 0) m_plot->yAxis->setRangeLower(0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool BenchPage::saveJson(const QString& path, QString* error) const {
    const auto& result = m_service->lastResult();
    const auto& request = m_service->lastRequest();
    auto family = FamilyRegistry::instance().find(request.family);
    if (!result || !family) {
        if (error) *error = tr("Nothing to save yet.");
        return false;
    }
    std::ofstream file(QFile::encodeName(path).toStdString(), std::ios::binary | std::ios::trunc);
    if (file) file << bench::benchJson(request.device, *family, *result, request.options, request.device.profile).dump(2) << "\n";
    if (!file) {
        if (error) *error = tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

void BenchPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void BenchPage::retranslateUi() {
    m_deviceLabel->setText(tr("Device"));
    m_familyLabel->setText(tr("Family"));
    m_sourceLabel->setText(tr("Candidates"));
    m_source->setItemText(int(bench::CandidateSource::Point), tr("One point"));
    m_source->setItemText(int(bench::CandidateSource::Best), tr("Stored best per size"));
    m_source->setItemText(int(bench::CandidateSource::Top), tr("Top N at the largest stored size"));
    m_source->setItemText(int(bench::CandidateSource::Paper), tr("The papers' kernels"));
    m_source->setItemText(int(bench::CandidateSource::Rule), tr("A dispatch rule"));
    m_point->setPlaceholderText(tr("point key, e.g. DOT_WG=64,DOT_WPT=4"));
    m_rule->setPlaceholderText(tr("R.json from ktune rules"));
    m_browseRule->setText(tr("Browse…"));
    m_sizesLabel->setText(tr("Sizes"));
    m_sizes->setPlaceholderText(tr("empty: the family's sizes (e.g. 1024,2048 or 256x256x128)"));
    m_variantsLabel->setText(tr("Variants"));
    m_variants->setPlaceholderText(tr("empty: all (e.g. nn,tn)"));
    m_peerLabel->setText(tr("Vendor library"));
    m_peer->setItemText(0, tr("cuBLAS or CLBlast (by backend)"));
    m_peer->setItemText(1, tr("none"));
    m_runsLabel->setText(tr("Timed runs"));
    m_verify->setText(tr("Check against the reference"));
    m_run->setText(tr("Run bench"));
    m_cancel->setText(tr("Cancel"));
    m_save->setText(tr("Save JSON…"));
    m_model->setHorizontalHeaderLabels({tr("Size"), tr("Variant"), tr("Candidate"), tr("From"), tr("Ours"),
                                        tr("Kernel alone"), tr("Peer"), tr("Ours / peer"), tr("Check")});
    redrawPlot();
}

} // namespace kt::gui
