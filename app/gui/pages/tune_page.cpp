// Tune page: describes a family through the kt::Family interface only (a family is a description).
#include "app/gui/pages/tune_page.hpp"

#include <exception>

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
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
                       static_cast<QWidget*>(m_facts), static_cast<QWidget*>(m_parametersLabel),
                       static_cast<QWidget*>(m_parameters), static_cast<QWidget*>(m_constraintsLabel),
                       static_cast<QWidget*>(m_constraints)})
        rightLayout->addWidget(w);
    m_splitter->addWidget(m_families);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 4);
    layout->addWidget(m_splitter);

    connect(m_families, &QListWidget::currentRowChanged, this, &TunePage::showFamily);
    reloadFamilies();
    retranslateUi();
}

void TunePage::reloadFamilies() {
    const QString current = m_families->currentItem() ? m_families->currentItem()->data(Qt::UserRole).toString() : QString();
    m_families->clear();
    for (const auto& family : FamilyRegistry::instance().all()) {
        auto* item = new QListWidgetItem(QString::fromStdString(family->title()), m_families);
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
    } catch (const std::exception& e) {
        m_empty->setVisible(true);
        m_empty->setText(tr("The family's parameter space could not be built for this device: %1")
                             .arg(QString::fromStdString(e.what())));
    }
}

void TunePage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void TunePage::retranslateUi() {
    m_parametersLabel->setText(tr("Parameters"));
    m_constraintsLabel->setText(tr("Constraints"));
    m_parameters->setHorizontalHeaderLabels({tr("Name"), tr("Values"), tr("Description")});
    m_constraints->setHorizontalHeaderLabels({tr("Expression"), tr("Why")});
    showFamily();
}

} // namespace kt::gui
