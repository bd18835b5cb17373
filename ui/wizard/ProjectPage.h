// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exchange/Import.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace cw {

class ProjectModel;

// Step 1: start a new project (name and accelerator), open a file, a recent one or an example,
// or import a hostfile, hccn.conf, rank table or ascend-deployer inventory.
class ProjectPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ProjectPage(ProjectModel *model, QWidget *parent = nullptr);

    bool isComplete() const override;
    void initializePage() override;

    // Runs the importer on `path` and, when the file has no errors, makes its project the
    // wizard's. hccn-conf names its server; when the open project has a server of that name, the
    // file's device IPs go onto it. What the file could not carry, or its errors, are shown
    // under the buttons. Returns whether a project was loaded.
    bool importFile(ImportKind kind, const QString &path, const QString &serverName = {});

private:
    bool mayReplaceProject(); // the open project's unsaved changes: saved, dropped or kept
    QString acceleratorTitle(Accelerator accelerator) const;
    void createProject();
    void chooseFile();
    void chooseImport();
    void openPath(const QString &path);
    void fillLists();
    void showCurrent();

    ProjectModel *m_model;
    QLineEdit *m_name;
    QComboBox *m_accelerator;
    QListWidget *m_recent;
    QListWidget *m_examples;
    QLabel *m_current;
    QLabel *m_importNotes;
};

} // namespace cw
