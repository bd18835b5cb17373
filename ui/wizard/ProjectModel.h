// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"
#include "rules/ProjectValidator.h"

#include <QObject>

namespace cw {

// The one project every wizard page edits: the value, where it lives on disk and whether it has
// unsaved changes. Pages read project(), change a copy and hand it back with setProject(), so
// every page sees every change through changed(). Problems are the core validator's, cached.
class ProjectModel : public QObject {
    Q_OBJECT

public:
    explicit ProjectModel(QObject *parent = nullptr);

    const Project &project() const { return m_project; }
    QString path() const { return m_path; }
    bool isDirty() const { return m_dirty; }
    bool hasProject() const { return m_loaded; }
    // The file is a shipped example (or lies where this user cannot write): it is never written.
    // Save asks for a new place first, and runs (recorded beside the file) wait for one.
    bool isReadOnly() const { return m_readOnly; }
    // Whether a project file at `path` may be written: not inside the installed examples, in a
    // folder this user can write.
    static bool isWritablePlace(const QString &path);

    void setProject(const Project &project);       // an edit: marks dirty
    void newProject(const Project &project);       // unsaved, no path yet
    QString load(const QString &path);             // error, empty on success
    QString save(const QString &path = QString()); // atomic (QSaveFile); error or empty

    // validateProject() plus the schema problems of the file as it was read.
    const Problems &problems() const { return m_problems; }
    // The rules' verdict on the project, made once per change: its problems, and the project
    // as a ValidProject when they accept it (the file's schema problems aside).
    const ProjectValidation &validation() const { return m_validation; }
    // The problems of one page's part of the project.
    Problems problemsIn(ProblemArea area) const;
    // Why a page that acts on the servers (checks, fixes, launch) refuses: the first few
    // problems in the wizard's words (wizardText()); empty when valid.
    QString refusalText() const;
    // A problem in the wizard's words: the page to mend it on, then what is wrong there.
    QString wizardText(const Problem &problem) const;

Q_SIGNALS:
    void changed();
    void replaced(); // another project: created or loaded (after changed())
    void pathChanged(const QString &path);
    void dirtyChanged(bool dirty);

private:
    void replace(const Project &project, bool dirty);

    Project m_project;
    QString m_path;
    bool m_dirty = false;
    bool m_loaded = false;
    bool m_readOnly = false;
    Problems m_loadProblems;
    ProjectValidation m_validation;
    Problems m_problems;
};

} // namespace cw
