// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchPage.h"

#include "ProjectModel.h"
#include "rules/ProjectWarnings.h"
#include "widgets/LaunchEditor.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

LaunchPage::LaunchPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_editor(new LaunchEditor(this)),
      m_message(new QLabel(this)), m_warnings(new QLabel(this))
{
    setTitle(tr("Launch mode"));
    setSubTitle(tr("How the job starts on the servers, and what it runs."));
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: #b00000;"_s);
    // Allowed but likely wrong on real servers (projectWarnings): they never block the page.
    m_warnings->setObjectName(u"warnings"_s);
    m_warnings->setWordWrap(true);
    m_warnings->setStyleSheet(u"color: #8a5a00;"_s);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_message);
    layout->addWidget(m_warnings);
    connect(m_editor, &LaunchEditor::edited, this, &LaunchPage::writeBack);
    connect(m_model, &ProjectModel::changed, this, [this] {
        if (!m_writing && isVisible())
            m_editor->showProject(m_model->project());
        showProblems();
        Q_EMIT completeChanged();
    });
}

Problems LaunchPage::launchProblems() const
{
    return m_model->problemsIn(ProblemArea::Launch);
}

void LaunchPage::initializePage()
{
    m_editor->showProject(m_model->project());
    showProblems();
}

void LaunchPage::writeBack()
{
    Project project = m_model->project();
    project.launch = m_editor->launch(project.launch);
    m_writing = true;
    m_model->setProject(project);
    m_writing = false;
}

void LaunchPage::showProblems()
{
    const Problems problems = launchProblems();
    m_editor->markProblems(problems);
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.translatedString();
    m_message->setText(lines.join(u'\n'));
    QStringList warnings;
    for (const Problem &warning : projectWarnings(m_model->project()))
        warnings << tr("Warning: %1").arg(warning.translatedString());
    m_warnings->setText(warnings.join(u'\n'));
}

bool LaunchPage::isComplete() const
{
    // As on the Servers page: Next stays pressable with a mistake on the page and, pressed,
    // names it (validatePage) instead of greying out without a word.
    return true;
}

bool LaunchPage::validatePage()
{
    const Problems problems = launchProblems();
    if (problems.empty())
        return true;
    m_message->setText(problems.front().translatedString());
    return false;
}

} // namespace cw
