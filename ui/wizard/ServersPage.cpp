// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServersPage.h"

#include "ProjectModel.h"
#include "rules/ValueRules.h"
#include "ssh/SshConfigHosts.h"
#include "widgets/CredentialPrompt.h"
#include "widgets/DiscoveryJob.h"
#include "widgets/ServerProblemText.h"
#include "widgets/ServerTable.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

ServersPage::ServersPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_table(new ServerTable(this)),
      m_job(new DiscoveryJob(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_apply(new QPushButton(tr("Apply &discovered values"), this)),
      m_fromConfig(new QPushButton(tr("From ssh &config"), this)), m_hostMenu(new QMenu(this)),
      m_message(new QLabel(this)), m_problems(new QListWidget(this))
{
    setTitle(tr("Servers"));
    setSubTitle(tr("Add every server by address or ~/.ssh/config alias (jump hosts included), "
                   "then test the connections."));
    m_options.timeoutMs = 20000;
    m_options.credentials = guiCredentials(this);

    auto *buttons = new QHBoxLayout;
    const auto button = [&](const QString &text, const QString &name, auto slot) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(name);
        connect(b, &QPushButton::clicked, this, slot);
        buttons->addWidget(b);
        m_idleButtons << b;
        return b;
    };
    button(tr("&Add"), u"add"_s, &ServersPage::addServer);
    m_fromConfig->setObjectName(u"fromSshConfig"_s);
    m_hostMenu->setObjectName(u"sshConfigHosts"_s);
    m_fromConfig->setMenu(m_hostMenu);
    buttons->addWidget(m_fromConfig);
    button(tr("&Remove"), u"remove"_s, &ServersPage::removeServers);
    button(tr("&Test connection"), u"testSelected"_s,
           [this] { testServers(m_table->selectedServers()); });
    button(tr("T&est all"), u"testAll"_s, [this] {
        std::vector<int> all(m_model->project().servers.size());
        for (size_t i = 0; i < all.size(); ++i)
            all[i] = int(i);
        testServers(all);
    });
    m_apply->setObjectName(u"apply"_s);
    m_apply->setEnabled(false);
    m_apply->setToolTip(
        tr("Fill host IP, NIC, devices and device IPs left empty from what was found."));
    connect(m_apply, &QPushButton::clicked, this, &ServersPage::applyDiscovered);
    buttons->addWidget(m_apply);
    buttons->addStretch();
    buttons->addWidget(m_progress);
    m_cancel->setObjectName(u"cancel"_s);
    buttons->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_job->cancel();
        m_cancel->setEnabled(false);
        m_message->setText(tr("Cancelling…")); // the connections end within a moment
    });
    setBusy(false);

    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    // Below the table, so that it keeps its width and Status stays in view: what is wrong with a
    // value (its cell is tinted) or a connection, in full.
    m_problems->setObjectName(u"serverProblems"_s);
    m_problems->setWordWrap(true);
    m_problems->setTextElideMode(Qt::ElideNone);
    m_problems->setResizeMode(QListView::Adjust); // rewrapped when the list's width changes
    m_problems->setToolTip(tr("Click a problem to go to its cell."));
    m_problems->hide();
    connect(m_problems, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        const int row = item->data(Qt::UserRole).toInt();
        const int column = item->data(Qt::UserRole + 1).toInt();
        m_table->setCurrentCell(row, column >= 0 ? column : int(ServerTable::Status));
    });
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_problems);
    split->setStretchFactor(0, 1);
    split->setSizes({420, 160});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_message);

    connect(m_table, &ServerTable::edited, this, &ServersPage::writeBack);
    connect(m_model, &ProjectModel::changed, this, [this] {
        if (!m_writing)
            fromModel();
        showProblems();
        Q_EMIT completeChanged();
    });
    // Another project: the last one's answers and messages do not describe it.
    connect(m_model, &ProjectModel::replaced, this, [this] {
        m_results.clear();
        m_table->forgetDiscovery();
        m_message->clear();
        m_message->setToolTip(QString());
        m_apply->setEnabled(false);
        fromModel();
        showProblems();
    });
    connect(m_job, &DiscoveryJob::progress, this, [this](int done, int total, const QString &name) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_message->setText(
            tr("%1 of %2 servers answered (last: %3).").arg(done).arg(total).arg(name));
    });
    connect(m_job, &DiscoveryJob::finished, this, &ServersPage::discovered);
    refreshConfigHosts();
}

void ServersPage::setFleetOptions(const FleetOptions &options)
{
    m_options = options;
    refreshConfigHosts();
}

void ServersPage::initializePage()
{
    refreshConfigHosts(); // the user may have edited the config since
    fromModel();
}

