#pragma once

#include "model/Project.h"

#include <QMainWindow>

class QLabel;
class QListWidget;

namespace cw {

class ScriptsView;

// Opens a project, shows what is wrong with it and the files it generates, and exports them.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    bool openProject(const QString &path); // false, with the reason shown, when unreadable
    QString projectPath() const { return m_projectPath; }
    const ScriptsView *scriptsView() const { return m_scripts; }
    QStringList problemLines() const;

    QString exportFolder(const QString &dir);      // error message, empty on success
    QString exportArchive(const QString &archive); // likewise

private:
    void chooseProject();
    void chooseExportFolder();
    void chooseExportArchive();
    void showStatus(const QString &text);
    void refresh();

    QString m_projectPath;
    Project m_project;
    QLabel *m_summary;
    QListWidget *m_problems;
    ScriptsView *m_scripts;
    QAction *m_exportFolder;
    QAction *m_exportArchive;
};

} // namespace cw
