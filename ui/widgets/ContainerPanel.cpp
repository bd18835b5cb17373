// SPDX-License-Identifier: GPL-3.0-or-later
#include "ContainerPanel.h"

#include "ContainerPreview.h"
#include "ContainerProblemText.h"
#include "container/ContainerText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// One value a line; blank lines and the spaces around a value are not values.
QStringList lines(const QPlainTextEdit *edit)
{
    QStringList values;
    for (const QString &line : edit->toPlainText().split(u'\n')) {
        if (const QString value = line.trimmed(); !value.isEmpty())
            values << value;
    }
    return values;
}

void showLines(QPlainTextEdit *edit, const QStringList &values)
{
    // Only when they differ: the cursor stays where the user types.
    if (lines(edit) != values)
        edit->setPlainText(values.join(u'\n'));
}

void showText(QLineEdit *edit, const QString &text)
{
    if (edit->text().trimmed() != text)
        edit->setText(text);
}

QPlainTextEdit *listField(const QString &name, const QString &placeholder, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setTabChangesFocus(true);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 3 + 12);
    return edit;
}

} // namespace

ContainerPanel::ContainerPanel(QWidget *parent)
    : QWidget(parent),
      m_enable(new QCheckBox(tr("Run the job inside a training container on every ser&ver"), this)),
      m_fields(new QWidget(this)), m_engine(new QComboBox(m_fields)),
      m_image(new QLineEdit(m_fields)), m_name(new QLineEdit(m_fields)),
      m_port(new QLineEdit(m_fields)), m_shm(new QLineEdit(m_fields)),
      m_privileged(new QCheckBox(tr("Privileged"), m_fields)),
      m_mounts(listField(u"containerMounts"_s, tr("/data:/data (one per line; :ro for read-only)"),
                         m_fields)),
      m_envSetup(listField(u"containerEnvSetup"_s,
                           tr("source /usr/local/Ascend/ascend-toolkit/set_env.sh"), m_fields)),
      m_runArgs(listField(u"containerRunArgs"_s, tr("--cap-add=SYS_PTRACE (one word per line)"),
                          m_fields)),
      m_cancel(new QPushButton(tr("Cancel"), m_fields)), m_progress(new QProgressBar(m_fields)),
      m_message(new QLabel(m_fields)), m_problems(new QListWidget(m_fields)),
      m_results(new QTreeWidget(m_fields))
{
    setObjectName(u"containerPanel"_s);
    m_enable->setObjectName(u"containerEnabled"_s);
    m_enable->setToolTip(tr("Creates one container per server from the image (Create "
                            "containers); the checks, the doctor and the job then reach the "
                            "containers at the host's address on the SSH port below, as root. "
                            "Test connection still reaches the hosts."));
    m_fields->setObjectName(u"containerFields"_s);
    m_engine->setObjectName(u"containerEngine"_s);
    for (const ContainerEngine engine : {ContainerEngine::Docker, ContainerEngine::Podman})
        m_engine->addItem(kContainerEngineNames.name(engine), int(engine));
    m_image->setObjectName(u"containerImage"_s);
    m_image->setPlaceholderText(tr("registry/name:tag, already on every server"));
    m_name->setObjectName(u"containerName"_s);
    m_port->setObjectName(u"containerSshPort"_s);
    m_port->setValidator(
        new QRegularExpressionValidator(QRegularExpression(u"[0-9]{0,5}"_s), m_port));
    m_port->setToolTip(tr("The port of the sshd inside, on the host's network: one free port, "
                          "the same on every server."));
    m_shm->setObjectName(u"containerShmSize"_s);
    m_shm->setPlaceholderText(tr("host's"));
    m_shm->setToolTip(tr("--shm-size, such as 16g; empty: the host's shared memory (--ipc host)."));
    m_privileged->setObjectName(u"containerPrivileged"_s);
    m_privileged->setToolTip(tr("Runs the container with --privileged."));

    // Two rows: the image's reference is long, the others short.
    auto *values = new QHBoxLayout;
    auto *sizes = new QHBoxLayout;
    const auto addField = [&](QHBoxLayout *row, const QString &member, QWidget *field,
                              int stretch) {
        auto *label = new QLabel(ContainerProblemText::fieldTitle(member), m_fields);
        label->setBuddy(field);
        row->addWidget(label);
        row->addWidget(field, stretch);
    };
    addField(values, u"engine"_s, m_engine, 0);
    addField(values, u"image"_s, m_image, 4);
    addField(values, u"name"_s, m_name, 1);
    addField(sizes, u"ssh_port"_s, m_port, 0);
    addField(sizes, u"shm_size"_s, m_shm, 0);
    m_port->setFixedWidth(m_port->fontMetrics().horizontalAdvance(u"000000"_s) + 16);
    m_shm->setFixedWidth(m_shm->fontMetrics().horizontalAdvance(u"0000000000"_s) + 16);
    sizes->addWidget(m_privileged);
    sizes->addStretch();

    auto *listsRow = new QGridLayout;
    int column = 0;
    const std::pair<QString, QPlainTextEdit *> listFields[] = {
        {u"mounts"_s, m_mounts}, {u"env_setup"_s, m_envSetup}, {u"run_args"_s, m_runArgs}};
    for (const auto &[member, edit] : listFields) {
        auto *label = new QLabel(
            tr("%1 (one per line)").arg(ContainerProblemText::fieldTitle(member)), m_fields);
        label->setBuddy(edit);
        listsRow->addWidget(label, 0, column);
        listsRow->addWidget(edit, 1, column);
        listsRow->setColumnStretch(column, 1);
        ++column;
    }

    auto *buttons = new QHBoxLayout;
    const auto button = [&](const QString &text, const QString &name, auto slot) {
        auto *b = new QPushButton(text, m_fields);
        b->setObjectName(name);
        connect(b, &QPushButton::clicked, this, slot);
        buttons->addWidget(b);
        m_runButtons << b;
        return b;
    };
    button(tr("&Preview…"), u"previewContainers"_s, &ContainerPanel::openPreview);
    button(tr("Create conta&iners"), u"createContainers"_s,
           [this] { start(ContainerJob::Action::Up); });
    button(tr("Status"), u"containerStatus"_s, [this] { start(ContainerJob::Action::Status); });
    button(tr("Re&move containers"), u"removeContainers"_s, &ContainerPanel::askDown);
    m_progress->setObjectName(u"containerProgress"_s);
    m_progress->setRange(0, 0);
    m_progress->setFixedWidth(120);
    m_cancel->setObjectName(u"cancelContainers"_s);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
        m_cancel->setEnabled(false);
        m_message->setText(tr("Cancelling…"));
    });
    buttons->addWidget(m_progress);
    buttons->addWidget(m_cancel);
    m_message->setObjectName(u"containerMessage"_s);
    m_message->setWordWrap(true);
    buttons->addWidget(m_message, 1);

    m_problems->setObjectName(u"containerProblems"_s);
    m_problems->setWordWrap(true);
    m_problems->setTextElideMode(Qt::ElideNone);
    m_problems->setResizeMode(QListView::Adjust);
    m_problems->setMaximumHeight(m_problems->fontMetrics().lineSpacing() * 4 + 8);
    m_problems->hide();
    m_results->setObjectName(u"containerResults"_s);
    m_results->setColumnCount(3);
    m_results->setHeaderLabels({tr("Server"), tr("State"), tr("Details")});
    m_results->setRootIsDecorated(false);
    m_results->setWordWrap(true);
    m_results->header()->setStretchLastSection(true);
    m_results->setMaximumHeight(m_results->fontMetrics().lineSpacing() * 7);
    m_results->hide();

    auto *fields = new QVBoxLayout(m_fields);
    fields->setContentsMargins(0, 0, 0, 0);
    fields->addLayout(values);
    fields->addLayout(sizes);
    fields->addLayout(listsRow);
    fields->addLayout(buttons);
    fields->addWidget(m_problems);
    fields->addWidget(m_results);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_enable, 0, Qt::AlignLeft); // clicked where its text is, not beside it
    layout->addWidget(m_fields);

    showValues(ContainerConfig{});
    connect(m_enable, &QCheckBox::toggled, this, [this] {
        showEnabled();
        changed();
    });
    connect(m_engine, &QComboBox::currentIndexChanged, this, &ContainerPanel::changed);
    for (QLineEdit *edit : {m_image, m_name, m_port, m_shm})
        connect(edit, &QLineEdit::textChanged, this, &ContainerPanel::changed);
    connect(m_privileged, &QCheckBox::toggled, this, &ContainerPanel::changed);
    for (QPlainTextEdit *edit : {m_mounts, m_envSetup, m_runArgs})
        connect(edit, &QPlainTextEdit::textChanged, this, &ContainerPanel::changed);
    setBusy(false);
    showEnabled();
}

