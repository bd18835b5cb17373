// SPDX-License-Identifier: GPL-3.0-or-later
#include "RestartEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace cw {

RestartEditor::RestartEditor(QWidget *parent)
    : QGroupBox(tr("Restarts after a failure"), parent), m_maxRestarts(new QSpinBox(this)),
      m_dropFailed(new QCheckBox(tr("Leave out a server that is lost or unhealthy"), this)),
      m_minServers(new QSpinBox(this)), m_backoff(new QSpinBox(this)),
      m_supervisor(new QComboBox(this)), m_contract(new QLabel(this))
{
    setObjectName(u"restartBox"_s);
    auto *form = new QFormLayout(this);
    const auto row = [&](const QString &label, QWidget *field, const QString &path) {
        if (label.isEmpty())
            form->addRow(field);
        else
            form->addRow(label, field);
        field->setObjectName(path);
        m_fields[path] = field;
    };
    m_maxRestarts->setRange(0, kMaxRestarts);
    m_maxRestarts->setSpecialValueText(tr("none: a failure ends the run"));
    m_maxRestarts->setToolTip(
        tr("After a failed rank or a lost server the run starts again from the job's own "
           "checkpoint, at most this many times."));
    row(tr("Restarts allowe&d:"), m_maxRestarts, u"launch.restart.max_restarts"_s);
    m_dropFailed->setToolTip(tr("Between two attempts every server is checked (reach, the "
                                "accelerator, the device links); with this on, the next attempt "
                                "runs without the servers that fail."));
    row(QString(), m_dropFailed, u"launch.restart.drop_failed_servers"_s);
    m_minServers->setSpecialValueText(tr("all of them"));
    m_minServers->setSuffix(tr(" servers"));
    row(tr("&Keep at least:"), m_minServers, u"launch.restart.min_servers"_s);
    m_backoff->setRange(0, kMaxBackoffSeconds);
    m_backoff->setSuffix(tr(" s"));
    row(tr("Wa&it before restarting:"), m_backoff, u"launch.restart.backoff_s"_s);
    m_supervisor->setToolTip(tr("The supervisor runs there, detached: the run goes on when this "
                                "window closes. It logs in to the other servers by key."));
    row(tr("S&upervisor on:"), m_supervisor, u"launch.restart.supervisor"_s);
    m_contract->setWordWrap(true);
    m_contract->setText(
        tr("Each attempt's ranks get CLUSTERWIZ_RESTART_COUNT (0, 1, …) and "
           "CLUSTERWIZ_ATTEMPT_SERVERS; the script resumes from its own checkpoint."));
    form->addRow(m_contract);

    const auto changed = [this] {
        updateEnabled();
        if (!m_filling)
            Q_EMIT edited();
    };
    connect(m_maxRestarts, &QSpinBox::valueChanged, this, changed);
    connect(m_dropFailed, &QCheckBox::toggled, this, changed);
    connect(m_minServers, &QSpinBox::valueChanged, this, changed);
    connect(m_backoff, &QSpinBox::valueChanged, this, changed);
    connect(m_supervisor, &QComboBox::currentIndexChanged, this, changed);
}

void RestartEditor::showProject(const Project &project)
{
    m_filling = true;
    const RestartPolicy &policy = project.launch.restart;
    m_maxRestarts->setValue(policy.maxRestarts);
    m_dropFailed->setChecked(policy.dropFailedServers);
    m_minServers->setRange(0, std::max(1, int(project.servers.size())));
    m_minServers->setValue(policy.minServers);
    m_backoff->setValue(policy.backoffSeconds);
    m_supervisor->clear();
    m_supervisor->addItem(tr("the master"), QString());
    for (const Server &server : project.servers)
        m_supervisor->addItem(server.name, server.name);
    const int index = m_supervisor->findData(policy.supervisor);
    if (index < 0 && !policy.supervisor.isEmpty()) // not a server: kept, for the core to refuse
        m_supervisor->addItem(policy.supervisor, policy.supervisor);
    m_supervisor->setCurrentIndex(std::max(0, m_supervisor->findData(policy.supervisor)));
    updateEnabled();
    m_filling = false;
}

RestartPolicy RestartEditor::policy() const
{
    RestartPolicy policy;
    policy.maxRestarts = m_maxRestarts->value();
    policy.dropFailedServers = m_dropFailed->isChecked();
    policy.minServers = m_minServers->value();
    policy.backoffSeconds = m_backoff->value();
    policy.supervisor = m_supervisor->currentData().toString();
    return policy;
}

void RestartEditor::updateEnabled()
{
    const bool restarts = m_maxRestarts->value() > 0;
    for (QWidget *field : {static_cast<QWidget *>(m_dropFailed), static_cast<QWidget *>(m_backoff),
                           static_cast<QWidget *>(m_supervisor)})
        field->setEnabled(restarts);
    m_minServers->setEnabled(restarts && m_dropFailed->isChecked());
    m_contract->setEnabled(restarts);
}

} // namespace cw
