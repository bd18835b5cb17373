// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectPage.h"

#include "ClusterWizard.h"
#include "ProjectModel.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

ProjectPage::ProjectPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_name(new QLineEdit(this)),
      m_accelerator(new QComboBox(this)), m_recent(new QListWidget(this)),
      m_examples(new QListWidget(this)), m_current(new QLabel(this)),
      m_importNotes(new QLabel(this))
{
    setTitle(tr("Project"));
    setSubTitle(tr("Start a new project or open one."));

    // The open project first, named in full: the boxes below start or open another one.
    auto *currentBox = new QGroupBox(tr("Current project"), this);
    auto *currentLayout = new QVBoxLayout(currentBox);
    currentLayout->addWidget(m_current);
    auto *newBox = new QGroupBox(tr("New project"), this);
    auto *form = new QFormLayout(newBox);
    m_name->setObjectName(u"newName"_s);
    m_name->setText(u"training"_s);
    // Alt+M: Alt+N is the wizard's Next.
    form->addRow(tr("Na&me:"), m_name);
    m_accelerator->setObjectName(u"accelerator"_s);
    m_accelerator->addItem(tr("Ascend 910 NPUs"), int(Accelerator::Ascend910));
    m_accelerator->addItem(tr("Ascend 910B NPUs (Atlas 800T A2 / 900 A2 PoD)"),
                           int(Accelerator::Ascend910b));
    m_accelerator->addItem(tr("Atlas A3 NPUs, 16 dies each (Atlas 900 A3 SuperPoD / 800T A3)"),
                           int(Accelerator::Ascend910_93));
    m_accelerator->addItem(tr("NVIDIA GPUs"), int(Accelerator::Nvidia));
    m_accelerator->addItem(tr("CPU only (rehearsal)"), int(Accelerator::Cpu));
    form->addRow(tr("&Accelerator:"), m_accelerator);
    auto *create = new QPushButton(tr("&Create"), newBox);
    create->setObjectName(u"create"_s);
    form->addRow(QString(), create);
    connect(create, &QPushButton::clicked, this, &ProjectPage::createProject);

    auto *openBox = new QGroupBox(tr("Open"), this);
    auto *openLayout = new QVBoxLayout(openBox);
    auto *open = new QPushButton(tr("&Open file…"), openBox);
    connect(open, &QPushButton::clicked, this, &ProjectPage::chooseFile);
    auto *import = new QPushButton(tr("&Import…"), openBox);
    import->setObjectName(u"import"_s);
    import->setToolTip(tr("Read a hostfile, /etc/hccn.conf, an HCCL rank table or an "
                          "ascend-deployer inventory into a project"));
    connect(import, &QPushButton::clicked, this, &ProjectPage::chooseImport);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(import);
    buttons->addStretch();
    openLayout->addLayout(buttons);
    openLayout->addWidget(new QLabel(tr("Recent projects:"), openBox));
    m_recent->setObjectName(u"recent"_s);
    // A few rows (it scrolls beyond them): at its default height one recent project took the
    // room the Examples list needs, which then showed eight and a half of its names.
    m_recent->setMaximumHeight(m_recent->fontMetrics().lineSpacing() * 6 +
                               2 * m_recent->frameWidth());
    openLayout->addWidget(m_recent);
    openLayout->addWidget(new QLabel(tr("Examples:"), openBox));
    m_examples->setObjectName(u"examples"_s);
    // More examples than rows at 800 px high: the bar says so before the user scrolls.
    m_examples->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    openLayout->addWidget(m_examples, 1);
    for (QListWidget *list : {m_recent, m_examples}) {
        connect(list, &QListWidget::itemActivated, this,
                [this](QListWidgetItem *item) { openPath(item->data(Qt::UserRole).toString()); });
    }

    m_current->setObjectName(u"current"_s);
    m_current->setWordWrap(true);
    m_current->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_importNotes->setObjectName(u"importNotes"_s);
    m_importNotes->setWordWrap(true);
    m_importNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_importNotes->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(currentBox);
    layout->addWidget(newBox);
    layout->addWidget(openBox, 1);
    layout->addWidget(m_importNotes);
    connect(m_model, &ProjectModel::changed, this, &ProjectPage::showCurrent);
    connect(m_model, &ProjectModel::dirtyChanged, this, &ProjectPage::showCurrent);
    connect(m_model, &ProjectModel::pathChanged, this, &ProjectPage::showCurrent);
    connect(m_model, &ProjectModel::changed, this, &QWizardPage::completeChanged);
    // A new project like the open one is the likely next: its accelerator is the default.
    connect(m_model, &ProjectModel::replaced, this, [this] {
        m_accelerator->setCurrentIndex(
            std::max(0, m_accelerator->findData(int(m_model->project().accelerator))));
    });
    // Enter in Name creates the project, as Create does, and goes on to Servers.
    connect(m_name, &QLineEdit::returnPressed, this, &ProjectPage::createProject);
    // Tab goes down the page as it reads: the new project's fields, then the ways to open one.
    setTabOrder(m_name, m_accelerator);
    setTabOrder(m_accelerator, create);
    setTabOrder(create, open);
    setTabOrder(open, import);
    setTabOrder(import, m_recent);
    setTabOrder(m_recent, m_examples);
    fillLists();
    showCurrent();
}

bool ProjectPage::isComplete() const
{
    return m_model->hasProject();
}

