// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/Discovery.h"

#include <QPointer>
#include <QWizardPage>

#include <memory>
#include <set>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QUndoStack;

namespace cw {

class ContainerPanel;
class DiscoveryJob;
class ProjectModel;
class ServerTable;

// Step 2: the servers ("From ssh config" adds one by its Host alias), "Test connection" (discovery
// on a worker thread with progress and cancel; each row shows its server's answer as it comes),
// the unknown-host-key dialog (open as soon as a key arrives, growing as more do), and "Apply
// discovered values" (core applyDiscovery). Every change to the table (a cell, Add, Remove,
// Apply) can be undone (Ctrl+Z) and redone (Ctrl+Shift+Z, Ctrl+Y); a filter (Ctrl+F) narrows 128
// rows. Below, the training containers (ContainerPanel): the project's container section and
// `container up|status|down` over the hosts' SSH; Test connection always reaches the hosts.
class ServersPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ServersPage(ProjectModel *model, QWidget *parent = nullptr);
    ~ServersPage() override;

    bool isComplete() const override;
    void initializePage() override;
    bool validatePage() override;

    // Known-hosts file, time limit and identity for the fleet; tests point it at their cluster.
    // Set credentials to guiCredentials(this) to keep the passphrase/password dialogs.
    // Its ssh config also decides which hosts "From ssh config" offers.
    void setFleetOptions(const FleetOptions &options);
    ServerTable *table() const { return m_table; }
    QListWidget *problemList() const { return m_problems; }
    QMenu *sshConfigMenu() const { return m_hostMenu; } // one action per Host alias
    void testServers(const std::vector<int> &indices);
    const std::vector<ServerDiscovery> &lastResults() const { return m_results; }
    QLineEdit *filterField() const { return m_filter; }
    QLabel *filterCount() const { return m_filterCount; } // "12 of 128 servers"
    QUndoStack *undoStack() const { return m_undo; }
    QLabel *message() const { return m_message; }
    ContainerPanel *containerPanel() const { return m_containers; }
    bool isBusy() const; // a connection test or a container job under way
    // The wizard made this page anew (another language): the servers' answers, the filter and
    // the undo history of `old`, which is idle and about to go, become this page's.
    void takeOver(ServersPage &old);

Q_SIGNALS:
    void discoveryFinished();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // What an undo puts back: the table's servers, the master, what discovery found for each.
    struct Snapshot {
        std::vector<Server> servers;
        QString master;
        std::vector<ServerDiscovery> results;
    };
    Snapshot snapshot() const;
    void restore(const Snapshot &state);
    // Makes `project` (and `results`, by server) the page's, as one step Ctrl+Z undoes. A
    // change typed into the table is in its cells already (fromTable).
    void commit(const Project &project, std::vector<ServerDiscovery> results, const QString &what,
                bool fromTable);
    void showServers(bool rowsMoved); // the table from the model and every row's facts
    void showFilterCount();
    void showUndoState();
    void addServer();
    void addConfigHost(const QString &alias);
    void refreshConfigHosts();
    void removeServers();
    void writeBack();
    void fromModel();
    void startJob(const std::vector<int> &indices, const FleetOptions &options);
    void answered(const ServerDiscovery &result);
    void jobFinished(bool cancelled);
    void finishIfDone();
    void showTestProgress();
    void askAboutHostKey(const ServerDiscovery &unknown);
    void hostKeysAnswered(bool trusted);
    bool anyAnswered() const;
    void applyDiscovered();
    void setBusy(bool busy);
    void listenToUndo();
    void showProblems();   // the values the validator rejects and the failed connections
    void showContainers(); // the panel from the model
    void containersEdited();

    ProjectModel *m_model;
    ServerTable *m_table;
    int m_jobsRunning = 0; // a test and the reconnects of servers whose keys were trusted
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QPushButton *m_apply;
    QPushButton *m_fromConfig;
    QMenu *m_hostMenu;
    QList<QPushButton *> m_idleButtons;
    QLabel *m_message;
    QListWidget *m_problems;
    QLineEdit *m_filter;
    QLabel *m_filterCount;
    QUndoStack *m_undo;
    std::shared_ptr<ServersPage *> m_self; // the page the undo steps restore
    ContainerPanel *m_containers;
    QAction *m_undoAction;
    QAction *m_redoAction;
    FleetOptions m_options;
    std::vector<ServerDiscovery> m_results; // by server index; connection.serverIndex -1 when none
    // The servers of the test under way (the counts of its message) and those not answered yet.
    std::vector<int> m_testing;
    std::set<int> m_waiting;
    bool m_cancelled = false;
    // The open question about unknown host keys: its servers and their fingerprints.
    QPointer<QMessageBox> m_keyDialog;
    std::vector<int> m_keyServers;
    QStringList m_keyFingerprints;
    QStringList m_keyLines;
    bool m_writing = false;
    bool m_ownChange = false; // a change of the page's (commit, undo): keep the undo history
};

} // namespace cw