ContainerConfig ContainerPanel::fieldValues() const
{
    ContainerConfig container;
    container.engine = ContainerEngine(m_engine->currentData().toInt());
    container.image = m_image->text().trimmed();
    container.name = m_name->text().trimmed();
    container.sshPort = m_port->text().toInt(); // empty: 0, which the rules name
    container.shmSize = m_shm->text().trimmed();
    container.mounts = lines(m_mounts);
    container.envSetup = lines(m_envSetup);
    container.runArgs = lines(m_runArgs);
    container.privileged = m_privileged->isChecked();
    return container;
}

std::optional<ContainerConfig> ContainerPanel::container() const
{
    if (!m_enable->isChecked())
        return std::nullopt;
    return fieldValues();
}

void ContainerPanel::showValues(const ContainerConfig &container)
{
    m_engine->setCurrentIndex(std::max(0, m_engine->findData(int(container.engine))));
    showText(m_image, container.image);
    showText(m_name, container.name);
    if (m_port->text().toInt() != container.sshPort)
        m_port->setText(QString::number(container.sshPort));
    showText(m_shm, container.shmSize);
    m_privileged->setChecked(container.privileged);
    showLines(m_mounts, container.mounts);
    showLines(m_envSetup, container.envSetup);
    showLines(m_runArgs, container.runArgs);
}

