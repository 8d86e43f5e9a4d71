// Tune page: describes a family through the kt::Family interface only (a family is a description).
#include "app/gui/pages/tune_page.hpp"

#include <exception>

#include <QCoreApplication>
#include <QEvent>
#include <QLocale>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStringList>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/engine/family.hpp"

namespace kt::gui {

TunePage::TunePage(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_families = new QListWidget(m_splitter);
    m_families->setObjectName(QStringLiteral("familyList"));
    auto* right = new QWidget(m_splitter);
    auto* rightLayout = new QVBoxLayout(right);
    m_empty = new QLabel(right);
    m_empty->setWordWrap(true);
    m_title = new QLabel(right);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_description = new QLabel(right);
    m_description->setWordWrap(true);
    m_facts = new QLabel(right);
    m_facts->setWordWrap(true);
    m_count = new QLabel(right);
    m_count->setObjectName(QStringLiteral("validCount"));
    m_parametersLabel = new QLabel(right);
    m_parameters = new QTableWidget(0, 3, right);
    m_parameters->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_parameters->horizontalHeader()->setStretchLastSection(true);
    m_parameters->verticalHeader()->hide();
    m_constraintsLabel = new QLabel(right);
    m_constraints = new QTableWidget(0, 2, right);
    m_constraints->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_constraints->horizontalHeader()->setStretchLastSection(true);
    m_constraints->verticalHeader()->hide();
    for (QWidget* w : {static_cast<QWidget*>(m_empty), static_cast<QWidget*>(m_title), static_cast<QWidget*>(m_description),
                       static_cast<QWidget*>(m_facts), static_cast<QWidget*>(m_count),
                       static_cast<QWidget*>(m_parametersLabel), static_cast<QWidget*>(m_parameters),
                       static_cast<QWidget*>(m_constraintsLabel), static_cast<QWidget*>(m_constraints)})
        rightLayout->addWidget(w);
    m_splitter->addWidget(m_families);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setSizes({280, 820});
    layout->addWidget(m_splitter);
    // Run control lives on the Run page; this button only hands over the family.
    m_startRun = new QPushButton(right);
    m_startRun->setObjectName(QStringLiteral("startRunFromTune"));
    rightLayout->addWidget(m_startRun, 0, Qt::AlignRight);
    connect(m_startRun, &QPushButton::clicked, this, [this] { Q_EMIT startRunRequested(currentFamily()); });

    connect(m_families, &QListWidget::currentRowChanged, this, &TunePage::showFamily);
    connect(m_families, &QListWidget::currentRowChanged, this, [this] { Q_EMIT familyChanged(currentFamily()); });
    reloadFamilies();
    retranslateUi();
}

TunePage::~TunePage() {
    if (m_countCancel) m_countCancel->store(true); // the pool thread stops at its next point
}

void TunePage::reloadFamilies() {
    const QString current = m_families->currentItem() ? m_families->currentItem()->data(Qt::UserRole).toString() : QString();
    m_families->clear();
    for (const auto& family : FamilyRegistry::instance().all()) {
        if (family->internal()) continue; // engine self-tests are not for users
        // Titles can repeat (e.g. two transpose variants), so the registry name is shown too.
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 (%2)").arg(QString::fromStdString(family->title()), QString::fromStdString(family->name())),
            m_families);
        item->setData(Qt::UserRole, QString::fromStdString(family->name()));
        item->setToolTip(QString::fromStdString(family->name()));
        if (item->data(Qt::UserRole).toString() == current) m_families->setCurrentItem(item);
    }
    if (!m_families->currentItem() && m_families->count() > 0) m_families->setCurrentRow(0);
    showFamily();
}

void TunePage::setDevice(const DeviceInfo* device) {
    if (device)
        m_device = *device;
    else
        m_device.reset();
    showFamily();
}

