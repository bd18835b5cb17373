// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/CheckTypes.h"
#include "launch/Launcher.h"
#include "launch/RunControl.h"
#include "logs/LogStore.h"

#include <QWizardPage>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;

namespace cw {

class HangWatch;
class LogModel;
class LogView;
class DeviceHeatPanel;
class RankSpeedPanel;
class LossChart;
class ProjectModel;
class RankOverview;
struct RecordedRun;
class RunPanelSession;

// Step 7: Launch and Stop, the job's state, the live log panel and the loss plot. Launch is one
// click, refused (with the reason on the button's tooltip and the state line) while the last
// check report has failed checks or the project is not saved; the job itself runs through a
// RunPanelSession off the GUI thread, its lines and losses into the page's LogStore. When a rank
// fails, the first one that did is shown in the log panel and its lines are marked. The rank
// overview beside the log shows every rank's state; a click there shows that rank's lines and
// its own loss line. A running job whose ranks have all been silent for a while shows as hung
// (HangWatch); "Why?" diagnoses the run (WhyDialog): the first failure and its evidence, or the
// ranks behind in a hang.
class RunPage : public QWizardPage {
    Q_OBJECT

public:
    explicit RunPage(ProjectModel *model, QWidget *parent = nullptr);
    ~RunPage() override;

    void initializePage() override;
    LogStore *logStore() { return &m_store; }
    LogModel *logModel() const { return m_logs; }
    LogView *logView() const { return m_logView; }
    LossChart *lossChart() const { return m_loss; }
    RankOverview *rankOverview() const { return m_ranks; }
    DeviceHeatPanel *devicePanel() const { return m_devices; }
    RankSpeedPanel *speedPanel() const { return m_speeds; }
    RunPanelSession *session() const { return m_session; }
    void setFleetOptions(const FleetOptions &options);
    // The last check report: failed checks hold Launch back.
    void setCheckReport(const CheckReport &report);
    QString launchBlockedReason() const;
    QString stateText() const;

    void launch();
    void stop();
    void why(); // "Why?": diagnoses the run shown
    HangWatch *hangWatch() const { return m_hang; }
    // Shows a recorded run (logs, loss, rank states, the rank that failed first) as the panel
    // shows a live one, frozen at the time it was read; nothing runs: Launch and Stop stay off,
    // and Why? diagnoses the recorded lines (diagnoseRecordedRun). Ignored while a run is
    // followed.
    void showRecordedRun(const RecordedRun &run);
    bool showsRecordedRun() const { return m_recorded != nullptr; }
    // Says on the state line why no recorded run is shown (the demo does not fit the project).
    void showRecordedRunRefused(const QString &reason);
    // The wizard made this page anew (another language): the check report and the run `old`
    // showed (not following one) become this page's.
    void takeOver(RunPage &old);

Q_SIGNALS:
    void runEnded(const cw::RunRecord &record);

private:
    void startLaunch(const QStringList &confirmedUploads);
    void updateLaunch();
    void showRecord(const RunRecord &record);
    void showRank(int rank); // a click in the rank overview
    void showAttempt(const RunRecord &record, const RunAttempt &attempt);
    void setState(const QString &text);
    void whyRecorded();

    ProjectModel *m_model;
    LogStore m_store; // the run's lines and losses; the models below view it
    LogModel *m_logs;
    LogView *m_logView;
    LossChart *m_loss;
    RankOverview *m_ranks;
    DeviceHeatPanel *m_devices;
    RankSpeedPanel *m_speeds;
    RunPanelSession *m_session;
    QPushButton *m_launch;
    QPushButton *m_stop;
    QPushButton *m_why;
    HangWatch *m_hang;
    QLabel *m_state;
    QLabel *m_connection;
    std::optional<FleetOptions> m_options;
    std::optional<CheckReport> m_report;
    QString m_runId;
    std::unique_ptr<RecordedRun> m_recorded; // the demo shown; null for a live run
};

} // namespace cw
