#pragma once

#include "wizard/PageId.h"

#include "checks/CheckTypes.h"
#include "model/Project.h"

#include <QWizard>

#include <functional>

class QListWidget;

namespace cw {

class ProjectModel;

// Runs the checks of a project (the check catalogue plugs in here); called on a worker thread.
using CheckRunner = std::function<CheckReport(const Project &project)>;

// The guided setup: seven pages over one ProjectModel, a side list of the steps, Save (atomic)
// and the window geometry and recent projects kept in QSettings.
class ClusterWizard : public QWizard {
    Q_OBJECT

public:
    explicit ClusterWizard(QWidget *parent = nullptr);
    ~ClusterWizard() override;

    ProjectModel *model() const { return m_model; }
    QString openProject(const QString &path); // error, empty on success; remembered as recent
    void setCheckRunner(CheckRunner runner);
    QListWidget *stepList() const { return m_steps; }

    static QStringList recentProjects();
    static QString examplesDir();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void saveProject();
    void updateTitle();
    void showStep(int id);

    ProjectModel *m_model;
    QListWidget *m_steps;
};

} // namespace cw
