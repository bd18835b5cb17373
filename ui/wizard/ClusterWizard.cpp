// SPDX-License-Identifier: GPL-3.0-or-later
#include "ClusterWizard.h"

#include "ChecksPage.h"
#include "DevicesPage.h"
#include "ExportFolder.h"
#include "Language.h"
#include "LaunchPage.h"
#include "ProjectModel.h"
#include "ProjectPage.h"
#include "RunPage.h"
#include "ScriptsPage.h"
#include "ServersPage.h"
#include "logs/RunPanelSession.h"
#include "widgets/CredentialPrompt.h"

#include <QAbstractButton>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QInputDialog>
#include <QKeyEvent>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>

#include <map>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr int kMaxRecent = 8;
}

ClusterWizard::ClusterWizard(QWidget *parent)
    : QWizard(parent), m_model(new ProjectModel(this)), m_steps(new QListWidget(this))
{
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoCancelButton);
    setOption(QWizard::HaveCustomButton1);
    setOption(QWizard::HaveCustomButton2);
    setOption(QWizard::NoBackButtonOnStartPage);
    makePages();
    FleetOptions options;
    options.timeoutMs = 20000;
    options.credentials = guiCredentials(this);
    setFleetOptions(options);

    // The side list names every step; a click goes there as far as the pages allow.
    m_steps->setObjectName(u"steps"_s);
    m_steps->setFocusPolicy(Qt::NoFocus);
    m_steps->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSideWidget(m_steps);
    connect(this, &QWizard::currentIdChanged, this, &ClusterWizard::showStep);
    connect(m_steps, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        goToStep(pageIds().value(m_steps->row(item), currentId()));
    });
    showTexts();

    connect(this, &QWizard::customButtonClicked, this, [this](int which) {
        if (which == QWizard::CustomButton1)
            saveProject();
        else if (which == QWizard::CustomButton2)
            chooseLanguage();
    });
    auto *save = new QShortcut(QKeySequence::Save, this);
    connect(save, &QShortcut::activated, this, [this] { saveProject(); });
    connect(m_model, &ProjectModel::pathChanged, this, &ClusterWizard::updateTitle);
    connect(m_model, &ProjectModel::dirtyChanged, this, &ClusterWizard::updateTitle);
    connect(m_model, &ProjectModel::changed, this, &ClusterWizard::updateTitle);

    QSettings settings;
    if (!restoreGeometry(settings.value(u"wizard/geometry"_s).toByteArray()))
        resize(1180, 780);
}

void ClusterWizard::makePages()
{
    setPage(ProjectPageId, new ProjectPage(m_model));
    setPage(ServersPageId, new ServersPage(m_model));
    setPage(DevicesPageId, new DevicesPage(m_model));
    setPage(ChecksPageId, new ChecksPage(m_model));
    setPage(LaunchPageId, new LaunchPage(m_model));
    setPage(ScriptsPageId, new ScriptsPage(m_model));
    setPage(RunPageId, new RunPage(m_model));
    // The last check report decides whether Launch may go.
    connect(static_cast<ChecksPage *>(page(ChecksPageId)), &ChecksPage::reportReady,
            static_cast<RunPage *>(page(RunPageId)), &RunPage::setCheckReport);
}

void ClusterWizard::showTexts()
{
    setButtonText(QWizard::CustomButton1, tr("&Save"));
    // No Alt key: each letter of it is already a field's on some page.
    setButtonText(QWizard::CustomButton2, tr("Language…"));
    // Qt's own buttons in Qt's own words (its qtbase translation), for the language installed
    // now: QWizard picks their text once.
    const char *const qtContext = "QWizard";
    for (const auto &[which, source] :
         {std::pair{QWizard::BackButton, "< &Back"}, std::pair{QWizard::NextButton, "&Next >"},
          std::pair{QWizard::FinishButton, "&Finish"}})
        setButtonText(which, QCoreApplication::translate(qtContext, source));
    m_steps->clear();
    // Wide enough for the longest title in bold (the current step's): no scroll bar.
    QFont bold = m_steps->font();
    bold.setBold(true);
    int widest = 0;
    for (int id : pageIds()) {
        m_steps->addItem(page(id)->title());
        widest = std::max(widest, QFontMetrics(bold).horizontalAdvance(page(id)->title()));
    }
    m_steps->setFixedWidth(std::max(150, widest + 2 * m_steps->frameWidth() + 16));
    m_steps->setToolTip(tr("Go to a step: later steps open when every step before them is "
                           "complete."));
    showStep(currentId());
    updateTitle();
}

