#include "generate/ScriptFiles.h"

#include "generate/CheckScriptParts.h"
#include "generate/DeviceIpBash.h"
#include "generate/NodePlanBash.h"
#include "shell/ShellQuote.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A file that a `source FILE` / `. FILE` line of launch.env_setup reads. `root` says what a
// relative path is relative to: "abs", "home" (~/, $HOME/) or "workdir" (train.sh sources
// env.sh after cd into launch.workdir).
struct SourcedFile {
    QString root;
    QString path;
};

struct EnvSetupFiles {
    std::vector<SourcedFile> files;
    QStringList unchecked; // source lines whose file depends on other shell expansion
};

EnvSetupFiles envSetupFiles(const QStringList &lines)
{
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    static const QRegularExpression shellSyntax(QStringLiteral("[$`\\\\\"'*?\\[\\]{}()<>|;&!]"));
    EnvSetupFiles result;
    for (const QString &line : lines) {
        const QStringList words = line.trimmed().split(spaces, Qt::SkipEmptyParts);
        if (words.size() < 2 || (words[0] != u"source"_s && words[0] != u"."_s))
            continue;
        QString path = words[1];
        if (path.size() >= 2 && (path.front() == u'\'' || path.front() == u'"') &&
            path.back() == path.front()) {
            path = path.mid(1, path.size() - 2);
        }
        QString root = QStringLiteral("abs");
        for (const QString &prefix : {u"~/"_s, u"$HOME/"_s, u"${HOME}/"_s}) {
            if (path.startsWith(prefix)) {
                root = QStringLiteral("home");
                path = path.mid(prefix.size());
                break;
            }
        }
        // Anything else the shell would expand is left to env.sh, which runs the line as written.
        if (path.isEmpty() || path.startsWith(u'~') || path.contains(shellSyntax)) {
            result.unchecked << line.trimmed();
            continue;
        }
        if (root == u"abs"_s && !path.startsWith(u'/'))
            root = QStringLiteral("workdir");
        result.files.push_back({root, path});
    }
    return result;
}

QString quotedArray(const QString &name, const QStringList &values)
{
    QStringList quoted;
    for (const QString &value : values)
        quoted << shellQuote(value);
    return name + u"=("_s + quoted.join(u' ') + u")\n"_s;
}

// What check.sh needs from the project beyond the plan table, every value quoted.
QString projectValues(const Project &project)
{
    QStringList sshPorts;
    for (int index : project.launchOrder())
        sshPorts << QString::number(project.servers[static_cast<size_t>(index)].port);
    const EnvSetupFiles sourced = envSetupFiles(project.launch.envSetup);
    QStringList roots, paths;
    for (const SourcedFile &file : sourced.files) {
        roots << file.root;
        paths << file.path;
    }

    QString text = QStringLiteral("\n# What the checks compare against.\n");
    text += u"ACCELERATOR="_s + shellQuote(acceleratorName(project.accelerator)) + u'\n';
    text += u"LAUNCH_MODE="_s + shellQuote(launchModeName(project.launch.mode)) + u'\n';
    text += u"PYTHON="_s + shellQuote(project.launch.python) + u'\n';
    text += u"WORKDIR="_s + shellQuote(project.launch.workdir) + u'\n';
    text += u"ENTRY="_s + shellQuote(project.launch.entry) + u'\n';
    text += u"MPIRUN_PREFIX="_s + shellQuote(project.launch.mpirun.prefix) + u'\n';
    text += u"NODE_SSH_PORTS=("_s + sshPorts.join(u' ') + u")\n"_s;
    text += QStringLiteral("HCCL_PORT_FIRST=%1\nHCCL_PORT_LAST=%2\n")
                .arg(project.launch.hcclPorts.first)
                .arg(project.launch.hcclPorts.last);
    text += quotedArray(QStringLiteral("ENV_SETUP_ROOTS"), roots);
    text += quotedArray(QStringLiteral("ENV_SETUP_PATHS"), paths);
    text += quotedArray(QStringLiteral("ENV_SETUP_UNCHECKED"), sourced.unchecked);
    return text;
}

} // namespace

QByteArray checkScript(const Project &project)
{
    const bool ascend = project.accelerator == Accelerator::Ascend910;
    QString text = scriptHeader(
        project, QStringLiteral("Checks this server before a job: one line per check, exit 1 "
                                "when one fails. Same file on every server; --help for options."));
    text += QStringLiteral("set -u\n\n");
    text += planTable(project);
    text += projectValues(project);
    if (ascend)
        text += deviceIpTable(project, DeviceTableUse::Check);
    text += findNodeFunction();
    if (ascend)
        text += hccnFunctions();
    text += checkFramework();
    text += checkHostFunctions();
    if (ascend)
        text += checkAscendFunctions();
    if (project.accelerator == Accelerator::Nvidia)
        text += checkNvidiaFunctions();
    text += checkPortFunctions();
    text += checkMain();
    return text.toUtf8();
}

} // namespace cw
