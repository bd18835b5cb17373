#include "ProjectModel.h"

#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

using namespace Qt::StringLiterals;

namespace cw {

ProjectModel::ProjectModel(QObject *parent) : QObject(parent) {}

void ProjectModel::replace(const Project &project, bool dirty)
{
    m_project = project;
    m_loaded = true;
    m_problems = m_loadProblems;
    const Problems rules = validateProject(m_project);
    m_problems.insert(m_problems.end(), rules.begin(), rules.end());
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

void ProjectModel::newProject(const Project &project)
{
    m_loadProblems.clear();
    m_path.clear();
    Q_EMIT pathChanged(m_path);
    replace(project, true);
}

QString ProjectModel::load(const QString &path)
{
    const ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty())
        return load.fatal;
    m_loadProblems = load.problems;
    m_path = path;
    Q_EMIT pathChanged(m_path);
    replace(load.project, false);
    return {};
}

QString ProjectModel::save(const QString &path)
{
    const QString target = path.isEmpty() ? m_path : path;
    if (target.isEmpty())
        return tr("Choose a file name first.");
    const QString error = saveProjectFile(m_project, target);
    if (!error.isEmpty())
        return error;
    if (target != m_path) {
        m_path = target;
        Q_EMIT pathChanged(m_path);
    }
    m_dirty = false;
    Q_EMIT dirtyChanged(false);
    return {};
}

Problems ProjectModel::problemsUnder(const QStringList &prefixes) const
{
    Problems found;
    for (const Problem &problem : m_problems) {
        for (const QString &prefix : prefixes) {
            // "servers[1]" must not match "servers[10]": the next character ends the segment.
            if (problem.path == prefix ||
                (problem.path.startsWith(prefix) &&
                 (problem.path.at(prefix.size()) == u'.' ||
                  problem.path.at(prefix.size()) == u'[' || prefix.endsWith(u'.')))) {
                found.push_back(problem);
                break;
            }
        }
    }
    return found;
}

} // namespace cw