ClusterWizard::~ClusterWizard() = default;

void ClusterWizard::setCheckRunner(CheckRunner runner)
{
    m_checkRunner = runner; // for the pages made anew in another language
    static_cast<ChecksPage *>(page(ChecksPageId))->setCheckRunner(std::move(runner));
}

void ClusterWizard::setFleetOptions(const FleetOptions &options)
{
    m_options = options;
    static_cast<ServersPage *>(page(ServersPageId))->setFleetOptions(options);
    static_cast<ChecksPage *>(page(ChecksPageId))->setFleetOptions(options);
    static_cast<RunPage *>(page(RunPageId))->setFleetOptions(options);
}

QString ClusterWizard::openProject(const QString &path)
{
    const QString error = m_model->load(path);
    if (!error.isEmpty())
        return error;
    QSettings settings;
    QStringList recent = settings.value(u"recentProjects"_s).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    settings.setValue(u"recentProjects"_s, recent.mid(0, kMaxRecent));
    return {};
}

QStringList ClusterWizard::recentProjects()
{
    return QSettings().value(u"recentProjects"_s).toStringList();
}

QString ClusterWizard::examplesDir()
{
    // Installed next to the binary's share folder, or the source tree for a build that is run
    // where it was built.
    const QString appDir = QCoreApplication::applicationDirPath();
    const QStringList candidates{appDir + u"/../share/clusterwiz/examples"_s,
                                 QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples")};
    for (const QString &dir : candidates) {
        if (QFileInfo::exists(dir + u"/ascend-2x8.clusterwiz.json"_s))
            return QDir::cleanPath(dir);
    }
    return {};
}

void ClusterWizard::chooseLanguage()
{
    const QList<Language> languages = availableLanguages();
    QStringList names;
    int current = 0;
    for (const Language &language : languages) {
        if (language.code == chosenLanguage())
            current = int(names.size());
        names << language.name;
    }
    QInputDialog dialog(this);
    dialog.setObjectName(u"languageChoice"_s);
    dialog.setWindowTitle(tr("Language"));
    dialog.setLabelText(tr("Show clusterwiz in:"));
    dialog.setComboBoxItems(names);
    dialog.setTextValue(names.value(current));
    if (dialog.exec() != QDialog::Accepted)
        return;
    setChosenLanguage(languages.value(int(names.indexOf(dialog.textValue()))).code);
    if (effectiveLanguage() == installedLanguage())
        return; // shown already (also a choice made while a job ran, then taken back)
    const char *const job = runningJob();
    if (!job) {
        switchLanguage();
        return;
    }
    // In both languages: whoever chose the new one may not read the one shown now.
    const char *const notice = QT_TR_NOOP("clusterwiz changes its language when no job runs, "
                                          "and %1 is running: choose the language again once it "
                                          "has ended, or it shows at the next start.");
    const QString next = translatedInto(effectiveLanguage(), "cw::ClusterWizard", notice)
                             .arg(translatedInto(effectiveLanguage(), "cw::ClusterWizard", job));
    const QString now = tr(notice).arg(tr(job));
    QMessageBox box(QMessageBox::Information, tr("Language"),
                    next == now ? now : now + u"\n\n"_s + next, QMessageBox::Ok, this);
    box.setObjectName(u"languageNotice"_s);
    box.exec();
}

const char *ClusterWizard::runningJob() const
{
    if (static_cast<ServersPage *>(page(ServersPageId))->isBusy())
        return QT_TR_NOOP("the connection test or container job of the Servers page");
    if (static_cast<ChecksPage *>(page(ChecksPageId))->hasJobRunning())
        return QT_TR_NOOP("the checks, fix or doctor of the Checks page");
    if (static_cast<RunPage *>(page(RunPageId))->session()->isActive())
        return QT_TR_NOOP("the run the Run page follows");
    return nullptr;
}

void ClusterWizard::switchLanguage()
{
    installTranslators(*QCoreApplication::instance(), effectiveLanguage());
    // Every page builds its text once: they are made anew over the same project, and take over
    // what the old ones held that the project does not (answers, undo, reports, the run shown).
    const int current = currentId();
    const QList<int> visited = visitedIds();
    std::map<int, QWizardPage *> old;
    const QList<int> ids = pageIds();
    // The last first: QWizard steps back over each, initialising none of the old pages again.
    for (auto id = ids.crbegin(); id != ids.crend(); ++id) {
        old[*id] = page(*id);
        removePage(*id);
    }
    makePages();
    setFleetOptions(m_options);
    if (m_checkRunner)
        setCheckRunner(*m_checkRunner);
    // Back where the user was, through the same steps (each page initialised as Next does).
    restart();
    while (currentId() != current && visited.contains(nextId())) {
        const int before = currentId();
        next();
        if (currentId() == before)
            break; // the page names what stops it, as Next would
    }
    static_cast<ServersPage *>(page(ServersPageId))
        ->takeOver(*static_cast<ServersPage *>(old[ServersPageId]));
    static_cast<ChecksPage *>(page(ChecksPageId))
        ->takeOver(*static_cast<ChecksPage *>(old[ChecksPageId]));
    static_cast<RunPage *>(page(RunPageId))->takeOver(*static_cast<RunPage *>(old[RunPageId]));
    for (const auto &[id, gone] : old)
        delete gone;
    showTexts();
    // The focus was on the old page: the new one's first field takes it, as Tab would give it.
    QWidget *shown = currentPage();
    for (QWidget *next = shown->nextInFocusChain(); next != shown;
         next = next->nextInFocusChain()) {
        if (shown->isAncestorOf(next) && next->isVisible() && next->isEnabled() &&
            (next->focusPolicy() & Qt::TabFocus)) {
            next->setFocus(Qt::TabFocusReason);
            break;
        }
    }
}

bool ClusterWizard::saveProject()
{
    QString path = m_model->path();
    const QString before = path;
    // A new project, or a shipped example: never written in place, Save asks where first.
    const bool copy = !path.isEmpty() && m_model->isReadOnly();
    if (path.isEmpty() || copy) {
        QFileDialog dialog(this, copy ? tr("Save a copy of the example") : tr("Save project"),
                           lastExportFolder(), tr("clusterwiz projects (*.clusterwiz.json)"));
        dialog.setObjectName(u"saveProjectAs"_s);
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        dialog.setDefaultSuffix(u"clusterwiz.json"_s);
        dialog.selectFile(copy ? QFileInfo(path).fileName()
                               : m_model->project().name + u".clusterwiz.json"_s);
        if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
            return false;
        path = dialog.selectedFiles().constFirst();
        rememberExportFolder(path);
    }
    const QString error = m_model->save(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save project"), error);
        return false;
    }
    if (copy)
        copyUploads(QFileInfo(before).absolutePath(), QFileInfo(path).absolutePath());
    return true;
}

void ClusterWizard::copyUploads(const QString &from, const QString &to)
{
    // The example's own files that the launch uploads (named relative to the project) go along,
    // unless the new folder has them already: the copy launches as the example would.
    if (QDir(from) == QDir(to))
        return;
    for (const QString &upload : m_model->project().launch.upload) {
        if (QDir::isAbsolutePath(upload) || upload.contains(u".."_s))
            continue;
        const QString source = QDir(from).filePath(upload);
        const QString target = QDir(to).filePath(upload);
        if (QFileInfo(source).isFile() && !QFileInfo::exists(target)) {
            QDir().mkpath(QFileInfo(target).absolutePath());
            QFile::copy(source, target);
        }
    }
}

bool ClusterWizard::offerToSave()
{
    if (!m_model->hasProject() || !m_model->isDirty())
        return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved changes"),
                    tr("%1 has changes that are not saved. Save them first?")
                        .arg(m_model->path().isEmpty() ? tr("The new project")
                                                       : QFileInfo(m_model->path()).fileName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(u"unsavedChanges"_s);
    box.setDefaultButton(QMessageBox::Save);
    const int answer = box.exec();
    if (answer == QMessageBox::Save)
        return saveProject();
    return answer == QMessageBox::Discard;
}

void ClusterWizard::goToStep(int id)
{
    const QList<int> ids = pageIds();
    const qsizetype target = ids.indexOf(id);
    while (target >= 0 && ids.indexOf(currentId()) > target && !visitedIds().isEmpty())
        back();
    while (target >= 0 && ids.indexOf(currentId()) < target && currentPage()->isComplete()) {
        const int before = currentId();
        next(); // the page's validatePage() may refuse, naming why
        if (currentId() == before)
            break;
    }
    showStep(currentId()); // the list shows where the wizard is, even when it stopped early
}

void ClusterWizard::keyPressEvent(QKeyEvent *event)
{
    // Enter in a page's field (a search, a cell, a list, a check box) is that field's, never
    // Next or Finish: QDialog would press the default button. A focused push button (Next
    // included) takes Enter itself before it gets here.
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        event->accept();
        return;
    }
    QWizard::keyPressEvent(event);
}

void ClusterWizard::updateTitle()
{
    // A new project by its name until it has a file; a shipped example says it is not written.
    QString file;
    if (!m_model->hasProject())
        file = tr("no project");
    else if (m_model->path().isEmpty())
        file = tr("%1 (not saved yet)").arg(m_model->project().name);
    else if (m_model->isReadOnly())
        file = tr("%1 (example, read-only)").arg(QFileInfo(m_model->path()).fileName());
    else
        file = QFileInfo(m_model->path()).fileName();
    setWindowTitle(tr("%1%2 — clusterwiz").arg(file, m_model->isDirty() ? u" *"_s : QString()));
}

void ClusterWizard::showStep(int id)
{
    const QList<int> ids = pageIds();
    for (int row = 0; row < m_steps->count(); ++row) {
        QListWidgetItem *item = m_steps->item(row);
        QFont font = item->font();
        font.setBold(ids.value(row) == id);
        item->setFont(font);
    }
    m_steps->setCurrentRow(static_cast<int>(ids.indexOf(id)));
}

void ClusterWizard::closeEvent(QCloseEvent *event)
{
    if (!askAboutRunningJob() || !offerToSave()) {
        event->ignore();
        return;
    }
    m_answered = true;
    QWizard::closeEvent(event); // calls reject(), hence done()
    m_answered = false;
}

void ClusterWizard::done(int result)
{
    // Finish, Esc and the window's close all end here: nothing is lost without a question.
    if (!m_answered && (!askAboutRunningJob() || !offerToSave()))
        return;
    QSettings().setValue(u"wizard/geometry"_s, saveGeometry());
    QWizard::done(result);
}

bool ClusterWizard::askAboutRunningJob()
{
    auto *run = static_cast<RunPage *>(page(RunPageId));
    if (!run->session()->isActive() || m_closeAfterStop)
        return true;
    QMessageBox box(QMessageBox::Question, tr("A job is running"),
                    tr("The job keeps running on the servers when this window closes (see "
                       "'clusterwiz-cli status' and 'stop'). Stop it first?"),
                    QMessageBox::NoButton, this);
    QPushButton *stop = box.addButton(tr("&Stop the job and close"), QMessageBox::AcceptRole);
    QPushButton *leave = box.addButton(tr("&Leave it running"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    stop->setObjectName(u"stopAndClose"_s);
    leave->setObjectName(u"leaveRunning"_s);
    box.setDefaultButton(stop);
    box.exec();
    if (box.clickedButton() == leave)
        return true;
    if (box.clickedButton() == stop) {
        // Stopping takes seconds (TERM, grace, KILL on every server): close once it has ended.
        m_closeAfterStop = true;
        connect(run, &RunPage::runEnded, this, &QWidget::close, Qt::SingleShotConnection);
        run->stop();
    }
    return false;
}

} // namespace cw
