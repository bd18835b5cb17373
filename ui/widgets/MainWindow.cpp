#include "MainWindow.h"

#include "ScriptsView.h"
#include "generate/Generator.h"
#include "model/ProjectJson.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace cw {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_summary(new QLabel(this)), m_problems(new QListWidget(this)),
      m_scripts(new ScriptsView(this))
{
    setWindowTitle(tr("clusterwiz"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    auto *splitter = new QSplitter(Qt::Vertical, central);
    m_problems->setObjectName(QStringLiteral("problems"));
    splitter->addWidget(m_problems);
    splitter->addWidget(m_scripts);
    splitter->setStretchFactor(1, 4);
    layout->addWidget(splitter);
    setCentralWidget(central);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open project…"), this, &MainWindow::chooseProject);
    open->setShortcut(QKeySequence::Open);
    m_exportFolder = file->addAction(tr("Export &folder…"), this, &MainWindow::chooseExportFolder);
    m_exportArchive =
        file->addAction(tr("Export .&tar.gz…"), this, &MainWindow::chooseExportArchive);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QToolBar *bar = addToolBar(tr("Project"));
    bar->addAction(open);
    bar->addAction(m_exportFolder);
    bar->addAction(m_exportArchive);
    refresh();
    resize(1100, 760);
}

bool MainWindow::openProject(const QString &path)
{
    const ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty()) {
        showStatus(load.fatal);
        return false;
    }
    m_projectPath = path;
    m_project = load.project;
    refresh();
    // Schema problems come from the file itself; show them ahead of the rule checks.
    for (auto it = load.problems.rbegin(); it != load.problems.rend(); ++it)
        m_problems->insertItem(0, it->toString());
    return true;
}

QStringList MainWindow::problemLines() const
{
    QStringList lines;
    for (int i = 0; i < m_problems->count(); ++i)
        lines << m_problems->item(i)->text();
    return lines;
}

void MainWindow::refresh()
{
    m_problems->clear();
    if (m_projectPath.isEmpty()) {
        m_summary->setText(
            tr("Open a project (*.clusterwiz.json) to see the scripts it generates."));
        m_scripts->setFiles({});
    } else {
        const GenerateResult result = generateScripts(m_project);
        for (const Problem &problem : result.problems)
            m_problems->addItem(problem.toString());
        m_scripts->setFiles(result.files);
        m_summary->setText(result.ok()
                               ? tr("%1: %2 servers, %3 devices, mode %4, %5 generated files.")
                                     .arg(m_project.name)
                                     .arg(m_project.servers.size())
                                     .arg(m_project.totalDevices())
                                     .arg(launchModeName(m_project.launch.mode))
                                     .arg(result.files.size())
                               : tr("%1: %2 problems to fix before scripts can be generated.")
                                     .arg(m_project.name)
                                     .arg(result.problems.size()));
        setWindowTitle(tr("%1 — clusterwiz").arg(QFileInfo(m_projectPath).fileName()));
    }
    m_problems->setVisible(m_problems->count() > 0);
    const bool haveFiles = !m_scripts->files().empty();
    m_exportFolder->setEnabled(haveFiles);
    m_exportArchive->setEnabled(haveFiles);
}

QString MainWindow::exportFolder(const QString &dir)
{
    const QString error = writeGeneratedFiles(m_scripts->files(), dir);
    showStatus(error.isEmpty() ? tr("Exported to %1").arg(dir) : error);
    return error;
}

QString MainWindow::exportArchive(const QString &archive)
{
    const QString error = writeTarGz(m_scripts->files(), m_project.name, archive);
    showStatus(error.isEmpty() ? tr("Exported %1").arg(archive) : error);
    return error;
}

void MainWindow::chooseProject()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open project"), QString(), tr("clusterwiz projects (*.clusterwiz.json *.json)"));
    if (!path.isEmpty())
        openProject(path);
}

void MainWindow::chooseExportFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export scripts to"));
    if (!dir.isEmpty())
        exportFolder(dir);
}

void MainWindow::chooseExportArchive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export archive"),
                                                      m_project.name + QStringLiteral(".tar.gz"),
                                                      tr("Archives (*.tar.gz)"));
    if (!path.isEmpty())
        exportArchive(path);
}

void MainWindow::showStatus(const QString &text)
{
    statusBar()->showMessage(text);
}

} // namespace cw
