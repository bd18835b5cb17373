// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchEditor.h"

#include "RestartEditor.h"
#include "SlurmEditor.h"
#include "rules/FrameworkModeRules.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
QStringList lines(const QPlainTextEdit *edit)
{
    QStringList result = edit->toPlainText().split(u'\n');
    while (!result.isEmpty() && result.constLast().isEmpty())
        result.removeLast();
    return result;
}

QPlainTextEdit *smallText(QWidget *parent, const QString &placeholder)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setTabChangesFocus(true);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 3 + 12);
    return edit;
}
} // namespace

LaunchEditor::LaunchEditor(QWidget *parent)
    : QWidget(parent), m_modes(new QButtonGroup(this)), m_workdir(new QLineEdit(this)),
      m_entry(new QLineEdit(this)), m_args(smallText(this, tr("one argument per line"))),
      m_python(new QLineEdit(this)), m_masterPort(new QSpinBox(this)),
      m_master(new QComboBox(this)), m_logDir(new QLineEdit(this)),
      m_envSetup(smallText(this, tr("shell lines run before the job, e.g. source …/set_env.sh"))),
      m_env(new QTableWidget(0, 2, this)), m_mpirunBox(new QGroupBox(tr("mpirun"), this)),
      m_mpirunPer(new QComboBox(this)), m_mpirunPrefix(new QLineEdit(this)),
      m_mpirunArgs(smallText(this, tr("extra mpirun arguments, one per line"))),
      m_hcclWhitelist(new QCheckBox(tr("HCCL only from the servers' host IPs"), this)),
      m_localRankArg(new QComboBox(this)), m_framework(new QComboBox(this)),
      m_restart(new RestartEditor(this)), m_slurm(new SlurmEditor(this))
{
    auto *modeBox = new QGroupBox(tr("Launch mode"), this);
    auto *modeLayout = new QGridLayout(modeBox);
    modeBox->setObjectName(u"modeBox"_s);
    const auto addMode = [&](LaunchMode mode, const QString &title, const QString &when) {
        auto *radio = new QRadioButton(title, modeBox);
        radio->setObjectName(u"mode-"_s + launchModeName(mode));
        m_modes->addButton(radio, int(mode));
        auto *label = new QLabel(when, modeBox);
        label->setObjectName(u"modeText-"_s + launchModeName(mode));
        label->setWordWrap(true);
        m_modeTexts[int(mode)] = {label, when};
        const int row = modeLayout->rowCount();
        modeLayout->addWidget(radio, row, 0);
        modeLayout->addWidget(label, row, 1);
    };
    addMode(LaunchMode::Launch, tr("torchrun / launch"),
            tr("The usual choice: every server starts its own ranks with torchrun."));
    addMode(LaunchMode::Mpirun, tr("mpirun"),
            tr("When OpenMPI and password-free SSH between the servers are set up."));
    addMode(LaunchMode::RankTable, tr("rank table"),
            tr("Ascend jobs that read an HCCL rank table file (RANK_TABLE_FILE)."));
    addMode(LaunchMode::NoRankTable, tr("no rank table"),
            tr("Ascend jobs configured by CM_* variables instead of a rank table."));
    addMode(LaunchMode::Msrun, tr("msrun"),
            tr("MindSpore jobs: every server starts its workers with MindSpore's msrun."));
    modeLayout->setColumnStretch(1, 1);
    connect(m_modes, &QButtonGroup::idClicked, this, [this](int id) {
        followModePort(LaunchMode(id));
        updateVisibility();
        if (!m_filling)
            Q_EMIT edited();
    });

    auto *jobBox = new QGroupBox(tr("Job"), this);
    auto *form = new QFormLayout(jobBox);
    m_masterPort->setRange(1, 65535);
    m_env->setHorizontalHeaderLabels({tr("Variable"), tr("Value")});
    m_env->horizontalHeader()->setStretchLastSection(true);
    m_env->verticalHeader()->setVisible(false);
    m_env->setFixedHeight(110);
    const auto row = [&](const QString &label, QWidget *field, const QString &path) {
        form->addRow(label, field);
        field->setObjectName(path);
        m_fields[path] = field;
    };
    for (Framework f : {Framework::PyTorch, Framework::MindSpore, Framework::TensorFlow})
        m_framework->addItem(frameworkName(f), int(f));
    row(tr("&Framework:"), m_framework, u"launch.framework"_s);
    row(tr("&Working folder:"), m_workdir, u"launch.workdir"_s);
    row(tr("&Entry script:"), m_entry, u"launch.entry"_s);
    row(tr("A&rguments:"), m_args, u"launch.args"_s);
    // The checks' "add the script to Files to upload" names this field.
    m_upload = smallText(this, tr("files copied into the working folder at launch, one per line "
                                  "(relative to the project's folder)"));
    row(tr("Files to up&load:"), m_upload, u"launch.upload"_s);
    row(tr("P&ython:"), m_python, u"launch.python"_s);
    row(tr("Master &port:"), m_masterPort, u"launch.master_port"_s);
    row(tr("&Master server:"), m_master, u"launch.master"_s);
    // Scripts written for torch.distributed.launch without --use_env, like the vendor PyTorch
    // guide's main.py, read their device from an argument.
    m_localRankArg->addItem(tr("none: the script reads LOCAL_RANK"), QString());
    m_localRankArg->addItem(u"--local_rank=N"_s, u"--local_rank"_s);
    m_localRankArg->addItem(u"--local-rank=N"_s, u"--local-rank"_s);
    m_localRankArg->setToolTip(
        tr("Give each rank --local_rank=N before the arguments: needed by scripts that parse it "
           "with argparse, such as main.py of the Ascend PyTorch multi-server guide."));
    row(tr("Local rank &argument:"), m_localRankArg, u"launch.local_rank_arg"_s);
    row(tr("L&og folder:"), m_logDir, u"launch.log_dir"_s);
    row(tr("Environment se&tup:"), m_envSetup, u"launch.env_setup"_s);
    row(tr("En&vironment:"), m_env, u"launch.env"_s);
    auto *envButtons = new QHBoxLayout;
    auto *addVar = new QPushButton(tr("Add variable"), jobBox);
    auto *removeVar = new QPushButton(tr("Remove variable"), jobBox);
    envButtons->addWidget(addVar);
    envButtons->addWidget(removeVar);
    envButtons->addStretch();
    form->addRow(QString(), envButtons);
    // Off, HCCL's trust list is disabled on every server, as the vendor guides do.
    m_hcclWhitelist->setObjectName(u"launch.hccl_whitelist"_s);
    m_hcclWhitelist->setToolTip(
        tr("Accept HCCL connections only from the servers' host IPs (writes "
           "hccl_whitelist.json). Without it, env.sh sets HCCL_WHITELIST_DISABLE=1 as the vendor "
           "guides do, and any address may join the job's HCCL connections."));
    m_fields[u"launch.hccl_whitelist"_s] = m_hcclWhitelist;
    form->addRow(QString(), m_hcclWhitelist);
    connect(addVar, &QPushButton::clicked, this, [this] { m_env->insertRow(m_env->rowCount()); });
    connect(removeVar, &QPushButton::clicked, this, [this] {
        m_env->removeRow(m_env->currentRow());
        Q_EMIT edited();
    });

    auto *mpiForm = new QFormLayout(m_mpirunBox);
    m_mpirunPer->addItem(tr("one launcher per server"), int(MpirunPer::Server));
    m_mpirunPer->addItem(tr("one process per device"), int(MpirunPer::Device));
    mpiForm->addRow(tr("Processes:"), m_mpirunPer);
    mpiForm->addRow(tr("OpenMPI --prefix:"), m_mpirunPrefix);
    mpiForm->addRow(tr("Extra arguments:"), m_mpirunArgs);
    m_mpirunPrefix->setObjectName(u"launch.mpirun.prefix"_s);
    m_fields[u"launch.mpirun.prefix"_s] = m_mpirunPrefix;
    m_mpirunArgs->setObjectName(u"launch.mpirun.extra_args"_s);
    m_fields[u"launch.mpirun.extra_args"_s] = m_mpirunArgs;

    // Drop-downs shrink with the window (their lists still show every item in full), so the
    // page fits 1180 pixels in every language.
    for (QComboBox *box : {m_framework, m_master, m_localRankArg, m_mpirunPer}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(modeBox);
    left->addWidget(m_mpirunBox);
    left->addWidget(m_restart);
    left->addWidget(m_slurm);
    left->addStretch();
    for (const auto &[path, field] : m_restart->fields())
        m_fields[path] = field;
    for (const auto &[path, field] : m_slurm->fields())
        m_fields[path] = field;
    columns->addLayout(left, 2);
    columns->addWidget(jobBox, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(columns);

    const auto changed = [this] {
        if (!m_filling)
            Q_EMIT edited();
    };
    for (QLineEdit *edit : {m_workdir, m_entry, m_python, m_logDir, m_mpirunPrefix})
        connect(edit, &QLineEdit::textEdited, this, changed);
    for (QPlainTextEdit *edit : {m_args, m_upload, m_envSetup, m_mpirunArgs})
        connect(edit, &QPlainTextEdit::textChanged, this, changed);
    connect(m_masterPort, &QSpinBox::valueChanged, this, changed);
    connect(m_master, &QComboBox::currentIndexChanged, this, changed);
    connect(m_mpirunPer, &QComboBox::currentIndexChanged, this, changed);
    connect(m_env, &QTableWidget::itemChanged, this, changed);
    connect(m_hcclWhitelist, &QCheckBox::toggled, this, changed);
    connect(m_localRankArg, &QComboBox::currentIndexChanged, this, changed);
    connect(m_restart, &RestartEditor::edited, this, changed);
    connect(m_slurm, &SlurmEditor::edited, this, changed);
    connect(m_framework, &QComboBox::currentIndexChanged, this, [this, changed] {
        updateVisibility();
        changed();
    });
}

void LaunchEditor::showProject(const Project &project)
{
    m_filling = true;
    const LaunchConfig &launch = project.launch;
    m_modes->button(int(launch.mode))->setChecked(true);
    const bool ascend = isAscend(project.accelerator);
    m_ascend = ascend;
    m_framework->setCurrentIndex(std::max(0, m_framework->findData(int(launch.framework))));
    m_workdir->setText(launch.workdir);
    m_entry->setText(launch.entry);
    m_args->setPlainText(launch.args.join(u'\n'));
    m_upload->setPlainText(launch.upload.join(u'\n'));
    m_python->setText(launch.python);
    m_masterPort->setValue(launch.masterPort);
    m_master->clear();
    m_master->addItem(tr("first server"), QString());
    for (const Server &server : project.servers)
        m_master->addItem(server.name, server.name);
    m_master->setCurrentIndex(std::max(0, m_master->findData(launch.master)));
    m_logDir->setText(launch.logDir);
    m_envSetup->setPlainText(launch.envSetup.join(u'\n'));
    m_env->setRowCount(int(launch.env.size()));
    for (int i = 0; i < m_env->rowCount(); ++i) {
        m_env->setItem(i, 0, new QTableWidgetItem(launch.env[size_t(i)].first));
        m_env->setItem(i, 1, new QTableWidgetItem(launch.env[size_t(i)].second));
    }
    m_env->resizeColumnToContents(0);
    m_mpirunPer->setCurrentIndex(m_mpirunPer->findData(int(launch.mpirun.per)));
    m_mpirunPrefix->setText(launch.mpirun.prefix);
    m_mpirunArgs->setPlainText(launch.mpirun.extraArgs.join(u'\n'));
    m_hcclWhitelist->setChecked(launch.hcclWhitelistHostIps);
    m_localRankArg->setCurrentIndex(std::max(0, m_localRankArg->findData(launch.localRankArg)));
    // The trust list matters only between Ascend servers.
    m_hcclWhitelist->setVisible(ascend && project.servers.size() > 1);
    m_restart->showProject(project);
    m_slurm->showProject(project);
    updateVisibility();
    m_filling = false;
}

void LaunchEditor::setMode(LaunchMode mode)
{
    m_modes->button(int(mode))->click();
}

void LaunchEditor::updateVisibility()
{
    m_mpirunBox->setVisible(m_modes->checkedId() == int(LaunchMode::Mpirun));
    // Only the modes that can start the framework's processes (msrun is MindSpore's launcher,
    // torchrun PyTorch's), and the rank table modes only on Ascend: the core refuses the others
    // too, but do not offer what cannot work.
    const std::vector<LaunchMode> fitting =
        launchModesFor(Framework(m_framework->currentData().toInt()));
    const QString framework = m_framework->currentText();
    for (LaunchMode mode : launchModes()) {
        const bool rankTable = mode == LaunchMode::RankTable || mode == LaunchMode::NoRankTable;
        const bool fits = std::find(fitting.begin(), fitting.end(), mode) != fitting.end();
        // A greyed mode says why, on its label and its tooltip.
        QString why;
        if (rankTable && !m_ascend)
            why = tr("Only for Ascend NPUs: this project's accelerator has no HCCL rank table.");
        else if (!fits && mode == LaunchMode::Msrun)
            why = tr("Only for MindSpore jobs: choose MindSpore as the framework (Job, below) to "
                     "use msrun; the framework is %1.")
                      .arg(framework);
        else if (!fits)
            why = tr("Not for %1 jobs: this launcher cannot start them (the framework is chosen "
                     "under Job, below).")
                      .arg(framework);
        QAbstractButton *radio = m_modes->button(int(mode));
        radio->setEnabled(why.isEmpty());
        radio->setToolTip(why);
        const ModeText &text = m_modeTexts.at(int(mode));
        text.label->setText(why.isEmpty() ? text.when : text.when + u' ' + why);
        text.label->setToolTip(why);
    }
}

// Each launcher's default port follows the mode (msrun's 8118, 29501 for the others); a port the
// user chose stays.
void LaunchEditor::followModePort(LaunchMode mode)
{
    if (m_filling)
        return;
    m_masterPort->setValue(masterPortForMode(m_masterPort->value(), mode));
}

LaunchConfig LaunchEditor::launch(LaunchConfig base) const
{
    base.mode = LaunchMode(m_modes->checkedId());
    base.framework = Framework(m_framework->currentData().toInt());
    base.workdir = m_workdir->text();
    base.entry = m_entry->text();
    base.args = lines(m_args);
    base.upload = lines(m_upload);
    base.python = m_python->text();
    base.masterPort = m_masterPort->value();
    base.master = m_master->currentData().toString();
    base.logDir = m_logDir->text();
    base.envSetup = lines(m_envSetup);
    base.env.clear();
    for (int i = 0; i < m_env->rowCount(); ++i) {
        const QTableWidgetItem *name = m_env->item(i, 0);
        const QTableWidgetItem *value = m_env->item(i, 1);
        if (name || value)
            base.env.emplace_back(name ? name->text() : QString(),
                                  value ? value->text() : QString());
    }
    base.mpirun.per = MpirunPer(m_mpirunPer->currentData().toInt());
    base.mpirun.prefix = m_mpirunPrefix->text();
    base.mpirun.extraArgs = lines(m_mpirunArgs);
    base.hcclWhitelistHostIps = m_hcclWhitelist->isChecked();
    base.localRankArg = m_localRankArg->currentData().toString();
    base.restart = m_restart->policy();
    return m_slurm->apply(base);
}

QWidget *LaunchEditor::fieldFor(const QString &field) const
{
    const auto found = m_fields.find(field);
    return found == m_fields.end() ? nullptr : found->second;
}

void LaunchEditor::markProblems(const Problems &problems)
{
    std::map<QWidget *, QStringList> reasons;
    for (const Problem &problem : problems) {
        if (QWidget *field = fieldFor(problem.location.field))
            reasons[field] << problem.translatedMessage();
    }
    for (const auto &[path, field] : m_fields) {
        const auto found = reasons.find(field);
        const bool bad = found != reasons.end();
        field->setProperty("invalid", bad);
        field->setStyleSheet(bad ? u"border: 2px solid #d01c1c;"_s : QString());
        field->setToolTip(bad ? found->second.join(u'\n') : QString());
    }
}

} // namespace cw
