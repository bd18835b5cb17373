#include "checklist/FactCommands.h"

#include "plan/HccnCommands.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Who holds an NPU: every process with /dev/davinciN open, one `PID N NAME` line per device it
// holds (Linux facts only, no vendor format: /proc/PID/fd links and /proc/PID/comm). A job that
// died without closing its devices leaves such holders behind.
QString deviceHoldersScript()
{
    return uR"sh(for f in /proc/[0-9]*/fd/*; do t=$(readlink "$f" 2>/dev/null) || continue; )sh"
           uR"sh(case $t in /dev/davinci[0-9]*) p=${f#/proc/}; p=${p%%/*}; )sh"
           uR"sh(echo "$p ${t#/dev/davinci} $(cat /proc/$p/comm 2>/dev/null)";; )sh"
           uR"sh(esac; done | sort -u)sh"_s;
}

} // namespace

const std::vector<FactCommand> &factCommands()
{
    using namespace probe;
    // argv: the command as written; deviceArgv: hccn_tool's, per device; builtBy: where a
    // command that depends on the project is built.
    static const std::vector<FactCommand> facts = {
        {.section = kHostname, .argv = {u"hostname"_s}, .parser = "parseHostname"},
        {.section = kHostIps, .argv = {u"hostname"_s, u"-I"_s}, .parser = "parseHostIps"},
        {.section = kIpAddr, .argv = {u"ip"_s, u"-o"_s, u"addr"_s}, .parser = "parseIpAddr"},
        {.section = kOsRelease,
         .argv = {u"sh"_s, u"-c"_s,
                  u"cat /etc/os-release 2>/dev/null || cat /usr/lib/os-release"_s},
         .parser = "parseOsRelease"},
        {.section = kSshConnection,
         .argv = {u"printenv"_s, u"SSH_CONNECTION"_s},
         .parser = "parseSshConnection"},
        {.section = kSshdProcesses,
         .argv = {u"pgrep"_s, u"-a"_s, u"sshd"_s},
         .parser = "parseSshdProcesses"},
        {.section = kPortOwners, .argv = {u"ss"_s, u"-tulnp"_s}, .parser = "parsePortOwners"},
        {.section = kPaths,
         .builtBy = "discover/ProbeScript.cpp (workdir, entry, env_setup files)",
         .parser = "parsePathsProbe"},
        {.section = kMpirun, .argv = {u"mpirun"_s, u"--version"_s}, .parser = "parseMpirunVersion"},
        {.section = kUfw,
         .argv = {u"ufw"_s, u"status"_s, u"verbose"_s},
         .parser = "parseUfwStatus"},
        {.section = kFirewalldState,
         .argv = {u"firewall-cmd"_s, u"--state"_s},
         .parser = "the exit status and `running`"},
        {.section = kFirewalld,
         .argv = {u"firewall-cmd"_s, u"--list-all"_s},
         .parser = "parseFirewalldListAll"},
        {.section = kNft, .argv = {u"nft"_s, u"list"_s, u"ruleset"_s}, .parser = "parseNftRuleset"},
        {.section = kIptables, .argv = {u"iptables"_s, u"-S"_s}, .parser = "parseIptablesRules"},
        {.section = kNpuSmi, .argv = {u"npu-smi"_s, u"info"_s}, .parser = "parseNpuSmiInfo"},
        {.section = kNvidiaSmi, .argv = {u"nvidia-smi"_s, u"-L"_s}, .parser = "parseNvidiaSmiList"},
        // CLUSTERWIZ_HCCN_CONF: the same override setup_device_ips.sh and set-device-ips honour.
        {.section = kHccnConf,
         .argv = {u"sh"_s, u"-c"_s, u"cat \"${CLUSTERWIZ_HCCN_CONF:-/etc/hccn.conf}\""_s},
         .parser = "parseHccnConf"},
        {.section = kHccnIp, .deviceArgv = &hccnGetIpCommand, .parser = "parseHccnIp"},
        {.section = kHccnLink, .deviceArgv = &hccnLinkCommand, .parser = "parseHccnLink"},
        {.section = kHccnHealth,
         .deviceArgv = &hccnNetHealthCommand,
         .parser = "parseHccnNetHealth"},
        {.section = kHccnTls, .deviceArgv = &hccnTlsGetCommand, .parser = "parseHccnTls"},
        {.section = kDeviceHolders,
         .argv = {u"sh"_s, u"-c"_s, deviceHoldersScript()},
         .parser = "parseDeviceHolders"},
        {.section = kPython,
         .builtBy = "discover/ProbeScript.cpp (launch.python, a small program)",
         .parser = "parsePythonProbe"},
        {.section = kNpuBoard,
         .builtBy = "discover/ProbeScript.cpp (npu-smi info -t board -i <first device>)",
         .parser = "parseNpuBoard"},
        {.section = kCannVersion,
         .argv =
             {u"sh"_s, u"-c"_s,
              u"cat /usr/local/Ascend/ascend-toolkit/latest/*-linux/ascend_toolkit_install.info"
              u" 2>/dev/null || cat /usr/local/Ascend/cann/*-linux/ascend_toolkit_install.info"_s},
         .parser = "parseCannInstallInfo"},
        {.section = kOrted,
         .argv = {u"sh"_s, u"-c"_s, u"command -v orted"_s},
         .parser = "the path command -v prints (mpirun mode without launch.mpirun.prefix)"},
        // pip installs msrun with MindSpore, beside the interpreter that has it; train.sh looks
        // in the same two places. The interpreter (launch.python) is the last argument.
        {.section = kMsrun,
         .argv = {u"sh"_s, u"-c"_s,
                  u"command -v msrun || { p=$(command -v \"$1\") && [ -x \"${p%/*}/msrun\" ] && "
                  u"echo \"${p%/*}/msrun\"; }"_s,
                  u"sh"_s},
         .parser = "the path of msrun it prints, with launch.python appended (msrun mode)"},
    };
    return facts;
}

const FactCommand *factCommand(const QString &section)
{
    const QString base = section.section(u'.', 0, 0);
    for (const FactCommand &fact : factCommands()) {
        if (base == QLatin1StringView(fact.section))
            return &fact;
    }
    return nullptr;
}

QStringList factArgv(const char *section)
{
    const FactCommand *fact = factCommand(QLatin1StringView(section));
    return fact ? fact->argv : QStringList();
}

QStringList portOwnersArgv()
{
    return factArgv(probe::kPortOwners);
}

QString portOwnersCommand()
{
    return shellJoin(portOwnersArgv());
}

} // namespace cw
