// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunPage.h"

#include "ProjectModel.h"
#include "diagnose/DiagnoseRun.h"
#include "launch/LaunchPlan.h"
#include "launch/LaunchPreflight.h"
#include "logs/DeviceHeatMap.h"
#include "logs/HangWatch.h"
#include "logs/LogModel.h"
#include "logs/LogView.h"
#include "logs/LossChart.h"
#include "logs/RankOverview.h"
#include "logs/RankSpeedPanel.h"
#include "logs/RecordedRun.h"
#include "logs/RunPanelSession.h"
#include "logs/WhyDialog.h"
#include "plan/AttemptPlan.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

RunPage::RunPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_logs(new LogModel(&m_store, this)),
      m_logView(new LogView(m_logs, this)), m_loss(new LossChart(&m_store, this)),
      m_ranks(new RankOverview(&m_store, this)), m_devices(new DeviceHeatPanel(this)),
      m_speeds(new RankSpeedPanel(&m_store, this)), m_session(new RunPanelSession(&m_store, this)),
      m_launch(new QPushButton(tr("&Launch"), this)), m_stop(new QPushButton(tr("S&top"), this)),
      m_why(new QPushButton(tr("Wh&y?"), this)), m_hang(new HangWatch(m_ranks, this)),
      m_state(new QLabel(this)), m_connection(new QLabel(this))
{
    setTitle(tr("Run"));
    setSubTitle(tr("Start the job on every server and watch every rank."));
    setFinalPage(true);
    m_launch->setObjectName(u"launch"_s);
    m_stop->setObjectName(u"stop"_s);
    m_stop->setEnabled(false);
    m_why->setObjectName(u"why"_s);
    m_why->setToolTip(tr("Why did the run fail, or where is it stuck: the first failure with its "
                         "class and evidence, or the ranks behind."));
    m_state->setObjectName(u"state"_s);
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_connection->setObjectName(u"connection"_s);
    m_connection->setWordWrap(true);
    m_connection->hide();
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_launch);
    bar->addWidget(m_stop);
    bar->addWidget(m_why);
    bar->addWidget(m_state, 1);

    // The ranks beside the logs above, the loss plot below: lines need the width most.
    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_ranks);
    top->addWidget(m_logView);
    top->setStretchFactor(1, 1);
    top->setSizes({220, 600});
    // Below, the loss plot, each device's use from the status rounds' samples, and each rank's
    // speed with the verdicts on both.
    auto *below = new QTabWidget(this);
    below->setObjectName(u"runTabs"_s);
    below->addTab(m_loss, tr("Loss"));
    below->addTab(m_devices, tr("Devices"));
    below->addTab(m_speeds, tr("Speed"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(below);
    splitter->setSizes({380, 240});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_connection);
    layout->addWidget(splitter, 1);

    connect(m_launch, &QPushButton::clicked, this, &RunPage::launch);
    connect(m_stop, &QPushButton::clicked, this, &RunPage::stop);
    connect(m_why, &QPushButton::clicked, this, &RunPage::why);
    connect(m_hang, &HangWatch::hungChanged, this, [this](bool hung) {
        setState(hung ? tr("Hung: run %1 is running, but no rank exited and every rank has been "
                           "silent for %2 s. Why? names the ranks behind.")
                            .arg(m_runId)
                            .arg(m_hang->hangAfterSeconds())
                      : tr("Running: run %1; output again.").arg(m_runId));
    });
    connect(m_model, &ProjectModel::changed, this, &RunPage::updateLaunch);
    connect(m_model, &ProjectModel::dirtyChanged, this, &RunPage::updateLaunch);
    connect(m_model, &ProjectModel::pathChanged, this, &RunPage::updateLaunch);
    connect(m_model, &ProjectModel::replaced, this, [this] {
        m_report.reset(); // the checks of the project before
        if (m_recorded) { // the demo was of the project before
            m_recorded.reset();
            m_runId.clear();
            m_ranks->freezeAt(std::nullopt);
        }
        updateLaunch();
    });

    connect(m_session, &RunPanelSession::launched, this, [this](const LaunchResult &result) {
        if (result.started)
            return;
        QStringList why;
        if (!result.refusal.isEmpty())
            why << result.refusal.trimmed();
        why << result.errors;
        setState(tr("Not launched: %1").arg(why.join(u"; "_s)));
    });
    connect(m_session, &RunPanelSession::stateChanged, this, &RunPage::showRecord);
    connect(m_session, &RunPanelSession::attemptStarted, this, &RunPage::showAttempt);
    connect(m_session, &RunPanelSession::polled, m_ranks, &RankOverview::applyPoll);
    connect(m_session, &RunPanelSession::polled, m_devices, &DeviceHeatPanel::applyPoll);
    connect(m_session, &RunPanelSession::polled, m_speeds, &RankSpeedPanel::applyPoll);
    connect(m_ranks, &RankOverview::rankClicked, this, &RunPage::showRank);
    connect(m_ranks, &RankOverview::problemRanksChanged, m_logView, &LogView::setProblemRanks);
    connect(m_session, &RunPanelSession::stopped, this,
            [this](int left, const QStringList &errors) {
                if (left == 0 && errors.isEmpty())
                    setState(tr("Stopped by you (run %1); no process of it is left.").arg(m_runId));
                else
                    setState(tr("Stopped (run %1), but %n process(es) are still alive; %2", nullptr,
                                left)
                                 .arg(m_runId, errors.join(u"; "_s)));
            });
    connect(m_session, &RunPanelSession::connectionMessage, this, [this](const QString &message) {
        m_connection->setText(message);
        m_connection->show();
    });
    connect(m_session, &RunPanelSession::ended, this, [this](const RunRecord &record) {
        m_logs->refresh();
        m_loss->refresh();
        m_ranks->applyRecord(record);
        m_ranks->refresh();
        updateLaunch();
        Q_EMIT runEnded(record);
    });
    updateLaunch();
}

