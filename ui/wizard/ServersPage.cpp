// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServersPage.h"

#include "ProjectModel.h"
#include "rules/ValueRules.h"
#include "ssh/SshConfigHosts.h"
#include "widgets/ContainerPanel.h"
#include "widgets/ContainerProblemText.h"
#include "widgets/CredentialPrompt.h"
#include "widgets/DiscoveryJob.h"
#include "widgets/ServerProblemText.h"
#include "widgets/ServerTable.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// One step of the undo history: the page's state before and after it. The push's own redo()
// does nothing, the change being made already.
class ServersStep : public QUndoCommand {
public:
    ServersStep(const QString &text, std::function<void()> undo, std::function<void()> redo)
        : QUndoCommand(text), m_undo(std::move(undo)), m_redo(std::move(redo))
    {
    }
    void undo() override { m_undo(); }
    void redo() override
    {
        if (!std::exchange(m_pushed, true))
            return;
        m_redo();
    }

private:
    std::function<void()> m_undo;
    std::function<void()> m_redo;
    bool m_pushed = false;
};

QString serverNames(const std::vector<Server> &servers, const std::vector<int> &rows)
{
    QStringList names;
    for (int row : rows)
        names << servers[size_t(row)].name;
    return names.join(u", "_s);
}

} // namespace

ServersPage::ServersPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_table(new ServerTable(this)),
      m_progress(new QProgressBar(this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_apply(new QPushButton(tr("Apply &discovered values"), this)),
      m_fromConfig(new QPushButton(tr("From ssh &config"), this)), m_hostMenu(new QMenu(this)),
      m_message(new QLabel(this)), m_problems(new QListWidget(this)), m_filter(new QLineEdit(this)),
      m_filterCount(new QLabel(this)), m_undo(new QUndoStack(this)),
      m_self(std::make_shared<ServersPage *>(this)), m_containers(new ContainerPanel(this)),
      m_undoAction(new QAction(tr("&Undo"), this)), m_redoAction(new QAction(tr("Red&o"), this))
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
        for (DiscoveryJob *job : findChildren<DiscoveryJob *>(Qt::FindDirectChildrenOnly))
            job->cancel();
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
    // Above the table: the filter and the undo history.
    auto *top = new QHBoxLayout;
    m_filter->setObjectName(u"serverFilter"_s);
    m_filter->setPlaceholderText(tr("Filter servers (Ctrl+F)…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows the servers whose name, address, host IP, status or problem "
                            "holds this text. Esc clears it."));
    m_filter->installEventFilter(this);
    connect(m_filter, &QLineEdit::textChanged, m_table, &ServerTable::setFilterText);
    auto *find = new QShortcut(QKeySequence::Find, this);
    find->setContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QShortcut::activated, this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    m_filterCount->setObjectName(u"serverFilterCount"_s);
    connect(m_table, &ServerTable::filterChanged, this, [this] {
        // Going to a hidden server clears the table's filter: the field follows.
        if (m_table->filterText() != m_filter->text().trimmed())
            m_filter->clear();
        showFilterCount();
    });
    m_undoAction->setObjectName(u"undo"_s);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction->setObjectName(u"redo"_s);
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &key : {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)}) {
        if (!redoKeys.contains(key))
            redoKeys << key;
    }
    m_redoAction->setShortcuts(redoKeys);
    for (QAction *action : {m_undoAction, m_redoAction}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setEnabled(false);
        addAction(action);
    }
    connect(m_undoAction, &QAction::triggered, this, [this] {
        if (m_jobsRunning == 0)
            m_undo->undo();
    });
    connect(m_redoAction, &QAction::triggered, this, [this] {
        if (m_jobsRunning == 0)
            m_undo->redo();
    });
    listenToUndo();
    top->addWidget(m_filter, 1);
    top->addWidget(m_filterCount);
    top->addStretch();
    for (QAction *action : {m_undoAction, m_redoAction}) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(action);
        b->setObjectName(action->objectName() + u"Button"_s);
        top->addWidget(b);
    }

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_problems);
    split->setStretchFactor(0, 1);
    split->setSizes({420, 160});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    layout->addWidget(m_containers);
    m_containers->setFleetOptions(m_options);
    connect(m_containers, &ContainerPanel::edited, this, &ServersPage::containersEdited);
    connect(m_containers, &ContainerPanel::busyChanged, this, &ServersPage::completeChanged);

    connect(m_table, &ServerTable::edited, this, &ServersPage::writeBack);
    connect(m_model, &ProjectModel::changed, this, [this] {
        // Another page changed the project: an undo here would put back its old values too.
        if (!m_ownChange)
            m_undo->clear();
        if (!m_writing)
            fromModel();
        showProblems();
        showContainers();
        Q_EMIT completeChanged();
    });
    // Saving changes what the panel may run, not the project.
    connect(m_model, &ProjectModel::dirtyChanged, this, &ServersPage::showContainers);
    connect(m_model, &ProjectModel::pathChanged, this, &ServersPage::showContainers);
    // Another project: the last one's answers and messages do not describe it.
    connect(m_model, &ProjectModel::replaced, this, [this] {
        m_results.clear();
        m_undo->clear();
        m_waiting.clear();
        m_testing.clear();
        m_table->forgetDiscovery();
        m_message->clear();
        m_message->setToolTip(QString());
        m_apply->setEnabled(false);
        m_containers->forgetValues();
        fromModel();
        showProblems();
        showContainers();
    });
    refreshConfigHosts();
}

