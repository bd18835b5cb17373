// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QWidget>

#include <map>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace cw {

class RestartEditor;
class SlurmEditor;

// The launch settings of a project: the mode (one sentence each on when to use it) and the
// fields that mode needs. Fields a problem names (by JSON path) get a red frame and the reason
// as tooltip; the judging is the core validator's.
class LaunchEditor : public QWidget {
    Q_OBJECT

public:
    explicit LaunchEditor(QWidget *parent = nullptr);

    void showProject(const Project &project);
    LaunchConfig launch(LaunchConfig base) const;
    void markProblems(const Problems &problems);
    void setMode(LaunchMode mode);
    // The widget that edits a problem's field ("launch.env" for every variable), or null.
    QWidget *fieldFor(const QString &field) const;

Q_SIGNALS:
    void edited();

private:
    void updateVisibility();
    void followModePort(LaunchMode mode);

    QButtonGroup *m_modes;
    QLineEdit *m_workdir;
    QLineEdit *m_entry;
    QPlainTextEdit *m_args;
    QPlainTextEdit *m_upload = nullptr; // launch.upload, one file per line
    QLineEdit *m_python;
    QSpinBox *m_masterPort;
    QComboBox *m_master;
    QLineEdit *m_logDir;
    QPlainTextEdit *m_envSetup;
    QTableWidget *m_env;
    QGroupBox *m_mpirunBox;
    QComboBox *m_mpirunPer;
    QLineEdit *m_mpirunPrefix;
    QPlainTextEdit *m_mpirunArgs;
    QCheckBox *m_hcclWhitelist;
    QComboBox *m_localRankArg;
    QComboBox *m_framework;
    RestartEditor *m_restart;
    SlurmEditor *m_slurm;
    std::map<QString, QWidget *> m_fields; // ProblemLocation::field -> editor
    struct ModeText {
        QLabel *label;
        QString when; // when to use the mode; a greyed mode's label says why it is greyed
    };
    std::map<int, ModeText> m_modeTexts; // LaunchMode -> its label
    bool m_filling = false;
    bool m_ascend = true; // the rank table modes are offered on Ascend only
};

} // namespace cw