void ContainerPanel::showProject(const Project &project, const QString &savedPath,
                                 const QString &refusal)
{
    m_project = project;
    m_journalPath = savedPath.isEmpty() ? QString() : containerJournalPath(savedPath);
    m_refusal = refusal;
    m_showing = true;
    // Without a section the box is unchecked and the values stay, for checking it again.
    if (project.container)
        showValues(*project.container);
    m_enable->setChecked(project.container.has_value());
    m_showing = false;
    showEnabled();
}

void ContainerPanel::forgetValues()
{
    m_showing = true;
    showValues(ContainerConfig{});
    m_showing = false;
    m_results->clear();
    m_results->hide();
    m_message->clear();
}

void ContainerPanel::showEnabled()
{
    m_fields->setVisible(m_enable->isChecked());
}

void ContainerPanel::changed()
{
    if (!m_showing)
        Q_EMIT edited();
}

void ContainerPanel::showProblems(const Problems &problems)
{
    m_problems->clear();
    for (const Problem &problem : problems) {
        if (!ContainerProblemText::isContainerProblem(problem))
            continue;
        const QString text = ContainerProblemText::fieldText(problem);
        auto *item = new QListWidgetItem(text, m_problems);
        item->setToolTip(text);
    }
    m_problems->setVisible(m_problems->count() > 0);
}

bool ContainerPanel::refuse(bool needsSaving)
{
    // The rules first: a value they refuse reaches no server, nor the preview.
    QString refusal = m_refusal;
    if (refusal.isEmpty() && needsSaving && m_journalPath.isEmpty())
        refusal = tr("Save the project first (Ctrl+S): the containers are made from the saved "
                     "project, and their journal is kept beside it.");
    if (!m_project.container)
        refusal = tr("Check \"%1\" first.").arg(m_enable->text().remove(u'&'));
    if (refusal.isEmpty())
        return false;
    m_message->setText(refusal);
    return true;
}

void ContainerPanel::openPreview()
{
    if (refuse(false))
        return;
    auto *preview = new ContainerPreview(m_project, this);
    preview->setAttribute(Qt::WA_DeleteOnClose);
    m_preview = preview;
    preview->open(); // not exec(): the event loop goes on, and tests find the dialog
}