ServersPage::~ServersPage()
{
    // The undo stack, a child, reports its clearing while it is destroyed, after this page's part.
    disconnect(m_undo, nullptr, this, nullptr);
}

void ServersPage::listenToUndo()
{
    connect(m_undo, &QUndoStack::indexChanged, this, &ServersPage::showUndoState);
    connect(m_undo, &QUndoStack::canUndoChanged, this, &ServersPage::showUndoState);
    connect(m_undo, &QUndoStack::canRedoChanged, this, &ServersPage::showUndoState);
}

bool ServersPage::isBusy() const
{
    return m_jobsRunning > 0 || m_containers->isBusy();
}

void ServersPage::takeOver(ServersPage &old)
{
    // What the servers answered, and the undo history with them: its steps now restore this
    // page (their names stay in the language they were made in).
    m_results = old.m_results;
    disconnect(m_undo, nullptr, this, nullptr);
    delete m_undo;
    disconnect(old.m_undo, nullptr, &old, nullptr);
    m_undo = std::exchange(old.m_undo, new QUndoStack(&old));
    m_undo->setParent(this);
    *old.m_self = this;
    m_self = std::exchange(old.m_self, std::make_shared<ServersPage *>(&old));
    listenToUndo();
    m_filter->setText(old.m_filter->text());
    showServers(true);
    m_apply->setEnabled(anyAnswered());
    showUndoState();
}

void ServersPage::setFleetOptions(const FleetOptions &options)
{
    m_options = options;
    m_containers->setFleetOptions(options);
    refreshConfigHosts();
}

void ServersPage::initializePage()
{
    refreshConfigHosts(); // the user may have edited the config since
    fromModel();
    showContainers();
}

void ServersPage::showContainers()
{
    // The runs work from the saved file (the CLI's too), their journal beside it.
    const bool saved = !m_model->path().isEmpty() && !m_model->isReadOnly() && !m_model->isDirty();
    m_containers->showProject(m_model->project(), saved ? m_model->path() : QString(),
                              m_model->refusalText());
    m_containers->showProblems(m_model->problemsIn(ProblemArea::Servers));
}

void ServersPage::containersEdited()
{
    Project project = m_model->project();
    project.container = m_containers->container();
    if (project.container == m_model->project().container)
        return;
    // The page's own change: the table's undo history stays (it never touches the section).
    m_ownChange = true;
    m_writing = true;
    m_model->setProject(project);
    m_writing = false;
    m_ownChange = false;
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
    m_fromConfig->setEnabled(!hosts.isEmpty() && m_jobsRunning == 0);
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
    commit(project, m_results, tr("add %1").arg(server.name), false);
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
    const std::vector<Server> before = project.servers;
    project.servers = m_table->servers(project.servers);
    std::vector<ServerDiscovery> results = m_results;
    results.resize(project.servers.size());
    QString what;
    QStringList emptied;
    for (size_t i = 0; i < project.servers.size() && i < before.size(); ++i) {
        Server &server = project.servers[i];
        if (server == before[i])
            continue;
        what = tr("edit %1").arg(server.name);
        if (server.host == before[i].host)
            continue;
        // Another address is another machine: what was found on the old one, and the host IP
        // that came with it, describe it no more. Test connection finds the new one's.
        results[i] = {};
        m_table->forgetFacts(int(i));
        if (!server.hostIp.isEmpty() && server.hostIp == before[i].hostIp) {
            emptied << tr("%1: Host IP %2 emptied (it was the old address's).")
                           .arg(server.name, server.hostIp);
            server.hostIp.clear();
        }
    }
    if (what.isEmpty())
        return;
    commit(project, results, what, true);
    if (!emptied.isEmpty()) {
        fromModel(); // the emptied cells
        m_message->setText(emptied.join(u' ') + u' ' + tr("Ctrl+Z undoes it."));
    }
}

