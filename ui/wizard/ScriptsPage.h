// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;

namespace cw {

class ProjectModel;
class ScriptsView;

// Step 6: every file generateScripts() makes, one tab each, and export as a folder or .tar.gz.
class ScriptsPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ScriptsPage(ProjectModel *model, QWidget *parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;
    ScriptsView *view() const { return m_view; }
    QString exportFolder(const QString &dir);      // error, empty on success
    QString exportArchive(const QString &archive); // likewise

private:
    void regenerate();

    ProjectModel *m_model;
    ScriptsView *m_view;
    QLabel *m_message;
    QPushButton *m_exportFolder;
    QPushButton *m_exportArchive;
};

} // namespace cw
