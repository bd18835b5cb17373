// SPDX-License-Identifier: GPL-3.0-or-later
// The value rows (checks/ValueChecks): each is a check of the table whose one fact only the row
// reads; the C++ readings and check-value.sh's read the same value from the same output (the
// real bash runs here); and the verdict of each outcome, word for word. That the whole generated
// check.sh decides each row as the C++ does is tst_checkDifferential's (rows "shm ...",
// "memlock ...", "open files ...").
#include "checks/CheckCatalogue.h"
#include "checks/CheckTable.h"
#include "checks/ValueChecks.h"
#include "discover/Discovery.h"
#include "discover/FactCommands.h"
#include "discover/ProbeParsers.h"
#include "programs/ServerPrograms.h"

#include <QProcess>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// check-value.sh's reading of `output` by `reading` with `key`, by the real bash.
QString bashReading(const QString &reading, const QString &key, const QString &output)
{
    const QString script = programText(program::check_facts_sh) +
                           programText(program::check_value_sh) +
                           u"\nclusterwiz_value_read \"$1\" \"$2\" \"$3\"\n"_s;
    QProcess bash;
    bash.start(u"bash"_s, {u"-c"_s, script, u"check-value"_s, reading, key, output});
    if (!bash.waitForFinished(30000) || bash.exitCode() != 0)
        return u"(bash failed: %1)"_s.arg(QString::fromUtf8(bash.readAllStandardError()));
    return QString::fromUtf8(bash.readAllStandardOutput());
}

// One cpu server of a Slurm project (every value row applies) whose probe printed `sections`
// (and the end marker: a complete probe).
QString verdictOf(const char *check, const QString &sections)
{
    Project project;
    project.name = u"values"_s;
    project.accelerator = Accelerator::Cpu;
    project.launch.scheduler = Scheduler::Slurm;
    Server server;
    server.name = u"server0"_s;
    server.host = u"127.0.0.1"_s;
    server.user = u"root"_s;
    project.servers.push_back(server);
    std::vector<ServerDiscovery> discovery(1);
    discovery[0].connection.serverIndex = 0;
    discovery[0].connection.serverName = server.name;
    discovery[0].facts = parseProbeOutput(sections + u"@@clusterwiz-probe end rc=0@@\n"_s);
    const CheckReport report = evaluateChecks(project, discovery, {});
    const CheckResult *r = report.find(QLatin1StringView(check), 0);
    return r ? checkStatusName(r->status) + u": "_s + r->reason : u"(no result)"_s;
}

QString section(const char *name, int rc, const QString &output)
{
    return u"@@clusterwiz-probe %1 rc=%2@@\n%3\n"_s.arg(QLatin1StringView(name))
        .arg(rc)
        .arg(output);
}

const QString kDfHeader = u"Filesystem     1024-blocks  Used Available Capacity Mounted on\n"_s;

} // namespace

Q_DECLARE_METATYPE(cw::checks::ValueReading)

