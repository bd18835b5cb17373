// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ClusterWizard.h"

#include "checks/CheckRunner.h"
#include "fix/FixJournal.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QWizardPage>

#include <atomic>
#include <memory>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

class QCheckBox;

namespace cw {

class CheckReportView;
class DoctorView;
class FixDialog;
class ProjectModel;

// Step 4: "Run checks" runs the checks (CheckRunner: the real runChecks under the wizard's
// fleet options, or a test's) on a worker thread with progress and Cancel, and shows the report.
// A failed check's "Fix…" previews the fix's commands (FixDialog) and, when the user applies
// them, runs them on a worker thread, records them in the undo journal beside the project and
// checks again. "Undo last fix" does what `clusterwiz-cli undo` does. While the project breaks a
// rule, Run checks and Fix… refuse, naming the problems. Checks advise; they never
// block Next (Launch on the Run page waits for them). "Doctor…" opens the network doctor
// (DoctorView) on the project: traffic between every pair, where the checks read configuration.
class ChecksPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ChecksPage(ProjectModel *model, QWidget *parent = nullptr);
    ~ChecksPage() override;

    void initializePage() override;
    // The real runner and fixer with these options (known hosts, key, time limit, credentials).
    void setFleetOptions(const FleetOptions &options);
    void setCheckRunner(CheckRunner runner);
    void runChecks();
    void cancel();
    CheckReportView *reportView() const { return m_view; }
    const CheckRun &lastRun() const { return m_lastRun; }
    bool hasRun() const { return m_hasRun; }
    bool isBusy() const;
    bool hasJobRunning() const; // checks, a fix or the doctor's run
    // The wizard made this page anew (another language): the last report and the doctor's
    // window of `old`, which is idle and about to go, become this page's.
    void takeOver(ChecksPage &old);
    // The dialog of the last Fix… or Undo (open until answered), for tests.
    FixDialog *fixDialog() const { return m_dialog; }
    void openDoctor();
    DoctorView *doctorView() const; // the last one opened, while it is open

Q_SIGNALS:
    void reportReady(const cw::CheckReport &report);
    void fixFinished(bool ok);
    void undoFinished(bool ok);

private:
    struct FixDone {
        QString text; // what ran, per step
        QString error;
        bool ok = false;
    };

    void checksDone();
    void showRun(const CheckRun &run, bool cancelled); // the report, its counts, reportReady
    void fixRequested(const CheckResult &result);
    void applyPlan(const FixPlan &plan);
    void fixDone(bool undo);
    void undoRequested();
    void setBusy(bool busy, const QString &message);
    void updateUndo();
    QString journalPath() const;
    // The project as the checks, fixes and the doctor reach it: with a container section, the
    // containers at host:ssh_port as root (containerJobProject), as the CLI's commands do.
    Project jobProject() const;

    ProjectModel *m_model;
    CheckRunner m_runner;
    FleetOptions m_options;
    bool m_haveFleet = false;
    CheckReportView *m_view;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_undo;
    QPushButton *m_doctor;
    QPointer<DoctorView> m_doctorView;
    QCheckBox *m_deep = nullptr; // also import the framework on every server (checks/DeepCheck.h)
    QProgressBar *m_progress;
    QLabel *m_message;
    QPlainTextEdit *m_output;
    FixDialog *m_dialog = nullptr;
    CheckRun m_lastRun;
    bool m_hasRun = false;
    bool m_cancelled = false; // the last run was cancelled: its report is what came before
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    QFutureWatcher<CheckRun> m_watcher;
    QFutureWatcher<FixDone> m_fixWatcher;
    bool m_undoing = false;
};

} // namespace cw
