#include "discover/ProbeScript.h"

#include "checklist/FactCommands.h"
#include "checklist/FrameworkPackages.h"
#include "plan/HccnCommands.h"
#include "rules/ProjectWarnings.h"
#include "rules/ValueRules.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Runs one probe: captures stdout and stderr together, escapes any line of the output that
// looks like a section marker (so output can never fake a section), then prints the marker
// with the exit status and the output. `timeout` stops a hung tool (a stuck driver, D-Bus).
// The script and the programs it embeds use no single quote after a backslash and no double
// backslash, so that probeCommand() also reads the same in fish, whose quoting differs there.
QString prelude()
{
    return uR"(# clusterwiz discovery: read-only probes, one section each.
unset IFS
LC_ALL=C
export LC_ALL
PATH=${PATH:-/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin:/usr/local/Ascend/driver/tools
export PATH
if timeout -k 2 1 true >/dev/null 2>&1; then cw_t='timeout -k 2 %1'; else cw_t=''; fi
cw_probe() {
    cw_name=$1
    shift
    cw_out=$($cw_t "$@" 2>&1 </dev/null)
    cw_rc=$?
    case $cw_out in
    *@@clusterwiz-probe*) cw_out=$(printf '%s\n' "$cw_out" | sed 's/^@@clusterwiz-probe/ &/') ;;
    esac
    printf '@@clusterwiz-probe %s rc=%s@@\n' "$cw_name" "$cw_rc"
    if [ -n "$cw_out" ]; then printf '%s\n' "$cw_out"; fi
}
)"_s.arg(kProbeTimeoutSeconds);
}

// Checks paths given as "kind:path" arguments and prints "kind yes|no path". A leading ~/,
// $HOME/ or ${HOME}/ is the remote user's home; nothing else in a path is expanded.
const QString kPathsProgram = uR"(for cw_arg do
    cw_kind=${cw_arg%%:*}
    cw_path=${cw_arg#*:}
    case $cw_path in
    "~") cw_real=$HOME ;;
    "~/"* | "$"HOME/* | "$"{HOME}/*) cw_real=$HOME/${cw_path#*/} ;;
    *) cw_real=$cw_path ;;
    esac
    case $cw_kind in
    workdir) test -d "$cw_real" ;;
    writable) test -d "$cw_real" && test -w "$cw_real" ;;
    entry) test -e "$cw_real" ;;
    *) test -r "$cw_real" ;;
    esac && cw_v=yes || cw_v=no
    printf "%s %s %s\n" "$cw_kind" "$cw_v" "$cw_path"
done)"_s;

// Prints the interpreter's version and path, then each package's version from its installed
// metadata, never importing it (an import of torch costs seconds of CPU; 128 servers wait on
// the slowest). An argument "a|b" names one package installed under either distribution name.
// Without importlib.metadata (before 3.8) it reads the *.dist-info / *.egg-info folders itself.
const QString kPythonProgram = uR"(import os, sys
print("python " + sys.version.split()[0])
print("executable " + str(sys.executable))
try:
    from importlib import metadata
except ImportError:
    metadata = None
def norm(n):
    return n.lower().replace("-", "_").replace(".", "_")
def scan(names):
    want = [norm(n) for n in names]
    for d in sys.path:
        try:
            entries = os.listdir(d or ".")
        except OSError:
            continue
        for e in entries:
            base, ext = os.path.splitext(e)
            if ext not in (".dist-info", ".egg-info") or norm(base.split("-")[0]) not in want:
                continue
            for f in ("METADATA", "PKG-INFO"):
                try:
                    with open(os.path.join(d or ".", e, f)) as m:
                        for line in m:
                            if line.startswith("Version:"):
                                return line[8:].strip()
                            if not line.strip():
                                break
                except OSError:
                    pass
    return None
for arg in sys.argv[1:]:
    names = arg.split("|")
    found = None
    for n in names:
        try:
            found = metadata.version(n) if metadata else None
        except Exception:
            found = None
        if found:
            break
    if not found and not metadata:
        found = scan(names)
    print(("package " + names[0] + " " + found) if found else ("package-missing " + names[0])))"_s;

QString probeCall(const QString &name, const QStringList &argv)
{
    return u"cw_probe "_s + shellQuote(name) + u' ' + shellJoin(argv) + u'\n';
}

QString probeCall(const char *name, const QStringList &argv)
{
    return probeCall(QLatin1String(name), argv);
}

QString stripQuotes(const QString &word)
{
    if (word.size() >= 2 && (word.front() == u'"' || word.front() == u'\'') &&
        word.back() == word.front()) {
        const QString inner = word.mid(1, word.size() - 2);
        return inner.contains(word.front()) ? QString() : inner;
    }
    return word;
}

// A sourced file the probe can test without expanding anything the user wrote.
bool isPlainPath(const QString &path)
{
    if (!pathProblem(path).isEmpty())
        return false;
    QString rest = path;
    for (const QString &home : {u"~/"_s, u"$HOME/"_s, u"${HOME}/"_s}) {
        if (rest.startsWith(home)) {
            rest = rest.mid(home.size());
            break;
        }
    }
    for (QChar c : rest) {
        if (c == u'$' || c == u'`' || c == u'"' || c == u'\'' || c == u'\\' || c == u';' ||
            c == u'|' || c == u'&' || c == u'<' || c == u'>' || c.isSpace())
            return false;
    }
    return !rest.isEmpty();
}

