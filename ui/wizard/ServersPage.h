#pragma once

#include "discover/Discovery.h"

#include <QWizardPage>

class QLabel;
class QMessageBox;
class QProgressBar;
class QPushButton;

namespace cw {

class DiscoveryJob;
class ProjectModel;
class ServerTable;

// Step 2: the servers, "Test connection" (discovery on a worker thread with progress and
// cancel), the unknown-host-key dialog, and "Apply discovered values" (core applyDiscovery).
class ServersPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ServersPage(ProjectModel *model, QWidget *parent = nullptr);

    bool isComplete() const override;
    void initializePage() override;
    bool validatePage() override;

    // Known-hosts file, time limit and identity for the fleet; tests point it at their cluster.
    // Set credentials to guiCredentials(this) to keep the passphrase/password dialogs.
    void setFleetOptions(const FleetOptions &options) { m_options = options; }
    ServerTable *table() const { return m_table; }
    void testServers(const std::vector<int> &indices);
    const std::vector<ServerDiscovery> &lastResults() const { return m_results; }

Q_SIGNALS:
    void discoveryFinished();

private:
    void addServer();
    void removeServers();
    void writeBack();
    void fromModel();
    void discovered(const std::vector<ServerDiscovery> &results, bool cancelled);
    void askAboutHostKeys(const std::vector<ServerDiscovery> &unknown);
    void applyDiscovered();
    void setBusy(bool busy);

    ProjectModel *m_model;
    ServerTable *m_table;
    DiscoveryJob *m_job;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QPushButton *m_apply;
    QList<QPushButton *> m_idleButtons;
    QLabel *m_message;
    FleetOptions m_options;
    std::vector<ServerDiscovery> m_results; // by server index; connection.serverIndex -1 when none
    bool m_writing = false;
};

} // namespace cw
