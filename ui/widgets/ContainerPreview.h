// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace cw {

// What "Create containers" will run, before anything runs: per server (a picker), the exact
// programs of up's first round (which changes nothing) and second round over the host's SSH
// (containerHostScript), read-only and highlighted as shell. The last round, which lets the
// containers trust each other, is made of the keys the second round prints, so it is named, not
// shown.
class ContainerPreview : public QDialog {
    Q_OBJECT

public:
    explicit ContainerPreview(const Project &project, QWidget *parent = nullptr);

    QComboBox *serverPicker() const { return m_server; }
    QString previewText() const;
    void showServer(int index);

private:
    Project m_project;
    QComboBox *m_server;
    QLabel *m_note;
    QPlainTextEdit *m_text;
};

} // namespace cw
