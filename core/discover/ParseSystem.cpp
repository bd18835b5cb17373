// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the probes about the machine itself: names, OS, software, paths, sshd.
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"

#include <QHostAddress>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void report(QString *problem, const QString &text)
{
    if (problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
}

bool isAddress(const QString &text)
{
    QHostAddress address;
    return address.setAddress(text) && !text.contains(u'%');
}

// os-release values: shell-like, possibly in double or single quotes with \" \\ \$ \` escapes.
QString osReleaseValue(const QString &raw)
{
    const QString value = raw.trimmed();
    if (value.size() >= 2 && value.front() == u'\'' && value.back() == u'\'')
        return value.mid(1, value.size() - 2);
    if (value.size() >= 2 && value.front() == u'"' && value.back() == u'"') {
        QString out;
        const QString inner = value.mid(1, value.size() - 2);
        for (qsizetype i = 0; i < inner.size(); ++i) {
            if (inner[i] == u'\\' && i + 1 < inner.size())
                ++i;
            out += inner[i];
        }
        return out;
    }
    return value;
}

} // namespace

QString parseHostname(const QString &text, QString *problem)
{
    QStringList lines;
    for (const QString &line : probeLines(text)) {
        if (!line.trimmed().isEmpty())
            lines << line.trimmed();
    }
    static const QRegularExpression name(u"^[A-Za-z0-9][A-Za-z0-9._-]*$"_s);
    if (lines.size() != 1 || !name.match(lines.front()).hasMatch()) {
        report(problem, text);
        return {};
    }
    return lines.front();
}

QStringList parseHostIps(const QString &text, QString *problem)
{
    QStringList addresses;
    bool bad = false;
    for (const QString &word : text.simplified().split(u' ', Qt::SkipEmptyParts)) {
        if (isAddress(word))
            addresses << word;
        else
            bad = true;
    }
    if (bad)
        report(problem, text);
    return addresses;
}

OsFacts parseOsRelease(const QString &text, QString *problem)
{
    OsFacts os;
    QString name;
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(u'#'))
            continue;
        if (const auto value = valueForKey(trimmed, u"PRETTY_NAME", u'='))
            os.prettyName = osReleaseValue(*value);
        else if (const auto value = valueForKey(trimmed, u"ID", u'='))
            os.id = osReleaseValue(*value);
        else if (const auto value = valueForKey(trimmed, u"VERSION_ID", u'='))
            os.versionId = osReleaseValue(*value);
        else if (const auto value = valueForKey(trimmed, u"NAME", u'='))
            name = osReleaseValue(*value);
    }
    if (os.prettyName.isEmpty())
        os.prettyName = name;
    if (os.prettyName.isEmpty() && os.id.isEmpty())
        report(problem, text);
    return os;
}

namespace {

// "NAME VERSION" (or "NAME" for a missing package): the first line of a name counts.
void readPackageLine(PythonFacts &python, const QString &rest, bool missing)
{
    const QStringList words = rest.split(u' ', Qt::SkipEmptyParts);
    if (words.isEmpty() || python.package(words[0]))
        return;
    python.packages.push_back({words[0], missing || words.size() < 2 ? QString() : words[1]});
}

} // namespace

PythonFacts parsePythonProbe(const QString &text, QString *problem)
{
    PythonFacts python;
    python.found = true;
    for (const QString &line : probeLines(text)) {
        if (line.startsWith(u"python "_s) && python.version.isEmpty())
            python.version = line.mid(7).trimmed();
        else if (line.startsWith(u"executable "_s) && python.executable.isEmpty())
            python.executable = line.mid(11).trimmed();
        else if (line.startsWith(u"package "_s))
            readPackageLine(python, line.mid(8).trimmed(), false);
        else if (line.startsWith(u"package-missing "_s))
            readPackageLine(python, line.mid(16).trimmed(), true);
        else if (line.startsWith(u"torch-error "_s) && python.torchError.isEmpty())
            python.torchError = line.mid(12).trimmed();
        else if (line.startsWith(u"torch "_s) && python.torchVersion.isEmpty())
            python.torchVersion = line.mid(6).trimmed();
    }
    if (const PackageVersion *torch = python.package(u"torch"_s)) {
        python.torchVersion = torch->version;
        if (torch->version.isEmpty() && python.torchError.isEmpty())
            python.torchError = u"no package metadata for torch"_s;
    }
    static const QRegularExpression version(u"^\\d+\\.\\d+(\\.\\d+)?\\S*$"_s);
    if (!version.match(python.version).hasMatch()) {
        python.version.clear();
        python.error = firstLineOf(text);
        report(problem, text);
    }
    return python;
}

