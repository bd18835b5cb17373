// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChecksPage.h"

#include "ProjectModel.h"
#include "checks/DeepCheck.h"
#include "fix/FixPlanner.h"
#include "widgets/CheckReportView.h"
#include "widgets/DoctorView.h"
#include "widgets/FixDialog.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cw {

ChecksPage::ChecksPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_view(new CheckReportView(this)),
      m_run(new QPushButton(tr("&Run checks"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_undo(new QPushButton(tr("&Undo last fix"), this)),
      m_doctor(new QPushButton(tr("D&octor…"), this)), m_progress(new QProgressBar(this)),
      m_message(new QLabel(this)), m_output(new QPlainTextEdit(this))
{
    m_deep = new QCheckBox(tr("&Deep check"), this);
    setTitle(tr("Checks"));
    setSubTitle(tr("What each server has and lacks for this job, with the fixes on offer."));
    m_run->setObjectName(u"runChecks"_s);
    m_cancel->setObjectName(u"cancelChecks"_s);
    m_undo->setObjectName(u"undoFix"_s);
    m_deep->setObjectName(u"deepCheck"_s);
    m_doctor->setObjectName(u"openDoctor"_s);
    m_doctor->setToolTip(tr("Test traffic between every pair of servers: device pings, the job's "
                            "ports and the bandwidth of every pair."));
    m_deep->setToolTip(tr("Also import the framework (torch, torch_npu, mindspore, ...) on every "
                          "server, once each with its own time limit. Slow on Ascend servers."));
    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    m_output->setObjectName(u"fixOutput"_s);
    m_output->setReadOnly(true);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setMaximumHeight(120);
    m_output->hide();
    m_progress->setObjectName(u"checksProgress"_s);
    m_progress->setFixedWidth(160);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_run);
    bar->addWidget(m_deep);
    // Cancel before the progress bar: it stays where it is when the bar comes and goes.
    bar->addWidget(m_cancel);
    bar->addWidget(m_progress);
    bar->addWidget(m_message, 1);
    bar->addWidget(m_undo);
    bar->addWidget(m_doctor);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_output);
    connect(m_run, &QPushButton::clicked, this, &ChecksPage::runChecks);
    connect(m_cancel, &QPushButton::clicked, this, &ChecksPage::cancel);
    connect(m_undo, &QPushButton::clicked, this, &ChecksPage::undoRequested);
    connect(m_doctor, &QPushButton::clicked, this, &ChecksPage::openDoctor);
    connect(m_view, &CheckReportView::fixRequested, this, &ChecksPage::fixRequested);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ChecksPage::checksDone);
    connect(&m_fixWatcher, &QFutureWatcherBase::finished, this, [this] { fixDone(m_undoing); });
    connect(m_model, &ProjectModel::pathChanged, this, &ChecksPage::updateUndo);
    // Another project: the last report described the one before.
    connect(m_model, &ProjectModel::replaced, this, [this] {
        if (isBusy())
            return;
        m_view->setReport({});
        m_lastRun = {};
        m_hasRun = false;
        m_cancelled = false;
        m_output->hide();
        setBusy(false, m_runner ? tr("Press Run checks to test every server.") : QString());
    });
    setCheckRunner({});
}

ChecksPage::~ChecksPage()
{
    cancel();
    m_watcher.waitForFinished();
    m_fixWatcher.waitForFinished();
}

void ChecksPage::initializePage()
{
    updateUndo();
    if (const QString refusal = m_model->refusalText(); !refusal.isEmpty() && !isBusy())
        m_message->setText(refusal);
}

void ChecksPage::setFleetOptions(const FleetOptions &options)
{
    m_options = options;
    m_haveFleet = true;
    setCheckRunner([options](const Project &project, const FleetProgress &progress,
                             const std::atomic<bool> *cancel) {
        return cw::runChecks(project, options, progress, cancel);
    });
}

void ChecksPage::setCheckRunner(CheckRunner runner)
{
    m_runner = std::move(runner);
    setBusy(false, m_runner ? tr("Press Run checks to test every server.")
                            : tr("This build has no check catalogue; run check.sh from the "
                                 "Scripts page on the servers instead."));
}

bool ChecksPage::isBusy() const
{
    return m_watcher.isRunning() || m_fixWatcher.isRunning();
}

void ChecksPage::setBusy(bool busy, const QString &message)
{
    m_run->setEnabled(!busy && bool(m_runner));
    m_deep->setEnabled(!busy && m_haveFleet);
    m_doctor->setEnabled(m_haveFleet);
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
    m_view->setFixesEnabled(!busy && m_haveFleet);
    m_message->setText(message);
    updateUndo();
}