RunPage::~RunPage()
{
    // The session's thread feeds m_store: it goes first; the views of m_store go before it.
    delete m_session;
    delete m_logView;
    delete m_loss;
    delete m_ranks;
    delete m_logs;
}

void RunPage::initializePage()
{
    if (!m_session->isActive()) {
        m_ranks->setProject(m_model->project());
        m_devices->setProject(m_model->project());
        m_speeds->setProject(m_model->project());
    }
    updateLaunch();
}

void RunPage::setFleetOptions(const FleetOptions &options)
{
    m_options = options;
    updateLaunch();
}

void RunPage::setCheckReport(const CheckReport &report)
{
    m_report = report;
    updateLaunch();
}

namespace {
// The recorded run's id: a valid run id in every language (Why? checks it).
const QString kRecordedRunId = u"recorded-demo"_s;
} // namespace

QString RunPage::launchBlockedReason() const
{
    if (m_recorded)
        return tr("A recorded demo: nothing is launched, stopped or restarted from it. Open the "
                  "project without --demo-run to launch it.");
    if (!m_options)
        return tr("This build launches no jobs itself: export the scripts and run run.sh on the "
                  "master.");
    if (m_session->isActive())
        return tr("A run is in progress.");
    if (const QString refusal = m_model->refusalText(); !refusal.isEmpty())
        return refusal;
    if (m_model->isReadOnly())
        return tr("This is a shipped example, never written: save a copy of it first (Ctrl+S), "
                  "and the run is recorded beside the copy.");
    if (m_model->path().isEmpty() || m_model->isDirty())
        return tr("Save the project first (Ctrl+S): the run is recorded beside it.");
    if (m_report) {
        // The same checks that refuse `clusterwiz-cli launch` for this mode (LaunchPreflight.h).
        QStringList failed;
        for (const CheckResult &result : launchBlockers(m_model->project(), *m_report))
            failed << (result.server.isEmpty() ? result.id
                                               : tr("%1 on %2").arg(result.id, result.server));
        if (!failed.isEmpty())
            return tr("Launch waits for the checks: %1 failed. Fix them on the Checks page and "
                      "run the checks again.")
                .arg(failed.join(u", "_s));
    }
    return {};
}

QString RunPage::stateText() const
{
    return m_state->text();
}

void RunPage::setState(const QString &text)
{
    m_state->setText(text);
    m_state->setToolTip(text);
}

void RunPage::updateLaunch()
{
    const QString reason = launchBlockedReason();
    const bool active = m_session->isActive();
    m_launch->setEnabled(reason.isEmpty());
    m_launch->setToolTip(reason);
    m_stop->setEnabled(active && !m_session->stopRequested() && !m_recorded);
    m_stop->setToolTip(m_recorded ? reason : QString());
    m_why->setEnabled(m_recorded ||
                      (m_options && !m_model->path().isEmpty() && isValidRunId(m_runId)));
    if (!active && m_runId.isEmpty())
        setState(reason.isEmpty() ? tr("Ready to launch.") : reason);
}

