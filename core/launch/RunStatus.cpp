// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/RunStatus.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace cw {

ServerPoll parseServerPoll(QByteArrayView output)
{
    ServerPoll poll;
    poll.reached = true;
    const QList<QByteArray> lines = output.toByteArray().split('\n');
    std::optional<QList<QByteArray>> sample; // the words of "sample-begin TOOL TIME"
    QByteArray sampleText;
    for (const QByteArray &line : lines) {
        if (sample) {
            if (line == "sample-end") {
                poll.devices = parseDeviceSampleSet(QString::fromUtf8(sample->value(1)),
                                                    sample->value(2).toLongLong(),
                                                    QString::fromUtf8(sampleText));
                sample.reset();
            } else if (sampleText.size() < 262144 + 4096) {
                sampleText += line + '\n';
            }
            continue;
        }
        if (line.startsWith("sample-begin ")) {
            sample = line.simplified().split(' ');
            sampleText.clear();
            continue;
        }
        if (line.startsWith("supervisor-state ")) {
            poll.supervisorState = line.mid(17);
            continue;
        }
        const QList<QByteArray> words = line.simplified().split(' ');
        if (words.size() >= 2 && words[0] == "started") {
            poll.ranksStarted = words[1].toInt();
        } else if (words.size() >= 2 && words[0] == "alive") {
            poll.alive = words[1].toInt();
        } else if (words.size() >= 2 && words[0] == "attempt") {
            poll.attempt = qMax(0, words[1].toInt());
        } else if (words.size() >= 2 && words[0] == "supervisor") {
            poll.supervisorAlive = words[1] == "1" ? 1 : 0;
        } else if (words.size() >= 3 && words[0] == "exit") {
            bool rankOk = false, codeOk = false;
            RankExit exit;
            exit.rank = words[1].toInt(&rankOk);
            exit.code = words[2].toInt(&codeOk);
            exit.time = words.size() >= 4 ? words[3].toDouble() : 0;
            exit.logTime = words.size() >= 5 ? words[4].toDouble() : 0;
            // A half-written file cannot show (rank.sh renames it into place); skip junk anyway.
            if (rankOk && codeOk && exit.rank >= 0)
                poll.exits.push_back(exit);
        }
    }
    return poll;
}

namespace {

bool stopSignalCode(int code)
{
    return code == 128 + 1 || code == 128 + 2 || code == 128 + 9 || code == 128 + 15;
}

// Whether failure `a` ranks before `b` as the first one.
bool failedBefore(const RankExit &a, const RankExit &b)
{
    if (stopSignalCode(a.code) != stopSignalCode(b.code))
        return !stopSignalCode(a.code);
    const double timeA = a.logTime > 0 ? a.logTime : a.time;
    const double timeB = b.logTime > 0 ? b.logTime : b.time;
    return timeA < timeB;
}

} // namespace

RunSnapshot evaluateRun(const Project &project, const std::vector<ServerPoll> &polls)
{
    RunSnapshot snapshot;
    snapshot.servers = polls;
    snapshot.ranksExpected = project.totalDevices();
    QStringList unreached;
    const RankExit *first = nullptr;
    int firstServer = -1;
    int exitedOk = 0;
    for (int i = 0; i < static_cast<int>(polls.size()); ++i) {
        const ServerPoll &poll = polls[i];
        if (!poll.reached) {
            unreached << project.servers[i].name + u" ("_s + poll.error + u')';
            continue;
        }
        snapshot.ranksStarted += poll.ranksStarted;
        snapshot.alive += poll.alive;
        for (const RankExit &exit : poll.exits) {
            if (exit.code == 0) {
                ++exitedOk;
            } else if (!first || failedBefore(exit, *first)) {
                first = &exit;
                firstServer = i;
            }
        }
    }
    if (!unreached.isEmpty())
        snapshot.note = u"not reached: "_s + unreached.join(u", "_s);
    if (first) {
        snapshot.state = RunState::Failed;
        RunFailure failure;
        failure.server = project.servers[firstServer].name;
        failure.rank = first->rank;
        failure.exitCode = first->code;
        failure.message = u"rank %1 on %2 failed first, exit code %3"_s.arg(
            QString::number(first->rank), failure.server, QString::number(first->code));
        snapshot.failure = failure;
        return snapshot;
    }
    if (!unreached.isEmpty() || snapshot.alive > 0)
        return snapshot;
    if (exitedOk >= snapshot.ranksExpected) {
        snapshot.state = RunState::Finished;
        return snapshot;
    }
    // Nothing is left but some ranks never wrote a code: a script failed before them, or they
    // were killed outright. Name the first server (in launch order) missing codes.
    snapshot.state = RunState::Failed;
    RunFailure failure;
    for (int index : project.launchOrder()) {
        const int expected = static_cast<int>(project.servers[index].devices.size());
        int codes = 0;
        for (const RankExit &exit : polls[index].exits)
            codes += exit.code == 0 ? 1 : 0;
        if (codes < expected) {
            failure.server = project.servers[index].name;
            break;
        }
    }
    failure.message = u"the job ended on %1 before all its ranks recorded an exit code "
                      u"(%2 of %3 ranks exited 0)"_s.arg(failure.server, QString::number(exitedOk),
                                                         QString::number(snapshot.ranksExpected));
    snapshot.failure = failure;
    return snapshot;
}

} // namespace cw
