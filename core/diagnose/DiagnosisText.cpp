// SPDX-License-Identifier: GPL-3.0-or-later
// diagnosisToJson and diagnosisText (declared in Diagnosis.h): the diagnosis for programs and
// for people.
#include "diagnose/Diagnosis.h"

#include <QDateTime>

#include <cmath>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// ISO 8601 in UTC with milliseconds ("2026-02-05T18:44:26.379Z"); "?" when unknown.
QString clockText(double epochSeconds)
{
    if (epochSeconds <= 0)
        return u"?"_s;
    return QDateTime::fromMSecsSinceEpoch(qint64(std::llround(epochSeconds * 1000)), Qt::UTC)
        .toString(Qt::ISODateWithMs);
}

} // namespace

nlohmann::ordered_json diagnosisToJson(const Diagnosis &diagnosis)
{
    using json = nlohmann::ordered_json;
    const auto text = [](const QString &value) { return json(value.toStdString()); };
    json first = nullptr;
    if (diagnosis.first) {
        const FirstFailure &f = *diagnosis.first;
        first = {{"server", text(f.server)},
                 {"rank", f.rank},
                 {"time", text(clockText(f.time))},
                 {"class", text(failureClassName(f.failureClass))},
                 {"line", text(f.line)},
                 {"code", text(f.code)},
                 {"exit_code", f.exitCode ? json(*f.exitCode) : json(nullptr)}};
    }
    json behind = json::array();
    for (const BehindRank &rank : diagnosis.behind) {
        behind.push_back({{"server", text(rank.server)},
                          {"rank", rank.rank},
                          {"last_step", rank.lastStep ? json(*rank.lastStep) : json(nullptr)},
                          {"silent_s", std::round(rank.silentS * 10) / 10},
                          {"last_line", text(rank.lastLine)},
                          {"stack", text(rank.stack)}});
    }
    json offsets = json::object();
    for (const auto &[server, ms] : diagnosis.clockOffsetsMs)
        offsets[server.toStdString()] = std::round(ms * 10) / 10;
    json evidence = json::array();
    for (const QString &line : diagnosis.evidence)
        evidence.push_back(text(line));
    json timeline = json::array();
    for (const TimelineEntry &entry : diagnosis.timeline) {
        timeline.push_back({{"time", text(clockText(entry.time))},
                            {"server", text(entry.server)},
                            {"rank", entry.rank},
                            {"class", text(failureClassName(entry.failureClass))},
                            {"line", text(entry.line)},
                            {"time_from", text(entry.timeSource)}});
    }
    json notes = json::array();
    for (const QString &note : diagnosis.notes)
        notes.push_back(text(note));
    return {{"run", text(diagnosis.runId)},
            {"state", text(diagnosisStateName(diagnosis.state))},
            {"first", first},
            {"behind", behind},
            {"clock_offsets_ms", offsets},
            {"evidence", evidence},
            {"timeline", timeline},
            {"notes", notes},
            {"archive", text(diagnosis.archive)}};
}

QString diagnosisText(const Diagnosis &diagnosis)
{
    QString out = u"run %1: %2\n"_s.arg(diagnosis.runId, diagnosisStateName(diagnosis.state));
    if (diagnosis.first) {
        const FirstFailure &f = *diagnosis.first;
        out += u"first failure: %1 rank %2 at %3 (%4%5)\n  %6\n"_s.arg(
            f.server, QString::number(f.rank), clockText(f.time), failureClassName(f.failureClass),
            f.code.isEmpty() ? QString() : u", code "_s + f.code, f.line);
    }
    if (!diagnosis.behind.empty()) {
        out += u"behind (every rank silent; these stopped first):\n"_s;
        for (const BehindRank &rank : diagnosis.behind) {
            out += u"  %1 rank %2: last step %3, silent %4 s: %5\n"_s.arg(
                rank.server, QString::number(rank.rank),
                rank.lastStep ? QString::number(*rank.lastStep) : u"none"_s,
                QString::number(rank.silentS, 'f', 0), rank.lastLine);
            if (!rank.stack.isEmpty())
                out += u"    py-spy:\n      "_s +
                       rank.stack.trimmed().split(u'\n').mid(0, 40).join(u"\n      "_s) + u'\n';
        }
    }
    if (!diagnosis.timeline.empty()) {
        out += diagnosis.source == ReportSource::LogFolder
                   ? u"timeline (each server's own clock: offsets unknown in a folder of logs):\n"_s
                   : u"timeline (this machine's clock; each server's corrected by its offset):\n"_s;
        for (const TimelineEntry &entry : diagnosis.timeline)
            out += u"  %1  %2 rank %3  %4: %5\n"_s.arg(
                clockText(entry.time), entry.server, QString::number(entry.rank),
                failureClassName(entry.failureClass), entry.line.left(200));
    }
    if (!diagnosis.evidence.isEmpty())
        out += u"evidence:\n  "_s + diagnosis.evidence.join(u"\n  "_s) + u'\n';
    if (!diagnosis.clockOffsetsMs.empty()) {
        QStringList offsets;
        for (const auto &[server, ms] : diagnosis.clockOffsetsMs)
            offsets << u"%1 %2%3 ms"_s.arg(server, ms >= 0 ? u"+"_s : QString(),
                                           QString::number(ms, 'f', 1));
        out += u"clock offsets: "_s + offsets.join(u", "_s) + u'\n';
    }
    for (const QString &note : diagnosis.notes)
        out += u"note: "_s + note + u'\n';
    if (!diagnosis.archive.isEmpty())
        out += u"archive: "_s + diagnosis.archive + u'\n';
    return out;
}

} // namespace cw
