// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QStringList>
#include <QWizardPage>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace cw {

class DeviceTable;
class ProjectModel;
class TopologyView;

// Step 3: devices per server, netmask and segments, device IPs, "Plan automatically" (core
// planner) and the topology picture. Next stays disabled while the core reports a device problem.
class DevicesPage : public QWizardPage {
    Q_OBJECT

public:
    explicit DevicesPage(ProjectModel *model, QWidget *parent = nullptr);
    ~DevicesPage() override;

    bool isComplete() const override;
    bool validatePage() override; // Next by keyboard or code is refused too, with the message
    void initializePage() override;

    DeviceTable *table() const { return m_table; }
    TopologyView *topology() const { return m_topology; }
    QListWidget *problemList() const { return m_problems; }
    QLineEdit *findField() const { return m_find; }
    void planAutomatically();

private:
    Problems deviceProblems() const;
    // Whether Plan automatically leaves no device problem: only then the page offers it.
    static bool planRepairs(const Project &project);
    void fromModel();
    // The problem list and the message: refused device ids first, then the rules' problems.
    void showProblems(const Project &project, const Problems &problems);
    QStringList rejectedTexts() const; // the table's refused ids, to tell when they changed
    void writeBack();
    void exportPicture(bool svg);
    void showProblem(int row); // centres the picture (and the table) on what it names

    ProjectModel *m_model;
    QLineEdit *m_netmask;
    QLineEdit *m_segments;
    QLineEdit *m_gateways;  // routed device network: device_network.gateways
    QLineEdit *m_detectIps; // and device_network.detect_ips
    DeviceTable *m_table;
    QListWidget *m_problems;
    TopologyView *m_topology;
    QLineEdit *m_find;
    QLabel *m_message;
    QPushButton *m_plan;
    QLabel *m_legend; // what the picture's colours mean
    bool m_writing = false;
    QStringList m_shownRejections; // rejectedTexts() as showProblems() last listed them
};

} // namespace cw
