// SPDX-License-Identifier: GPL-3.0-or-later
// Log streaming throughput: RemoteLogFollower against a plain `ssh server tail -c +0 -F FILE`,
// side by side in one run (same file, same time, same sshd), on a simulated server
// (tests/cluster/cluster.sh; needs root). Two phases:
//  1. live: a rank writes RATE lines/s for SECONDS; both readers connect 1.5 s before the first
//     line and are done when they have received every byte. Throughput = bytes / time from the
//     writer's start: a reader that keeps up scores the writer's rate, one that falls behind less.
//  2. catch-up: both read an already written file of CATCHUP lines from byte 0 as fast as they
//     can; the time includes connecting.
// The follower's sink does what the Run panel's does: parseLoss, LossSeries and a LogRing.
// The plain reader is `ssh ... | head -c SIZE >/dev/null` (head ends it after the last byte).
// Peak RSS is this process's (getrusage ru_maxrss): the follower, its ring and the loss series.
// Exits 1 when the live ratio is under --min-ratio or the RSS over --max-rss-mb.
#include "TestCluster.h"

#include "logs/LogRing.h"
#include "logs/LossParser.h"
#include "logs/LossSeries.h"
#include "logs/RemoteLogFollower.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>

#include <atomic>
#include <cstdio>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr auto lineFormat =
    "step %08d loss = %.6f lr 0.000100 tokens/s 51234.5 grad_norm 1.2345 rank 0\n";

qint64 lineBytes()
{
    return qint64(std::snprintf(nullptr, 0, lineFormat, 0, 1.0));
}

// Python on the server: `count` lines at `rate` lines/s (rate 0: as fast as possible).
QString writerCommand(const QString &file, qint64 count, qint64 rate, bool background)
{
    const QString py = uR"PY(import os, sys, time
path, total, rate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
fmt = b"%1"
fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
start, n = time.time(), 0
while n < total:
    due = total if rate == 0 else min(total, int((time.time() - start) * rate) + 1)
    due = min(due, n + 100000)
    if due > n:
        os.write(fd, b"".join(fmt % (i, 1 + (i % 1000) / 1000) for i in range(n, due)))
        n = due
    else:
        time.sleep(0.001)
)PY"_s.arg(QString::fromLatin1(lineFormat).replace(u"\n"_s, u"\\n"_s));
    QString command = u"mkdir -p /root/logs && /usr/bin/python3 -c '%1' %2 %3 %4"_s.arg(
        QString(py).replace(u"'"_s, u"'\\''"_s), file, QString::number(count),
        QString::number(rate));
    if (background)
        command = u"setsid sh -c '%1' </dev/null >/dev/null 2>&1 &"_s.arg(
            command.replace(u"'"_s, u"'\\''"_s));
    return command;
}

struct Phase {
    double followerS = -1;
    double plainS = -1;
    qint64 bytes = 0;
};

qint64 peakRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

class Bench {
public:
    TestCluster cluster;
    QString knownHosts;
    LogRing ring;
    LossSeries losses;

    RemoteLogFollowerOptions options() const
    {
        RemoteLogFollowerOptions options;
        options.server = u"server0"_s;
        options.target.host = cluster.ip(0);
        options.target.port = 22;
        options.target.user = u"root"_s;
        options.target.identityFile = cluster.clientKey();
        options.target.knownHostsFile = knownHosts;
        options.target.parseSshConfig = false;
        options.python = u"/usr/bin/python3"_s;
        return options;
    }

    // Starts both readers on `file`, then `startWriter` (may be empty), and times both.
    Phase race(const QString &file, qint64 bytes, const QString &startWriter, int timeoutS)
    {
        Phase phase;
        phase.bytes = bytes;
        std::atomic<qint64> followerDoneMs = -1;
        QElapsedTimer clock;
        RemoteLogFollower follower(options(), {{0, file, 0}}, [&](const LogRecord &record) {
            if (const std::optional<LossPoint> point = parseLoss(record.line))
                losses.add(*point);
            const qint64 end = record.offset + record.line.size() + 1; // ASCII lines
            ring.append(record);
            if (end >= bytes && followerDoneMs.load() < 0)
                followerDoneMs = clock.elapsed();
        });
        QProcess plain;
        plain.setChildProcessModifier([] { ::setpgid(0, 0); });
        const QString ssh = shellJoinArgs(
            {u"ssh"_s, u"-i"_s, cluster.clientKey(), u"-o"_s, u"BatchMode=yes"_s, u"-o"_s,
             u"UserKnownHostsFile="_s + knownHosts, u"-o"_s, u"StrictHostKeyChecking=yes"_s,
             u"root@"_s + cluster.ip(0), u"tail -c +0 -F "_s + file});
        if (startWriter.isEmpty())
            clock.start(); // catch-up: connecting is part of each reader's time
        follower.start();
        // head ends after the last byte; ssh would wait for tail -F forever, so the marker on
        // stderr tells when the plain reader had everything.
        plain.start(u"sh"_s,
                    {u"-c"_s, ssh + u" 2>/dev/null | { head -c "_s + QString::number(bytes) +
                                  u" >/dev/null; echo BENCH-DONE >&2; }"_s});
        plain.setReadChannel(QProcess::StandardError);
        plain.waitForStarted();
        if (!startWriter.isEmpty()) {
            QThread::msleep(1500); // live: both connected and waiting for the file
            clock.start();
            if (cluster.sh(0, startWriter) != 0)
                std::fprintf(stderr, "writer failed to start\n");
        }
        QByteArray marker;
        while (!marker.contains("BENCH-DONE") && clock.elapsed() < timeoutS * 1000 &&
               plain.state() == QProcess::Running) {
            if (plain.waitForReadyRead(100))
                marker += plain.readAllStandardError();
        }
        if (marker.contains("BENCH-DONE"))
            phase.plainS = clock.elapsed() / 1000.0;
        else
            std::fprintf(stderr, "plain ssh tail did not finish: %s\n", marker.constData());
        while (followerDoneMs.load() < 0 && clock.elapsed() < timeoutS * 1000)
            QThread::msleep(5);
        if (followerDoneMs.load() >= 0)
            phase.followerS = followerDoneMs.load() / 1000.0;
        follower.cancel();
        follower.wait();
        if (plain.processId() > 0)
            ::kill(-pid_t(plain.processId()), SIGKILL); // sh, ssh and head alike
        plain.waitForFinished();
        return phase;
    }