void ServersPage::refreshConfigHosts()
{
    const QString file =
        m_options.sshConfigFile.isEmpty() ? u"~/.ssh/config"_s : m_options.sshConfigFile;
    const SshConfigHosts config =
        m_options.parseSshConfig ? SshConfigHosts::load(m_options.sshConfigFile) : SshConfigHosts();
    const QStringList hosts = config.aliases();
    m_table->setHostSuggestions(hosts);
    m_hostMenu->clear();
    for (const QString &host : hosts) {
        QStringList hops;
        for (const SshJumpHop &hop : config.route(host).hops)
            hops << hop.toString();
        QAction *action = m_hostMenu->addAction(
            hops.isEmpty() ? host : tr("%1 (via %2)").arg(host, hops.join(u", "_s)));
        action->setData(host);
        connect(action, &QAction::triggered, this, [this, host] { addConfigHost(host); });
    }
    m_fromConfig->setEnabled(!hosts.isEmpty() && !m_job->isRunning());
    m_fromConfig->setToolTip(hosts.isEmpty()
                                 ? tr("%1 has no Host entries").arg(file)
                                 : tr("Add a server by its Host entry in %1: address, port, user, "
                                      "key and jump hosts come from there")
                                       .arg(file));
}

void ServersPage::addConfigHost(const QString &alias)
{
    Project project = m_model->project();
    Server server;
    const int n = int(project.servers.size());
    const bool taken = std::any_of(project.servers.begin(), project.servers.end(),
                                   [&](const Server &s) { return s.name == alias; });
    server.name = serverNameProblem(alias).isEmpty() && !taken ? alias : u"server%1"_s.arg(n);
    server.host = alias; // port 22 and no user or key: the config decides them
    if (!project.servers.empty())
        server.devices = project.servers.back().devices;
    project.servers.push_back(server);
    m_model->setProject(project);
    m_table->setCurrentCell(n, ServerTable::Host);
    m_message->setText(
        tr("Added %1 from the ssh config. Test the connection to fill its host IP.").arg(alias));
}

void ServersPage::fromModel()
{
    m_table->setServers(m_model->project().servers);
    m_results.resize(m_model->project().servers.size());
}

void ServersPage::writeBack()
{
    Project project = m_model->project();
    project.servers = m_table->servers(project.servers);
    m_writing = true;
    m_model->setProject(project);
    m_writing = false;
}

bool ServersPage::isComplete() const
{
    return !m_model->project().servers.empty() && !m_job->isRunning();
}

bool ServersPage::validatePage()
{
    // Field mistakes are named here; device and launch rules belong to their own pages.
    const Problems problems = m_model->problemsIn(ProblemArea::Servers);
    if (problems.empty())
        return true;
    m_message->setText(ServerProblemText::text(problems.front(), m_model->project()));
    return false;
}

void ServersPage::showProblems()
{
    const Project &project = m_model->project();
    std::vector<std::tuple<int, int, QString>> cells;
    m_problems->clear();
    const auto add = [this](const QString &text, int row, int column) {
        auto *item = new QListWidgetItem(text, m_problems);
        item->setToolTip(text);
        item->setData(Qt::UserRole, row);
        item->setData(Qt::UserRole + 1, column);
    };
    for (const Problem &problem : m_model->problemsIn(ProblemArea::Servers)) {
        if (problem.rule == u"no-servers"_s)
            continue; // the empty table says it; Next waits for a server
        const QString text = ServerProblemText::text(problem, project);
        const int column = ServerTable::columnForField(problem.location.field);
        if (problem.location.server >= 0 && column >= 0)
            cells.emplace_back(problem.location.server, column, text);
        add(text, problem.location.server, column);
    }
    // Connection failures in full: the Status column has room for their start only.
    for (size_t i = 0; i < m_results.size() && i < project.servers.size(); ++i) {
        const SshError &error = m_results[i].connection.error;
        if (m_results[i].connection.serverIndex >= 0 && error.isError())
            add(tr("%1: %2").arg(project.servers[i].name, ServerProblemText::connectionText(error)),
                int(i), -1);
    }
    m_table->setInvalidCells(cells);
    m_problems->setVisible(m_problems->count() > 0);
}

void ServersPage::addServer()
{
    Project project = m_model->project();
    Server server;
    const int n = int(project.servers.size());
    server.name = u"server%1"_s.arg(n);
    if (!project.servers.empty()) {
        server.user = project.servers.back().user;
        server.identityFile = project.servers.back().identityFile;
        server.devices = project.servers.back().devices;
    }
    project.servers.push_back(server);
    m_model->setProject(project);
    m_table->setCurrentCell(n, ServerTable::Host);
    m_table->editCell(n, ServerTable::Host);
}

void ServersPage::removeServers()
{
    Project project = m_model->project();
    const std::vector<int> rows = m_table->selectedServers();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        project.servers.erase(project.servers.begin() + *it);
    m_results.assign(project.servers.size(), {});
    m_model->setProject(project);
}

