// SPDX-License-Identifier: GPL-3.0-or-later
// The device-sample parsers on copies of the tools' documented outputs (sources in
// tests/data/samples/README.md), and on hostile text.
#include "launch/DeviceSample.h"
#include "launch/RunStatus.h"
#include "programs/ServerPrograms.h"

#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

QString sampleText(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/samples/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestDeviceSamples : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nvidiaSmiQuery()
    {
        QString problem;
        const auto samples = parseNvidiaSmiQuery(sampleText(u"nvidia-smi-h100-8.csv"_s), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(samples.size(), size_t(8));
        QCOMPARE(samples[0].device, 0);
        QCOMPARE(*samples[0].utilisationPercent, 98.0);
        QCOMPARE(*samples[0].memoryUsedMiB, 61234.0);
        QCOMPARE(*samples[0].memoryTotalMiB, 81559.0);
        QCOMPARE(*samples[0].temperatureC, 63.0);
        QCOMPARE(*samples[0].powerW, 612.48);
        QVERIFY(!samples[5].powerW); // "[N/A]": not reported, not a problem
        QCOMPARE(*samples[5].utilisationPercent, 97.0);
        QCOMPARE(samples[7].device, 7);
        QCOMPARE(*samples[7].utilisationPercent, 0.0);
        QVERIFY(*samples[7].memoryPercent() > 98.0);
        QVERIFY(samples[7].health.isEmpty());
    }

    void npuSmiTable()
    {
        QString problem;
        const auto samples = parseNpuSmiSample(sampleText(u"npu-smi-910b1-8.txt"_s), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(samples.size(), size_t(8));
        QCOMPARE(samples[0].device, 0);
        QCOMPARE(*samples[0].powerW, 90.0);
        QCOMPARE(*samples[0].temperatureC, 38.0);
        QCOMPARE(*samples[0].utilisationPercent, 87.0);
        QCOMPARE(*samples[0].memoryUsedMiB, 52110.0); // HBM, not the empty Memory-Usage pair
        QCOMPARE(*samples[0].memoryTotalMiB, 65536.0);
        QCOMPARE(samples[5].health, u"Warning"_s);
        QCOMPARE(*samples[7].utilisationPercent, 0.0);
        QCOMPARE(*samples[7].memoryUsedMiB, 3378.0);
        QCOMPARE(*samples[7].temperatureC, 41.0);
    }

    void npuSmiCapturedIdle()
    {
        // The captured discovery table (tests/data/probes/npu-smi): a server with no job.
        QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/probes/npu-smi/910proB-8.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString problem;
        const auto samples = parseNpuSmiSample(QString::fromUtf8(file.readAll()), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(samples.size(), size_t(8));
        for (const DeviceSample &s : samples) {
            QCOMPARE(*s.utilisationPercent, 0.0);
            QCOMPARE(*s.memoryTotalMiB, 65536.0);
        }
        QCOMPARE(samples[6].health, u"Critical"_s);
    }

    void npuSmiTruncated()
    {
        // Cut off between two NPUs: the NPUs read so far, no invented ones.
        QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/probes/npu-smi/truncated.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto samples = parseNpuSmiSample(QString::fromUtf8(file.readAll()));
        QVERIFY(!samples.empty());
        QVERIFY(samples.size() <= 8);
        for (const DeviceSample &s : samples)
            QVERIFY(s.device >= 0 && s.device < 8);
    }

    void simulatedTools()
    {
        // The simulated servers' tools (tests/fixtures) print what the parsers read: the values
        // each server's state file sets, per device.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto run = [&](const QString &tool, const QString &confKey, const QByteArray &conf,
                       const QStringList &args) {
            QFile file(dir.filePath(u"state.conf"_s));
            if (!file.open(QIODevice::WriteOnly) || file.write(conf) != conf.size())
                qFatal("cannot write the state file");
            file.close();
            QProcess process;
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert(confKey, file.fileName());
            process.setProcessEnvironment(env);
            process.start(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/") + tool, args);
            if (!process.waitForFinished(30000) || process.exitCode() != 0)
                qFatal("%s failed", qPrintable(tool));
            return QString::fromUtf8(process.readAllStandardOutput());
        };
        QString problem;
        const auto npus = parseNpuSmiSample(
            run(u"ascend/npu-smi"_s, u"HCCN_CONF"_s,
                "npu_count=4\nhbm_total=65536\naicore_2=93\nhbm_used_2=63900\ntemp_2=97\n"
                "health_3=Alarm\n",
                {u"info"_s}),
            &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(npus.size(), size_t(4));
        QCOMPARE(*npus[2].utilisationPercent, 93.0);
        QCOMPARE(*npus[2].memoryUsedMiB, 63900.0);
        QCOMPARE(*npus[2].memoryTotalMiB, 65536.0);
        QCOMPARE(*npus[2].temperatureC, 97.0);
        QCOMPARE(*npus[0].utilisationPercent, 0.0);
        QCOMPARE(npus[3].health, u"Alarm"_s);

        const auto gpus =
            parseNvidiaSmiQuery(run(u"nvidia/nvidia-smi"_s, u"NVIDIA_SMI_CONF"_s,
                                    "gpu_count=3\nutil_1=97\nmemory_used_1=61234\npower_1=[N/A]\n",
                                    {u"--query-gpu=index,utilization.gpu,memory.used,memory.total,"
                                     "temperature.gpu,power.draw"_s,
                                     u"--format=csv,noheader,nounits"_s}),
                                &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(gpus.size(), size_t(3));
        QCOMPARE(*gpus[1].utilisationPercent, 97.0);
        QCOMPARE(*gpus[1].memoryUsedMiB, 61234.0);
        QVERIFY(!gpus[1].powerW);
        QCOMPARE(*gpus[2].powerW, 70.0);
    }

    void pollTakesASample()
    {
        // job-poll-devices.sh as the poll runs it, with the simulated npu-smi and nvidia-smi on
        // PATH: one sample, framed, read into the poll; the next poll within 5 s takes none.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile conf(dir.filePath(u"hccn.conf"_s));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write("npu_count=2\naicore_1=77\nhbm_used_1=1000\n");
        conf.close();
        auto poll = [&](const QString &tool) {
            const QString command = u"d="_s + dir.path() + u"\ncw_sample="_s + tool +
                                    u"\ncw_sample_every=5\njob_pids() { echo $$; }\n"_s +
                                    u"echo started 2\n"_s +
                                    programText(program::job_poll_devices_sh) + u"echo alive 2\n"_s;
            QProcess process;
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert(u"HCCN_CONF"_s, conf.fileName());
            env.insert(u"NVIDIA_SMI_CONF"_s, dir.filePath(u"none.conf"_s));
            env.insert(u"PATH"_s, QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                                 "/tests/fixtures/ascend:" CLUSTERWIZ_SOURCE_DIR
                                                 "/tests/fixtures/nvidia:") +
                                      env.value(u"PATH"_s));
            process.setProcessEnvironment(env);
            process.start(u"sh"_s, {u"-c"_s, command});
            if (!process.waitForFinished(30000))
                qFatal("the poll did not finish");
            return parseServerPoll(process.readAllStandardOutput());
        };
        const ServerPoll first = poll(u"npu"_s);
        QCOMPARE(first.ranksStarted, 2);
        QCOMPARE(first.alive, 2); // the lines after the sample are still read
        QVERIFY(first.devices);
        QCOMPARE(first.devices->tool, u"npu"_s);
        QVERIFY(first.devices->time > 1700000000);
        QVERIFY2(first.devices->problem.isEmpty(), qPrintable(first.devices->problem));
        QCOMPARE(first.devices->devices.size(), size_t(2));
        QCOMPARE(*first.devices->devices[1].utilisationPercent, 77.0);
        const ServerPoll second = poll(u"npu"_s);
        QCOMPARE(second.alive, 2);
        QVERIFY(!second.devices); // within cw_sample_every of the first
        QFile::remove(dir.filePath(u"device-sample.at"_s));
        const ServerPoll gpus = poll(u"nvidia"_s);
        QVERIFY(gpus.devices);
        QCOMPARE(gpus.devices->devices.size(), size_t(8));
        QVERIFY2(gpus.devices->problem.isEmpty(), qPrintable(gpus.devices->problem));
        QFile::remove(dir.filePath(u"device-sample.at"_s));
        const ServerPoll cpu = poll(u"cpu"_s); // job_pids: the shell itself
        QVERIFY(cpu.devices);
        QCOMPARE(cpu.devices->devices.size(), size_t(1));
        QVERIFY(cpu.devices->devices[0].memoryUsedMiB > 0.0);
    }

    void pollSampleHostile()
    {
        // A tool printing poll keywords or no end marker cannot forge exits or starts.
        const ServerPoll poll = parseServerPoll(
            "started 3\nsample-begin npu 17\nexit 0 9\nstarted 99\nsample-end\nalive 1\n"
            "sample-begin nvidia 18\nexit 1 1\n");
        QCOMPARE(poll.ranksStarted, 3);
        QCOMPARE(poll.alive, 1);
        QVERIFY(poll.exits.empty());
        QVERIFY(poll.devices);
        QCOMPARE(poll.devices->tool, u"npu"_s);
        QVERIFY(!poll.devices->problem.isEmpty());
        QVERIFY(poll.devices->devices.empty());
    }

    void historyBounded()
    {
        DeviceHistory history(2, 3);
        for (int i = 0; i < 10; ++i)
            history.add(1, parseDeviceSampleSet(u"cpu"_s, i, u"1 5.0 1024"_s));
        history.add(2, {});  // out of range: ignored
        history.add(-1, {}); // likewise
        QCOMPARE(history.of(0).size(), size_t(0));
        QCOMPARE(history.of(1).size(), size_t(3));
        QCOMPARE(history.of(1).front().time, qint64(7));
        QCOMPARE(history.newest(1)->time, qint64(9));
        QVERIFY(!history.newest(0));
        QVERIFY(history.of(5).empty());
        QCOMPARE(*history.newest(1)->devices[0].memoryUsedMiB, 1.0);
    }

    void psRanks()
    {
        QString problem;
        const auto samples = parsePsSample(sampleText(u"ps-ranks.txt"_s), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(samples.size(), size_t(3));
        QCOMPARE(samples[1].device, 41232);
        QCOMPARE(*samples[1].utilisationPercent, 101.2);
        QCOMPARE(*samples[1].memoryUsedMiB, 3076.0);
        QVERIFY(!samples[1].memoryTotalMiB);
        QVERIFY(!samples[1].memoryPercent());
        QCOMPARE(*samples[2].utilisationPercent, 0.3);
    }

    void badLinesNamed_data()
    {
        QTest::addColumn<int>("tool");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("count");
        QTest::newRow("nvidia: driver gone")
            << 0
            << u"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."_s
            << 0;
        QTest::newRow("nvidia: five fields") << 0 << u"0, 98, 61234, 81559, 63"_s << 0;
        QTest::newRow("nvidia: negative") << 0 << u"0, -5, 1, 2, 3, 4"_s << 1;
        QTest::newRow("nvidia: util > 100") << 0 << u"0, 250, 1, 2, 3, 4"_s << 1;
        QTest::newRow("nvidia: nan") << 0 << u"0, nan, 1, 2, 3, 4"_s << 1;
        QTest::newRow("npu: no table")
            << 1 << u"dcmi module initialize failed. ret is -8005"_s << 0;
        QTest::newRow("ps: two fields") << 2 << u"123 4.5"_s << 0;
        QTest::newRow("ps: junk pid") << 2 << u"abc 4.5 100"_s << 0;
    }

    void badLinesNamed()
    {
        QFETCH(int, tool);
        QFETCH(QString, text);
        QFETCH(int, count);
        QString problem;
        const auto samples = tool == 0   ? parseNvidiaSmiQuery(text, &problem)
                             : tool == 1 ? parseNpuSmiSample(text, &problem)
                                         : parsePsSample(text, &problem);
        QCOMPARE(int(samples.size()), count);
        QVERIFY(problem.startsWith(u"unrecognised line"_s));
        QVERIFY2(problem.size() < 200, qPrintable(problem));
        if (count == 1) { // the out-of-range field is dropped, not stored
            QVERIFY(!samples[0].utilisationPercent);
        }
    }

    void bounded()
    {
        QString many;
        for (int i = 0; i < kMaxDevices + 500; ++i)
            many += u"%1, 50, 1000, 2000, 40, 100\n"_s.arg(i);
        QString problem;
        QCOMPARE(parseNvidiaSmiQuery(many, &problem).size(), size_t(kMaxDevices));
        QVERIFY(!problem.isEmpty());
        const QString longLine = u"0, 5"_s + QString(100000, u'0') + u", 1, 2, 3, 4"_s;
        problem.clear();
        QVERIFY(parseNvidiaSmiQuery(longLine, &problem).empty());
        QVERIFY(problem.size() < 200);
    }

    void hostileNeverThrows()
    {
        // Mutations of the real outputs: cut, bytes flipped, lines repeated. Nothing escapes,
        // every reading stays in range.
        const QString inputs[] = {sampleText(u"nvidia-smi-h100-8.csv"_s),
                                  sampleText(u"npu-smi-910b1-8.txt"_s),
                                  sampleText(u"ps-ranks.txt"_s)};
        QRandomGenerator random(36);
        const QString alphabet = u"|/ ,.-0123456789\n[]NA%\x00\xff"_s;
        for (int round = 0; round < 3000; ++round) {
            const int tool = round % 3;
            QString text = inputs[tool];
            const int edits = random.bounded(1, 12);
            for (int e = 0; e < edits && !text.isEmpty(); ++e) {
                const int at = random.bounded(int(text.size()));
                switch (random.bounded(4)) {
                case 0:
                    text.truncate(at);
                    break;
                case 1:
                    text[at] = alphabet[random.bounded(int(alphabet.size()))];
                    break;
                case 2:
                    text.insert(at, text.mid(at, random.bounded(200)));
                    break;
                default:
                    text.remove(at, random.bounded(20));
                    break;
                }
            }
            QString problem;
            const auto samples = tool == 0   ? parseNvidiaSmiQuery(text, &problem)
                                 : tool == 1 ? parseNpuSmiSample(text, &problem)
                                             : parsePsSample(text, &problem);
            QVERIFY(samples.size() <= size_t(kMaxDevices));
            for (const DeviceSample &s : samples) {
                QVERIFY(s.device >= 0);
                if (s.utilisationPercent && tool != 2)
                    QVERIFY(*s.utilisationPercent >= 0 && *s.utilisationPercent <= 100);
                QVERIFY(s.health.size() <= 32);
            }
            QVERIFY(problem.size() < 200);
        }
    }
};

QTEST_GUILESS_MAIN(TestDeviceSamples)
#include "tst_deviceSamples.moc"
