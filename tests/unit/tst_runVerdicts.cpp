// SPDX-License-Identifier: GPL-3.0-or-later
// The verdicts on a running job (session/RunVerdicts.h) on synthetic histories and speeds: each
// fires where it should, names server, device and rank with the numbers, and stays quiet just
// on the other side of its threshold.
#include "session/RunVerdicts.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Two servers of 8 NPUs, ranks 0-7 and 8-15.
std::vector<VerdictServer> twoByEight()
{
    std::vector<int> devices = {0, 1, 2, 3, 4, 5, 6, 7};
    return {{u"server0"_s, 0, 8, devices}, {u"server1"_s, 8, 8, devices}};
}

DeviceSampleSet busy(qint64 time, double utilisation = 90)
{
    DeviceSampleSet set{u"npu"_s, time, {}, {}};
    for (int d = 0; d < 8; ++d)
        set.devices.push_back(DeviceSample{d, utilisation, 30000, 65536, 55, 300, u"OK"_s});
    return set;
}

DeviceHistory history(int samples, const std::function<void(int, int, DeviceSampleSet &)> &edit)
{
    DeviceHistory h(2);
    for (int i = 0; i < samples; ++i) {
        for (int server = 0; server < 2; ++server) {
            DeviceSampleSet set = busy(1795000000 + 5 * i);
            edit(i, server, set);
            h.add(server, set);
        }
    }
    return h;
}

std::vector<RankSpeed> speeds(const std::function<double(int)> &of, int ranks = 16)
{
    std::vector<RankSpeed> out;
    for (int rank = 0; rank < ranks; ++rank) {
        RankSpeed speed;
        speed.rank = rank;
        speed.stepsPerSecond = of(rank);
        speed.updates = 10;
        out.push_back(speed);
    }
    return out;
}

std::vector<RunVerdict> ofKind(const std::vector<RunVerdict> &all, VerdictKind kind)
{
    std::vector<RunVerdict> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out),
                 [kind](const RunVerdict &v) { return v.kind == kind; });
    return out;
}

} // namespace

