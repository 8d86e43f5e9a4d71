// Space editor: value lists and constraints are checked as they are typed; the space is rebuilt only when every
// field is valid, and errors name the field (and the column, for constraints) next to it.
#include "app/gui/pages/space_editor.hpp"

#include <exception>
#include <functional>
#include <set>

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/space/device_variables.hpp"
#include "core/space/expression.hpp"

namespace kt::gui {

namespace {
const QString kErrorStyle = QStringLiteral("color: #b00020;");
const QString kNoteStyle = QStringLiteral("color: palette(mid);");
} // namespace

SpaceEditor::SpaceEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    layout->addWidget(splitter);

    auto* parameters = new QWidget(splitter);
    auto* parametersLayout = new QVBoxLayout(parameters);
    parametersLayout->setContentsMargins(0, 0, 0, 0);
    m_parametersLabel = new QLabel(parameters);
    parametersLayout->addWidget(m_parametersLabel);
    auto* scroll = new QScrollArea(parameters);
    scroll->setWidgetResizable(true);
    m_parameterGrid = new QWidget(scroll);
    m_parameterGrid->setObjectName(QStringLiteral("parameterGrid"));
    m_grid = new QGridLayout(m_parameterGrid);
    m_grid->setColumnStretch(1, 2);
    m_grid->setColumnStretch(2, 3);
    scroll->setWidget(m_parameterGrid);
    parametersLayout->addWidget(scroll);

    auto* constraints = new QWidget(splitter);
    auto* constraintsLayout = new QVBoxLayout(constraints);
    constraintsLayout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    m_constraintsLabel = new QLabel(constraints);
    m_addConstraint = new QPushButton(constraints);
    m_addConstraint->setObjectName(QStringLiteral("addConstraint"));
    m_removeConstraint = new QPushButton(constraints);
    m_removeConstraint->setObjectName(QStringLiteral("removeConstraint"));
    header->addWidget(m_constraintsLabel, 1);
    header->addWidget(m_addConstraint);
    header->addWidget(m_removeConstraint);
    constraintsLayout->addLayout(header);
    m_constraints = new QTableWidget(0, 2, constraints);
    m_constraints->setObjectName(QStringLiteral("constraintTable"));
    m_constraints->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                   QAbstractItemView::AnyKeyPressed);
    m_constraints->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_constraints->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_constraints->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    m_constraints->horizontalHeader()->resizeSection(1, 220);
    m_constraints->verticalHeader()->hide();
    constraintsLayout->addWidget(m_constraints);
    m_constraintMessage = new QLabel(constraints);
    m_constraintMessage->setObjectName(QStringLiteral("constraintMessage"));
    m_constraintMessage->setWordWrap(true);
    m_constraintMessage->setStyleSheet(kErrorStyle);
    m_constraintMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_constraintMessage->hide();
    constraintsLayout->addWidget(m_constraintMessage);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({1000, 800}); // proportions: value lists get a little more room than constraints

    connect(m_constraints, &QTableWidget::itemChanged, this, [this] {
        if (!m_populating) rebuild();
    });
    connect(m_addConstraint, &QPushButton::clicked, this, [this] {
        m_populating = true;
        const int row = m_constraints->rowCount();
        m_constraints->insertRow(row);
        m_constraints->setItem(row, 0, new QTableWidgetItem);
        m_constraints->setItem(row, 1, new QTableWidgetItem);
        m_populating = false;
        m_constraints->setCurrentCell(row, 0);
        if (isVisible()) m_constraints->editItem(m_constraints->item(row, 0));
        // An empty row is ignored until it gets an expression, so adding one does not change the space.
    });
    connect(m_removeConstraint, &QPushButton::clicked, this, [this] {
        std::set<int, std::greater<>> rows;
        for (const auto& range : m_constraints->selectedRanges())
            for (int r = range.topRow(); r <= range.bottomRow(); ++r) rows.insert(r);
        if (rows.empty() && m_constraints->currentRow() >= 0) rows.insert(m_constraints->currentRow());
        if (rows.empty()) return;
        for (int r : rows) m_constraints->removeRow(r);
        rebuild();
    });
    retranslateUi();
}

SpaceEditor::ParsedValues SpaceEditor::parseValues(const QString& text) {
    ParsedValues out;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    const QStringList tokens = text.split(separators, Qt::SkipEmptyParts);
    if (tokens.isEmpty()) {
        out.error = tr("give at least one value");
        return out;
    }
    std::vector<ParamValue> values;
    for (const QString& token : tokens) {
        bool ok = false;
        const qlonglong v = token.toLongLong(&ok);
        if (!ok) {
            out.error = tr("'%1' is not an integer").arg(token);
            return out;
        }
        for (ParamValue seen : values)
            if (seen == v) {
                out.error = tr("%1 is listed twice").arg(v);
                return out;
            }
        values.push_back(v);
    }
    out.values = std::move(values);
    return out;
}

QString SpaceEditor::formatValues(const std::vector<ParamValue>& values) {
    QStringList parts;
    for (ParamValue v : values) parts << QString::number(v);
    return parts.join(QStringLiteral(", "));
}

