// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QGroupBox>

#include <map>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QWidget;

namespace cw {

// launch.scheduler and launch.slurm on the Launch page: start the job over SSH (the default) or
// submit it to Slurm from a login node, with what the site sets (partition, account, time limit,
// QOS, generic resources, more sbatch options). The core validates; this only edits
// (docs/slurm.md).
class SlurmEditor : public QGroupBox {
    Q_OBJECT

public:
    explicit SlurmEditor(QWidget *parent = nullptr);

    void showProject(const Project &project);
    // `base` with the scheduler and the Slurm members from the fields.
    LaunchConfig apply(LaunchConfig base) const;
    // The editor of each field, by its JSON path ("launch.slurm.partition", ...).
    const std::map<QString, QWidget *> &fields() const { return m_fields; }

Q_SIGNALS:
    void edited();

private:
    void updateVisibility();

    QComboBox *m_scheduler;
    QWidget *m_slurmFields;
    QLineEdit *m_partition;
    QLineEdit *m_account;
    QLineEdit *m_time;
    QLineEdit *m_qos;
    QLineEdit *m_gres;
    QPlainTextEdit *m_sbatchArgs;
    QComboBox *m_login;
    std::map<QString, QWidget *> m_fields;
    bool m_filling = false;
};

} // namespace cw
