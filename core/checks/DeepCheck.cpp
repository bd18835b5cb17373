// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/DeepCheck.h"

#include "programs/ServerPrograms.h"
#include "rules/FrameworkPackages.h"
#include "shell/ShellQuote.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// `timeout` exits 124 when the time ran out (coreutils).
constexpr int kTimeoutExit = 124;

QString lastLine(const QByteArray &text)
{
    const QStringList lines = QString::fromUtf8(text).trimmed().split(u'\n');
    return lines.isEmpty() ? QString() : lines.constLast().trimmed();
}

} // namespace

QStringList deepCheckModules(const Project &project)
{
    return frameworkPackages(project);
}

QString deepCheckCommand(const Project &project, int timeoutS)
{
    // resources/server/import-modules.py imports each module in order and prints "NAME VERSION"
    // lines; on the first failure it prints the exception's last line to stderr and exits 1.
    QStringList words{u"timeout"_s, QString::number(timeoutS), project.launch.python, u"-c"_s,
                      programText(program::import_modules_py)};
    words += deepCheckModules(project);
    QStringList quoted;
    for (const QString &word : words)
        quoted << shellQuote(word);
    return quoted.join(u' ');
}

std::vector<CheckResult> runDeepCheck(const Project &project, const FleetOptions &options,
                                      int timeoutS, const std::atomic<bool> *cancel)
{
    std::vector<CheckResult> results(project.servers.size());
    const QString command = deepCheckCommand(project, timeoutS);
    FleetOptions fleet = options;
    // The import's own limit plus room for the login; `timeout` ends the import first.
    fleet.timeoutMs = std::max(options.timeoutMs, (timeoutS + 30) * 1000);
    const std::vector<FleetResult> ran = runOnFleet(
        project, fleet,
        [&](FleetTask &task) {
            const ExecResult exec = task.session.exec(command, task.remainingMs(), &task.cancel);
            CheckResult &result = results[size_t(task.serverIndex)];
            if (exec.error.isError())
                return exec.error;
            if (exec.exitStatus == 0) {
                result.status = CheckStatus::Ok;
                result.reason = QString::fromUtf8(exec.out).trimmed().replace(u'\n', u", "_s);
            } else if (exec.exitStatus == kTimeoutExit) {
                result.status = CheckStatus::Failed;
                result.setReason(
                    trText("cw::Checks", "the import did not answer within %1 s").arg(timeoutS));
            } else {
                result.status = CheckStatus::Failed;
                const QString why = lastLine(exec.err);
                result.setReason(why.isEmpty() ? trText("cw::Checks", "%1 exited with %2")
                                                     .arg(project.launch.python,
                                                          QString::number(exec.exitStatus))
                                               : TrText::verbatim(why));
            }
            return SshError{};
        },
        {}, cancel);
    for (size_t i = 0; i < results.size(); ++i) {
        CheckResult &result = results[i];
        result.id = QString::fromLatin1(kFrameworkImportCheck);
        result.serverIndex = int(i);
        result.server = project.servers[i].name;
        if (ran[i].error.isError()) {
            result.status = CheckStatus::Failed;
            result.setReason(
                ran[i].error.kind == SshError::Kind::Timeout
                    ? trText("cw::Checks", "did not answer within %1 s").arg(fleet.timeoutMs / 1000)
                    : TrText::verbatim(ran[i].error.message));
        }
    }
    return results;
}

} // namespace cw
