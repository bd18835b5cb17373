#pragma once

#include "launch/Launcher.h"
#include "launch/RunControl.h"
#include "logs/LossChart.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <thread>

namespace cw {

class LogModel;

// One launched job seen from the GUI: on a thread of its own it plans and launches the job
// (planLaunch, launchJob), starts one RemoteLogFollower per server of the run (their records go
// into the LogModel, which batches them into the GUI thread; loss values are parsed there too),
// follows the run's state (followRun) until it is final or the user stops it (stopRunByUser),
// then drains the logs. Everything comes back to the GUI thread as queued calls, then as the
// signals below. Closing the window leaves a running job running, as the CLI does.
class RunSession : public QObject {
    Q_OBJECT

public:
    explicit RunSession(LogModel *logs, QObject *parent = nullptr);
    ~RunSession() override; // ends following (not the job) and joins the thread

    // False when a run is still being followed.
    bool start(const Project &project, const QString &projectPath, const LaunchOptions &options);
    void stop(); // the user's Stop: the job ends on every server
    bool isActive() const { return m_active; }
    bool stopRequested() const;

Q_SIGNALS:
    void launched(const cw::LaunchResult &result); // started, or refused/failed with reasons
    void stateChanged(const cw::RunRecord &record);
    void stopped(int left, const QStringList &errors);
    void lossPoints(const std::vector<cw::ChartPoint> &points);
    void connectionMessage(const QString &message); // "server1: connection lost; reconnecting…"
    void ended(const cw::RunRecord &record);        // final (or not started); logs drained

private:
    struct Shared;
    void drainLoss();
    void post(std::function<void()> call);

    LogModel *m_logs;
    std::shared_ptr<Shared> m_shared;
    std::thread m_thread;
    QTimer m_lossTimer;
    bool m_active = false;
};

} // namespace cw