void ContainerPanel::askDown()
{
    if (isBusy() || refuse(true))
        return;
    const int count = int(m_project.servers.size());
    auto *ask = new QMessageBox(
        QMessageBox::Warning, tr("Remove the training containers?"),
        tr("Remove the %n container(s) named %1 that Create containers made, one on each "
           "server, and what they hold outside the mounts? The hosts and their files stay.",
           nullptr, count)
            .arg(m_project.container->name),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    ask->setObjectName(u"confirmRemoveContainers"_s);
    ask->setDefaultButton(QMessageBox::Cancel);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    connect(ask, &QMessageBox::finished, this, [this](int answer) {
        if (answer == QMessageBox::Yes)
            start(ContainerJob::Action::Down);
    });
    ask->open();
}

void ContainerPanel::start(ContainerJob::Action action)
{
    if (isBusy() || refuse(true))
        return;
    if (!m_job) {
        m_job = new ContainerJob(this);
        connect(m_job, &ContainerJob::finished, this, &ContainerPanel::finished);
    }
    if (!m_job->start(action, m_project, m_options, m_journalPath))
        return;
    m_runProject = m_project; // its rows are named by it, whatever is edited meanwhile
    const int count = int(m_project.servers.size());
    m_message->setText(action == ContainerJob::Action::Up
                           ? tr("Creating the containers on %n server(s)…", nullptr, count)
                       : action == ContainerJob::Action::Down
                           ? tr("Removing the containers on %n server(s)…", nullptr, count)
                           : tr("Asking %n server(s) about their containers…", nullptr, count));
    setBusy(true);
}

void ContainerPanel::finished(const ContainerRun &run, bool cancelled)
{
    const ContainerJob::Action action = m_job->action();
    m_results->clear();
    int failed = 0;
    for (const ContainerServerResult &result : run.servers) {
        QString state;
        QString details;
        if (!result.ok()) {
            ++failed;
            state = result.refusalCode.isEmpty() ? tr("failed") : tr("refused");
            details = containerProblemText(result).translated();
        } else if (action == ContainerJob::Action::Status) {
            const ContainerStatusText status = containerStatusText(m_runProject, result);
            failed += status.ready ? 0 : 1;
            state = status.ready ? tr("ready") : tr("not ready");
            details = status.text.translated();
        } else {
            const bool created = std::any_of(
                result.changes.begin(), result.changes.end(),
                [](const QString &change) { return change.startsWith(u"created container "_s); });
            state = run.stoppedBeforeChanges && result.changes.isEmpty() ? tr("not made")
                    : result.changes.isEmpty()                           ? tr("unchanged")
                    : action == ContainerJob::Action::Down               ? tr("removed")
                    : created                                            ? tr("created")
                                                                         : tr("changed");
            details = containerChangesText(result, run.stoppedBeforeChanges).translated();
        }
        auto *item = new QTreeWidgetItem(
            m_results, {containerHostLabel(m_runProject, result.connection.serverIndex), state,
                        escapeControls(details)});
        item->setToolTip(2, item->text(2));
    }
    QStringList notes = run.notes;
    if (!run.error.isEmpty())
        notes << run.error;
    for (const QString &note : std::as_const(notes)) {
        auto *item =
            new QTreeWidgetItem(m_results, {tr("this machine"), QString(), escapeControls(note)});
        item->setToolTip(2, item->text(2));
    }
    m_results->resizeColumnToContents(0);
    m_results->resizeColumnToContents(1);
    m_results->setVisible(m_results->topLevelItemCount() > 0);
    const int total = int(run.servers.size());
    QString text;
    if (cancelled)
        text = tr("Cancelled.");
    else if (run.stoppedBeforeChanges)
        text =
            tr("Nothing was created or changed: %1 of %2 servers refused.").arg(failed).arg(total);
    else if (action == ContainerJob::Action::Status)
        text = failed == 0 ? tr("Every container is ready for the job.")
                           : tr("%1 of %2 containers not ready.").arg(failed).arg(total);
    else if (failed > 0 || !run.error.isEmpty())
        text = tr("%1 of %2 servers failed.").arg(failed).arg(total);
    else
        text = run.changedAnything() ? tr("Done on %n server(s).", nullptr, total)
                                     : tr("Nothing changed.");
    setBusy(false);
    m_message->setText(text);
}

void ContainerPanel::setBusy(bool busy)
{
    for (QPushButton *b : std::as_const(m_runButtons))
        b->setEnabled(!busy);
    m_enable->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    m_cancel->setVisible(busy);
    m_progress->setVisible(busy);
    Q_EMIT busyChanged(busy);
}

} // namespace cw
