// SPDX-License-Identifier: GPL-3.0-or-later
#include "SlurmEditor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

SlurmEditor::SlurmEditor(QWidget *parent)
    : QGroupBox(tr("Scheduler"), parent), m_scheduler(new QComboBox(this)),
      m_slurmFields(new QWidget(this)), m_partition(new QLineEdit(this)),
      m_account(new QLineEdit(this)), m_time(new QLineEdit(this)), m_qos(new QLineEdit(this)),
      m_gres(new QLineEdit(this)), m_sbatchArgs(new QPlainTextEdit(this)),
      m_login(new QComboBox(this))
{
    setObjectName(u"slurmBox"_s);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QFormLayout;
    m_scheduler->addItem(tr("SSH: clusterwiz starts train.sh on every server"),
                         int(Scheduler::Ssh));
    m_scheduler->addItem(tr("Slurm: submit with sbatch from a login node"), int(Scheduler::Slurm));
    m_scheduler->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scheduler->setMinimumContentsLength(14);
    m_scheduler->setObjectName(u"launch.scheduler"_s);
    m_fields[u"launch.scheduler"_s] = m_scheduler;
    top->addRow(tr("Start t&hrough:"), m_scheduler);
    layout->addLayout(top);

    auto *form = new QFormLayout(m_slurmFields);
    form->setContentsMargins(0, 0, 0, 0);
    const auto row = [&](const QString &label, QWidget *field, const QString &path) {
        form->addRow(label, field);
        field->setObjectName(path);
        m_fields[path] = field;
    };
    m_partition->setPlaceholderText(tr("the site's default"));
    row(tr("Partition:"), m_partition, u"launch.slurm.partition"_s);
    m_account->setPlaceholderText(tr("the site's default"));
    row(tr("Account:"), m_account, u"launch.slurm.account"_s);
    m_time->setPlaceholderText(tr("e.g. 2:00:00 or 1-00:00:00"));
    row(tr("Time limit:"), m_time, u"launch.slurm.time"_s);
    m_qos->setPlaceholderText(tr("the site's default"));
    row(tr("&QOS:"), m_qos, u"launch.slurm.qos"_s);
    m_gres->setPlaceholderText(tr("e.g. gpu:8 or npu:16"));
    row(tr("Generic resources:"), m_gres, u"launch.slurm.gres"_s);
    m_sbatchArgs->setPlaceholderText(tr("more sbatch options, one per line (--mem=0)"));
    m_sbatchArgs->setTabChangesFocus(true);
    m_sbatchArgs->setFixedHeight(m_sbatchArgs->fontMetrics().lineSpacing() * 2 + 12);
    row(tr("sbat&ch options:"), m_sbatchArgs, u"launch.slurm.sbatch_args"_s);
    m_login->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_login->setMinimumContentsLength(14);
    m_login->setToolTip(tr("Where clusterwiz runs sbatch, squeue and scancel over SSH. Each "
                           "server's name must be its Slurm node name."));
    row(tr("Lo&gin node:"), m_login, u"launch.slurm.login"_s);
    layout->addWidget(m_slurmFields);

    const auto changed = [this] {
        if (!m_filling)
            Q_EMIT edited();
    };
    connect(m_scheduler, &QComboBox::currentIndexChanged, this, [this, changed] {
        updateVisibility();
        changed();
    });
    for (QLineEdit *edit : {m_partition, m_account, m_time, m_qos, m_gres})
        connect(edit, &QLineEdit::textEdited, this, changed);
    connect(m_sbatchArgs, &QPlainTextEdit::textChanged, this, changed);
    connect(m_login, &QComboBox::currentIndexChanged, this, changed);
    updateVisibility();
}

void SlurmEditor::showProject(const Project &project)
{
    m_filling = true;
    const LaunchConfig &launch = project.launch;
    const SlurmOptions &slurm = launch.slurm;
    m_scheduler->setCurrentIndex(std::max(0, m_scheduler->findData(int(launch.scheduler))));
    m_partition->setText(slurm.partition);
    m_account->setText(slurm.account);
    m_time->setText(slurm.time);
    m_qos->setText(slurm.qos);
    m_gres->setText(slurm.gres);
    m_sbatchArgs->setPlainText(slurm.sbatchArgs.join(u'\n'));
    m_login->clear();
    m_login->addItem(tr("the master"), QString());
    for (const Server &server : project.servers)
        m_login->addItem(server.name, server.name);
    if (m_login->findData(slurm.login) < 0) // a separate host: kept as the file has it
        m_login->addItem(slurm.login, slurm.login);
    m_login->setCurrentIndex(std::max(0, m_login->findData(slurm.login)));
    updateVisibility();
    m_filling = false;
}

LaunchConfig SlurmEditor::apply(LaunchConfig base) const
{
    base.scheduler = Scheduler(m_scheduler->currentData().toInt());
    SlurmOptions &slurm = base.slurm;
    slurm.partition = m_partition->text();
    slurm.account = m_account->text();
    slurm.time = m_time->text();
    slurm.qos = m_qos->text();
    slurm.gres = m_gres->text();
    QStringList words = m_sbatchArgs->toPlainText().split(u'\n');
    while (!words.isEmpty() && words.constLast().isEmpty())
        words.removeLast();
    slurm.sbatchArgs = words;
    slurm.login = m_login->currentData().toString();
    return base;
}

void SlurmEditor::updateVisibility()
{
    m_slurmFields->setVisible(m_scheduler->currentData().toInt() == int(Scheduler::Slurm));
}

} // namespace cw
