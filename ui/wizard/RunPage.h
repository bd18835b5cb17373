#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;

namespace cw {

class LogModel;
class LogView;
class LossChart;
class ProjectModel;

// Step 7: Launch and Stop, the job's state, the live log panel and the loss plot. The log parts
// are fed through logModel()/lossChart() by whatever streams the job (core/logs plugs in here).
class RunPage : public QWizardPage {
    Q_OBJECT

public:
    explicit RunPage(ProjectModel *model, QWidget *parent = nullptr);

    LogModel *logModel() const { return m_logs; }
    LogView *logView() const { return m_logView; }
    LossChart *lossChart() const { return m_loss; }
    // Why Launch is disabled (failed checks, no runner); empty enables it.
    void setLaunchBlocked(const QString &reason);

Q_SIGNALS:
    void launchRequested();
    void stopRequested();

private:
    ProjectModel *m_model;
    LogModel *m_logs;
    LogView *m_logView;
    LossChart *m_loss;
    QPushButton *m_launch;
    QPushButton *m_stop;
    QLabel *m_state;
};

} // namespace cw
