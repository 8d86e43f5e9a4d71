// Tune page: everything comes from the kt::Family interface (a family is a description), so a family registered in
// kernels/ gets its editor without GUI code. Counting runs on a worker thread, debounced while the user types.
#include "app/gui/pages/tune_page.hpp"

#include <algorithm>
#include <exception>

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QStringList>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "app/gui/services/family_spaces.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/space_editor.hpp"
#include "core/engine/family.hpp"

namespace kt::gui {

namespace {
const QString kTuneErrorStyle = QStringLiteral("color: #b00020;");
// Long enough to skip the counts of half-typed lists, short enough to feel live.
constexpr int kCountDelayMs = 250;
} // namespace

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
    for (QWidget* w : {static_cast<QWidget*>(m_empty), static_cast<QWidget*>(m_title),
                       static_cast<QWidget*>(m_description), static_cast<QWidget*>(m_facts)})
        rightLayout->addWidget(w);

    // Everything below needs a device: constraints use its limits and default sizes depend on it.
    m_details = new QWidget(right);
    auto* details = new QVBoxLayout(m_details);
    details->setContentsMargins(0, 0, 0, 0);
    auto* presetRow = new QHBoxLayout;
    m_presetLabel = new QLabel(m_details);
    m_presets = new QComboBox(m_details);
    m_presets->setObjectName(QStringLiteral("presets"));
    m_presets->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_presetLabel->setBuddy(m_presets);
    m_loadSpace = new QPushButton(m_details);
    m_loadSpace->setObjectName(QStringLiteral("loadSpace"));
    m_saveSpace = new QPushButton(m_details);
    m_saveSpace->setObjectName(QStringLiteral("saveSpace"));
    presetRow->addWidget(m_presetLabel);
    presetRow->addWidget(m_presets);
    presetRow->addStretch(1);
    presetRow->addWidget(m_loadSpace);
    presetRow->addWidget(m_saveSpace);
    details->addLayout(presetRow);
    m_fileMessage = new QLabel(m_details);
    m_fileMessage->setObjectName(QStringLiteral("fileMessage"));
    m_fileMessage->setWordWrap(true);
    m_fileMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fileMessage->hide();
    details->addWidget(m_fileMessage);
    m_editor = new SpaceEditor(m_details);
    details->addWidget(m_editor, 1);
    auto* sizesRow = new QHBoxLayout;
    m_sizesLabel = new QLabel(m_details);
    m_sizes = new QLineEdit(m_details);
    m_sizes->setObjectName(QStringLiteral("tuneSizes"));
    m_sizesLabel->setBuddy(m_sizes);
    sizesRow->addWidget(m_sizesLabel);
    sizesRow->addWidget(m_sizes, 1);
    details->addLayout(sizesRow);
    m_sizesMessage = new QLabel(m_details);
    m_sizesMessage->setObjectName(QStringLiteral("sizesMessage"));
    m_sizesMessage->setWordWrap(true);
    m_sizesMessage->setStyleSheet(kTuneErrorStyle);
    m_sizesMessage->hide();
    details->addWidget(m_sizesMessage);
    rightLayout->addWidget(m_details, 1);
    rightLayout->addStretch(0);
    auto* bottom = new QHBoxLayout;
    m_count = new QLabel(right);
    m_count->setObjectName(QStringLiteral("validCount"));
    m_count->setWordWrap(true);
    // Run control lives on the Run page; this button hands over the family with the space and sizes edited here.
    // It stays usable without a device: the Run page then says what is missing.
    m_startRun = new QPushButton(right);
    m_startRun->setObjectName(QStringLiteral("startRunFromTune"));
    bottom->addWidget(m_count, 1);
    bottom->addWidget(m_startRun);
    rightLayout->addLayout(bottom);

