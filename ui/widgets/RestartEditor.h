// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QGroupBox>

#include <map>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace cw {

// launch.restart on the Launch page: how often a failed run starts again, whether it may leave
// a lost or unhealthy server out (and keep how many), how long it waits first, and which server
// supervises it. The core validates; this only edits (docs/launch.md, "Restarts").
class RestartEditor : public QGroupBox {
    Q_OBJECT

public:
    explicit RestartEditor(QWidget *parent = nullptr);

    void showProject(const Project &project);
    RestartPolicy policy() const;
    // The editor of each field, by its JSON path ("launch.restart.max_restarts", ...).
    const std::map<QString, QWidget *> &fields() const { return m_fields; }

Q_SIGNALS:
    void edited();

private:
    void updateEnabled();

    QSpinBox *m_maxRestarts;
    QCheckBox *m_dropFailed;
    QSpinBox *m_minServers;
    QSpinBox *m_backoff;
    QComboBox *m_supervisor;
    QLabel *m_contract;
    std::map<QString, QWidget *> m_fields;
    bool m_filling = false;
};

} // namespace cw
