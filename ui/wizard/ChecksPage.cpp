#include "ChecksPage.h"

#include "ProjectModel.h"
#include "widgets/CheckReportView.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cw {

ChecksPage::ChecksPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent)
    , m_model(model)
    , m_view(new CheckReportView(this))
    , m_run(new QPushButton(tr("&Run checks"), this))
    , m_message(new QLabel(this))
{
    setTitle(tr("Checks"));
    setSubTitle(tr("What each server has and lacks for this job, with the fixes on offer."));
    m_run->setObjectName(u"runChecks"_s);
    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_run);
    bar->addWidget(m_message, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    connect(m_run, &QPushButton::clicked, this, &ChecksPage::runChecks);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        const CheckReport report = m_watcher.result();
        m_view->setReport(report);
        m_run->setEnabled(true);
        m_message->setText(tr("%1 ok, %2 warnings, %3 failed, %4 skipped.")
                               .arg(report.count(CheckStatus::Ok))
                               .arg(report.count(CheckStatus::Warning))
                               .arg(report.count(CheckStatus::Failed))
                               .arg(report.count(CheckStatus::Skipped)));
        Q_EMIT reportReady(report);
    });
    setCheckRunner({});
}

void ChecksPage::setCheckRunner(CheckRunner runner)
{
    m_runner = std::move(runner);
    m_run->setEnabled(bool(m_runner));
    m_message->setText(m_runner ? tr("Press Run checks to test every server.")
                                : tr("This build has no check catalogue; run check.sh from the "
                                     "Scripts page on the servers instead."));
}

void ChecksPage::runChecks()
{
    if (!m_runner || m_watcher.isRunning())
        return;
    m_run->setEnabled(false);
    m_message->setText(tr("Checking %n server(s)…", nullptr, int(m_model->project().servers.size())));
    m_watcher.setFuture(QtConcurrent::run(m_runner, m_model->project()));
}

} // namespace cw