class TestValueChecks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // A row is a check of the table, decided by checkValue and clusterwiz_check_value, reading
    // exactly the row's fact; the fact has no other reader (discovery keeps it only as a
    // section), so nothing else can read it another way.
    void everyRowIsATableCheck()
    {
        QVERIFY(checks::valueCheckRows().size() >= 5);
        for (const checks::ValueCheckRow &row : checks::valueCheckRows()) {
            const QString id = QLatin1StringView(row.check);
            const CheckSpec *spec = checkSpec(id);
            QVERIFY2(spec, qPrintable(id));
            QVERIFY2(spec->verdict == &checks::checkValue, qPrintable(id));
            QCOMPARE(QLatin1StringView(spec->scriptFunction), "clusterwiz_check_value"_L1);
            QCOMPARE(spec->facts.size(), size_t(1));
            QCOMPARE(QLatin1StringView(spec->facts.front()), QLatin1StringView(row.section));
            const FactCommand *fact = factCommand(QLatin1StringView(row.section));
            QVERIFY2(fact, row.section);
            QVERIFY2(!fact->read, row.section);
            QVERIFY2(row.shownDivisor > 0, qPrintable(id));
            QVERIFY2(row.silentText && row.unknownText && row.belowText && row.passedText &&
                         row.unexpected && row.wanted,
                     qPrintable(id));
        }
        for (const CheckSpec &spec : checkTable()) {
            if (spec.verdict == &checks::checkValue)
                QVERIFY2(checks::valueCheckRow(QLatin1StringView(spec.id)), spec.id);
        }
    }

    void readingsAgree_data()
    {
        QTest::addColumn<checks::ValueReading>("reading");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("value");
        using R = checks::ValueReading;
        // unmunge(1)'s metadata as munge 0.5.15 printed it on the test cluster.
        const QString unmunge =
            u"STATUS:          Success (0)\nENCODE_HOST:     server1 (10.231.7.12)\n"
            "ENCODE_TIME:     2026-12-07 23:35:36 +0000 (1796686536)\n"
            "DECODE_TIME:     2026-12-07 23:35:36 +0000 (1796686536)\nTTL:             300\n"
            "CIPHER:          aes128 (4)\nMAC:             sha256 (5)\nZIP:             none (0)\n"
            "UID:             root (0)\nGID:             root (0)\nLENGTH:          0\n"_s;
        const QString node = u"NodeName=server1 Arch=x86_64 CoresPerSocket=1 CPUAlloc=0 "
                             u"CPUTot=1 State=IDLE+DRAIN ThreadsPerCore=1 Reason=mend [root]"_s;
        QTest::newRow("key-value status")
            << R::KeyValue << u"STATUS"_s << unmunge << u"Success (0)"_s;
        QTest::newRow("key-value later key") << R::KeyValue << u"TTL"_s << unmunge << u"300"_s;
        QTest::newRow("key-value padded key")
            << R::KeyValue << u"STATUS"_s << u"  STATUS  :\tRewound credential (17) "_s
            << u"Rewound credential (17)"_s;
        QTest::newRow("key-value control character")
            << R::KeyValue << u"STATUS"_s << u"STATUS: bad\x01value"_s << u"bad?value"_s;
        QTest::newRow("key-value no key")
            << R::KeyValue << u"STATUS"_s << u"munge: Error: Failed to access socket"_s
            << QString();
        QTest::newRow("key-value empty value")
            << R::KeyValue << u"STATUS"_s << u"STATUS:   "_s << QString();
        QTest::newRow("key-value key is a prefix")
            << R::KeyValue << u"STATUS"_s << u"STATUSES: many"_s << QString();
        QTest::newRow("word state") << R::Word << u"State"_s << node << u"IDLE+DRAIN"_s;
        // scontrol -o show node of Slurm 22.05.8, captured on the test cluster (slurm.sh):
        // State= comes after 160 characters.
        QTest::newRow("word far along the line")
            << R::Word << u"State"_s
            << u"NodeName=server1 Arch=x86_64 CoresPerSocket=1  CPUAlloc=0 CPUEfctv=1 CPUTot=1 "
               "CPULoad=2.09 AvailableFeatures=(null) ActiveFeatures=(null) Gres=(null) "
               "NodeAddr=10.231.7.12 NodeHostName=server1 Version=22.05.8 OS=Linux "
               "6.18.44-fc-v1300 #1 SMP PREEMPT_DYNAMIC @0  RealMemory=1000 AllocMem=0 "
               "FreeMem=21304 Sockets=1 Boards=1 State=IDLE ThreadsPerCore=1 TmpDisk=0 Weight=1 "
               "Owner=N/A MCS_label=N/A Partitions=main  BootTime=2026-12-07T22:47:54 "
               "SlurmdStartTime=2026-12-07T23:35:36 LastBusyTime=2026-12-07T23:35:36 "
               "CfgTRES=cpu=1,mem=1000M,billing=1 AllocTRES= CapWatts=n/a CurrentWatts=0 "
               "AveWatts=0 ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s"_s
            << u"IDLE"_s;
        QTest::newRow("word tabs")
            << R::Word << u"State"_s << u"NodeName=a\tState=DOWN*\tX=1"_s << u"DOWN*"_s;
        QTest::newRow("word second line")
            << R::Word << u"State"_s << u"NodeName=a\nState=IDLE"_s << QString();
        QTest::newRow("word not a prefix")
            << R::Word << u"State"_s << u"NodeName=a MyState=IDLE"_s << QString();
        QTest::newRow("word empty") << R::Word << u"State"_s << u"NodeName=a State="_s << QString();
        QTest::newRow("word missing node")
            << R::Word << u"State"_s << u"Node server9 not found"_s << QString();
        QTest::newRow("limit number") << R::Limit << QString() << u"1024"_s << u"1024"_s;
        QTest::newRow("limit unlimited")
            << R::Limit << QString() << u"unlimited"_s << u"unlimited"_s;
        QTest::newRow("limit padded") << R::Limit << QString() << u"\n  65536 \n"_s << u"65536"_s;
        QTest::newRow("limit leading zeros") << R::Limit << QString() << u"007"_s << u"007"_s;
        QTest::newRow("limit 18 digits")
            << R::Limit << QString() << u"123456789012345678"_s << u"123456789012345678"_s;
        QTest::newRow("limit 19 digits")
            << R::Limit << QString() << u"1234567890123456789"_s << QString();
        QTest::newRow("limit words")
            << R::Limit << QString() << u"open files (-n) 1024"_s << QString();
        QTest::newRow("limit negative") << R::Limit << QString() << u"-1"_s << QString();
        QTest::newRow("limit empty") << R::Limit << QString() << QString() << QString();
        QTest::newRow("limit second line") << R::Limit << QString() << u"soft\n1024"_s << QString();
        QTest::newRow("df of a container")
            << R::DfBlocks << QString() << kDfHeader + u"shm 65536 0 65536 0% /dev/shm"_s
            << u"65536"_s;
        QTest::newRow("df blank lines and tabs")
            << R::DfBlocks << QString()
            << u"\n"_s + kDfHeader + u"  \n\ttmpfs\t2097152 0 2097152 0% /dev/shm"_s
            << u"2097152"_s;
        QTest::newRow("df mount point with a space")
            << R::DfBlocks << QString() << kDfHeader + u"tmpfs 8 0 8 0% /dev/s hm"_s << u"8"_s;
        QTest::newRow("df no header")
            << R::DfBlocks << QString() << u"shm 65536 0 65536 0% /dev/shm"_s << QString();
        QTest::newRow("df short line")
            << R::DfBlocks << QString() << kDfHeader + u"tmpfs 1 2"_s << QString();
        QTest::newRow("df three lines")
            << R::DfBlocks << QString() << kDfHeader + u"a 1 0 1 0% /x\nb 2 0 2 0% /y"_s
            << QString();
        QTest::newRow("df blocks not a number")
            << R::DfBlocks << QString() << kDfHeader + u"tmpfs 1k 0 1 0% /dev/shm"_s << QString();
        QTest::newRow("df 19 digits")
            << R::DfBlocks << QString()
            << kDfHeader + u"tmpfs 1234567890123456789 0 1 0% /dev/shm"_s << QString();
    }

    // Each reading, C++ and bash, over the same outputs, against the value a person reads.
    void readingsAgree()
    {
        QFETCH(checks::ValueReading, reading);
        QFETCH(QString, key);
        QFETCH(QString, output);
        QFETCH(QString, value);
        const QByteArray keyBytes = key.toLatin1();
        QCOMPARE(checks::readValue(reading, output, key.isEmpty() ? nullptr : keyBytes.constData()),
                 value);
        using R = checks::ValueReading;
        const QString name = reading == R::Limit      ? u"limit"_s
                             : reading == R::DfBlocks ? u"df-blocks"_s
                             : reading == R::KeyValue ? u"key-value"_s
                                                      : u"word"_s;
        QCOMPARE(bashReading(name, key, output), value);
    }

    void verdicts_data()
    {
        QTest::addColumn<QString>("check");
        QTest::addColumn<QString>("sections");
        QTest::addColumn<QString>("verdict");
        const char *openFiles = check::kOpenFiles;
        QTest::newRow("open files 1024")
            << QString::fromLatin1(openFiles) << section(probe::kOpenFiles, 0, u"1024"_s)
            << u"warning: ulimit -n is 1024 in a non-interactive login, under 65536: DataLoader "
               "workers pass batches as file descriptors and a rank fails with \"Too many open "
               "files\" or \"received 0 items of ancdata\" (pytorch/pytorch#973); set \"* - "
               "nofile 1048576\" in /etc/security/limits.conf (sshd with UsePAM yes)"_s;
        QTest::newRow("open files 65536")
            << QString::fromLatin1(openFiles) << section(probe::kOpenFiles, 0, u"65536"_s)
            << u"ok: ulimit -n 65536"_s;
        QTest::newRow("open files unlimited")
            << QString::fromLatin1(openFiles) << section(probe::kOpenFiles, 0, u"unlimited"_s)
            << u"ok: ulimit -n unlimited"_s;
        QTest::newRow("open files failed")
            << QString::fromLatin1(openFiles)
            << section(probe::kOpenFiles, 2, u"sh: 1: ulimit: Illegal option -n"_s)
            << u"warning: cannot tell the open-files limit: sh: 1: ulimit: Illegal option -n"_s;
        QTest::newRow("open files garbled")
            << QString::fromLatin1(openFiles) << section(probe::kOpenFiles, 0, u"many"_s)
            << u"warning: cannot tell the open-files limit: unexpected ulimit -n output"_s;
        QTest::newRow("open files timed out")
            << QString::fromLatin1(openFiles) << section(probe::kOpenFiles, 124, QString())
            << u"warning: ulimit -n did not answer within 20 s"_s;
        QTest::newRow("open files never printed")
            << QString::fromLatin1(openFiles) << QString()
            << u"warning: ulimit -n did not answer: the probe output stopped before it"_s;
        QTest::newRow("munge answers")
            << QString::fromLatin1(check::kMunge)
            << section(probe::kMunge, 0, u"STATUS:          Success (0)\nTTL:             300"_s)
            << u"ok: munge answers: Success (0)"_s;
        QTest::newRow("munged not running")
            << QString::fromLatin1(check::kMunge)
            << section(probe::kMunge, 1,
                       u"munge: Error: Failed to access \"/run/munge/munge.socket.2\": No such "
                       "file or directory"_s)
            << u"failed: munge does not answer: munge: Error: Failed to access "
               "\"/run/munge/munge.socket.2\": No such file or directory (Slurm cannot sign a "
               "request: is munged running with the cluster's key?)"_s;
        QTest::newRow("munge refused")
            << QString::fromLatin1(check::kMunge)
            << section(probe::kMunge, 0, u"STATUS:          Invalid credential (15)"_s)
            << u"failed: unmunge says Invalid credential (15): the credential was refused (the "
               "key or the clock differs?)"_s;
        QTest::newRow("slurm node idle")
            << QString::fromLatin1(check::kSlurmNode)
            << section(probe::kSlurmNode, 0, u"NodeName=server0 Arch=x86_64 State=IDLE Weight=1"_s)
            << u"ok: the Slurm node is IDLE"_s;
        QTest::newRow("slurm node drained")
            << QString::fromLatin1(check::kSlurmNode)
            << section(probe::kSlurmNode, 0, u"NodeName=server0 State=IDLE+DRAIN Reason=mend"_s)
            << u"failed: the Slurm node is IDLE+DRAIN, not one of IDLE MIXED ALLOCATED "
               "COMPLETING: a job on it waits or fails (scontrol show node tells the reason; "
               "scontrol update nodename=NAME state=resume once it is mended)"_s;
        QTest::newRow("slurm node unknown to Slurm")
            << QString::fromLatin1(check::kSlurmNode)
            << section(probe::kSlurmNode, 1, u"Node server9 not found"_s)
            << u"warning: cannot tell the Slurm node's state: Node server9 not found"_s;
        QTest::newRow("shm of a container")
            << QString::fromLatin1(check::kShmSize)
            << section(probe::kShm, 0, kDfHeader + u"shm 65536 0 65536 0% /dev/shm"_s)
            << u"warning: /dev/shm is 64 MiB, under 1024 MiB: DataLoader workers and NCCL/gloo "
               "between processes of one server run out of it (\"No space left on device\", bus "
               "error); give it more (a container: --shm-size=16g; a host: mount -o "
               "remount,size=16G /dev/shm)"_s;
        QTest::newRow("shm of 1 GiB")
            << QString::fromLatin1(check::kShmSize)
            << section(probe::kShm, 0, kDfHeader + u"tmpfs 1048576 0 1048576 0% /dev/shm"_s)
            << u"ok: /dev/shm is 1024 MiB"_s;
        QTest::newRow("shm without df")
            << QString::fromLatin1(check::kShmSize)
            << section(probe::kShm, 127, u"sh: 1: df: not found"_s)
            << u"warning: cannot tell the size of /dev/shm: df not found"_s;
    }

    // What a person reads for each outcome of a row (the catalogue's whole path: discovery's
    // parser, the table, checkValue).
    void verdicts()
    {
        QFETCH(QString, check);
        QFETCH(QString, sections);
        QFETCH(QString, verdict);
        QCOMPARE(verdictOf(check.toLatin1().constData(), sections), verdict);
    }

    // The rows reach check.sh as data, every value quoted once, the readings and tests by the
    // names check-value.sh knows; only the rows asked for (a project's checks).
    void bashRows()
    {
        const QString rows = checks::valueCheckRowsBash(
            {u"shm-size"_s, u"memlock"_s, u"open-files"_s, u"munge"_s, u"slurm-node"_s});
        const QString some = checks::valueCheckRowsBash({u"shm-size"_s});
        QVERIFY(some.contains(u"[shm-size.section]"_s) && !some.contains(u"[memlock."_s));
        QVERIFY(rows.contains(u"declare -A VALUE_ROWS=(\n"_s));
        QVERIFY(rows.contains(u"    [open-files.section]='open-files'\n"_s));
        QVERIFY(rows.contains(u"    [open-files.reading]='limit'\n"_s));
        QVERIFY(rows.contains(u"    [open-files.test]='at-least'\n"_s));
        QVERIFY(rows.contains(u"    [shm-size.reading]='df-blocks'\n"_s));
        QVERIFY(rows.contains(u"    [shm-size.divisor]='1024'\n"_s));
        QVERIFY(rows.contains(u"    [memlock.test]='equals'\n"_s));
        QVERIFY(rows.contains(u"    [memlock.below-status]='warn'\n"_s));
        QVERIFY(rows.contains(u"    [slurm-node.reading]='word'\n"_s));
        QVERIFY(rows.contains(u"    [slurm-node.key]='State'\n"_s));
        QVERIFY(rows.contains(u"    [slurm-node.test]='one-of'\n"_s));
        QVERIFY(rows.contains(u"    [slurm-node.below-status]='fail'\n"_s));
        QVERIFY(rows.contains(u"    [munge.wanted]='Success (0)'\n"_s));
        QVERIFY(
            rows.contains(u"    [shm-size.unknown]='cannot tell the size of /dev/shm: %1'\n"_s));
        QVERIFY(rows.endsWith(u")\n"_s));
    }
};

QTEST_GUILESS_MAIN(TestValueChecks)
#include "tst_valueChecks.moc"