void SpaceEditor::setSpace(const ParameterSpace& space) {
    m_populating = true;
    for (auto& row : m_rows) {
        delete row.label;
        delete row.values;
        delete row.message;
    }
    m_rows.clear();
    int r = 0;
    for (const auto& p : space.parameters()) {
        Row row;
        row.name = QString::fromStdString(p.name);
        row.description = QString::fromStdString(p.description);
        row.absent = p.absentValue;
        row.label = new QLabel(row.name, m_parameterGrid);
        row.label->setToolTip(row.description);
        row.values = new QLineEdit(formatValues(p.values), m_parameterGrid);
        row.values->setObjectName(QStringLiteral("values_") + row.name);
        row.values->setToolTip(tr("Values of %1, separated by commas or spaces").arg(row.name));
        row.message = new QLabel(m_parameterGrid);
        row.message->setWordWrap(true);
        row.label->setBuddy(row.values);
        m_grid->addWidget(row.label, r, 0);
        m_grid->addWidget(row.values, r, 1);
        m_grid->addWidget(row.message, r, 2);
        connect(row.values, &QLineEdit::textChanged, this, [this] {
            if (!m_populating) rebuild();
        });
        m_rows.push_back(row);
        ++r;
    }
    m_grid->setRowStretch(r, 1);
    m_constraints->setRowCount(static_cast<int>(space.constraints().size()));
    r = 0;
    for (const auto& c : space.constraints()) {
        m_constraints->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(c.expression)));
        m_constraints->setItem(r, 1, new QTableWidgetItem(QString::fromStdString(c.description)));
        ++r;
    }
    m_variables.clear();
    for (const auto& [name, value] : space.variables())
        if (!isDeviceVariable(name)) m_variables[name] = value;
    m_name = space.name;
    m_populating = false;
    rebuild();
}

QLineEdit* SpaceEditor::valuesEdit(int row) const {
    return row >= 0 && row < parameterCount() ? m_rows[static_cast<std::size_t>(row)].values : nullptr;
}

QLineEdit* SpaceEditor::valuesEdit(const QString& name) const {
    for (const auto& row : m_rows)
        if (row.name == name) return row.values;
    return nullptr;
}

QLabel* SpaceEditor::parameterMessage(int row) const {
    return row >= 0 && row < parameterCount() ? m_rows[static_cast<std::size_t>(row)].message : nullptr;
}

QString SpaceEditor::checkConstraint(int row, const QString& expression, const QStringList& known) const {
    try {
        const Expression parsed = Expression::parse(expression.toStdString());
        for (const auto& name : parsed.names()) {
            const QString n = QString::fromStdString(name);
            if (!known.contains(n) && !isDeviceVariable(name))
                return tr("Constraint %1: unknown name '%2' (not a parameter, a variable or a DEV_ device variable)")
                    .arg(row + 1)
                    .arg(n);
        }
    } catch (const ExpressionError& e) {
        if (e.column() == 0) return tr("Constraint %1: %2").arg(row + 1).arg(QString::fromStdString(e.reason()));
        return tr("Constraint %1, column %2: %3").arg(row + 1).arg(e.column()).arg(QString::fromStdString(e.reason()));
    }
    return {};
}

void SpaceEditor::rebuild(bool notify) {
    m_errors.clear();
    ParameterSpace space;
    space.name = m_name;
    bool ok = true;
    QStringList known;
    for (auto& row : m_rows) {
        known << row.name;
        const ParsedValues parsed = parseValues(row.values->text());
        QString error = parsed.error;
        if (error.isEmpty()) {
            try {
                space.addParameter({row.name.toStdString(), parsed.values, row.description.toStdString(), row.absent});
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        if (error.isEmpty()) {
            row.message->setText(row.description);
            row.message->setStyleSheet(kNoteStyle);
            row.values->setToolTip(tr("Values of %1, separated by commas or spaces").arg(row.name));
        } else {
            ok = false;
            row.message->setText(error);
            row.message->setStyleSheet(kErrorStyle);
            row.values->setToolTip(error);
            m_errors << tr("%1: %2").arg(row.name, error);
        }
    }
    for (const auto& [name, value] : m_variables) known << QString::fromStdString(name);

    QStringList constraintErrors;
    m_populating = true; // colouring items emits itemChanged
    for (int r = 0; r < m_constraints->rowCount(); ++r) {
        auto* expression = m_constraints->item(r, 0);
        auto* description = m_constraints->item(r, 1);
        const QString text = expression ? expression->text().trimmed() : QString();
        const QString error = text.isEmpty() ? QString() : checkConstraint(r, text, known);
        if (expression) {
            expression->setBackground(error.isEmpty() ? QBrush() : QBrush(QColor(255, 220, 220)));
            expression->setToolTip(error);
        }
        if (text.isEmpty()) continue; // a row being filled in
        if (!error.isEmpty()) {
            ok = false;
            constraintErrors << error;
            continue;
        }
        space.addConstraint({text.toStdString(), description ? description->text().trimmed().toStdString() : ""});
    }
    m_populating = false;
    m_errors << constraintErrors;
    m_constraintMessage->setText(constraintErrors.join(QLatin1Char('\n')));
    m_constraintMessage->setVisible(!constraintErrors.isEmpty());
    for (const auto& [name, value] : m_variables) space.setVariable(name, value);
    if (m_rows.empty()) ok = false; // nothing to tune
    m_space = ok ? std::optional<ParameterSpace>(std::move(space)) : std::nullopt;
    if (notify) Q_EMIT edited();
}

void SpaceEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void SpaceEditor::retranslateUi() {
    m_parametersLabel->setText(tr("Parameters and their values"));
    m_constraintsLabel->setText(tr("Constraints"));
    m_constraints->setHorizontalHeaderLabels({tr("Expression"), tr("Why")});
    m_addConstraint->setText(tr("Add"));
    m_removeConstraint->setText(tr("Remove"));
    m_addConstraint->setToolTip(tr("Add a constraint (a C-like integer expression over the parameters and DEV_ "
                                   "device variables)"));
    m_removeConstraint->setToolTip(tr("Remove the selected constraints"));
    rebuild(false); // messages in the new language; the space itself does not change
}

} // namespace kt::gui