MpiFacts parseMpirunVersion(const QString &text, QString *problem)
{
    MpiFacts mpi;
    mpi.found = true;
    static const QRegularExpression openMpi(u"\\(Open MPI\\)\\s+(\\S+)"_s);
    static const QRegularExpression intel(u"Intel\\(R\\) MPI Library.*Version\\s+([^\\s,]+)"_s);
    static const QRegularExpression hydraVersion(u"^\\s*Version:\\s*(\\S+)"_s);
    bool hydra = false;
    for (const QString &line : probeLines(text)) {
        if (const auto match = openMpi.match(line); match.hasMatch()) {
            mpi.implementation = u"Open MPI"_s;
            mpi.version = match.captured(1);
            return mpi;
        }
        if (const auto match = intel.match(line); match.hasMatch()) {
            mpi.implementation = u"Intel MPI"_s;
            mpi.version = match.captured(1);
            return mpi;
        }
        if (line.contains(u"HYDRA build details"_s))
            hydra = true;
        if (const auto match = hydraVersion.match(line); hydra && match.hasMatch()) {
            mpi.implementation = u"MPICH"_s;
            mpi.version = match.captured(1);
            return mpi;
        }
    }
    mpi.error = firstLineOf(text);
    report(problem, text);
    return mpi;
}

std::vector<GpuFacts> parseNvidiaSmiList(const QString &text, QString *problem)
{
    static const QRegularExpression gpu(
        u"^GPU\\s+(\\d+):\\s*(.*?)\\s*\\(UUID:\\s*([^)\\s]+)\\s*\\)"_s);
    static const QRegularExpression mig(u"^\\s+MIG\\s.*\\(UUID:\\s*([^)\\s]+)\\s*\\)"_s);
    std::vector<GpuFacts> gpus;
    bool unknown = false;
    for (const QString &line : probeLines(text)) {
        if (const auto match = gpu.match(line); match.hasMatch()) {
            gpus.push_back({match.captured(1).toInt(), match.captured(2), match.captured(3), {}});
        } else if (const auto match = mig.match(line); match.hasMatch() && !gpus.empty()) {
            gpus.back().migDevices << match.captured(1);
        } else if (!line.trimmed().isEmpty()) {
            unknown = true;
        }
    }
    if (unknown && gpus.empty())
        report(problem, text);
    return gpus;
}

PathFacts parsePathsProbe(const QString &text, QString *problem)
{
    PathFacts paths;
    bool unknown = false;
    for (const QString &line : probeLines(text)) {
        if (line.isEmpty())
            continue;
        const QString kind = line.section(u' ', 0, 0);
        const QString answer = line.section(u' ', 1, 1);
        const QString path = line.section(u' ', 2);
        if ((answer != u"yes"_s && answer != u"no"_s) || path.isEmpty()) {
            unknown = true;
            continue;
        }
        const PathCheck check{path, answer == u"yes"_s};
        if (kind == u"workdir"_s)
            paths.workdir = check;
        else if (kind == u"writable"_s)
            paths.workdirWritable = check.present;
        else if (kind == u"entry"_s)
            paths.entry = check;
        else if (kind == u"setenv"_s)
            paths.setEnv.push_back(check);
        else
            unknown = true;
    }
    if (unknown)
        report(problem, text);
    return paths;
}

QStringList parseSshdProcesses(const QString &text, QString *problem)
{
    static const QRegularExpression process(u"^\\s*\\d+\\s+\\S"_s);
    QStringList processes;
    for (const QString &line : probeLines(text)) {
        if (process.match(line).hasMatch())
            processes << line.trimmed();
        else if (!line.trimmed().isEmpty())
            report(problem, text);
    }
    return processes;
}

void parseSshConnection(const QString &text, SshdFacts &sshd, QString *problem)
{
    const QStringList words = text.simplified().split(u' ', Qt::SkipEmptyParts);
    bool portOk = false;
    const int port = words.size() == 4 ? words[3].toInt(&portOk) : 0;
    if (words.size() != 4 || !portOk || port < 1 || port > 65535 || !isAddress(words[0]) ||
        !isAddress(words[2])) {
        report(problem, text);
        return;
    }
    sshd.sessionClientAddress = words[0];
    sshd.sessionServerAddress = words[2];
    sshd.sessionServerPort = port;
}

} // namespace cw
