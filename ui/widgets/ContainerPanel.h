// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "container/ContainerFleet.h"
#include "model/Problem.h"
#include "model/Project.h"
#include "widgets/ContainerJob.h"
#include "widgets/ContainerPreview.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace cw {

// The Servers page's "Training containers" panel (docs/containers.md): a box that gives the
// project a container section, the section's values, the rules' problems with them in the
// panel's words, and Preview / Create containers / Status / Remove containers, which run
// `container up|status|down` on a worker thread over the hosts' own SSH and show one row per
// server. The page owns the project: the panel says edited() and the page reads container().
// Unchecking keeps the typed values, and checking the box again brings them back.
class ContainerPanel : public QWidget {
    Q_OBJECT

public:
    explicit ContainerPanel(QWidget *parent = nullptr);

    // The project as it is now; `savedPath` its file when what it holds is saved there (the
    // runs keep their journal beside it), else empty; `refusal` why the rules refuse it ("" when
    // they accept it): nothing is previewed or run then.
    void showProject(const Project &project, const QString &savedPath, const QString &refusal);
    void showProblems(const Problems &problems);
    void setFleetOptions(const FleetOptions &options) { m_options = options; }
    // Another project: the values typed for the last one go (the defaults show).
    void forgetValues();

    // The section the panel's values make; none while the box is unchecked.
    std::optional<ContainerConfig> container() const;
    bool isBusy() const { return m_job && m_job->isRunning(); }

    QListWidget *problemList() const { return m_problems; }
    QTreeWidget *results() const { return m_results; }
    QLabel *message() const { return m_message; }
    ContainerPreview *preview() const { return m_preview.data(); }

Q_SIGNALS:
    void edited();
    void busyChanged(bool busy);

private:
    ContainerConfig fieldValues() const;
    void showValues(const ContainerConfig &container);
    void showEnabled();
    void changed();
    bool refuse(bool needsSaving);
    void openPreview();
    void start(ContainerJob::Action action);
    void askDown();
    void finished(const ContainerRun &run, bool cancelled);
    void setBusy(bool busy);

    QCheckBox *m_enable;
    QWidget *m_fields;
    QComboBox *m_engine;
    QLineEdit *m_image;
    QLineEdit *m_name;
    QLineEdit *m_port;
    QLineEdit *m_shm;
    QCheckBox *m_privileged;
    QPlainTextEdit *m_mounts;
    QPlainTextEdit *m_envSetup;
    QPlainTextEdit *m_runArgs;
    QList<QPushButton *> m_runButtons;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_message;
    QListWidget *m_problems;
    QTreeWidget *m_results;
    QPointer<ContainerPreview> m_preview;
    ContainerJob *m_job = nullptr;

    Project m_project;
    Project m_runProject; // the project the run under way (or the last) was given
    QString m_journalPath;
    QString m_refusal;
    FleetOptions m_options;
    bool m_showing = false; // filling the fields from the project: not the user's edit
};

} // namespace cw