ServersPage::Snapshot ServersPage::snapshot() const
{
    const Project &project = m_model->project();
    return {project.servers, project.launch.master, m_results};
}

void ServersPage::restore(const Snapshot &state)
{
    const int row = m_table->currentServer();
    const int column = m_table->currentIndex().column();
    Project project = m_model->project();
    const bool rowsMoved = project.servers.size() != state.servers.size();
    project.servers = state.servers;
    project.launch.master = state.master;
    m_results = state.results;
    m_ownChange = true;
    m_writing = true; // showServers() reads the model into the table
    m_model->setProject(project);
    m_writing = false;
    m_ownChange = false;
    showServers(rowsMoved);
    if (row >= 0 && row < m_table->rowCount())
        m_table->setCurrentCell(row, column);
}

void ServersPage::commit(const Project &project, std::vector<ServerDiscovery> results,
                         const QString &what, bool fromTable)
{
    const Snapshot before = snapshot();
    const bool rowsMoved = project.servers.size() != before.servers.size();
    m_results = std::move(results);
    m_ownChange = true;
    m_writing = true;
    m_model->setProject(project);
    m_writing = false;
    m_ownChange = false;
    if (!fromTable)
        showServers(rowsMoved);
    const Snapshot after = snapshot();
    if (before.servers == after.servers && before.master == after.master)
        return;
    // Through the handle: the steps restore the page that holds the history then (takeOver).
    m_undo->push(new ServersStep(
        what, [self = m_self, before] { (*self)->restore(before); },
        [self = m_self, after] { (*self)->restore(after); }));
}

void ServersPage::showServers(bool rowsMoved)
{
    // Rows that came or went move the others: every row is drawn again from its own answer.
    if (rowsMoved)
        m_table->forgetDiscovery();
    const std::vector<Server> &servers = m_model->project().servers;
    m_results.resize(servers.size());
    for (int i = 0; i < m_table->rowCount() && size_t(i) < servers.size(); ++i) {
        if (m_results[size_t(i)].connection.serverIndex < 0)
            m_table->forgetFacts(i);
    }
    fromModel();
    for (size_t i = 0; i < servers.size(); ++i) {
        if (m_results[i].connection.serverIndex < 0)
            continue;
        m_results[i].connection.serverIndex = int(i);
        m_table->showDiscovery(m_results[i], servers[i]);
    }
    showProblems();
    showFilterCount();
}

void ServersPage::showFilterCount()
{
    const int total = m_table->rowCount();
    m_filterCount->setVisible(!m_table->filterText().isEmpty());
    m_filterCount->setText(tr("%1 of %2 servers").arg(m_table->shownRowCount()).arg(total));
}

bool ServersPage::eventFilter(QObject *watched, QEvent *event)
{
    // Esc in the filter clears it; only an empty filter lets Esc reach the wizard (close).
    if (watched == m_filter && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape && !m_filter->text().isEmpty()) {
        m_filter->clear();
        return true;
    }
    return QWizardPage::eventFilter(watched, event);
}

bool ServersPage::isComplete() const
{
    return !m_model->project().servers.empty() && m_jobsRunning == 0 && !m_containers->isBusy();
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
        if (ContainerProblemText::isContainerProblem(problem))
            continue; // under the container panel's fields
        const QString text = ServerProblemText::text(problem, project);
        const int column = ServerTable::columnForField(problem.location.field);
        if (problem.location.server >= 0 && column >= 0)
            cells.emplace_back(problem.location.server, column, text);
        add(text, problem.location.server, column);
    }
    // Two rows that reach one machine (the same address or alias and port): the later one is
    // likely a slip. An address shared by host IPs is the validator's already.
    for (size_t s = 0; s < project.servers.size(); ++s) {
        const Server &server = project.servers[s];
        const bool marked = std::any_of(cells.begin(), cells.end(), [&](const auto &cell) {
            return std::get<0>(cell) == int(s) && std::get<1>(cell) == ServerTable::Host;
        });
        if (server.host.isEmpty() || marked)
            continue;
        for (size_t t = 0; t < s; ++t) {
            const Server &other = project.servers[t];
            if (other.host.compare(server.host, Qt::CaseInsensitive) != 0 ||
                other.port != server.port)
                continue;
            const QString text =
                tr("%1: %2 \"%3\" and its port are also %4's: a duplicate of "
                   "%4?")
                    .arg(escapeControls(server.name), ServerTable::columnTitle(ServerTable::Host),
                         escapeControls(server.host), escapeControls(other.name));
            cells.emplace_back(int(s), int(ServerTable::Host), text);
            add(text, int(s), ServerTable::Host);
            break;
        }
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
    commit(project, m_results, tr("add %1").arg(server.name), false);
    m_table->setCurrentCell(n, ServerTable::Host);
    m_table->editCell(n, ServerTable::Host);
}