    m_splitter->addWidget(m_families);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setSizes({260, 840});
    layout->addWidget(m_splitter);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kCountDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &TunePage::startCount);
    m_lastDirectory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);

    connect(m_startRun, &QPushButton::clicked, this, [this] { Q_EMIT startRunRequested(currentFamily()); });
    connect(m_editor, &SpaceEditor::edited, this, &TunePage::onEdited);
    connect(m_sizes, &QLineEdit::textEdited, this, [this] { m_sizesEdited = true; });
    connect(m_sizes, &QLineEdit::textChanged, this, &TunePage::onSizesEdited);
    connect(m_presets, &QComboBox::activated, this, &TunePage::choosePreset);
    connect(m_loadSpace, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load parameter space"), m_lastDirectory,
                                                          tr("Parameter spaces (*.json);;All files (*)"));
        if (!path.isEmpty()) loadSpaceFile(path);
    });
    connect(m_saveSpace, &QPushButton::clicked, this, [this] {
        const QString suggested = QDir(m_lastDirectory).filePath(currentFamily() + QStringLiteral("-space.json"));
        const QString path = QFileDialog::getSaveFileName(this, tr("Save parameter space"), suggested,
                                                          tr("Parameter spaces (*.json);;All files (*)"));
        if (!path.isEmpty()) saveSpaceFile(path);
    });
    connect(m_families, &QListWidget::currentRowChanged, this, &TunePage::showFamily);
    connect(m_families, &QListWidget::currentRowChanged, this, [this] { Q_EMIT familyChanged(currentFamily()); });
    reloadFamilies();
    retranslateUi();
}

TunePage::~TunePage() {
    if (m_countCancel) m_countCancel->store(true); // the pool thread stops at its next point
}

