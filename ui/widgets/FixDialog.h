// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fix/FixTypes.h"
#include "model/Project.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace cw {

// The preview of a fix (or of an undo) before anything runs: the exact commands per server
// (fixPlanText), a refusal or "nothing to do" said plainly instead, and Apply only when there is
// something that may run. Several plans are offered as choices (a check's fixes, the preferred
// one first). Planning happened before: this dialog only shows and asks.
class FixDialog : public QDialog {
    Q_OBJECT

public:
    FixDialog(const Project &project, std::vector<FixPlan> plans, const QString &applyText,
              QWidget *parent = nullptr);

    const FixPlan &chosenPlan() const { return m_plans.at(size_t(m_current)); }
    QString previewText() const;
    QString statusText() const;
    QPushButton *applyButton() const { return m_apply; }

private:
    void show(int index);

    Project m_project;
    std::vector<FixPlan> m_plans;
    int m_current = 0;
    QComboBox *m_choice;
    QLabel *m_status;
    QPlainTextEdit *m_preview;
    QPushButton *m_apply;
};

} // namespace cw
