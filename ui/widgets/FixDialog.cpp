// SPDX-License-Identifier: GPL-3.0-or-later
#include "FixDialog.h"

#include "fix/FixPlanner.h"
#include "fix/FixText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

FixDialog::FixDialog(const Project &project, std::vector<FixPlan> plans, const QString &applyText,
                     QWidget *parent)
    : QDialog(parent), m_project(project), m_plans(std::move(plans)), m_choice(new QComboBox(this)),
      m_status(new QLabel(this)), m_preview(new QPlainTextEdit(this))
{
    setObjectName(u"fixDialog"_s);
    setWindowTitle(tr("Preview of the fix"));
    if (m_plans.empty())
        m_plans.push_back({});
    m_choice->setObjectName(u"fixChoice"_s);
    for (const FixPlan &plan : m_plans)
        m_choice->addItem(plan.title.isEmpty() ? plan.id
                                               : u"%1 (%2)"_s.arg(plan.translatedTitle(), plan.id));
    m_choice->setVisible(m_plans.size() > 1);
    m_status->setObjectName(u"fixStatus"_s);
    m_status->setWordWrap(true);
    m_preview->setObjectName(u"fixPreview"_s);
    m_preview->setReadOnly(true);
    // Wrapped, so that a long command is seen whole; copying it still gives the one line.
    m_preview->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_preview->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // wrapped: never needed
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_apply = buttons->addButton(applyText, QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(u"applyFix"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &FixDialog::show);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_choice);
    layout->addWidget(m_status);
    layout->addWidget(m_preview, 1);
    layout->addWidget(buttons);
    resize(820, 460);
    show(0);
}

void FixDialog::show(int index)
{
    m_current = std::clamp(index, 0, int(m_plans.size()) - 1);
    const FixPlan &plan = chosenPlan();
    QString status;
    if (!plan.refusal.isEmpty())
        status = tr("This fix cannot be applied: %1").arg(plan.refusal);
    else if (plan.empty())
        status = plan.nothingToDo.isEmpty() ? tr("Nothing to do: no server needs a change.")
                                            : tr("Nothing to do: %1").arg(plan.nothingToDo);
    else
        status = tr("These commands will run, in this order, only when you press %1. What each "
                    "step replaces is kept, so that \"Undo last fix\" can put it back.")
                     .arg(m_apply->text().remove(u'&'));
    m_status->setText(status);
    m_preview->setPlainText(translatedFixPlanText(m_project, plan)); // the CLI: fixPlanText()
    m_apply->setEnabled(plan.refusal.isEmpty() && !plan.empty());
}

QString FixDialog::previewText() const
{
    return m_preview->toPlainText();
}

QString FixDialog::statusText() const
{
    return m_status->text();
}

} // namespace cw