Project ChecksPage::jobProject() const
{
    return containerJobProject(m_model->project());
}

QString ChecksPage::journalPath() const
{
    return m_model->path().isEmpty() ? QString() : undoJournalPath(m_model->path());
}

void ChecksPage::updateUndo()
{
    const QString path = journalPath();
    const bool journal = !path.isEmpty() && QFileInfo::exists(path);
    m_undo->setEnabled(journal && m_haveFleet && !isBusy());
    m_undo->setToolTip(journal ? tr("Put back what the last applied fix changed (%1).").arg(path)
                               : tr("No fix applied from this project yet."));
}

void ChecksPage::runChecks()
{
    if (!m_runner || isBusy())
        return;
    // Checks and fixes act on the project's values: none that a rule rejects reaches a server.
    if (const QString refusal = m_model->refusalText(); !refusal.isEmpty()) {
        m_message->setText(refusal);
        return;
    }
    const Project project = jobProject();
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_progress->setRange(0, 0); // moving until the first server answers
    m_progress->setValue(0);
    setBusy(true, tr("Checking %n server(s)…", nullptr, int(project.servers.size())));
    QPointer<ChecksPage> self(this);
    const FleetProgress progress = [self](int done, int total, const FleetResult &result) {
        // A worker thread: the GUI thread shows it through a queued call.
        QMetaObject::invokeMethod(
            self.data(),
            [self, done, total, name = result.serverName] {
                if (!self || (self->m_cancelFlag && self->m_cancelFlag->load()))
                    return;
                self->m_progress->setRange(0, total);
                self->m_progress->setValue(done);
                self->m_message->setText(tr("%1 of %2 servers discovered (last: %3); probing…")
                                             .arg(done)
                                             .arg(total)
                                             .arg(name));
            },
            Qt::QueuedConnection);
    };
    const bool deep = m_deep->isChecked() && m_haveFleet;
    m_watcher.setFuture(QtConcurrent::run([runner = m_runner, project, progress, deep,
                                           options = m_options, cancel = m_cancelFlag.get()] {
        CheckRun run = runner(project, progress, cancel);
        if (deep && !cancel->load()) {
            for (CheckResult &result : runDeepCheck(project, options, kDeepCheckTimeoutS, cancel))
                run.report.results.push_back(std::move(result));
        }
        return run;
    }));
}

DoctorView *ChecksPage::doctorView() const
{
    return m_doctorView.data();
}

void ChecksPage::openDoctor()
{
    if (!m_haveFleet)
        return;
    // The doctor connects, listens and runs jobs with the project's values: a valid one only.
    if (const QString refusal = m_model->refusalText(); !refusal.isEmpty()) {
        m_message->setText(refusal);
        return;
    }
    auto *view = new DoctorView(
        jobProject(),
        [options = m_options](const Project &project, const DoctorOptions &doctor,
                              const DoctorProgress &progress, const std::atomic<bool> *cancel) {
            return runDoctor(project, options, doctor, progress, cancel);
        },
        this);
    view->setAttribute(Qt::WA_DeleteOnClose);
    m_doctorView = view;
    view->show(); // not modal: the check report stays usable beside it
}

void ChecksPage::cancel()
{
    if (!m_cancelFlag || m_cancelFlag->load())
        return;
    m_cancelFlag->store(true);
    // The servers' connections end within a moment (core/fleet): say so until they have.
    if (isBusy()) {
        m_cancel->setEnabled(false);
        m_progress->setRange(0, 0);
        m_message->setText(tr("Cancelling…"));
    }
}

void ChecksPage::checksDone()
{
    showRun(m_watcher.result(), m_cancelFlag && m_cancelFlag->load());
}

void ChecksPage::showRun(const CheckRun &run, bool cancelled)
{
    m_lastRun = run;
    m_hasRun = true;
    m_cancelled = cancelled;
    const CheckReport &report = m_lastRun.report;
    m_view->setReport(report);
    setBusy(false, (cancelled ? tr("Cancelled; what was found before: ") : QString()) +
                       tr("%1 ok, %2 warnings, %3 failed, %4 skipped.")
                           .arg(report.count(CheckStatus::Ok))
                           .arg(report.count(CheckStatus::Warning))
                           .arg(report.count(CheckStatus::Failed))
                           .arg(report.count(CheckStatus::Skipped)));
    Q_EMIT reportReady(report);
}

bool ChecksPage::hasJobRunning() const
{
    return isBusy() || (m_doctorView && m_doctorView->isBusy());
}

