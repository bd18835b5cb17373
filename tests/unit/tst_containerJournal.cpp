// SPDX-License-Identifier: GPL-3.0-or-later
// The containers' journal (NAME.clusterwiz-containers.json, docs/containers.md): what up made,
// read back exactly, a file that is not one refused with the reason, bounded, owner-only, and
// never written through a symbolic link.
#include "container/ContainerJournal.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString kKey =
    u"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGlbAM3D+1qFzkwJol3CpRHeZ02zMQSm4If+5sWuhWTe"_s;

} // namespace

class TestContainerJournal : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void journalRoundTripsAndRefusesWhatIsNotOne()
    {
        ContainerJournal journal;
        ContainerJournalServer &entry = journal.servers[u"server0"_s];
        entry.container = u"0123456789ab"_s;
        entry.hostKey = kKey;
        entry.knownHostsFile = u"/root/.ssh/known_hosts"_s;
        entry.knownHostsLine = u"[10.0.0.11]:12345 "_s + kKey;
        addContainerStep(entry, u"created container 0123456789ab"_s);
        QString error;
        const auto back =
            containerJournalFromBytes(containerJournalToBytes(journal), u"j"_s, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, journal);
        for (const QByteArray &bad :
             {QByteArray("[]"), QByteArray("{\"servers\":{}}"),
              QByteArray("{\"clusterwiz_containers\":2}"),
              QByteArray("{\"clusterwiz_containers\":1,\"servers\":[]}"),
              QByteArray("{\"clusterwiz_containers\":1,\"servers\":{\"a\":{\"host_key\":1}}}"),
              QByteArray("{\"clusterwiz_containers\":1,\"servers\":{\"a\":{\"steps\":[1]}}}"),
              QByteArray(100, '[')}) {
            error.clear();
            QVERIFY2(!containerJournalFromBytes(bad, u"j"_s, &error), bad.constData());
            QVERIFY(error.startsWith(u"j: "_s));
        }
        // Steps are bounded.
        for (int i = 0; i < kMaxContainerJournalSteps + 5; ++i)
            addContainerStep(entry, u"step"_s);
        QCOMPARE(entry.steps.size(), kMaxContainerJournalSteps);
    }

    void journalIsSavedPrivateAndNeverThroughALink()
    {
        QTemporaryDir dir;
        const QString path = containerJournalPath(dir.filePath(u"demo.clusterwiz.json"_s));
        QCOMPARE(QFileInfo(path).fileName(), u"demo.clusterwiz-containers.json"_s);
        const QString target = dir.filePath(u"elsewhere"_s);
        QVERIFY(QFile::link(target, path));
        ContainerJournal journal;
        journal.servers[u"server0"_s].hostKey = kKey;
        QCOMPARE(saveContainerJournal(path, journal), QString());
        QVERIFY(!QFile::exists(target));
        QVERIFY(!QFileInfo(path).isSymLink());
        QCOMPARE(QFile::permissions(path) & (QFile::ReadOther | QFile::ReadGroup),
                 QFile::Permissions());
        QString error;
        QCOMPARE(loadContainerJournal(path, &error), std::optional<ContainerJournal>(journal));
        // Empty: the file goes.
        QCOMPARE(saveContainerJournal(path, ContainerJournal{}), QString());
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestContainerJournal)
#include "tst_containerJournal.moc"
