// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectModel.h"

#include "ClusterWizard.h"
#include "model/ProjectJson.h"
#include "widgets/DeviceProblemText.h"
#include "widgets/ServerProblemText.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

ProjectModel::ProjectModel(QObject *parent) : QObject(parent), m_validation(validated(m_project)) {}

void ProjectModel::replace(const Project &project, bool dirty)
{
    m_project = project;
    m_loaded = true;
    m_validation = validated(m_project);
    m_problems = m_loadProblems;
    m_problems.insert(m_problems.end(), m_validation.problems.begin(), m_validation.problems.end());
    if (m_dirty != dirty) {
        m_dirty = dirty;
        Q_EMIT dirtyChanged(dirty);
    }
    Q_EMIT changed();
}

void ProjectModel::setProject(const Project &project)
{
    // The file's schema problems describe the file as read; after an edit the validator speaks.
    m_loadProblems.clear();
    replace(project, true);
}

bool ProjectModel::isWritablePlace(const QString &path)
{
    const QFileInfo file(path);
    const QString folder = QFileInfo(file.absolutePath()).canonicalFilePath();
    const QString examples = QFileInfo(ClusterWizard::examplesDir()).canonicalFilePath();
    if (!examples.isEmpty() &&
        (folder == examples || folder.startsWith(examples + QDir::separator())))
        return false;
    return QFileInfo(file.absolutePath()).isWritable() && (!file.exists() || file.isWritable());
}

void ProjectModel::newProject(const Project &project)
{
    m_loadProblems.clear();
    m_readOnly = false;
    m_path.clear();
    Q_EMIT pathChanged(m_path);
    replace(project, true);
    Q_EMIT replaced();
}

QString ProjectModel::load(const QString &path)
{
    const ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty())
        return load.fatal;
    m_loadProblems = load.problems;
    m_readOnly = !isWritablePlace(path);
    m_path = path;
    Q_EMIT pathChanged(m_path);
    replace(load.project, false);
    Q_EMIT replaced();
    return {};
}

QString ProjectModel::save(const QString &path)
{
    const QString target = path.isEmpty() ? m_path : path;
    if (target.isEmpty())
        return tr("Choose a file name first.");
    if (!isWritablePlace(target))
        return tr("%1 is a shipped example or lies in a folder you cannot write; save the "
                  "project somewhere else.")
            .arg(QDir::toNativeSeparators(target));
    const QString error = saveProjectFile(m_project, target);
    if (!error.isEmpty())
        return error;
    const bool moved = target != m_path || m_readOnly;
    m_readOnly = false;
    if (moved) {
        m_path = target;
        Q_EMIT pathChanged(m_path);
    }
    m_dirty = false;
    Q_EMIT dirtyChanged(false);
    return {};
}

QString ProjectModel::refusalText() const
{
    constexpr int kShown = 5;
    if (m_problems.empty())
        return {};
    const int count = int(m_problems.size());
    QStringList lines{tr("The project has %n problem(s); fix them first:", nullptr, count)};
    for (int i = 0; i < std::min(count, kShown); ++i)
        lines << wizardText(m_problems[size_t(i)]);
    if (count > kShown)
        lines << tr("…and %1 more.").arg(count - kShown);
    return lines.join(u'\n');
}

QString ProjectModel::wizardText(const Problem &problem) const
{
    // The page where the user mends it, and its words there: never the project file's path
    // ("servers[1].device_ips") or a CLI command, which is how the CLI prints the same problem.
    switch (problem.location.area()) {
    case ProblemArea::Servers:
        return tr("Servers page: %1").arg(ServerProblemText::text(problem, m_project));
    case ProblemArea::Devices:
        return tr("Devices page: %1").arg(DeviceProblemText::text(problem, m_project));
    case ProblemArea::Launch:
        return tr("Launch mode page: %1").arg(problem.translatedMessage());
    case ProblemArea::Project:
        break;
    }
    return tr("Project page: %1").arg(problem.translatedMessage());
}

Problems ProjectModel::problemsIn(ProblemArea area) const
{
    Problems found;
    for (const Problem &problem : m_problems) {
        if (problem.location.area() == area)
            found.push_back(problem);
    }
    return found;
}

} // namespace cw