    static QString shellJoinArgs(const QStringList &words)
    {
        QStringList quoted;
        for (const QString &word : words)
            quoted << u"'"_s + QString(word).replace(u"'"_s, u"'\\''"_s) + u"'"_s;
        return quoted.join(u' ');
    }
};

void print(const char *name, const Phase &phase)
{
    const double mb = phase.bytes / 1e6;
    std::printf("%-9s %9.1f MB  follower %6.2f s %7.1f MB/s   plain ssh tail %6.2f s %7.1f MB/s"
                "   ratio %.2f\n",
                name, mb, phase.followerS, mb / phase.followerS, phase.plainS, mb / phase.plainS,
                phase.plainS / phase.followerS);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const QStringList args = app.arguments();
    auto option = [&](const QString &name, qint64 fallback) {
        const qsizetype at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() ? args[at + 1].toLongLong() : fallback;
    };
    const qint64 seconds = option(u"--seconds"_s, 10);
    const qint64 rate = option(u"--rate"_s, 50000);
    const qint64 catchup = option(u"--catchup-lines"_s, 1000000);
    const double minRatio = option(u"--min-ratio-pct"_s, 80) / 100.0;
    const qint64 maxRssMb = option(u"--max-rss-mb"_s, 200);

    Bench bench;
    QString error;
    if (!bench.cluster.up(1, &error)) {
        std::fprintf(stderr, "cluster: %s\n", qPrintable(error));
        return 2;
    }
    QFile pub(bench.cluster.hostKeyPub(0));
    pub.open(QIODevice::ReadOnly);
    bench.knownHosts = bench.cluster.stateDir() + u"/bench_known_hosts"_s;
    QFile hosts(bench.knownHosts);
    hosts.open(QIODevice::WriteOnly);
    hosts.write(bench.cluster.ip(0).toUtf8() + ' ' + pub.readAll());
    hosts.close();

    const qint64 liveLines = seconds * rate;
    std::printf("line: %lld bytes; live: %lld lines/s for %lld s; catch-up: %lld lines\n",
                (long long)lineBytes(), (long long)rate, (long long)seconds, (long long)catchup);
    const Phase live = bench.race(u"/root/logs/live.log"_s, liveLines * lineBytes(),
                                  writerCommand(u"/root/logs/live.log"_s, liveLines, rate, true),
                                  int(seconds * 4 + 30));
    print("live", live);
    Phase catchUp;
    if (catchup > 0) {
        bench.cluster.sh(0, writerCommand(u"/root/logs/old.log"_s, catchup, 0, false), nullptr,
                         300000);
        catchUp = bench.race(u"/root/logs/old.log"_s, catchup * lineBytes(), {}, 300);
        print("catch-up", catchUp);
    }
    const qint64 rssMb = peakRssKb() / 1024;
    std::printf("loss points kept %zu of %lld, ring %lld lines (%lld MB), peak RSS %lld MB\n",
                bench.losses.points().size(), (long long)bench.losses.added(),
                (long long)bench.ring.size(), (long long)(bench.ring.bytes() >> 20),
                (long long)rssMb);
    const bool ok = live.followerS > 0 && live.plainS > 0 &&
                    live.plainS / live.followerS >= minRatio && rssMb < maxRssMb;
    std::printf("bar: live ratio >= %.2f and peak RSS < %lld MB: %s\n", minRatio,
                (long long)maxRssMb, ok ? "PASS" : "FAIL");
    std::printf("machine: %d cores\n", QThread::idealThreadCount());
    return ok ? 0 : 1;
}
