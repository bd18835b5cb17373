// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScriptsPage.h"

#include "ExportFolder.h"
#include "ProjectModel.h"
#include "generate/Generator.h"
#include "widgets/ScriptsView.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

ScriptsPage::ScriptsPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_view(new ScriptsView(this)),
      m_message(new QLabel(this)), m_exportFolder(new QPushButton(tr("Export &folder…"), this)),
      m_exportArchive(new QPushButton(tr("Export .&tar.gz…"), this))
{
    setTitle(tr("Scripts"));
    setSubTitle(
        tr("The files the servers run. Export them for servers this machine cannot reach."));
    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    m_exportFolder->setObjectName(u"exportFolder"_s);
    m_exportArchive->setObjectName(u"exportArchive"_s);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_message, 1);
    buttons->addWidget(m_exportFolder);
    buttons->addWidget(m_exportArchive);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_exportFolder, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Export scripts to"), lastExportFolder());
        if (dir.isEmpty())
            return;
        rememberExportFolder(dir);
        exportFolder(dir);
    });
    connect(m_exportArchive, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export archive"), inLastExportFolder(m_model->project().name + u".tar.gz"_s),
            tr("Archives (*.tar.gz)"));
        if (path.isEmpty())
            return;
        rememberExportFolder(path);
        exportArchive(path);
    });
    connect(m_model, &ProjectModel::changed, this, [this] {
        if (isVisible())
            regenerate();
    });
}

void ScriptsPage::initializePage()
{
    regenerate();
}

void ScriptsPage::regenerate()
{
    const ProjectValidation &rules = m_model->validation();
    const std::vector<GeneratedFile> files =
        rules.ok() ? generateScripts(*rules.valid) : std::vector<GeneratedFile>();
    m_view->setFiles(files);
    QStringList problems;
    for (const Problem &problem : rules.problems)
        problems << problem.translatedString();
    m_message->setText(rules.ok() ? tr("%n file(s) generated.", nullptr, int(files.size()))
                                  : problems.join(u'\n'));
    m_exportFolder->setEnabled(rules.ok());
    m_exportArchive->setEnabled(rules.ok());
    Q_EMIT completeChanged();
}

bool ScriptsPage::isComplete() const
{
    return !m_view->files().empty();
}

QString ScriptsPage::exportFolder(const QString &dir)
{
    const QString error = writeGeneratedFiles(m_view->files(), dir);
    m_message->setText(error.isEmpty() ? tr("Exported to %1").arg(dir) : error);
    return error;
}

QString ScriptsPage::exportArchive(const QString &archive)
{
    const QString error = writeTarGz(m_view->files(), m_model->project().name, archive);
    m_message->setText(error.isEmpty() ? tr("Exported %1").arg(archive) : error);
    return error;
}

} // namespace cw
