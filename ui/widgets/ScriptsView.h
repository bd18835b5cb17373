// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/Generator.h"

#include <QWidget>

class QTabWidget;

namespace cw {

// The generated files of a project, one read-only monospace tab each. Reused by the wizard's
// Scripts page; it shows what generateScripts() made and never composes script text itself.
class ScriptsView : public QWidget {
    Q_OBJECT

public:
    explicit ScriptsView(QWidget *parent = nullptr);

    void setFiles(const std::vector<GeneratedFile> &files);
    const std::vector<GeneratedFile> &files() const { return m_files; }
    QString currentFileName() const;
    QString textOf(const QString &fileName) const;

private:
    QTabWidget *m_tabs;
    std::vector<GeneratedFile> m_files;
};

} // namespace cw
