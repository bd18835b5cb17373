// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// check.sh, run for real on this machine with the simulated Ascend tools of tests/fixtures/ascend
// and stand-in programs in a folder of fakes (tst_checkScript, tst_checkScriptAscend). The plan's
// master is 127.0.0.1; the only other address a plan names is never contacted (--no-reach, or the
// check runs as the server that has it). Every line is "[STATUS] CHECK_ID: detail", the check ids
// of clusterwiz-cli check (tst_checkTable proves that the two name the same checks).

#include "generate/ScriptFiles.h"
#include "rules/ProjectValidator.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

namespace checkscripttest {

using namespace Qt::StringLiterals;
using namespace cw;

const QStringList kServer0Ips = {u"192.168.100.101"_s, u"192.168.101.101"_s, u"192.168.102.101"_s,
                                 u"192.168.103.101"_s, u"192.168.100.100"_s, u"192.168.101.100"_s,
                                 u"192.168.102.100"_s, u"192.168.103.100"_s};
const QStringList kServer1Ips = {u"192.168.100.111"_s, u"192.168.101.111"_s, u"192.168.102.111"_s,
                                 u"192.168.103.111"_s, u"192.168.100.110"_s, u"192.168.101.110"_s,
                                 u"192.168.102.110"_s, u"192.168.103.110"_s};

struct Run {
    int exitCode = -1;
    QString out;
    // [FAIL] lines but the firewall's, sshd's, the reserved ports' and the master's name lookup:
    // those depend on the machine.
    QStringList failures() const
    {
        QStringList lines;
        for (const QString &line : out.split(u'\n'))
            if (line.startsWith(u"[FAIL]"_s) && !machineDependent(line))
                lines << line;
        return lines;
    }
    bool machineFailed() const
    {
        for (const QString &line : out.split(u'\n'))
            if (line.startsWith(u"[FAIL]"_s) && machineDependent(line))
                return true;
        return false;
    }
    static bool machineDependent(const QString &line)
    {
        return line.startsWith(u"[FAIL] firewall-ports: "_s) ||
               line.startsWith(u"[FAIL] sshd: "_s) ||
               line.startsWith(u"[FAIL] hccl-ports-reserved: "_s) ||
               line.startsWith(u"[FAIL] master-resolves: "_s);
    }
};

inline bool writeFile(const QString &path, const QByteArray &content, bool executable = false)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(content) != content.size())
        return false;
    file.close();
    return !executable ||
           file.setPermissions(file.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeGroup);
}

inline QByteArray hccnConf(const QStringList &ips, const QByteArray &extra = {})
{
    QByteArray conf = "npu_count=8\n";
    for (int device = 0; device < ips.size(); ++device)
        conf +=
            u"address_%1=%2\nnetmask_%1=255.255.255.0\n"_s.arg(device).arg(ips[device]).toUtf8();
    return conf + extra;
}

inline int freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

// The folder a test's check.sh runs in: workdir, hccn.conf, fake programs; project() and run().
class CheckScriptFixture {
protected:
    QTemporaryDir m_dir;
    QString m_workdir, m_conf, m_fakeBin;
    QString m_routeConf; // CLUSTERWIZ_HCCN_CONF: where check.sh reads gateways and detect IPs

    Project project(Accelerator accelerator, int masterPort, int serverCount = 1) const
    {
        Project p;
        p.name = u"checks"_s;
        p.accelerator = accelerator;
        for (int s = 0; s < serverCount; ++s) {
            Server server;
            server.name = u"server%1"_s.arg(s);
            server.host = s == 0 ? u"127.0.0.1"_s : u"198.51.100.23"_s;
            server.user = u"root"_s;
            server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            if (isAscend(accelerator))
                server.deviceIps = s == 0 ? kServer0Ips : kServer1Ips;
            p.servers.push_back(server);
        }
        if (isAscend(accelerator)) {
            p.deviceNetwork.netmask = u"255.255.255.0"_s;
            p.deviceNetwork.segments = {u"192.168.100.0"_s, u"192.168.101.0"_s, u"192.168.102.0"_s,
                                        u"192.168.103.0"_s};
        }
        p.launch.workdir = m_workdir;
        p.launch.entry = u"main.py"_s;
        p.launch.python = u"/usr/bin/python3"_s;
        p.launch.masterPort = masterPort;
        p.launch.envSetup = {u"source "_s + m_dir.filePath(u"set_env.sh"_s)};
        return p;
    }

    Run run(const Project &p, const QStringList &args, const QString &nodeRank = u"0"_s,
            bool withFixtures = true)
    {
        const Problems problems = validateProject(p);
        if (!problems.empty())
            return {-2, problems.front().toString()};
        const QString script = m_dir.filePath(u"check.sh"_s);
        if (!writeFile(script, checkScript(p)))
            return {-3, u"cannot write check.sh"_s};
        QString path = m_fakeBin + u":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"_s;
        if (withFixtures)
            path.prepend(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend:"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, path);
        env.insert(u"HCCN_CONF"_s, m_conf);
        env.insert(u"CLUSTERWIZ_HCCN_CONF"_s, m_routeConf.isEmpty() ? m_conf : m_routeConf);
        // torch_npu's metadata only (no module): the package check reads metadata, never imports.
        env.insert(u"PYTHONPATH"_s,
                   QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend/site-packages"));
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, nodeRank);
        env.insert(u"HOME"_s, m_dir.path());
        QProcess process;
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(m_dir.path());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"/bin/bash"_s, QStringList{script} + args);
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAll())};
    }

    // Every check passed that this machine lets pass: the firewall lines depend on it.
    static void verifyAllGood(const Run &result)
    {
        QVERIFY2(result.failures().isEmpty(), qPrintable(result.out));
        QVERIFY2(result.exitCode == (result.machineFailed() ? 1 : 0), qPrintable(result.out));
        QVERIFY(result.out.contains(u" failed\n"_s));
    }

    // initTestCase: the folder, a workdir with main.py, a set_env.sh and the fake programs' folder.
    void setUpFolder()
    {
        QVERIFY(m_dir.isValid());
        m_workdir = m_dir.filePath(u"work"_s);
        m_conf = m_dir.filePath(u"hccn.conf"_s);
        m_fakeBin = m_dir.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(m_workdir));
        QVERIFY(QDir().mkpath(m_fakeBin));
        QVERIFY(writeFile(m_workdir + u"/main.py"_s, "print('train')\n"));
        QVERIFY(writeFile(m_dir.filePath(u"set_env.sh"_s), "export ASCEND_HOME=/opt\n"));
    }

    // init: the planned hccn.conf again and no fake program left from the test before.
    void resetState()
    {
        QVERIFY(writeFile(m_conf, hccnConf(kServer0Ips)));
        for (const QString &name : QDir(m_fakeBin).entryList(QDir::Files))
            QVERIFY(QFile::remove(m_fakeBin + u'/' + name));
    }
};

} // namespace checkscripttest
