#pragma once

#include "ClusterWizard.h"

#include <QFutureWatcher>
#include <QWizardPage>

class QLabel;
class QPushButton;

namespace cw {

class CheckReportView;
class ProjectModel;

// Step 4: "Run checks" runs the CheckRunner the wizard was given on a worker thread and shows
// the report. Checks advise; they never block Next (Launch on the Run page waits for them).
class ChecksPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ChecksPage(ProjectModel *model, QWidget *parent = nullptr);

    ~ChecksPage() override { m_watcher.waitForFinished(); }

    void setCheckRunner(CheckRunner runner);
    void runChecks();
    CheckReportView *reportView() const { return m_view; }

Q_SIGNALS:
    void reportReady(const cw::CheckReport &report);

private:
    ProjectModel *m_model;
    CheckRunner m_runner;
    CheckReportView *m_view;
    QPushButton *m_run;
    QLabel *m_message;
    QFutureWatcher<CheckReport> m_watcher;
};

} // namespace cw
