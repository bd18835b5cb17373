// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"

#include <QWizardPage>

class QLabel;

namespace cw {

class LaunchEditor;
class ProjectModel;

// Step 5: the launch mode and its fields. Next stays disabled while the core reports a problem
// under "launch", and the first one is shown under the form.
class LaunchPage : public QWizardPage {
    Q_OBJECT

public:
    explicit LaunchPage(ProjectModel *model, QWidget *parent = nullptr);

    bool isComplete() const override;
    bool validatePage() override; // Next by keyboard or code is refused too, with the message
    void initializePage() override;
    LaunchEditor *editor() const { return m_editor; }

private:
    Problems launchProblems() const;
    void writeBack();
    void showProblems();

    ProjectModel *m_model;
    LaunchEditor *m_editor;
    QLabel *m_message;
    QLabel *m_warnings;
    bool m_writing = false;
};

} // namespace cw
