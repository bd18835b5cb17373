// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhyDialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cw {

WhyDialog::WhyDialog(const Project &project, const RunRecord &record, DiagnoseRunner runner,
                     QWidget *parent)
    : QDialog(parent), m_project(project), m_record(record), m_runner(std::move(runner)),
      m_headline(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_text(new QPlainTextEdit(this)), m_cancel(new QPushButton(tr("Cancel"), this))
{
    setObjectName(u"whyDialog"_s);
    setWindowTitle(tr("Why? Run %1").arg(record.runId));
    m_headline->setObjectName(u"whyHeadline"_s);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setObjectName(u"whyText"_s);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_cancel->setObjectName(u"cancelWhy"_s);
    m_progress->setRange(0, 0);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(m_progress);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(820, 520);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_cancel, &QPushButton::clicked, this, &WhyDialog::cancel);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &WhyDialog::done);
}

WhyDialog::~WhyDialog()
{
    cancel();
    m_watcher.waitForFinished();
}

bool WhyDialog::isBusy() const
{
    return m_watcher.isRunning();
}

QString WhyDialog::headline() const
{
    return m_headline->text();
}

QString WhyDialog::text() const
{
    return m_text->toPlainText();
}

void WhyDialog::start()
{
    if (!m_runner || isBusy())
        return;
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_headline->setText(
        tr("Asking %n server(s) about run %1…", nullptr, int(m_record.servers.size()))
            .arg(m_record.runId));
    m_progress->show();
    m_cancel->setEnabled(true);
    m_watcher.setFuture(QtConcurrent::run(
        [runner = m_runner, project = m_project, record = m_record, cancel = m_cancelFlag] {
            return runner(project, record, cancel.get());
        }));
}

void WhyDialog::cancel()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void WhyDialog::done()
{
    m_result = m_watcher.result();
    m_progress->hide();
    m_cancel->setEnabled(false);
    const Diagnosis &diagnosis = m_result.diagnosis;
    QString headline;
    switch (diagnosis.state) {
    case DiagnosisState::Failed:
        headline = diagnosis.first ? tr("Failed first: %1, rank %2 (%3): %4")
                                         .arg(diagnosis.first->server)
                                         .arg(diagnosis.first->rank)
                                         .arg(failureClassName(diagnosis.first->failureClass),
                                              diagnosis.first->line)
                                   : tr("Failed; no rank's log names an error.");
        break;
    case DiagnosisState::Hung: {
        QStringList behind;
        for (const BehindRank &rank : diagnosis.behind)
            behind << (rank.lastStep ? tr("rank %1 on %2 at step %3")
                                           .arg(rank.rank)
                                           .arg(rank.server)
                                           .arg(*rank.lastStep)
                                     : tr("rank %1 on %2").arg(rank.rank).arg(rank.server));
        headline = tr("Hung: every rank is silent; behind: %1.").arg(behind.join(u", "_s));
        break;
    }
    case DiagnosisState::Running:
        headline = tr("Running: no rank failed, and not every rank is silent.");
        break;
    case DiagnosisState::Finished:
        headline = tr("Finished: every rank exited 0.");
        break;
    case DiagnosisState::Stopped:
        headline = tr("Stopped by you.");
        break;
    }
    if (!m_result.error.isEmpty())
        headline += u' ' + tr("(The archive was not written: %1)").arg(m_result.error);
    m_headline->setText(headline);
    m_text->setPlainText(diagnosisText(diagnosis));
    Q_EMIT diagnosed(diagnosis);
}

} // namespace cw
