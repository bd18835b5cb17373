// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A real Slurm on a TestCluster (tests/cluster/slurm.sh): munged on every server with one key,
// slurmctld on server0, one slurmd per server named after its hostname (server0, server1, ...),
// each in its server's namespaces. The Slurm commands run on a server (over SSH or exec) find
// /etc/slurm/slurm.conf and /run/munge as on a real site. The destructor stops every daemon by
// the pid in its pid file; destroy it before the TestCluster it runs on.

#include "TestCluster.h"

#include <QProcess>
#include <QString>
#include <QStringList>

class TestSlurm {
public:
    explicit TestSlurm(const TestCluster &cluster) : m_cluster(cluster) {}
    TestSlurm(const TestSlurm &) = delete;
    TestSlurm &operator=(const TestSlurm &) = delete;
    ~TestSlurm() { down(); }

    // Starts Slurm on every server of the cluster, each node with `cpus` CPUs (1: one task fills
    // a node); returns once every node is idle, or false with `error` set.
    bool up(QString *error, int cpus = 1)
    {
        QString output;
        if (script({QStringLiteral("up"), m_cluster.stateDir(), QString::number(cpus)}, &output) ==
            0) {
            m_up = true;
            return true;
        }
        *error = output;
        script({QStringLiteral("down"), m_cluster.stateDir()}, nullptr);
        return false;
    }

    void down()
    {
        if (m_up)
            script({QStringLiteral("down"), m_cluster.stateDir()}, nullptr);
        m_up = false;
    }

    QString folder() const { return m_cluster.stateDir() + QStringLiteral("/slurm"); }
    // Finished jobs, one line each (JobCompType=jobcomp/filetxt: no accounting storage here).
    QString jobCompletions() const { return folder() + QStringLiteral("/jobcomp.txt"); }
    QString pidFile(const QString &daemon) const
    {
        return folder() + u'/' + daemon + QStringLiteral(".pid");
    }

    static QString scriptPath()
    {
        return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/cluster/slurm.sh");
    }

private:
    int script(const QStringList &arguments, QString *output) const
    {
        return runClusterScript(scriptPath(), arguments, output);
    }

    const TestCluster &m_cluster;
    bool m_up = false;
};