QString pathsProbe(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    QStringList argv{u"sh"_s, u"-c"_s, kPathsProgram, u"sh"_s};
    if (!launch.workdir.isEmpty() && pathProblem(launch.workdir).isEmpty()) {
        argv << u"workdir:"_s + launch.workdir << u"writable:"_s + launch.workdir;
    }
    if (!launch.entry.isEmpty() && pathProblem(launch.entry).isEmpty()) {
        QString entry = launch.entry;
        if (!entry.startsWith(u'/') && !launch.workdir.isEmpty() &&
            pathProblem(launch.workdir).isEmpty()) {
            QString dir = launch.workdir;
            while (dir.size() > 1 && dir.endsWith(u'/'))
                dir.chop(1);
            entry = dir == u"/"_s ? dir + entry : dir + u'/' + entry;
        }
        argv << u"entry:"_s + entry;
    }
    for (const QString &file : probedSetEnvFiles(project))
        argv << u"setenv:"_s + file;
    return probeCall(probe::kPaths, argv);
}

// The device facts (hccn_tool), device by device, each device's sections in table order.
QString deviceProbes(const Server &server)
{
    QString text;
    for (int device : probedAscendDevices(server)) {
        for (const FactCommand &fact : factCommands()) {
            if (fact.deviceArgv)
                text +=
                    probeCall(probe::deviceSection(fact.section, device), fact.deviceArgv(device));
        }
    }
    return text;
}

bool is(const FactCommand &fact, const char *section)
{
    return qstrcmp(fact.section, section) == 0;
}

} // namespace

std::vector<int> probedAscendDevices(const Server &server)
{
    std::vector<int> devices;
    for (int device : server.devices) {
        if (device >= 0 && device < 64)
            devices.push_back(device);
    }
    if (devices.empty()) {
        for (int device = 0; device < 8; ++device)
            devices.push_back(device);
    }
    return devices;
}

QStringList probedSetEnvFiles(const Project &project)
{
    QStringList files;
    for (const QString &line : project.launch.envSetup) {
        const QStringList words = line.simplified().split(u' ', Qt::SkipEmptyParts);
        if (words.size() < 2 || (words[0] != u"source"_s && words[0] != u"."_s))
            continue;
        const QString file = stripQuotes(words[1]);
        if (isPlainPath(file) && !files.contains(file))
            files << file;
    }
    // Where CANN may be, for the check and for discovery to fill env_setup with the one found.
    if (isAscend(project.accelerator) && !sourcesCannSetEnv(project.launch)) {
        for (const QString &candidate : cannSetEnvPaths()) {
            if (!files.contains(candidate))
                files << candidate;
        }
    }
    return files;
}

QString probedPython(const Project &project)
{
    return project.launch.python.isEmpty() ? u"python3"_s : project.launch.python;
}

QString probeScript(const Project &project, int serverIndex)
{
    if (serverIndex < 0 || serverIndex >= static_cast<int>(project.servers.size()))
        return {};
    const Server &server = project.servers[static_cast<size_t>(serverIndex)];
    const bool ascend = isAscend(project.accelerator);
    QString text = prelude();
    // Every fact of the check table, in its order; the project decides a few commands.
    for (const FactCommand &fact : factCommands()) {
        if (is(fact, probe::kPaths)) {
            text += pathsProbe(project);
        } else if (is(fact, probe::kPython)) {
            QStringList argv{probedPython(project), u"-c"_s, kPythonProgram};
            for (const QString &package : frameworkPackages(project))
                argv << packageDistributions(package).join(u'|');
            text += probeCall(probe::kPython, argv);
        } else if (is(fact, probe::kNpuBoard)) {
            if (ascend)
                text += probeCall(probe::kNpuBoard,
                                  {u"npu-smi"_s, u"info"_s, u"-t"_s, u"board"_s, u"-i"_s,
                                   QString::number(probedAscendDevices(server).front())});
        } else if (is(fact, probe::kCannVersion) || is(fact, probe::kDeviceHolders)) {
            if (ascend)
                text += probeCall(fact.section, fact.argv);
        } else if (is(fact, probe::kOrted)) {
            // mpirun starts orted over SSH by name unless --prefix says where it is.
            if (project.launch.mode == LaunchMode::Mpirun && project.launch.mpirun.prefix.isEmpty())
                text += probeCall(fact.section, fact.argv);
        } else if (is(fact, probe::kMsrun)) {
            if (project.launch.mode == LaunchMode::Msrun)
                text += probeCall(fact.section, QStringList(fact.argv) << probedPython(project));
        } else if (is(fact, probe::kFirewalld)) {
            // Only when firewall-cmd --state, just before, said it runs.
            text += u"if [ \"$cw_rc\" -eq 0 ]; then\n    "_s + probeCall(fact.section, fact.argv) +
                    u"fi\n"_s;
        } else if (is(fact, probe::kHccnConf)) {
            if (ascend)
                text += probeCall(fact.section, fact.argv) + deviceProbes(server);
        } else if (!fact.deviceArgv) {
            text += probeCall(fact.section, fact.argv);
        }
    }
    text += u"printf '%s\\n' "_s +
            shellQuote(QLatin1String(probe::kMarker) + u' ' + QLatin1String(probe::kEnd) +
                       u" rc=0@@"_s) +
            u'\n';
    return text;
}

QString probeCommand(const Project &project, int serverIndex)
{
    const QString script = probeScript(project, serverIndex);
    return script.isEmpty() ? QString() : shellScriptCommand(script);
}

} // namespace cw
