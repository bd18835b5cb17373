// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/DiagnoseRun.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <memory>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace cw {

// What "Why?" runs: the core's runDiagnose under the wizard's fleet options, or a test's.
using DiagnoseRunner = std::function<DiagnoseResult(const Project &project, const RunRecord &record,
                                                    const std::atomic<bool> *cancel)>;

// "Why?" in the run panel: the diagnosis of a run (DiagnoseRun.h) off the GUI thread, with
// Cancel; then the state in one line (the first failure with its class, or the ranks behind
// in a hang), the whole diagnosis below (timeline, evidence, clock offsets) and where the
// archive of it all was written.
class WhyDialog : public QDialog {
    Q_OBJECT

public:
    // `record`: the run, as recorded beside the project.
    WhyDialog(const Project &project, const RunRecord &record, DiagnoseRunner runner,
              QWidget *parent = nullptr);
    ~WhyDialog() override;

    void start();
    void cancel();
    bool isBusy() const;
    QString headline() const;
    QString text() const;
    const Diagnosis &diagnosis() const { return m_result.diagnosis; }

Q_SIGNALS:
    void diagnosed(const cw::Diagnosis &diagnosis);

private:
    void done();

    Project m_project;
    RunRecord m_record;
    DiagnoseRunner m_runner;
    DiagnoseResult m_result;
    QLabel *m_headline;
    QProgressBar *m_progress;
    QPlainTextEdit *m_text;
    QPushButton *m_cancel;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    QFutureWatcher<DiagnoseResult> m_watcher;
};

} // namespace cw
