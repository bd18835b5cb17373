#pragma once

#include <QWizardPage>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace cw {

class ProjectModel;

// Step 1: start a new project (name and accelerator), open a file, a recent one or an example.
class ProjectPage : public QWizardPage {
    Q_OBJECT

public:
    explicit ProjectPage(ProjectModel *model, QWidget *parent = nullptr);

    bool isComplete() const override;
    void initializePage() override;

private:
    void createProject();
    void chooseFile();
    void openPath(const QString &path);
    void fillLists();
    void showCurrent();

    ProjectModel *m_model;
    QLineEdit *m_name;
    QComboBox *m_accelerator;
    QListWidget *m_recent;
    QListWidget *m_examples;
    QLabel *m_current;
};

} // namespace cw
