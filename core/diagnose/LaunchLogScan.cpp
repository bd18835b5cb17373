// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/LaunchLogScan.h"

#include "diagnose/RankLogLines.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void note(std::vector<int> &ranks, const QString &number)
{
    bool ok = false;
    const int rank = number.toInt(&ok);
    if (ok && rank >= 0 && rank < 1 << 20 && ranks.size() < 4096 &&
        std::find(ranks.begin(), ranks.end(), rank) == ranks.end())
        ranks.push_back(rank);
}

} // namespace

LaunchLogScan scanLaunchLog(QByteArrayView text)
{
    using ranklog::re;
    LaunchLogScan scan;
    if (text.size() > kScanBytes)
        text = text.last(kScanBytes);
    const QString decoded = QString::fromUtf8(text);
    bool inRootCause = false;
    for (const QStringView raw : QStringView(decoded).split(u'\n')) {
        const QString line = ranklog::readLine(raw).text;
        if (line.startsWith(u"clusterwiz: train.sh on "_s)) {
            if (const auto failed = re("^clusterwiz: train\\.sh on .{1,200}?: rank (\\d{1,7}) \\("
                                       "device [^)]*\\) failed with exit code \\d+")
                                        .match(line);
                failed.hasMatch()) {
                note(scan.failedRanks, failed.captured(1));
            } else if (line.endsWith(u": stopping the others"_s)) {
                scan.stopped = true;
            } else if (re(": got SIG[A-Z]{1,8}, stopping$").match(line).hasMatch()) {
                scan.stopped = scan.signalled = true;
            } else if (line.contains(u": still running after "_s) && line.endsWith(u"killing"_s)) {
                scan.stopped = scan.killed = true;
            }
            continue;
        }
        if (re("Sending process \\d+ closing signal SIG(?:TERM|KILL|INT)").match(line).hasMatch()) {
            scan.stopped = true;
        } else if (const auto failed =
                       re("failed \\(exitcode: -?\\d+\\) local_rank: (\\d{1,7})").match(line);
                   failed.hasMatch()) {
            note(scan.failedLocalRanks, failed.captured(1));
        } else if (line.startsWith(u"Root Cause (first observed failure)"_s)) {
            inRootCause = true;
        } else if (const auto rank = re("^\\s*rank\\s*: (\\d{1,7}) \\(local_rank").match(line);
                   inRootCause && rank.hasMatch()) {
            note(scan.failedRanks, rank.captured(1));
            inRootCause = false;
        } else if (const auto mpi =
                       re("process rank (\\d{1,7}) with PID \\d+ on node \\S+ exited on signal")
                           .match(line);
                   mpi.hasMatch()) {
            note(scan.failedRanks, mpi.captured(1));
        }
    }
    return scan;
}

bool launchLogNamesFailed(const LaunchLogScan &scan, int rank, int firstRank)
{
    const auto named = [](const std::vector<int> &ranks, int value) {
        return std::find(ranks.begin(), ranks.end(), value) != ranks.end();
    };
    return named(scan.failedRanks, rank) ||
           (firstRank >= 0 && named(scan.failedLocalRanks, rank - firstRank));
}

} // namespace cw
