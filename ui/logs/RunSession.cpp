#include "RunSession.h"

#include "LogModel.h"
#include "logs/LossParser.h"
#include "logs/RunLogFollowers.h"

#include <QMutex>
#include <QPointer>

#include <map>

using namespace Qt::StringLiterals;

namespace cw {

struct RunSession::Shared {
    std::atomic<bool> stop = false;    // the user pressed Stop
    std::atomic<bool> cancel = false;  // end following now (Stop, or the window closes)
    std::atomic<bool> closing = false; // the window closes: no drain, no stop of the job
    QMutex mutex;                      // guards the loss fields
    std::vector<ChartPoint> loss;
    std::map<int, qint64> lines; // per rank: the x of a loss line that names no step
};

RunSession::RunSession(LogModel *logs, QObject *parent) : QObject(parent), m_logs(logs)
{
    m_lossTimer.setInterval(250);
    connect(&m_lossTimer, &QTimer::timeout, this, &RunSession::drainLoss);
}

RunSession::~RunSession()
{
    if (m_shared) {
        m_shared->closing = true;
        m_shared->cancel = true;
    }
    if (m_thread.joinable())
        m_thread.join();
}

bool RunSession::stopRequested() const
{
    return m_shared && m_shared->stop.load();
}

void RunSession::post(std::function<void()> call)
{
    QMetaObject::invokeMethod(this, std::move(call), Qt::QueuedConnection);
}

bool RunSession::start(const Project &project, const QString &projectPath,
                       const LaunchOptions &options)
{
    if (m_active)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // the previous run's thread has posted its end already
    m_active = true;
    m_shared = std::make_shared<Shared>();
    m_lossTimer.start();
    auto shared = m_shared;
    LogModel *logs = m_logs;
    // `this` outlives the thread (the destructor joins it); queued calls run on the GUI thread.
    m_thread = std::thread([this, shared, logs, project, projectPath, options] {
        const LaunchPlan plan = planLaunch(project, projectPath, newRunId());
        LaunchResult result;
        if (!plan.ok())
            result.refusal = launchPlanText(project, plan);
        else
            result = launchJob(project, projectPath, plan, options);
        post([this, result] { Q_EMIT launched(result); });
        RunRecord record = result.record;
        if (!result.started) {
            post([this, record] {
                m_active = false;
                m_lossTimer.stop();
                Q_EMIT ended(record);
            });
            return;
        }
        post([this, record] { Q_EMIT stateChanged(record); });

        const auto sink = [logs, shared](const LogRecord &line) {
            if (const std::optional<LossPoint> point = parseLoss(line.line)) {
                QMutexLocker lock(&shared->mutex);
                qint64 &seen = shared->lines[line.rank];
                const qint64 x = point->step >= 0 ? point->step : seen;
                seen = x + 1;
                shared->loss.push_back({line.rank, x, point->loss});
            }
            logs->append({{line.server, line.rank, line.line}});
        };
        // Messages name their server already ("server1: connection lost ...").
        const auto message = [this](const QString &text) {
            post([this, text] { Q_EMIT connectionMessage(text); });
        };
        const RunLogSelection selection = selectRunLogs(project, record);
        if (!selection.ok())
            message(selection.error);
        RunLogFollowers followers(project, selection, options.fleet, sink, message);

        if (!shared->cancel) {
            followRun(
                project, record, options.fleet,
                [this](const RunRecord &current, const RunSnapshot &) {
                    post([this, current] { Q_EMIT stateChanged(current); });
                },
                500, &shared->cancel);
        }
        if (shared->stop && !shared->closing) {
            const StopResult stop = stopRunByUser(project, record, options.fleet);
            post([this, record, stop] {
                Q_EMIT stateChanged(record);
                Q_EMIT stopped(stop.left, stop.errors);
            });
        }
        // The job has ended (or the window closes): read every log to its final end, then stop.
        for (const QString &error : followers.finish(!shared->closing && isFinal(record.state)))
            message(error);
        post([this, record] {
            drainLoss();
            m_lossTimer.stop();
            m_active = false;
            Q_EMIT ended(record);
        });
    });
    return true;
}

void RunSession::stop()
{
    if (!m_active || !m_shared)
        return;
    m_shared->stop = true;
    m_shared->cancel = true;
}

void RunSession::drainLoss()
{
    if (!m_shared)
        return;
    std::vector<ChartPoint> points;
    {
        QMutexLocker lock(&m_shared->mutex);
        points.swap(m_shared->loss);
    }
    if (!points.empty())
        Q_EMIT lossPoints(points);
}

} // namespace cw