class TestRunVerdicts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void healthyRunHasNone()
    {
        const auto verdicts = evaluateVerdicts(twoByEight(), history(6, [](int, int, auto &) {}),
                                               speeds([](int) { return 4.0; }));
        QVERIFY(verdicts.empty());
        QVERIFY(evaluateVerdicts(twoByEight(), DeviceHistory(2), {}).empty());
        QVERIFY(evaluateVerdicts({}, DeviceHistory(0), {}).empty());
    }

    void serverStraggler()
    {
        // server1.s ranks at 2.5 steps/s against 4.0: 23 % below the servers. median of 3.25.
        const auto slow = speeds([](int rank) { return rank >= 8 ? 2.5 : 4.0; });
        auto verdicts =
            ofKind(evaluateVerdicts(twoByEight(), DeviceHistory(2), slow), VerdictKind::Straggler);
        QCOMPARE(verdicts.size(), size_t(1)); // the server, not each of its ranks too
        QCOMPARE(verdicts[0].server, u"server1"_s);
        QCOMPARE(verdicts[0].rank, -1);
        QCOMPARE(verdicts[0].value, 2.5);
        QCOMPARE(verdicts[0].reference, 3.25);
        QCOMPARE(verdicts[0].text.english(),
                 u"server1 is a straggler: its ranks 8-15 make 2.50 steps/s, 23 % below the "
                 u"servers' median of 3.25"_s);
        // 10 % slower is within the margin.
        const auto close = speeds([](int rank) { return rank >= 8 ? 3.6 : 4.0; });
        QVERIFY(
            ofKind(evaluateVerdicts(twoByEight(), DeviceHistory(2), close), VerdictKind::Straggler)
                .empty());
    }

    void rankStraggler()
    {
        auto slow = speeds([](int rank) { return rank == 13 ? 1.0 : 4.0; });
        auto verdicts =
            ofKind(evaluateVerdicts(twoByEight(), DeviceHistory(2), slow), VerdictKind::Straggler);
        QCOMPARE(verdicts.size(), size_t(1));
        QCOMPARE(verdicts[0].rank, 13);
        QCOMPARE(verdicts[0].device, 5);
        QCOMPARE(verdicts[0].server, u"server1"_s);
        QCOMPARE(verdicts[0].text.english(),
                 u"rank 13 on server1 (device 5) is a straggler: 1.00 steps/s, 75 % below the "
                 u"ranks' median of 4.00"_s);
        // A stalled rank reads 0 and says so.
        slow[13].stepsPerSecond = 0.0;
        slow[13].stalled = true;
        verdicts =
            ofKind(evaluateVerdicts(twoByEight(), DeviceHistory(2), slow), VerdictKind::Straggler);
        QCOMPARE(verdicts.size(), size_t(1));
        QVERIFY2(verdicts[0].text.english().contains(u"its steps stopped"_s),
                 qPrintable(verdicts[0].text.english()));
        // Too few progress lines behind the speed: not yet persistent.
        slow[13].updates = kStragglerMinUpdates - 1;
        QVERIFY(
            ofKind(evaluateVerdicts(twoByEight(), DeviceHistory(2), slow), VerdictKind::Straggler)
                .empty());
    }

    void idleDevice()
    {
        // server0 device 3 at 0 % for its last 3 samples while the others work at 90 %.
        const auto idleFrom = [](int first) {
            return history(6, [first](int i, int server, DeviceSampleSet &set) {
                if (server == 0 && i >= first)
                    set.devices[3].utilisationPercent = 0.0;
            });
        };
        auto verdicts =
            ofKind(evaluateVerdicts(twoByEight(), idleFrom(3), {}), VerdictKind::IdleDevice);
        QCOMPARE(verdicts.size(), size_t(1));
        QCOMPARE(verdicts[0].server, u"server0"_s);
        QCOMPARE(verdicts[0].device, 3);
        QCOMPARE(verdicts[0].rank, 3);
        QCOMPARE(verdicts[0].reference, 90.0);
        QCOMPARE(verdicts[0].text.english(),
                 u"server0 device 3 (rank 3) is idle: under 1 % in its last 3 samples while the "
                 u"run's other devices are at 90 % (median)"_s);
        // Idle in only the last 2 samples: not yet.
        QVERIFY(ofKind(evaluateVerdicts(twoByEight(), idleFrom(4), {}), VerdictKind::IdleDevice)
                    .empty());
        // Everyone idle (the job waits for data, or is done): no device is singled out.
        const DeviceHistory allIdle = history(6, [](int, int, DeviceSampleSet &set) {
            for (DeviceSample &d : set.devices)
                d.utilisationPercent = 0.0;
        });
        QVERIFY(
            ofKind(evaluateVerdicts(twoByEight(), allIdle, {}), VerdictKind::IdleDevice).empty());
        // A device no rank of the run uses may idle.
        std::vector<VerdictServer> fewer = twoByEight();
        fewer[0].devices = {0, 1, 2};
        fewer[0].rankCount = 3;
        QVERIFY(ofKind(evaluateVerdicts(fewer, idleFrom(3), {}), VerdictKind::IdleDevice).empty());
        // Samples far apart (older than the window) do not add up to "persistently".
        DeviceHistory spread(2);
        for (int i = 0; i < 3; ++i) {
            DeviceSampleSet set = busy(1795000000 + i * (kVerdictWindowS / 2 + 10));
            set.devices[3].utilisationPercent = 0.0;
            spread.add(0, set);
            spread.add(1, busy(1795000000 + i * 5));
        }
        QVERIFY(
            ofKind(evaluateVerdicts(twoByEight(), spread, {}), VerdictKind::IdleDevice).empty());
    }

    void idleProcessOnCpu()
    {
        const std::vector<VerdictServer> cpu = {{u"a"_s, 0, 2, {}}, {u"b"_s, 2, 2, {}}};
        DeviceHistory h(2);
        for (int i = 0; i < 3; ++i) {
            for (int server = 0; server < 2; ++server) {
                DeviceSampleSet set{u"cpu"_s, 1795000000 + i * 5, {}, {}};
                set.devices.push_back(DeviceSample{4100 + server * 10, 99.0, 512, {}, {}, {}, {}});
                set.devices.push_back(DeviceSample{
                    4101 + server * 10, server == 1 ? 0.2 : 98.0, 512, {}, {}, {}, {}});
                h.add(server, set);
            }
        }
        const auto verdicts = evaluateVerdicts(cpu, h, {});
        QCOMPARE(verdicts.size(), size_t(1));
        QCOMPARE(verdicts[0].device, 4111);
        QCOMPARE(verdicts[0].rank, -1);
        QVERIFY2(verdicts[0].text.english().startsWith(u"b process 4111 is idle"_s),
                 qPrintable(verdicts[0].text.english()));
    }

    void memoryTemperatureHealth()
    {
        const DeviceHistory hot = history(2, [](int i, int server, DeviceSampleSet &set) {
            if (server != 1 || i != 1)
                return;
            set.devices[6].memoryUsedMiB = 63000; // 96.1 % of 65,536
            set.devices[2].memoryUsedMiB = 62259; // 95.0 %: not above
            set.devices[4].temperatureC = 91;
            set.devices[5].temperatureC = 89;
            set.devices[7].health = u"Alarm"_s;
        });
        const auto verdicts = evaluateVerdicts(twoByEight(), hot, {});
        QCOMPARE(verdicts.size(), size_t(3));
        QCOMPARE(verdicts[0].kind, VerdictKind::MemoryHigh);
        QCOMPARE(verdicts[0].rank, 14);
        QCOMPARE(verdicts[0].text.english(),
                 u"server1 device 6 (rank 14): memory 63000 of 65536 MiB used (96.1 %), above "
                 u"95 %"_s);
        QCOMPARE(verdicts[1].kind, VerdictKind::TemperatureAlarm);
        QCOMPARE(verdicts[1].device, 4);
        QCOMPARE(verdicts[1].value, 91.0);
        QCOMPARE(verdicts[1].text.english(),
                 u"server1 device 4 (rank 12): 91 °C, at or above the alarm at 90 °C"_s);
        QCOMPARE(verdicts[2].kind, VerdictKind::DeviceHealth);
        QCOMPARE(verdicts[2].text.english(),
                 u"server1 device 7 (rank 15): npu-smi reports its health as Alarm"_s);
        // Only the newest sample counts: a hot reading that passed says nothing now.
        const DeviceHistory cooled = history(2, [](int i, int server, DeviceSampleSet &set) {
            if (server == 1 && i == 0)
                set.devices[4].temperatureC = 95;
        });
        QVERIFY(evaluateVerdicts(twoByEight(), cooled, {}).empty());

        const nlohmann::ordered_json json = verdictsToJson(verdicts);
        QCOMPARE(json.size(), size_t(3));
        QCOMPARE(json[1]["kind"].get<std::string>(), std::string("temperature_alarm"));
        QCOMPARE(json[1]["server"].get<std::string>(), std::string("server1"));
        QCOMPARE(json[1]["device"].get<int>(), 4);
        QCOMPARE(json[1]["rank"].get<int>(), 12);
        QCOMPARE(json[1]["reference"].get<double>(), kTemperatureAlarmC);
    }
};

QTEST_GUILESS_MAIN(TestRunVerdicts)
#include "tst_runVerdicts.moc"