void TunePage::reloadFamilies() {
    const QString current = currentFamily();
    const QSignalBlocker block(m_families); // one showFamily below, not one per item
    m_families->clear();
    for (const auto& family : FamilyRegistry::instance().all()) {
        if (family->internal()) continue; // engine self-tests are not for users
        // Titles can repeat (e.g. two transpose variants), so the registry name is shown too.
        auto* item = new QListWidgetItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(family->title()),
                                                                       QString::fromStdString(family->name())),
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

void TunePage::saveDraft() {
    if (m_shownFamily.isEmpty()) return;
    Draft draft;
    draft.space = m_editor->space(); // with errors: nullopt, and the family's default comes back next time
    draft.sizes = m_sizes->text();
    draft.sizesEdited = m_sizesEdited;
    draft.preset = m_presets->currentIndex();
    m_drafts[m_shownFamily] = std::move(draft);
}

void TunePage::showFamily() {
    saveDraft();
    cancelCount();
    m_debounce->stop();
    m_hasCount = false;
    m_countError.clear();
    m_familySpace.reset();
    m_presetSpaces.clear();
    const bool none = m_families->count() == 0;
    m_families->setVisible(!none);
    auto* item = m_families->currentItem();
    m_family = item ? FamilyRegistry::instance().find(item->data(Qt::UserRole).toString().toStdString()) : nullptr;
    for (QWidget* w :
         {static_cast<QWidget*>(m_title), static_cast<QWidget*>(m_description), static_cast<QWidget*>(m_facts)})
        w->setVisible(m_family != nullptr);
    m_details->setVisible(false);
    m_empty->setVisible(true);
    setFileMessage({}, false);
    const auto finish = [this] {
        updateCountText();
        updateStartButton();
        Q_EMIT runSettingsChanged();
    };
    if (none) {
        m_empty->setText(tr("No kernel families are registered in this build."));
        m_shownFamily.clear();
        return finish();
    }
    m_empty->setText(tr("Select a device on the Devices page: constraints depend on the device's limits."));
    if (!m_family) return finish();
    m_title->setText(QString::fromStdString(m_family->title()));
    m_description->setText(QString::fromStdString(m_family->description()));
    retranslateUi(); // facts and the sizes label name the family's metric and dimensions
    if (!m_device) {
        m_shownFamily.clear();
        return finish();
    }
    try {
        m_familySpace = m_family->space(*m_device);
    } catch (const std::exception& e) {
        m_empty->setText(tr("The family's parameter space could not be built for this device: %1")
                             .arg(QString::fromStdString(e.what())));
        m_shownFamily.clear();
        return finish();
    }
    m_empty->setVisible(false);
    m_details->setVisible(true);
    const int shownPreset = m_presets->currentIndex();
    fillPresets();
    const QString name = currentFamily();
    if (name != m_shownFamily) {
        // Another family: its own earlier edits (kept per family while the application runs), else its default.
        const Draft draft = m_drafts.value(name);
        m_shownFamily = name;
        const QSignalBlocker block(m_editor); // one onEdited below
        if (draft.space && FamilySpaces::mismatch(*draft.space, *m_familySpace).isEmpty()) {
            m_editor->setSpace(*draft.space);
            m_presets->setCurrentIndex(std::clamp(draft.preset, 0, m_presets->count() - 1));
        } else {
            m_editor->setSpace(FamilySpaces::adopt(*m_familySpace, *m_familySpace));
            m_presets->setCurrentIndex(0);
        }
        m_sizesEdited = draft.sizesEdited;
        m_sizes->setText(draft.sizesEdited ? draft.sizes : defaultSizesText());
    } else {
        // The same family on another device: the edits stay, unedited sizes become that device's defaults.
        m_presets->setCurrentIndex(std::clamp(shownPreset, 0, m_presets->count() - 1));
        if (!m_sizesEdited) m_sizes->setText(defaultSizesText());
    }
    onSizesEdited();
    onEdited();
}

void TunePage::fillPresets() {
    const QSignalBlocker block(m_presets);
    m_presets->clear();
    m_presets->addItem(tr("Family default"));
    for (auto& preset : FamilySpaces::presets(*m_family, *m_familySpace)) {
        m_presets->addItem(preset.name);
        m_presetSpaces.push_back(std::move(preset.space));
    }
}

void TunePage::choosePreset(int index) {
    if (!m_familySpace || index < 0 || index > static_cast<int>(m_presetSpaces.size())) return;
    m_presets->setCurrentIndex(index);
    setFileMessage({}, false);
    const ParameterSpace& chosen = index == 0 ? *m_familySpace : m_presetSpaces[static_cast<std::size_t>(index - 1)];
    m_editor->setSpace(FamilySpaces::adopt(chosen, *m_familySpace));
}

bool TunePage::loadSpaceFile(const QString& path) {
    const QString fileName = QFileInfo(path).fileName();
    if (!m_familySpace) {
        setFileMessage(tr("Select a device and a family before loading a space."), true);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setFileMessage(tr("Not loaded: cannot open %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    ParameterSpace space;
    try {
        space = ParameterSpace::fromJson(file.readAll().toStdString(), fileName.toStdString());
        const QString mismatch = FamilySpaces::mismatch(space, *m_familySpace);
        if (!mismatch.isEmpty()) {
            setFileMessage(
                tr("Not loaded: %1 does not fit the family %2 (%3).").arg(fileName, currentFamily(), mismatch), true);
            return false;
        }
        FamilySpaces::forDevice(space, *m_family, *m_familySpace, *m_device).validate();
    } catch (const std::exception& e) {
        // SpaceFormatError names the file and the line:column or the field.
        setFileMessage(tr("Not loaded: %1").arg(QString::fromStdString(e.what())), true);
        return false;
    }
    m_editor->setSpace(FamilySpaces::adopt(space, *m_familySpace));
    m_lastDirectory = QFileInfo(path).absolutePath();
    setFileMessage(tr("Loaded %1.").arg(QDir::toNativeSeparators(path)), false);
    return true;
}

bool TunePage::saveSpaceFile(const QString& path) {
    const auto& space = m_editor->space();
    if (!space) {
        setFileMessage(tr("Not saved: correct the errors in the space first."), true);
        return false;
    }
    // QSaveFile: an existing file is replaced only once the new one is completely written.
    QSaveFile file(path);
    const std::string text = FamilySpaces::toFileText(*space, currentFamily().toStdString());
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 ||
        !file.commit()) {
        setFileMessage(tr("Not saved: cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()),
                       true);
        return false;
    }
    m_lastDirectory = QFileInfo(path).absolutePath();
    setFileMessage(tr("Saved %1.").arg(QDir::toNativeSeparators(path)), false);
    return true;
}

void TunePage::setFileMessage(const QString& text, bool error) {
    m_fileMessage->setText(text);
    m_fileMessage->setStyleSheet(error ? kTuneErrorStyle : QString());
    m_fileMessage->setVisible(!text.isEmpty());
}

void TunePage::onEdited() {
    if (!m_familySpace || !m_device) return;
    if (const auto& space = m_editor->space()) {
        m_cartesianSize = space->cartesianSize();
        m_debounce->start(); // restarts: only the last of a burst of edits is counted
    } else {
        // Nothing half-typed is counted: the last count stays, marked as belonging to the last valid space.
        m_debounce->stop();
    }
    updateCountText();
    updateStartButton();
    Q_EMIT runSettingsChanged();
}

void TunePage::onSizesEdited() {
    const QString text = m_sizes->text().trimmed();
    QString error;
    m_parsedSizes.clear();
    if (m_family && !text.isEmpty()) {
        try {
            m_parsedSizes = normaliseSizes(*m_family, parseSizeList(text));
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
            m_parsedSizes.clear();
        }
    }
    m_sizesValid = error.isEmpty();
    m_sizesMessage->setText(error);
    m_sizesMessage->setVisible(!error.isEmpty());
    updateStartButton();
    Q_EMIT runSettingsChanged();
}

void TunePage::cancelCount() {
    if (m_countCancel) m_countCancel->store(true);
    ++m_countGeneration;
    m_counting = false;
}

void TunePage::startCount() {
    if (!m_familySpace || !m_device || !m_editor->space()) return;
    cancelCount();
    const ParameterSpace space = FamilySpaces::forDevice(*m_editor->space(), *m_family, *m_familySpace, *m_device);
    m_countCancel = std::make_shared<std::atomic<bool>>(false);
    m_counting = true;
    m_cartesianSize = space.cartesianSize();
    updateCountText();
    QPointer<TunePage> self(this);
    (void)QtConcurrent::run([self, space, generation = m_countGeneration, cancel = m_countCancel] {
        std::uint64_t valid = 0;
        QString error;
        try {
            // Up to the cap and no further: the GEMM spaces hold tens of millions of valid points, a minute's walk.
            space.forEachValid([&](const Point&) {
                ++valid;
                return valid < TunePage::kCountCap && !cancel->load();
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
                self->m_countError = error;
                self->m_validCount = valid;
                self->m_countedCartesian = self->m_cartesianSize;
                self->updateCountText();
            },
            Qt::QueuedConnection);
    });
}

void TunePage::updateCountText() {
    m_count->setVisible(m_familySpace.has_value());
    if (!m_familySpace) return;
    const QLocale locale;
    QString text;
    if (m_counting || m_debounce->isActive())
        text = tr("Valid variants: counting… (of %1 combinations)").arg(locale.toString(m_cartesianSize));
    else if (!m_countError.isEmpty())
        text = tr("The constraints could not be evaluated: %1").arg(m_countError);
    else if (m_hasCount && m_validCount >= kCountCap)
        text = tr("Valid variants: more than %1 of %2 combinations (a tuning budget decides how many are measured)")
                   .arg(locale.toString(kCountCap - 1), locale.toString(m_countedCartesian));
    else if (m_hasCount)
        text = tr("Valid variants: %1 of %2 combinations")
                   .arg(locale.toString(m_validCount), locale.toString(m_countedCartesian));
    if (m_editor->hasErrors())
        text = text.isEmpty() ? tr("Correct the errors above to count the valid variants.")
                              : text + QLatin1Char(' ') + tr("(for the last valid space: correct the errors above)");
    m_count->setText(text);
}

void TunePage::updateStartButton() {
    // Without a device the editor is hidden, so it cannot hold the errors that block a run.
    const bool ready = !m_familySpace || (!m_editor->hasErrors() && m_sizesValid);
    m_startRun->setEnabled(ready);
    m_saveSpace->setEnabled(m_familySpace && !m_editor->hasErrors());
    m_startRun->setToolTip(ready ? QString() : tr("Correct the errors in the space or the sizes first."));
}

QString TunePage::defaultSizesText() const {
    if (!m_family || !m_device) return {};
    QStringList parts;
    for (const auto& size : m_family->defaultSizes(*m_device)) parts << QString::fromStdString(size.label());
    return parts.join(QStringLiteral(", "));
}

std::optional<ParameterSpace> TunePage::runSpace() const {
    if (!m_device || !m_familySpace || !m_editor->space()) return std::nullopt;
    if (FamilySpaces::sameSpace(*m_editor->space(), *m_familySpace)) return std::nullopt;
    return m_editor->space();
}

bool TunePage::hasErrors() const { return m_editor->hasErrors() || !m_sizesValid; }

std::vector<ProblemSize> TunePage::runSizes() const {
    // Untouched defaults go as "none": each run then takes the family's defaults for its own device (or, on a
    // simulated device, the sizes it can replay).
    if (!m_sizesValid || m_sizes->text().trimmed() == defaultSizesText()) return {};
    return m_parsedSizes;
}

QString TunePage::currentFamily() const {
    return m_families->currentItem() ? m_families->currentItem()->data(Qt::UserRole).toString() : QString();
}

QString TunePage::validCountText() const { return m_count->isHidden() ? QString() : m_count->text(); }

std::optional<std::uint64_t> TunePage::validCount() const {
    return m_hasCount ? std::optional<std::uint64_t>(m_validCount) : std::nullopt;
}

bool TunePage::isCounting() const { return m_counting || m_debounce->isActive(); }

void TunePage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void TunePage::retranslateUi() {
    m_presetLabel->setText(tr("Preset:"));
    m_presets->setToolTip(tr("Load a built-in space for this family into the editor"));
    if (m_presets->count() > 0) m_presets->setItemText(0, tr("Family default"));
    m_loadSpace->setText(tr("Load…"));
    m_loadSpace->setToolTip(tr("Load a parameter space from a JSON file (the format of ktune tune --space)"));
    m_saveSpace->setText(tr("Save…"));
    m_saveSpace->setToolTip(tr("Save the edited parameter space as a JSON file (for ktune tune --space)"));
    m_startRun->setText(tr("Start run…"));
    QStringList dims;
    if (m_family)
        for (const auto& d : m_family->sizeDimensions()) dims << QString::fromStdString(d);
    if (m_family)
        m_facts->setText(tr("Name: %1 · Metric: %2 · Size dimensions: %3")
                             .arg(QString::fromStdString(m_family->name()),
                                  QString::fromStdString(toString(m_family->metric())),
                                  dims.join(QStringLiteral(", "))));
    m_sizesLabel->setText(tr("Problem sizes (%1):").arg(dims.join(QStringLiteral("×"))));
    m_sizes->setPlaceholderText(tr("empty: the family's defaults for the device"));
    m_sizes->setToolTip(tr("Sizes to tune, separated by commas: all dimensions (e.g. 256x256x128) or one number "
                           "(a cube when the family has several dimensions)"));
    updateCountText();
    updateStartButton();
}

} // namespace kt::gui
