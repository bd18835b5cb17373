// SPDX-License-Identifier: GPL-3.0-or-later
// Time from `launch` to "all ranks started" on 4 simulated servers against 1 (tests/cluster/:
// real sshd per server in its own network namespace; needs root). The clock starts before
// launchJob() (master-port check, uploads, start on every server) and stops at the first poll
// that finds every rank's log (rank.sh creates it as it starts its rank). Each round launches a
// long cpu job (1 rank per server), waits for that, and stops it; rounds alternate between the
// two sizes so that a change in machine load hits both.
//
//   bench_launch [--runs N] [--mode ranktable|launch] [--max-ratio R]
//
// Prints the median and min per size and the ratio of the medians; with --max-ratio exits 1 when
// the ratio is over the bar.
#include "JobTestSupport.h"

#include "launch/Launcher.h"
#include "launch/RunControl.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <vector>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Milliseconds from launch to all ranks started, or -1 with a message on `err`.
qint64 launchToAllStarted(const TestCluster &cluster, int servers, LaunchMode mode,
                          const QString &projectPath, QTextStream &err)
{
    const Project project = jobtest::cpuProject(
        cluster, servers, 1, mode, {u"--steps"_s, u"100000"_s, u"--sleep"_s, u"0.2"_s});
    LaunchOptions options;
    options.fleet = jobtest::fleetOptions(cluster);
    QElapsedTimer timer;
    timer.start();
    const LaunchPlan plan = planLaunch(validated(project).valid.value(), projectPath, newRunId(),
                                       uploadsOutsideProject(project, projectPath));
    const LaunchResult launch = launchJob(project, projectPath, plan, options);
    if (!launch.started) {
        err << "launch failed: " << launch.refusal << launch.errors.join(u"; "_s) << '\n';
        return -1;
    }
    qint64 elapsed = -1;
    while (timer.elapsed() < 60000) {
        const RunSnapshot snapshot = pollRun(project, launch.record, options.fleet);
        if (snapshot.ranksStarted >= servers) {
            elapsed = timer.elapsed();
            break;
        }
        if (isFinal(snapshot.state)) {
            err << "the job ended: " << (snapshot.failure ? snapshot.failure->message : QString())
                << '\n';
            break;
        }
    }
    const StopResult stop = stopRun(project, launch.record, options.fleet);
    if (!stop.ok())
        err << "stop left " << stop.left << " processes\n";
    return elapsed;
}

double median(std::vector<qint64> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? double(values[n / 2]) : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({u"runs"_s, u"Rounds per size (default 5)."_s, u"N"_s, u"5"_s});
    parser.addOption({u"mode"_s, u"Launch mode (default ranktable)."_s, u"MODE"_s, u"ranktable"_s});
    parser.addOption({u"max-ratio"_s, u"Exit 1 when 4 servers / 1 server is over R."_s, u"R"_s});
    parser.process(app);
    QTextStream out(stdout);
    QTextStream err(stderr);
    const int runs = std::max(1, parser.value(u"runs"_s).toInt());
    const std::optional<LaunchMode> mode = launchModeFromName(parser.value(u"mode"_s));
    if (!mode) {
        err << "unknown mode\n";
        return 64;
    }

    TestCluster cluster;
    QString error;
    if (!cluster.up(4, &error)) {
        err << "cluster: " << error << '\n';
        return 2;
    }
    if (const QString ssh = jobtest::setUpServerSsh(cluster); !ssh.isEmpty()) {
        err << ssh << '\n';
        return 2;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(u"bench.clusterwiz.json"_s);
    // One untimed round each: known_hosts entries, the first upload and the page cache.
    for (int servers : {1, 4})
        launchToAllStarted(cluster, servers, *mode, path, err);

    std::vector<qint64> one, four;
    for (int run = 0; run < runs; ++run) {
        for (int servers : {1, 4}) {
            const qint64 ms = launchToAllStarted(cluster, servers, *mode, path, err);
            if (ms < 0)
                return 1;
            (servers == 1 ? one : four).push_back(ms);
            out << "run " << run + 1 << ", " << servers << " server(s): " << ms << " ms\n";
            out.flush();
        }
    }
    const double ratio = median(four) / median(one);
    out << "mode " << launchModeName(*mode) << ", " << runs << " runs\n"
        << "1 server:  median " << median(one) << " ms, min "
        << *std::min_element(one.begin(), one.end()) << " ms\n"
        << "4 servers: median " << median(four) << " ms, min "
        << *std::min_element(four.begin(), four.end()) << " ms\n"
        << "ratio of medians: " << QString::number(ratio, 'f', 2) << '\n';
    out.flush();
    if (parser.isSet(u"max-ratio"_s) && ratio > parser.value(u"max-ratio"_s).toDouble())
        return 1;
    return 0;
}