void RunPage::launch()
{
    if (!launchBlockedReason().isEmpty())
        return;
    // Files from outside the project's folder go to every server only when the user says so.
    const QStringList outside = uploadsOutsideProject(m_model->project(), m_model->path());
    if (outside.isEmpty()) {
        startLaunch({});
        return;
    }
    auto *ask = new QMessageBox(QMessageBox::Warning, tr("Upload files from outside the project?"),
                                tr("These launch.upload files are outside the project's folder (or "
                                   "lead out of it through a link) and would be copied to every "
                                   "server:\n\n%1\n\nUpload them?")
                                    .arg(outside.join(u'\n')),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    ask->setObjectName(u"confirmOutsideUploads"_s);
    ask->setDefaultButton(QMessageBox::Cancel);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    connect(ask, &QMessageBox::finished, this, [this, outside](int answer) {
        if (answer == QMessageBox::Yes)
            startLaunch(outside);
    });
    ask->open(); // not exec(): the event loop goes on, and tests find and answer it
}

void RunPage::startLaunch(const QStringList &confirmedUploads)
{
    if (!launchBlockedReason().isEmpty())
        return;
    LaunchOptions options;
    options.fleet = *m_options;
    // The checks run again at launch, as the CLI's do: the master port or a firewall may have
    // changed since the report on the Checks page.
    options.preflight = checksPreflight(options.fleet);
    options.confirmedUploads = confirmedUploads;
    m_logs->clear();
    m_loss->clear();
    m_ranks->setProject(m_model->project());
    m_devices->setProject(m_model->project());
    m_speeds->setProject(m_model->project());
    m_ranks->clearRun();
    m_ranks->freezeAt(std::nullopt);
    m_connection->hide();
    m_runId = u"…"_s;
    // launchBlockedReason() found no refusal, so the rules accept the project.
    if (!m_session->start(*m_model->validation().valid, m_model->path(), options))
        return;
    setState(tr("Checking, uploading and starting on %n server(s)…", nullptr,
                int(m_model->project().servers.size())));
    updateLaunch();
}

void RunPage::stop()
{
    m_session->stop();
    setState(tr("Stopping run %1 on every server…").arg(m_runId));
    updateLaunch();
}

void RunPage::why()
{
    if (m_recorded) {
        whyRecorded();
        return;
    }
    if (!m_options || !isValidRunId(m_runId))
        return;
    QString error;
    const std::optional<RunRecord> record = loadRunRecord(m_model->path(), m_runId, &error);
    if (!record) {
        setState(tr("Why? cannot read the run: %1").arg(error));
        return;
    }
    // Diagnosis reads the ranks where they ran: inside the containers, when there are any.
    auto *dialog = new WhyDialog(
        containerJobProject(m_model->project()), *record,
        [fleet = *m_options](const Project &project, const RunRecord &run,
                             const std::atomic<bool> *cancel) {
            return runDiagnose(project, run, fleet, {}, cancel);
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void RunPage::whyRecorded()
{
    RunRecord record;
    record.runId = kRecordedRunId;
    record.projectPath = m_model->path();
    record.state = RunState::Running;
    record.startedAt =
        QDateTime::fromMSecsSinceEpoch(m_recorded->lines.empty() ? m_recorded->readAtMs
                                                                 : m_recorded->lines.front().timeMs)
            .toUTC();
    int firstRank = 0;
    for (const Server &server : m_model->project().servers) {
        const int count = int(server.devices.size());
        record.servers.push_back({server.name, QString(), true, firstRank, count});
        firstRank += count;
    }
    auto *dialog = new WhyDialog(
        m_model->project(), record,
        [recorded = *m_recorded](const Project &project, const RunRecord &run,
                                 const std::atomic<bool> *) {
            return diagnoseRecordedRun(project, recorded, run);
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void RunPage::showRecordedRunRefused(const QString &reason)
{
    setState(tr("No recorded run shown: %1").arg(reason));
}

void RunPage::showRecordedRun(const RecordedRun &run)
{
    if (m_session->isActive())
        return;
    m_recorded = std::make_unique<RecordedRun>(run);
    m_logs->clear();
    m_loss->clear();
    m_ranks->setProject(m_model->project());
    m_ranks->clearRun();
    m_ranks->freezeAt(run.readAtMs); // a recording does not age: its running ranks stay so
    for (const LogRecord &line : run.lines)
        m_store.append(line);
    ServerPoll poll;
    poll.reached = true;
    for (const auto &[rank, code] : run.exitCodes)
        poll.exits.push_back({rank, code, 0, 0});
    RunSnapshot snapshot;
    snapshot.servers.push_back(poll);
    m_ranks->applyPoll(snapshot);
    m_logs->refresh();
    m_loss->refresh();
    m_ranks->refresh();
    m_runId = kRecordedRunId;
    updateLaunch();
    if (run.failedFirst >= 0) {
        m_logs->markRank(run.failedFirst);
        m_logView->showRank(run.failedFirst, tr("failed first"));
    }
    setState(tr("A recorded run, shown as a demo: rank %1 failed first; nothing runs on the "
                "servers.")
                 .arg(run.failedFirst));
}

void RunPage::takeOver(RunPage &old)
{
    // What the old page showed: the checks' verdict, the demo, or the run it followed last (its
    // lines as they were held, its state read again from the run record).
    m_report = old.m_report;
    if (old.m_recorded) {
        showRecordedRun(*old.m_recorded);
        return;
    }
    if (isValidRunId(old.m_runId) && !m_model->path().isEmpty()) {
        const LogRing &ring = old.m_store.ring();
        for (const LogRecord &line : ring.since(0, ring.size()))
            m_store.append(line);
        m_logs->refresh();
        m_loss->refresh();
        QString error;
        if (const std::optional<RunRecord> record =
                loadRunRecord(m_model->path(), old.m_runId, &error)) {
            showRecord(*record);
            m_ranks->refresh();
        } else {
            m_runId = old.m_runId;
            setState(tr("Run %1: %2").arg(m_runId, error));
        }
    }
    updateLaunch();
}

void RunPage::showRank(int rank)
{
    m_logs->refresh(); // the rank list learns ranks on the model's tick
    m_logView->showRank(rank);
    m_loss->setSelectedRanks({rank});
}

void RunPage::showAttempt(const RunRecord &record, const RunAttempt &attempt)
{
    if (attempt.state == u"not-started"_s)
        return; // no ranks of its own: the overview keeps the last attempt's
    m_logs->markRank(-1);
    const Project servers = attemptProject(m_model->project(), attempt.servers);
    m_ranks->startAttempt(servers, attempt.number);
    m_devices->setProject(servers);
    m_speeds->setProject(servers);
    showRecord(record);
}

void RunPage::showRecord(const RunRecord &record)
{
    m_runId = record.runId;
    m_ranks->applyRecord(record);
    // A restarting run: which attempt, on how many servers, who was left out.
    const QString attempts = record.supervisor
                                 ? attemptSummary(record.attempts, record.supervisor->maxAttempts)
                                 : QString();
    if (record.state == RunState::Running && !m_hang->isHung())
        m_hang->start(record.startedAt.toMSecsSinceEpoch());
    else if (isFinal(record.state))
        m_hang->stop();
    switch (record.state) {
    case RunState::Starting:
        setState(tr("Starting run %1…").arg(record.runId));
        break;
    case RunState::Running:
        if (m_hang->isHung())
            break;
        if (!attempts.isEmpty())
            setState(tr("Running: run %1, %2.").arg(record.runId, attempts));
        else
            setState(tr("Running: run %1 on %n server(s).", nullptr, int(record.servers.size()))
                         .arg(record.runId));
        break;
    case RunState::Finished:
        setState(tr("Finished: every rank of run %1 exited 0.").arg(record.runId));
        break;
    case RunState::Stopped:
        setState(tr("Stopped (run %1).").arg(record.runId));
        break;
    case RunState::Failed: {
        const RunFailure failure = record.failure.value_or(RunFailure{});
        QString text = failure.rank >= 0 ? tr("Failed: server %1, rank %2, exit code %3.")
                                               .arg(failure.server)
                                               .arg(failure.rank)
                                               .arg(failure.exitCode)
                                         : tr("Failed on server %1.").arg(failure.server);
        if (!failure.message.isEmpty())
            text += u' ' + failure.message;
        setState(text);
        if (failure.rank >= 0) {
            m_logs->refresh();
            m_logs->markRank(failure.rank);
            m_logView->showRank(failure.rank, tr("failed first"));
        }
        break;
    }
    }
    updateLaunch();
}

} // namespace cw
