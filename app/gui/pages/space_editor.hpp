// Parameter-space editor: one editable value list per parameter and an editable constraint list, both built from
// whatever ParameterSpace it is given (a family's, a preset's, a file's), so no family needs GUI code of its own.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "core/space/parameter_space.hpp"

class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace kt::gui {

class SpaceEditor : public QWidget {
    Q_OBJECT

public:
    explicit SpaceEditor(QWidget* parent = nullptr);

    // Shows `space`: its parameters (in its order), constraints and variables. Device variables (DEV_*) are not
    // part of what is edited: they are filled in per device by whoever uses space().
    void setSpace(const ParameterSpace& space);
    // The edited space (no device variables); nullopt while any field has an error, so nothing half-typed is used.
    const std::optional<ParameterSpace>& space() const { return m_space; }
    bool hasErrors() const { return !m_space; }
    // Every current error, one line each (field named), for tooltips and tests.
    QStringList errors() const { return m_errors; }

    int parameterCount() const { return static_cast<int>(m_rows.size()); }
    QLineEdit* valuesEdit(int row) const;
    QLineEdit* valuesEdit(const QString& name) const;
    QLabel* parameterMessage(int row) const; // the parameter's description, or its error in red
    QTableWidget* constraintTable() const { return m_constraints; }
    QLabel* constraintMessage() const { return m_constraintMessage; }
    QPushButton* addConstraintButton() const { return m_addConstraint; }
    QPushButton* removeConstraintButton() const { return m_removeConstraint; }

    // "1, 2, 4" / "1 2 4": integers separated by commas or spaces, each once. On error `values` is empty and
    // `error` names the offending token.
    struct ParsedValues {
        std::vector<ParamValue> values;
        QString error;
    };
    static ParsedValues parseValues(const QString& text);
    static QString formatValues(const std::vector<ParamValue>& values);

Q_SIGNALS:
    // After any change of a field; space() and errors() already reflect it.
    void edited();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        QString name;
        QString description;
        std::optional<ParamValue> absent; // kept from the loaded space: what keys without the parameter mean
        QLabel* label;
        QLineEdit* values;
        QLabel* message;
    };
    void rebuild(bool notify = true);
    void retranslateUi();
    QString checkConstraint(int row, const QString& expression, const QStringList& known) const;

    QLabel* m_parametersLabel;
    QWidget* m_parameterGrid;
    QGridLayout* m_grid;
    std::vector<Row> m_rows;
    QLabel* m_constraintsLabel;
    QTableWidget* m_constraints;
    QPushButton* m_addConstraint;
    QPushButton* m_removeConstraint;
    QLabel* m_constraintMessage;
    std::map<std::string, ParamValue> m_variables; // the space's own (non-device) variables, kept as they were
    std::string m_name;
    std::optional<ParameterSpace> m_space;
    QStringList m_errors;
    bool m_populating = false;
};

} // namespace kt::gui
