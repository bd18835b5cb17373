// SPDX-License-Identifier: GPL-3.0-or-later
// The client's CPU for the device samples of a run of SERVERS x 8 (issue 36 item 5): each poll
// round parses one sample per server (the captured formats of tests/data/samples: npu-smi's
// table, nvidia-smi's CSV, ps lines), adds it to the bounded history, and evaluates the verdicts
// over that history and 8 rank speeds per server, as the run panel and `top` do on every round.
// Prints the CPU time (this thread's, CLOCK_THREAD_CPUTIME_ID) per round, median of ROUNDS, for
// each tool.
//   bench_samples [--servers 128] [--rounds 200]
#include "launch/DeviceSample.h"
#include "session/RunVerdicts.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1000.0 + double(now.tv_nsec) / 1e6;
}

QString sampleText(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/data/samples/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

struct Cost {
    double parseMs = 0;   // parsing SERVERS samples
    double verdictMs = 0; // history add and evaluateVerdicts
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

void measure(const QString &tool, const QString &file, int servers, int rounds)
{
    const QString text = sampleText(file);
    if (text.isEmpty()) {
        std::fprintf(stderr, "bench_samples: cannot read %s\n", qPrintable(file));
        return;
    }
    std::vector<VerdictServer> verdictServers;
    std::vector<RankSpeed> speeds;
    for (int s = 0; s < servers; ++s) {
        // For cpu the cells are processes: the ps sample's pids, whatever the device ids.
        verdictServers.push_back(
            {u"node%1"_s.arg(s, 3, 10, QChar(u'0')), s * 8, 8,
             tool == u"cpu"_s ? std::vector<int>{} : std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}});
        for (int k = 0; k < 8; ++k) {
            RankSpeed speed;
            speed.rank = s * 8 + k;
            speed.stepsPerSecond = (s == 3 && k == 0) ? 2.0 : 5.0;
            speed.updates = 10;
            speeds.push_back(speed);
        }
    }
    DeviceHistory history(servers);
    std::vector<double> parse, verdict;
    size_t found = 0;
    for (int round = 0; round < rounds; ++round) {
        const double start = threadCpuMs();
        std::vector<DeviceSampleSet> sets;
        sets.reserve(size_t(servers));
        for (int s = 0; s < servers; ++s)
            sets.push_back(parseDeviceSampleSet(tool, 1764750000 + round * 5, text));
        const double parsed = threadCpuMs();
        for (int s = 0; s < servers; ++s)
            history.add(s, std::move(sets[size_t(s)]));
        found = evaluateVerdicts(verdictServers, history, speeds).size();
        const double done = threadCpuMs();
        parse.push_back(parsed - start);
        verdict.push_back(done - parsed);
    }
    std::printf("%-6s %4d servers: parse %.2f ms, history + verdicts %.2f ms per round "
                "(median of %d; %zu verdicts)\n",
                qPrintable(tool), servers, median(parse), median(verdict), rounds, found);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto option = [&args](const QString &name, int fallback) {
        const qsizetype at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() ? args[at + 1].toInt() : fallback;
    };
    const int servers = std::max(1, option(u"--servers"_s, 128));
    const int rounds = std::max(1, option(u"--rounds"_s, 200));
    measure(u"npu"_s, u"npu-smi-910b1-8.txt"_s, servers, rounds);
    measure(u"nvidia"_s, u"nvidia-smi-h100-8.csv"_s, servers, rounds);
    measure(u"cpu"_s, u"ps-ranks.txt"_s, servers, rounds);
    return 0;
}
