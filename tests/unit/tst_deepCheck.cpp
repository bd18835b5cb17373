// SPDX-License-Identifier: GPL-3.0-or-later
// The deep check runs launch.python importing the framework on every server: here through a
// local shell (LocalRemote.h), with the real python3 and Debian's torch.
#include "LocalRemote.h"
#include "checks/DeepCheck.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

Project twoServers(Framework framework, Accelerator accelerator = Accelerator::Cpu)
{
    Project p;
    p.name = u"deep"_s;
    p.accelerator = accelerator;
    p.launch.framework = framework;
    p.launch.python = u"/usr/bin/python3"_s;
    for (int i = 0; i < 2; ++i) {
        Server server;
        server.name = u"server%1"_s.arg(i);
        server.host = u"127.0.0.1"_s;
        server.devices = {0};
        p.servers.push_back(server);
    }
    return p;
}

FleetOptions localFleet()
{
    FleetOptions options;
    options.connector = std::make_shared<localremote::LocalConnector>();
    return options;
}

} // namespace

class TestDeepCheck : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modulesFollowTheFramework()
    {
        QCOMPARE(deepCheckModules(twoServers(Framework::PyTorch)), QStringList{u"torch"_s});
        QCOMPARE(deepCheckModules(twoServers(Framework::PyTorch, Accelerator::Ascend910b)),
                 (QStringList{u"torch"_s, u"torch_npu"_s}));
        QCOMPARE(deepCheckModules(twoServers(Framework::MindSpore)), QStringList{u"mindspore"_s});
        // A MindSpore project's deep check never mentions torch.
        QVERIFY(!deepCheckCommand(twoServers(Framework::MindSpore), 60).contains(u"torch"_s));
    }

    void torchImportsOnEveryServer()
    {
        const std::vector<CheckResult> results =
            runDeepCheck(twoServers(Framework::PyTorch), localFleet(), 120);
        QCOMPARE(results.size(), size_t(2));
        for (const CheckResult &result : results) {
            QCOMPARE(result.id, QString::fromLatin1(kFrameworkImportCheck));
            QVERIFY2(result.status == CheckStatus::Ok, qPrintable(result.reason));
            QVERIFY2(result.reason.startsWith(u"torch "_s), qPrintable(result.reason));
        }
        QCOMPARE(results[1].server, u"server1"_s);
    }

    void aMissingModuleIsNamed()
    {
        const std::vector<CheckResult> results =
            runDeepCheck(twoServers(Framework::MindSpore), localFleet(), 60);
        for (const CheckResult &result : results) {
            QCOMPARE(result.status, CheckStatus::Failed);
            QVERIFY2(result.reason.startsWith(u"import mindspore: ModuleNotFoundError"_s),
                     qPrintable(result.reason));
        }
    }

    void aHangingImportIsReportedAsNoAnswer()
    {
        // A python that never answers: the server's own limit ends it, and the reason says so.
        QTemporaryDir dir;
        const QString slow = dir.filePath(u"slow-python"_s);
        QFile file(slow);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\nsleep 30\n");
        file.close();
        QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        Project p = twoServers(Framework::PyTorch);
        p.launch.python = slow;
        const std::vector<CheckResult> results = runDeepCheck(p, localFleet(), 1);
        for (const CheckResult &result : results) {
            QCOMPARE(result.status, CheckStatus::Failed);
            QCOMPARE(result.reason, u"the import did not answer within 1 s"_s);
        }
    }
};

QTEST_GUILESS_MAIN(TestDeepCheck)
#include "tst_deepCheck.moc"