void ChecksPage::takeOver(ChecksPage &old)
{
    // The last report (it decides what Launch may do) and the doctor's window, open with its
    // answers, in the language it was opened in.
    if (old.m_hasRun)
        showRun(old.m_lastRun, old.m_cancelled);
    if (DoctorView *view = old.m_doctorView.data()) {
        const bool shown = view->isVisible();
        view->setParent(this, view->windowFlags());
        m_doctorView = view;
        if (shown)
            view->show();
    }
}

void ChecksPage::fixRequested(const CheckResult &result)
{
    if (isBusy() || !m_hasRun)
        return;
    if (const QString refusal = m_model->refusalText(); !refusal.isEmpty()) {
        m_message->setText(refusal);
        return;
    }
    // Every fix the check offers, planned from what the checks found (pure, instant).
    const Project project = jobProject();
    std::vector<FixPlan> plans;
    for (const QString &fixId : result.fixes)
        plans.push_back(planFix(fixId, project, m_lastRun));
    if (m_model->path().isEmpty()) {
        for (FixPlan &plan : plans) {
            if (plan.refusal.isEmpty() && !plan.empty())
                plan.refusal = tr("save the project first: the undo journal is kept beside it");
        }
    }
    auto *dialog = new FixDialog(project, std::move(plans), tr("&Apply these commands"), this);
    dialog->setWindowTitle(result.server.isEmpty()
                               ? tr("Fix %1").arg(result.id)
                               : tr("Fix %1 (found on %2)").arg(result.id, result.server));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_undoing = false;
        applyPlan(dialog->chosenPlan());
    });
    dialog->open(); // non-modal for the event loop: tests find and answer it
}

void ChecksPage::applyPlan(const FixPlan &plan)
{
    const Project project = jobProject();
    const QString journal = journalPath();
    const FleetOptions options = m_options;
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_progress->setRange(0, 0);
    m_output->clear();
    m_output->show();
    setBusy(true, tr("Applying %1…").arg(plan.id));
    auto cancel = m_cancelFlag;
    m_fixWatcher.setFuture(QtConcurrent::run([project, plan, journal, options, cancel] {
        const AppliedFix applied =
            applyAndRecordFix(project, plan, options, journal, {}, cancel.get());
        FixDone done;
        done.text = fixOutcomeText(project, plan, applied.outcome);
        done.ok = applied.outcome.ok();
        done.error = applied.errors();
        return done;
    }));
}

void ChecksPage::undoRequested()
{
    if (isBusy() || journalPath().isEmpty())
        return;
    const PendingUndo pending = pendingUndo(jobProject(), journalPath());
    FixPlan plan = pending.plan;
    if (!pending.entry)
        plan.refusal =
            pending.error.isEmpty() ? tr("the journal holds no applied fix") : pending.error;
    else if (!pending.error.isEmpty())
        plan.refusal = pending.error;
    auto *dialog = new FixDialog(jobProject(), {plan}, tr("&Undo these changes"), this);
    dialog->setWindowTitle(
        pending.entry
            ? tr("Undo %1 (applied %2)").arg(pending.entry->title, pending.entry->appliedAt)
            : tr("Undo last fix"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this] {
        const Project project = jobProject();
        const QString journal = journalPath();
        const FleetOptions options = m_options;
        m_undoing = true;
        m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
        m_progress->setRange(0, 0);
        m_output->clear();
        m_output->show();
        setBusy(true, tr("Undoing the last fix…"));
        auto cancel = m_cancelFlag;
        m_fixWatcher.setFuture(QtConcurrent::run([project, journal, options, cancel] {
            const UndoOutcome undo = undoLastFix(project, journal, options, cancel.get());
            FixDone done;
            done.text =
                undo.plan.empty() ? QString() : fixOutcomeText(project, undo.plan, undo.outcome);
            done.ok = undo.undone;
            done.error = undo.error;
            return done;
        }));
    });
    dialog->open();
}

void ChecksPage::fixDone(bool undo)
{
    const FixDone done = m_fixWatcher.result();
    m_output->setPlainText(done.text + (done.error.isEmpty() ? QString() : u"\n"_s + done.error));
    const QString what = undo ? tr("Undo") : tr("Fix");
    setBusy(false, done.ok ? tr("%1 done; checking again…").arg(what)
                           : tr("%1 failed: %2").arg(what, done.error));
    if (undo)
        Q_EMIT undoFinished(done.ok);
    else
        Q_EMIT fixFinished(done.ok);
    // What the servers look like now, whether the change went through or not.
    runChecks();
}

} // namespace cw