void TunePage::showFamily() {
    const bool none = m_families->count() == 0;
    m_families->setVisible(!none);
    m_empty->setVisible(none || !m_device);
    for (QWidget* w : {static_cast<QWidget*>(m_title), static_cast<QWidget*>(m_description), static_cast<QWidget*>(m_facts),
                       static_cast<QWidget*>(m_parametersLabel), static_cast<QWidget*>(m_parameters),
                       static_cast<QWidget*>(m_constraintsLabel), static_cast<QWidget*>(m_constraints)})
        w->setVisible(!none);
    if (none) {
        m_empty->setText(tr("No kernel families are registered in this build."));
        return;
    }
    m_empty->setText(tr("Select a device on the Devices page: constraints depend on the device's limits."));
    auto* item = m_families->currentItem();
    auto family = item ? FamilyRegistry::instance().find(item->data(Qt::UserRole).toString().toStdString()) : nullptr;
    m_parameters->setRowCount(0);
    m_constraints->setRowCount(0);
    if (m_countCancel) m_countCancel->store(true);
    ++m_countGeneration;
    m_counting = false;
    m_hasCount = false;
    m_count->setVisible(false);
    if (!family) return;
    m_title->setText(QString::fromStdString(family->title()));
    m_description->setText(QString::fromStdString(family->description()));
    QStringList dims;
    for (const auto& d : family->sizeDimensions()) dims << QString::fromStdString(d);
    m_facts->setText(tr("Name: %1 · Metric: %2 · Size dimensions: %3")
                         .arg(QString::fromStdString(family->name()), QString::fromStdString(toString(family->metric())),
                              dims.join(QStringLiteral(", "))));
    if (!m_device) return;
    try {
        const ParameterSpace space = family->space(*m_device);
        m_parameters->setRowCount(static_cast<int>(space.parameters().size()));
        int row = 0;
        for (const auto& p : space.parameters()) {
            QStringList values;
            for (auto v : p.values) values << QString::number(v);
            m_parameters->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(p.name)));
            m_parameters->setItem(row, 1, new QTableWidgetItem(values.join(QStringLiteral(", "))));
            m_parameters->setItem(row, 2, new QTableWidgetItem(QString::fromStdString(p.description)));
            ++row;
        }
        m_constraints->setRowCount(static_cast<int>(space.constraints().size()));
        row = 0;
        for (const auto& c : space.constraints()) {
            m_constraints->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(c.expression)));
            m_constraints->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(c.description)));
            ++row;
        }
        m_parameters->resizeColumnsToContents();
        m_constraints->resizeColumnsToContents();
        startCount(space);
    } catch (const std::exception& e) {
        m_empty->setVisible(true);
        m_empty->setText(tr("The family's parameter space could not be built for this device: %1")
                             .arg(QString::fromStdString(e.what())));
    }
}

void TunePage::startCount(const ParameterSpace& space) {
    m_countCancel = std::make_shared<std::atomic<bool>>(false);
    m_counting = true;
    m_cartesianSize = space.cartesianSize();
    m_count->setVisible(true);
    updateCountText();
    QPointer<TunePage> self(this);
    (void)QtConcurrent::run([self, space, generation = m_countGeneration, cancel = m_countCancel] {
        std::uint64_t valid = 0;
        QString error;
        try {
            space.forEachValid([&](const Point&) {
                ++valid;
                return !cancel->load();
            });
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        if (cancel->load()) return;
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, valid, error] {
                if (!self || generation != self->m_countGeneration) return;
                self->m_counting = false;
                self->m_hasCount = error.isEmpty();
                self->m_validCount = valid;
                if (!error.isEmpty()) self->m_count->setText(tr("The constraints could not be evaluated: %1").arg(error));
                else self->updateCountText();
            },
            Qt::QueuedConnection);
    });
}

void TunePage::updateCountText() {
    if (m_counting)
        m_count->setText(tr("Valid variants: counting… (of %1 combinations)").arg(QLocale().toString(m_cartesianSize)));
    else if (m_hasCount)
        m_count->setText(tr("Valid variants: %1 of %2 combinations")
                             .arg(QLocale().toString(m_validCount), QLocale().toString(m_cartesianSize)));
}

QString TunePage::currentFamily() const {
    return m_families->currentItem() ? m_families->currentItem()->data(Qt::UserRole).toString() : QString();
}

QString TunePage::validCountText() const { return m_count->isVisible() ? m_count->text() : QString(); }

void TunePage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void TunePage::retranslateUi() {
    m_parametersLabel->setText(tr("Parameters"));
    m_constraintsLabel->setText(tr("Constraints"));
    m_parameters->setHorizontalHeaderLabels({tr("Name"), tr("Values"), tr("Description")});
    m_constraints->setHorizontalHeaderLabels({tr("Expression"), tr("Why")});
    m_startRun->setText(tr("Start run…"));
    showFamily();
}

} // namespace kt::gui