void ServersPage::testServers(const std::vector<int> &indices)
{
    if (indices.empty())
        return;
    for (int index : indices)
        m_table->showStatus(index, tr("connecting…"), false);
    m_progress->setRange(0, int(indices.size()));
    m_progress->setValue(0);
    if (m_job->start(m_model->project(), indices, m_options))
        setBusy(true);
}

void ServersPage::setBusy(bool busy)
{
    for (QPushButton *b : std::as_const(m_idleButtons))
        b->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    m_fromConfig->setEnabled(!busy && !m_hostMenu->isEmpty());
    m_progress->setVisible(busy);
    m_table->setEditTriggers(busy ? QAbstractItemView::NoEditTriggers
                                  : QAbstractItemView::DoubleClicked |
                                        QAbstractItemView::EditKeyPressed |
                                        QAbstractItemView::AnyKeyPressed);
    Q_EMIT completeChanged();
}

void ServersPage::discovered(const std::vector<ServerDiscovery> &results, bool cancelled)
{
    setBusy(false);
    std::vector<ServerDiscovery> unknown;
    m_results.resize(m_model->project().servers.size());
    for (const ServerDiscovery &result : results) {
        const size_t index = size_t(result.connection.serverIndex);
        if (index >= m_results.size())
            continue;
        m_results[index] = result;
        m_table->showDiscovery(result, m_model->project().servers[index]);
        if (result.connection.error.kind == SshError::Kind::HostKeyUnknown)
            unknown.push_back(result);
    }
    int ok = 0;
    for (const ServerDiscovery &result : results)
        ok += result.ok() ? 1 : 0;
    m_message->setText(cancelled ? tr("Cancelled.")
                                 : tr("%1 of %2 servers answered.").arg(ok).arg(results.size()));
    showProblems();
    m_apply->setEnabled(ok > 0);
    if (!unknown.empty() && !cancelled)
        askAboutHostKeys(unknown);
    else
        Q_EMIT discoveryFinished();
}

void ServersPage::askAboutHostKeys(const std::vector<ServerDiscovery> &unknown)
{
    QStringList lines;
    QStringList fingerprints;
    std::vector<int> indices;
    for (const ServerDiscovery &result : unknown) {
        const HostKeyInfo &key = result.connection.hostKey;
        // A jump host's key is the one to compare: say so, with the name it is recorded under.
        const QString owner = key.jumpHost.isEmpty()
                                  ? QString()
                                  : tr("jump host %1 (%2): ").arg(key.jumpHost, key.knownHostsName);
        lines << u"%1 (%2)\n    %3%4 %5"_s.arg(result.connection.serverName,
                                               result.connection.endpoint, owner, key.type,
                                               key.fingerprint);
        fingerprints << key.fingerprint;
        indices.push_back(result.connection.serverIndex);
    }
    // Non-modal open(): the event loop keeps running and tests can find and answer it.
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Unknown host keys"),
                        tr("These servers are not in known_hosts yet. Compare each SHA256 "
                           "fingerprint with the server's own (ssh-keygen -lf on the server) "
                           "before trusting it."),
                        QMessageBox::NoButton, this);
    box->setObjectName(u"hostKeyDialog"_s);
    box->setDetailedText(lines.join(u'\n'));
    box->setInformativeText(lines.join(u'\n'));
    box->addButton(tr("&Trust and connect"), QMessageBox::AcceptRole)->setObjectName(u"trust"_s);
    box->addButton(tr("&Reject"), QMessageBox::RejectRole)->setObjectName(u"reject"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, fingerprints, indices] {
        if (box->buttonRole(box->clickedButton()) != QMessageBox::AcceptRole) {
            Q_EMIT discoveryFinished();
            return;
        }
        // Only these fingerprints: a key that changed since the dialog is still refused.
        FleetOptions options = m_options;
        options.hostKeyPolicy = std::make_shared<TrustFingerprints>(fingerprints);
        m_progress->setRange(0, int(indices.size()));
        for (int index : indices)
            m_table->showStatus(index, tr("connecting…"), false);
        if (m_job->start(m_model->project(), indices, options))
            setBusy(true);
    });
    box->open();
}

void ServersPage::applyDiscovered()
{
    std::vector<ServerDiscovery> found;
    for (const ServerDiscovery &result : m_results) {
        if (result.ok())
            found.push_back(result);
    }
    QStringList changes;
    const Project filled = applyDiscovery(m_model->project(), found, &changes);
    m_model->setProject(filled);
    // Device IPs make this list long: a count here, every value in the tooltip.
    m_message->setText(changes.isEmpty()
                           ? tr("Nothing to fill: every field is already set.")
                           : tr("Filled %n value(s) from discovery (hover for the list).", nullptr,
                                int(changes.size())));
    m_message->setToolTip(changes.join(u'\n'));
}

} // namespace cw
