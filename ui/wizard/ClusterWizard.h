// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "wizard/PageId.h"

#include "checks/CheckRunner.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QWizard>

#include <functional>
#include <optional>

class QListWidget;

namespace cw {

class ProjectModel;

// Runs the checks of a project (core runChecks, or a test's stand-in); called on a worker thread,
// reports each server's discovery to `progress` and returns soon after `cancel` is set.
using CheckRunner = std::function<CheckRun(const Project &project, const FleetProgress &progress,
                                           const std::atomic<bool> *cancel)>;

// The guided setup: seven pages over one ProjectModel, a side list of the steps, Save (atomic)
// and the window geometry and recent projects kept in QSettings.
class ClusterWizard : public QWizard {
    Q_OBJECT

public:
    explicit ClusterWizard(QWidget *parent = nullptr);
    ~ClusterWizard() override;

    ProjectModel *model() const { return m_model; }
    QString openProject(const QString &path); // error, empty on success; remembered as recent
    void setCheckRunner(CheckRunner runner);
    // How every page talks to the servers (known hosts, key, time limit, credentials): the
    // Servers page's discovery, the checks and fixes, the launch and its logs.
    void setFleetOptions(const FleetOptions &options);
    FleetOptions fleetOptions() const { return m_options; }
    QListWidget *stepList() const { return m_steps; }

    static QStringList recentProjects();
    static QString examplesDir();

    // Before the open project goes (closing, another project replacing it): when it has unsaved
    // changes, asks Save / Discard / Cancel (object name "unsavedChanges"). True when it may go:
    // saved, discarded or nothing to save.
    bool offerToSave();
    // The step list's click: back to an earlier step, or forward through every page that is
    // complete and accepts Next, stopping at the first that does not.
    void goToStep(int id);

protected:
    void closeEvent(QCloseEvent *event) override;
    void done(int result) override; // Finish and Esc: asks about a running job and unsaved work
    void keyPressEvent(QKeyEvent *event) override;

private:
    bool saveProject();
    void copyUploads(const QString &from, const QString &to); // a saved copy of an example
    void makePages();
    void showTexts(); // the wizard's own words: its buttons, the step list, the title
    // The Language… button: kept in QSettings, shown now unless a job runs.
    void chooseLanguage();
    // The pages made anew in the language chosen now, over the same project, where the user was.
    void switchLanguage();
    const char *runningJob() const; // what keeps the language from changing now; null if none
    // While a job runs: stop it and close when it has ended, leave it running, or cancel.
    // True when the window may close now.
    bool askAboutRunningJob();
    void updateTitle();
    void showStep(int id);

    ProjectModel *m_model;
    QListWidget *m_steps;
    FleetOptions m_options;
    std::optional<CheckRunner> m_checkRunner; // a test's own, kept for pages made anew
    bool m_closeAfterStop = false;            // the user chose "stop and close": no second question
    bool m_answered = false;                  // closeEvent asked already; done() must not ask again
};

} // namespace cw
