// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/Doctor.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace cw {

class DoctorMatrixModel;

// What the Doctor view runs: the core's runDoctor under the wizard's fleet options, or a test's.
using DoctorRunner =
    std::function<DoctorReport(const Project &project, const DoctorOptions &options,
                               const DoctorProgress &progress, const std::atomic<bool> *cancel)>;

// The network doctor in the wizard (opened from the Checks page): pick the parts (links, ports,
// bandwidth) and the all_reduce size, Run tests every pair off the GUI thread with progress and
// Cancel; the results fill server x server matrices as they arrive, one matrix shown at a time
// (failed cells red, slow amber, not tested because a server was not reached grey); a click on a
// cell shows its evidence, and the suspects, the servers not reached and the notes are listed.
class DoctorView : public QDialog {
    Q_OBJECT

public:
    DoctorView(const Project &project, DoctorRunner runner, QWidget *parent = nullptr);
    ~DoctorView() override;

    void run();
    void cancel();
    bool isBusy() const;
    const DoctorReport &report() const { return m_report; }
    DoctorMatrixModel *model() const { return m_model; }
    QTableView *matrixView() const { return m_view; }
    QString evidenceText() const;

Q_SIGNALS:
    void finished(const cw::DoctorReport &report);

private:
    void done();
    void showResults(const DoctorReport &report); // so far, or the final report
    void selectMatrix(int index);
    void showCell(const QModelIndex &index);
    void setBusy(bool busy, const QString &message);

    Project m_project;
    DoctorRunner m_runner;
    DoctorReport m_report;
    DoctorMatrixModel *m_model;
    QCheckBox *m_links;
    QCheckBox *m_ports;
    QCheckBox *m_bandwidth;
    QSpinBox *m_size;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_message;
    QComboBox *m_matrix;
    QTableView *m_view;
    QPlainTextEdit *m_evidence;
    QPlainTextEdit *m_summary;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    QFutureWatcher<DoctorReport> m_watcher;
};

} // namespace cw