void ServersPage::removeServers()
{
    Project project = m_model->project();
    const std::vector<int> rows = m_table->selectedServers();
    if (rows.empty())
        return;
    const QString names = serverNames(project.servers, rows);
    const bool master = std::find(rows.begin(), rows.end(), project.masterIndex()) != rows.end();
    std::vector<ServerDiscovery> results = m_results;
    results.resize(project.servers.size());
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        project.servers.erase(project.servers.begin() + *it);
        results.erase(results.begin() + *it);
    }
    // Without its named master the first server leads, as in a project that names none.
    if (master)
        project.launch.master.clear();
    // The rows of a test under way moved: its servers are no longer the ones it waits for.
    m_waiting.clear();
    m_testing.clear();
    commit(project, std::move(results), tr("remove %1").arg(names), false);
    if (master && !project.servers.empty()) {
        m_message->setText(tr("Removed %1, the master; %2 is the master now. Ctrl+Z brings it "
                              "back.")
                               .arg(names, project.servers.front().name));
    } else {
        m_message->setText(tr("Removed %1. Ctrl+Z brings it back.").arg(names));
    }
}

void ServersPage::testServers(const std::vector<int> &indices)
{
    if (indices.empty() || m_jobsRunning > 0)
        return;
    m_testing = indices;
    m_cancelled = false;
    m_results.resize(m_model->project().servers.size());
    for (int index : indices) {
        // The last answer does not describe the connection being made now.
        m_results[size_t(index)] = {};
        m_waiting.insert(index);
        m_table->showStatus(index, tr("connecting…"), false);
    }
    m_message->setToolTip(QString());
    showProblems();
    m_apply->setEnabled(anyAnswered());
    startJob(indices, m_options);
}

void ServersPage::startJob(const std::vector<int> &indices, const FleetOptions &options)
{
    auto *job = new DiscoveryJob(this);
    connect(job, &DiscoveryJob::answered, this, &ServersPage::answered);
    connect(job, &DiscoveryJob::finished, this,
            [this, job](const std::vector<ServerDiscovery> &, bool cancelled) {
                job->deleteLater();
                jobFinished(cancelled);
            });
    if (!job->start(m_model->project(), indices, options)) {
        delete job;
        return;
    }
    ++m_jobsRunning;
    setBusy(true);
    showTestProgress();
}

void ServersPage::answered(const ServerDiscovery &result)
{
    const int index = result.connection.serverIndex;
    // A row removed or a project replaced since the test began: nothing to show it in.
    if (index < 0 || size_t(index) >= m_results.size() || !m_waiting.count(index))
        return;
    m_waiting.erase(index);
    m_results[size_t(index)] = result;
    m_table->showDiscovery(result, m_model->project().servers[size_t(index)]);
    showProblems();
    m_apply->setEnabled(anyAnswered());
    showTestProgress();
    if (result.connection.error.kind == SshError::Kind::HostKeyUnknown)
        askAboutHostKey(result);
}

void ServersPage::jobFinished(bool cancelled)
{
    // Every server has reported on its own already (answered()), before this.
    --m_jobsRunning;
    m_cancelled = m_cancelled || cancelled;
    if (m_jobsRunning > 0)
        return;
    setBusy(false);
    showTestProgress();
    finishIfDone();
}

void ServersPage::finishIfDone()
{
    if (m_jobsRunning == 0 && !m_keyDialog)
        Q_EMIT discoveryFinished();
}

void ServersPage::showTestProgress()
{
    int ok = 0;
    for (int index : m_testing) {
        if (size_t(index) < m_results.size() && m_results[size_t(index)].ok())
            ++ok;
    }
    const int total = int(m_testing.size());
    const int waiting = int(m_waiting.size());
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(total - waiting);
    // Once every server has answered nothing is still connecting, though its job may not have
    // reported its end yet: the count is final then.
    if (m_jobsRunning > 0 && waiting > 0)
        m_message->setText(ok == 0 && waiting == total
                               ? tr("Connecting to %n server(s)…", nullptr, total)
                               : tr("%1 of %2 servers answered, %3 still connecting…")
                                     .arg(ok)
                                     .arg(total)
                                     .arg(waiting));
    else
        m_message->setText(m_cancelled
                               ? tr("Cancelled: %1 of %2 servers answered.").arg(ok).arg(total)
                               : tr("%1 of %2 servers answered.").arg(ok).arg(total));
}