void ProjectPage::initializePage()
{
    fillLists();
    // With a project open, Next is the likely step (Enter presses it); else its name.
    QWidget *start = m_model->hasProject() && wizard()
                         ? static_cast<QWidget *>(wizard()->button(QWizard::NextButton))
                         : m_name;
    QTimer::singleShot(0, start, [start] { start->setFocus(Qt::OtherFocusReason); });
}

void ProjectPage::fillLists()
{
    m_recent->clear();
    for (const QString &path : ClusterWizard::recentProjects()) {
        auto *item = new QListWidgetItem(QFileInfo(path).fileName() + u"  —  "_s + path, m_recent);
        item->setData(Qt::UserRole, path);
    }
    m_examples->clear();
    const QDir dir(ClusterWizard::examplesDir());
    for (const QFileInfo &file :
         dir.entryInfoList({u"*.clusterwiz.json"_s}, QDir::Files, QDir::Name)) {
        auto *item = new QListWidgetItem(file.fileName(), m_examples);
        item->setData(Qt::UserRole, file.absoluteFilePath());
    }
}

bool ProjectPage::mayReplaceProject()
{
    auto *owner = qobject_cast<ClusterWizard *>(wizard());
    return !owner || owner->offerToSave();
}

void ProjectPage::createProject()
{
    if (!mayReplaceProject())
        return;
    Project project;
    project.name = m_name->text().trimmed();
    project.accelerator = Accelerator(m_accelerator->currentData().toInt());
    m_model->newProject(project);
    if (wizard())
        wizard()->next();
}

void ProjectPage::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open project"), QString(), tr("clusterwiz projects (*.clusterwiz.json *.json)"));
    if (!path.isEmpty())
        openPath(path);
}

void ProjectPage::chooseImport()
{
    QStringList items;
    for (const QString &name : importKindNames())
        items << importKindDescription(*importKindFromName(name));
    bool chosen = false;
    const QString item = QInputDialog::getItem(this, tr("Import"), tr("What kind of file?"), items,
                                               0, false, &chosen);
    if (!chosen)
        return;
    const ImportKind kind = *importKindFromName(importKindNames().value(items.indexOf(item)));
    const QString path = QFileDialog::getOpenFileName(this, tr("Import %1").arg(item));
    if (path.isEmpty())
        return;
    QString server;
    if (kind == ImportKind::HccnConf) {
        server = QInputDialog::getText(this, tr("Import"),
                                       tr("Which server is this hccn.conf from (its name)?"),
                                       QLineEdit::Normal, u"server0"_s, &chosen);
        if (!chosen)
            return;
    }
    importFile(kind, path, server);
}

bool ProjectPage::importFile(ImportKind kind, const QString &path, const QString &serverName)
{
    QByteArray text;
    QStringList lines;
    bool loaded = false;
    if (const QString error = readImportFile(path, &text); !error.isEmpty()) {
        lines << error;
    } else {
        ImportOptions options;
        // A hostfile does not say which accelerator; the other kinds' files tell the core.
        if (kind == ImportKind::Hostfile)
            options.accelerator = Accelerator(m_accelerator->currentData().toInt());
        options.serverName = serverName;
        const Project current = m_model->project();
        if (kind == ImportKind::HccnConf && m_model->hasProject() &&
            current.serverIndex(serverName))
            options.into = &current;
        const ImportResult result = importText(kind, text, QFileInfo(path).fileName(), options);
        for (const Problem &problem : result.errors)
            lines << problem.translatedString();
        if (result.ok() && !options.into && !mayReplaceProject())
            return false;
        if (result.ok()) {
            // Merged into the open project: an edit of it; otherwise a new, unsaved project.
            if (options.into)
                m_model->setProject(result.project);
            else
                m_model->newProject(result.project);
            loaded = true;
        }
        lines << result.notes;
    }
    const QString heading =
        loaded ? tr("Imported %1. Not carried, or still to set:") : tr("Nothing imported from %1:");
    m_importNotes->setText(heading.arg(QFileInfo(path).fileName()) + u"\n• "_s +
                           lines.join(u"\n• "_s));
    m_importNotes->show();
    return loaded;
}

void ProjectPage::openPath(const QString &path)
{
    if (!mayReplaceProject())
        return;
    auto *owner = qobject_cast<ClusterWizard *>(wizard());
    const QString error = owner ? owner->openProject(path) : m_model->load(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Open project"), error);
        return;
    }
    fillLists();
}

void ProjectPage::showCurrent()
{
    if (!m_model->hasProject()) {
        m_current->setText(tr("No project open: create one below or open a file."));
        return;
    }
    const Project &project = m_model->project();
    QString where = m_model->path().isEmpty() ? tr("not saved yet") : m_model->path();
    if (m_model->isReadOnly())
        where = tr("%1 (a shipped example: it is never written; Save asks where to keep your "
                   "copy)")
                    .arg(where);
    m_current->setText(
        tr("<b>%1</b> — %2<br>%3, %n server(s), %4 devices%5", nullptr, int(project.servers.size()))
            .arg(project.name.toHtmlEscaped(), where.toHtmlEscaped(),
                 acceleratorTitle(project.accelerator))
            .arg(project.totalDevices())
            .arg(m_model->isDirty() ? tr("; unsaved changes") : QString()));
}

QString ProjectPage::acceleratorTitle(Accelerator accelerator) const
{
    const int index = m_accelerator->findData(int(accelerator));
    return index >= 0 ? m_accelerator->itemText(index) : acceleratorName(accelerator);
}

} // namespace cw