bool ServersPage::anyAnswered() const
{
    return std::any_of(m_results.begin(), m_results.end(),
                       [](const ServerDiscovery &result) { return result.ok(); });
}

void ServersPage::showUndoState()
{
    // Not while servers are tested: the answers come back by row.
    const bool idle = m_jobsRunning == 0;
    m_undoAction->setEnabled(idle && m_undo->canUndo());
    m_redoAction->setEnabled(idle && m_undo->canRedo());
    m_undoAction->setToolTip(m_undo->canUndo() ? tr("Undo: %1 (Ctrl+Z)").arg(m_undo->undoText())
                                               : tr("Nothing to undo"));
    m_redoAction->setToolTip(m_undo->canRedo()
                                 ? tr("Redo: %1 (Ctrl+Shift+Z)").arg(m_undo->redoText())
                                 : tr("Nothing to redo"));
}

void ServersPage::setBusy(bool busy)
{
    for (QPushButton *b : std::as_const(m_idleButtons))
        b->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    m_fromConfig->setEnabled(!busy && !m_hostMenu->isEmpty());
    m_progress->setVisible(busy);
    showUndoState();
    m_table->setEditTriggers(busy ? QAbstractItemView::NoEditTriggers
                                  : QAbstractItemView::DoubleClicked |
                                        QAbstractItemView::EditKeyPressed |
                                        QAbstractItemView::AnyKeyPressed);
    Q_EMIT completeChanged();
}

void ServersPage::askAboutHostKey(const ServerDiscovery &unknown)
{
    const HostKeyInfo &key = unknown.connection.hostKey;
    // A jump host's key is the one to compare: say so, with the name it is recorded under.
    const QString owner = key.jumpHost.isEmpty()
                              ? QString()
                              : tr("jump host %1 (%2): ").arg(key.jumpHost, key.knownHostsName);
    m_keyLines << u"%1 (%2)\n    %3%4 %5"_s.arg(unknown.connection.serverName,
                                                unknown.connection.endpoint, owner, key.type,
                                                key.fingerprint);
    m_keyFingerprints << key.fingerprint;
    m_keyServers.push_back(unknown.connection.serverIndex);
    if (!m_keyDialog) {
        // Non-modal open(): the event loop keeps running, the other servers keep answering and
        // their keys join this question; tests can find and answer it.
        auto *box =
            new QMessageBox(QMessageBox::Question, tr("Unknown host keys"),
                            tr("These servers are not in known_hosts yet. Compare each SHA256 "
                               "fingerprint with the server's own (ssh-keygen -lf on the server) "
                               "before trusting it."),
                            QMessageBox::NoButton, this);
        box->setObjectName(u"hostKeyDialog"_s);
        box->addButton(tr("&Trust and connect"), QMessageBox::AcceptRole)
            ->setObjectName(u"trust"_s);
        box->addButton(tr("&Reject"), QMessageBox::RejectRole)->setObjectName(u"reject"_s);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::finished, this, [this, box] {
            hostKeysAnswered(box->buttonRole(box->clickedButton()) == QMessageBox::AcceptRole);
        });
        m_keyDialog = box;
        box->open();
    }
    m_keyDialog->setDetailedText(m_keyLines.join(u'\n'));
    m_keyDialog->setInformativeText(m_keyLines.join(u'\n'));
}

void ServersPage::hostKeysAnswered(bool trusted)
{
    const std::vector<int> indices = std::exchange(m_keyServers, {});
    const QStringList fingerprints = std::exchange(m_keyFingerprints, {});
    m_keyLines.clear();
    m_keyDialog = nullptr;
    if (!trusted) {
        finishIfDone();
        return;
    }
    // Only these fingerprints: a key that changed since the dialog is still refused.
    FleetOptions options = m_options;
    options.hostKeyPolicy = std::make_shared<TrustFingerprints>(fingerprints);
    for (int index : indices) {
        if (size_t(index) >= m_results.size())
            continue;
        m_results[size_t(index)] = {};
        m_waiting.insert(index);
        m_table->showStatus(index, tr("connecting…"), false);
    }
    showProblems();
    startJob(indices, options);
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
    commit(filled, m_results, tr("apply discovered values"), false);
    // Device IPs make this list long: a count here, every value in the tooltip.
    m_message->setText(changes.isEmpty()
                           ? tr("Nothing to fill: every field is already set.")
                           : tr("Filled %n value(s) from discovery (hover for the list).", nullptr,
                                int(changes.size())));
    m_message->setToolTip(changes.join(u'\n'));
}

} // namespace cw
