// SPDX-License-Identifier: GPL-3.0-or-later
// The checks of one server's own state: names and addresses, accelerators, software, paths, sshd.
#include "checks/CheckServer.h"

#include "checks/ChipGeneration.h"
#include "discover/DiscoveryReport.h"
#include "discover/FactCommands.h"
#include "discover/FactPrograms.h"
#include "discover/ProbeScript.h"
#include "net/Ipv4.h"
#include "rules/FrameworkPackages.h"
#include "rules/ProjectWarnings.h"

#include <QFileInfo>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace cw::checks {
namespace {

// The texts check.sh prints too (serverScriptConstants()).
constexpr char kUnansweredTimeout[] = QT_TRANSLATE_NOOP("cw::Checks", "did not answer within %1 s");
constexpr char kUnansweredStopped[] =
    QT_TRANSLATE_NOOP("cw::Checks", "did not answer: the probe output stopped before it");
constexpr char kNotFound[] = QT_TRANSLATE_NOOP("cw::Checks", "not found");
constexpr char kNothing[] = QT_TRANSLATE_NOOP("cw::Checks", "nothing");
constexpr char kHostnameUnknown[] = QT_TRANSLATE_NOOP("cw::Checks", "hostname unknown");
constexpr char kHostnameTwice[] =
    QT_TRANSLATE_NOOP("cw::Checks", "hostname %1 is also %2's hostname");
constexpr char kHostIpNotAddress[] =
    QT_TRANSLATE_NOOP("cw::Checks", "host_ip is empty and host '%1' is not an address: set host_ip "
                                    "(this server has %2), or run discover --update");
constexpr char kHostIpNotHere[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "host_ip %1 is not an address of this server (hostname -I: %2)");
constexpr char kHostIpOtherNic[] =
    QT_TRANSLATE_NOOP("cw::Checks", "host_ip %1 is on %2, but the project pins the NIC %3");
constexpr char kHostIpOn[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 on %2");
constexpr char kPythonSilent[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 %2");
constexpr char kPythonDoesNotRun[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 does not run: %2");
constexpr char kPythonMissing[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 (Python %2) has no %3 installed (no package metadata; %4 "
                                    "needs it): install it for this interpreter");
constexpr char kPythonOk[] = QT_TRANSLATE_NOOP("cw::Checks", "%1: Python %2, %3");
constexpr char kPythonOkBare[] = QT_TRANSLATE_NOOP("cw::Checks", "%1: Python %2");
constexpr char kMpirunSilent[] = QT_TRANSLATE_NOOP("cw::Checks", "mpirun --version %1");
constexpr char kMpirunNotFound[] =
    QT_TRANSLATE_NOOP("cw::Checks", "mpirun not found (mpirun mode needs OpenMPI on every server)");
constexpr char kOrtedMissing[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "orted is not on the PATH of a non-interactive SSH login, so mpirun cannot start "
                  "its daemon here: set launch.mpirun.prefix to the OpenMPI installation (e.g. "
                  "/usr/lib/x86_64-linux-gnu/openmpi), or install openmpi-bin on this server");
constexpr char kMsrunSilent[] = QT_TRANSLATE_NOOP("cw::Checks", "looking for msrun %1");
constexpr char kMsrunNowhere[] =
    QT_TRANSLATE_NOOP("cw::Checks", "msrun is neither on the PATH of a non-interactive SSH login "
                                    "nor beside %1; MindSpore installs it");
constexpr char kMsrunEnvSetup[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1: train.sh finds it only if launch.env_setup puts it on the PATH");
constexpr char kMsrunInstall[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1: install MindSpore for launch.python, or add to "
                                    "launch.env_setup the line that activates its environment");
constexpr char kCannNoFile[] = QT_TRANSLATE_NOOP("cw::Checks", "env_setup sources no file");
constexpr char kCannMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "missing or unreadable: %1");
constexpr char kCannNowhere[] =
    QT_TRANSLATE_NOOP("cw::Checks", "CANN's set_env.sh is in none of its places (%1): install the "
                                    "CANN toolkit, or source its set_env.sh in launch.env_setup");
constexpr char kCannNotSourced[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 is here, but launch.env_setup does not source it: a job "
                                    "started over SSH gets no CANN libraries (add \"source %1\")");
constexpr char kCannPresent[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 present");
constexpr char kCannFiles[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 files");
constexpr char kPathsUnprobed[] = QT_TRANSLATE_NOOP("cw::Checks", "paths were not probed");
constexpr char kPathsMadeUploaded[] =
    QT_TRANSLATE_NOOP("cw::Checks", "workdir %1 is made and %2 uploaded at launch");
constexpr char kPathsNoWorkdir[] = QT_TRANSLATE_NOOP(
    "cw::Checks",
    "workdir %1 does not exist, nor the entry in it (copy it there, or list it in launch.upload)");
constexpr char kPathsNotWritable[] =
    QT_TRANSLATE_NOOP("cw::Checks", "workdir %1 is not writable (the scripts and logs go there)");
constexpr char kPathsEntryUploaded[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 exists; %2 is uploaded at launch");
constexpr char kPathsNoEntry[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "entry %1 does not exist (copy it there, or list it in launch.upload)");
constexpr char kPathsOk[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 and %2 exist");
// The same findings in the wizard's words: the page and the field instead of the file's member
// or a CLI command.
constexpr char kHostIpNotAddressWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "Host IP is empty and the address '%1' is not an IP address: enter this server's "
                  "Host IP on the Servers page (it has %2), or click Test connection and Apply "
                  "discovered values");
constexpr char kHostIpNotHereWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "Host IP %1 (Servers page) is not an address of this server (it has: %2)");
constexpr char kHostIpOtherNicWizard[] =
    QT_TRANSLATE_NOOP("cw::Checks", "Host IP %1 is on %2, but the Servers page sets the NIC %3");
constexpr char kOrtedMissingWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "orted is not on the PATH of a non-interactive SSH login, so mpirun cannot start "
                  "its daemon here: set OpenMPI --prefix (Launch mode page, mpirun) to the OpenMPI "
                  "installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install openmpi-bin "
                  "on this server");
constexpr char kMsrunEnvSetupWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks",
    "%1: train.sh finds it only if Environment setup (Launch mode page) puts it on the PATH");
constexpr char kMsrunInstallWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1: install MindSpore for the Python of the Launch mode page, or add to its "
                  "Environment setup the line that activates its environment");
constexpr char kCannNoFileWizard[] =
    QT_TRANSLATE_NOOP("cw::Checks", "Environment setup (Launch mode page) sources no file");
constexpr char kCannNowhereWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "CANN's set_env.sh is in none of its places (%1): install the CANN toolkit, or "
                  "source its set_env.sh in Environment setup (Launch mode page)");
constexpr char kCannNotSourcedWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1 is here, but Environment setup (Launch mode page) does not source it: a job "
                  "started over SSH gets no CANN libraries (add \"source %1\")");
constexpr char kPathsNoWorkdirWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "working folder %1 does not exist, nor the entry script in it (copy it there, "
                  "or add the script to Files to upload on the Launch mode page)");
constexpr char kPathsNoEntryWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "entry script %1 does not exist (copy it there, or add it to Files to upload on "
                  "the Launch mode page)");
constexpr char kSshdUnknown[] =
    QT_TRANSLATE_NOOP("cw::Checks", "cannot tell whether sshd runs (pgrep missing)");
constexpr char kSshdNone[] = QT_TRANSLATE_NOOP("cw::Checks", "no sshd process found");
constexpr char kSshdPort[] = QT_TRANSLATE_NOOP("cw::Checks", "sshd serves port %1");
constexpr char kSshdRuns[] = QT_TRANSLATE_NOOP("cw::Checks", "sshd runs");
constexpr char kCpuNoAccelerator[] =
    QT_TRANSLATE_NOOP("cw::Checks", "cpu project: no accelerator needed");
constexpr char kNvidiaSmiMissing[] =
    QT_TRANSLATE_NOOP("cw::Checks", "nvidia-smi not found or failed: %1");
constexpr char kGpuMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "GPU %1 missing");
constexpr char kGpusMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 (nvidia-smi lists %2)");
constexpr char kNpuSmiMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "npu-smi not found");
constexpr char kServerChip[] = QT_TRANSLATE_NOOP("cw::Checks", "server %1: %2");
constexpr char kNpuMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "NPU %1 missing");
constexpr char kNpuWarning[] = QT_TRANSLATE_NOOP("cw::Checks", "NPU %1 health Warning");
constexpr char kNpuHealth[] = QT_TRANSLATE_NOOP("cw::Checks", "NPU %1 health %2");
constexpr char kNpusFailing[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 (project uses %2)");
// Atlas A3: the devices are dies ("Chip Phy-ID" of npu-smi info), each with its NPU's health.
constexpr char kDieMissing[] = QT_TRANSLATE_NOOP("cw::Checks", "die %1 missing");
constexpr char kDieWarning[] = QT_TRANSLATE_NOOP("cw::Checks", "die %1 health Warning");
constexpr char kDieHealth[] = QT_TRANSLATE_NOOP("cw::Checks", "die %1 health %2");
constexpr char kDieSdid[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "die %1 has SDID %2 (npu-smi info -t spod-info), the project says %3");
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

QString listText(const std::vector<int> &values)
{
    QStringList parts;
    for (const int value : values)
        parts.append(QString::number(value));
    return parts.join(u","_s);
}

} // namespace

std::vector<ScriptConstant> serverScriptConstants()
{
    return {
        {"TEXT_UNANSWERED_TIMEOUT", QString::fromUtf8(kUnansweredTimeout)},
        {"TEXT_UNANSWERED_STOPPED", QString::fromUtf8(kUnansweredStopped)},
        {"TEXT_NOT_FOUND", QString::fromUtf8(kNotFound)},
        {"TEXT_NOTHING", QString::fromUtf8(kNothing)},
        {"TEXT_HOSTNAME_UNKNOWN", QString::fromUtf8(kHostnameUnknown)},
        {"TEXT_HOSTNAME_TWICE", QString::fromUtf8(kHostnameTwice)},
        {"TEXT_HOST_IP_NOT_ADDRESS", QString::fromUtf8(kHostIpNotAddress)},
        {"TEXT_HOST_IP_NOT_HERE", QString::fromUtf8(kHostIpNotHere)},
        {"TEXT_HOST_IP_OTHER_NIC", QString::fromUtf8(kHostIpOtherNic)},
        {"TEXT_HOST_IP_ON", QString::fromUtf8(kHostIpOn)},
        {"TEXT_PYTHON_SILENT", QString::fromUtf8(kPythonSilent)},
        {"TEXT_PYTHON_DOES_NOT_RUN", QString::fromUtf8(kPythonDoesNotRun)},
        {"TEXT_PYTHON_MISSING", QString::fromUtf8(kPythonMissing)},
        {"TEXT_PYTHON_OK", QString::fromUtf8(kPythonOk)},
        {"TEXT_PYTHON_OK_BARE", QString::fromUtf8(kPythonOkBare)},
        {"TEXT_MPIRUN_SILENT", QString::fromUtf8(kMpirunSilent)},
        {"TEXT_MPIRUN_NOT_FOUND", QString::fromUtf8(kMpirunNotFound)},
        {"TEXT_ORTED_MISSING", QString::fromUtf8(kOrtedMissing)},
        {"TEXT_MSRUN_SILENT", QString::fromUtf8(kMsrunSilent)},
        {"TEXT_MSRUN_NOWHERE", QString::fromUtf8(kMsrunNowhere)},
        {"TEXT_MSRUN_ENV_SETUP", QString::fromUtf8(kMsrunEnvSetup)},
        {"TEXT_MSRUN_INSTALL", QString::fromUtf8(kMsrunInstall)},
        {"TEXT_CANN_NO_FILE", QString::fromUtf8(kCannNoFile)},
        {"TEXT_CANN_MISSING", QString::fromUtf8(kCannMissing)},
        {"TEXT_CANN_NOWHERE", QString::fromUtf8(kCannNowhere)},
        {"TEXT_CANN_NOT_SOURCED", QString::fromUtf8(kCannNotSourced)},
        {"TEXT_CANN_PRESENT", QString::fromUtf8(kCannPresent)},
        {"TEXT_CANN_FILES", QString::fromUtf8(kCannFiles)},
        {"TEXT_PATHS_UNPROBED", QString::fromUtf8(kPathsUnprobed)},
        {"TEXT_PATHS_MADE_UPLOADED", QString::fromUtf8(kPathsMadeUploaded)},
        {"TEXT_PATHS_NO_WORKDIR", QString::fromUtf8(kPathsNoWorkdir)},
        {"TEXT_PATHS_NOT_WRITABLE", QString::fromUtf8(kPathsNotWritable)},
        {"TEXT_PATHS_ENTRY_UPLOADED", QString::fromUtf8(kPathsEntryUploaded)},
        {"TEXT_PATHS_NO_ENTRY", QString::fromUtf8(kPathsNoEntry)},
        {"TEXT_PATHS_OK", QString::fromUtf8(kPathsOk)},
        {"TEXT_SSHD_UNKNOWN", QString::fromUtf8(kSshdUnknown)},
        {"TEXT_SSHD_NONE", QString::fromUtf8(kSshdNone)},
        {"TEXT_SSHD_PORT", QString::fromUtf8(kSshdPort)},
        {"TEXT_SSHD_RUNS", QString::fromUtf8(kSshdRuns)},
        {"TEXT_CPU_NO_ACCELERATOR", QString::fromUtf8(kCpuNoAccelerator)},
        {"TEXT_NVIDIA_SMI_MISSING", QString::fromUtf8(kNvidiaSmiMissing)},
        {"TEXT_GPU_MISSING", QString::fromUtf8(kGpuMissing)},
        {"TEXT_GPUS_MISSING", QString::fromUtf8(kGpusMissing)},
        {"TEXT_NPU_SMI_MISSING", QString::fromUtf8(kNpuSmiMissing)},
        {"TEXT_SERVER_CHIP", QString::fromUtf8(kServerChip)},
        {"TEXT_NPU_MISSING", QString::fromUtf8(kNpuMissing)},
        {"TEXT_NPU_WARNING", QString::fromUtf8(kNpuWarning)},
        {"TEXT_NPU_HEALTH", QString::fromUtf8(kNpuHealth)},
        {"TEXT_NPUS_FAILING", QString::fromUtf8(kNpusFailing)},
        {"TEXT_DIE_MISSING", QString::fromUtf8(kDieMissing)},
        {"TEXT_DIE_WARNING", QString::fromUtf8(kDieWarning)},
        {"TEXT_DIE_HEALTH", QString::fromUtf8(kDieHealth)},
        {"TEXT_DIE_SDID", QString::fromUtf8(kDieSdid)},
    };
}

CheckResult checkHostname(const CheckContext &c)
{
    const QString name = c.facts.hostname;
    if (name.isEmpty())
        return result(id(check::kHostname), c, CheckStatus::Warning, text(kHostnameUnknown));
    for (size_t other = 0; other < c.hostnames.size(); ++other) {
        if (int(other) == c.index || c.hostnames[other] != name)
            continue;
        // OpenMPI takes two servers of one hostname for one host (shared memory between them).
        const bool mpirun = c.project.launch.mode == LaunchMode::Mpirun;
        return result(id(check::kHostname), c, mpirun ? CheckStatus::Failed : CheckStatus::Warning,
                      text(kHostnameTwice).arg(name, c.project.servers[other].name));
    }
    return result(id(check::kHostname), c, CheckStatus::Ok, TrText::verbatim(name));
}

CheckResult checkHostIp(const CheckContext &c)
{
    const QString hostIp = c.server.effectiveHostIp();
    const QString listed = c.facts.hostIps.join(u' ');
    if (!Ipv4::parse(hostIp))
        return inWizardWords(result(id(check::kHostIp), c, CheckStatus::Failed,
                                    text(kHostIpNotAddress).arg(hostIp, listed)),
                             text(kHostIpNotAddressWizard).arg(hostIp, listed));
    // hostname -I leaves out loopback; ip addr lists it (a one-server job on 127.0.0.1).
    const Nic *nic = c.facts.nicWithAddress(hostIp);
    if (!c.facts.hostIps.contains(hostIp) && !nic) {
        const TrText found = listed.isEmpty() ? text(kNothing) : TrText::verbatim(listed);
        return inWizardWords(result(id(check::kHostIp), c, CheckStatus::Failed,
                                    text(kHostIpNotHere).arg(hostIp).arg(found)),
                             text(kHostIpNotHereWizard).arg(hostIp).arg(found));
    }
    // The NIC the project pins (HCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME...) must be host_ip's.
    if (nic && !c.server.nic.isEmpty() && nic->name != c.server.nic)
        return inWizardWords(result(id(check::kHostIp), c, CheckStatus::Warning,
                                    text(kHostIpOtherNic).arg(hostIp, nic->name, c.server.nic)),
                             text(kHostIpOtherNicWizard).arg(hostIp, nic->name, c.server.nic));
    return result(id(check::kHostIp), c, CheckStatus::Ok,
                  nic ? text(kHostIpOn).arg(hostIp, nic->name) : TrText::verbatim(hostIp));
}

CheckResult checkAccelerator(const CheckContext &c)
{
    const QString name = id(check::kAccelerator);
    const std::vector<int> &wanted = c.server.devices;
    if (c.project.accelerator == Accelerator::Cpu)
        return result(name, c, CheckStatus::Skipped, text(kCpuNoAccelerator));
    if (c.project.accelerator == Accelerator::Nvidia) {
        if (!c.facts.nvidiaSmiFound)
            return result(name, c, CheckStatus::Failed,
                          text(kNvidiaSmiMissing).arg(c.facts.nvidiaSmiError));
        std::vector<TrText> missing;
        for (const int device : wanted) {
            const bool present =
                std::any_of(c.facts.gpus.begin(), c.facts.gpus.end(),
                            [device](const GpuFacts &g) { return g.index == device; });
            if (!present)
                missing.push_back(text(kGpuMissing).arg(device));
        }
        if (!missing.empty())
            return result(name, c, CheckStatus::Failed,
                          text(kGpusMissing).arg(joinReasons(missing)).arg(c.facts.gpus.size()));
        return result(name, c, CheckStatus::Ok, TrText::verbatim(discoveryDevicesText(c.facts)));
    }
    const NpuFacts &npu = c.facts.npu;
    if (!npu.toolFound)
        return result(name, c, CheckStatus::Failed,
                      npu.error.isEmpty() ? text(kNpuSmiMissing)
                                          : TrText::verbatim(u"npu-smi: "_s + npu.error));
    // npu-smi's Warning still trains; Alarm and Critical do not.
    std::vector<TrText> failing;
    std::vector<TrText> warning;
    // A 910B1..B4 (Atlas A2) server in an ascend910 project, or the reverse: wrong ranktable
    // format, HCCL settings and device network; named with the server and the chip.
    QStringList chips;
    for (const NpuDevice &d : npu.devices) {
        if (!chips.contains(d.name))
            chips.append(d.name);
    }
    for (const QString &chip : chips) {
        const QString reason = chipMismatch(c.project.accelerator, chip);
        if (!reason.isEmpty())
            failing.push_back(text(kServerChip).arg(c.server.name, reason));
    }
    // The devices by id with their health: NPUs, or on the Atlas A3 the dies.
    const bool dies = c.project.accelerator == Accelerator::Ascend910_93;
    std::vector<std::pair<int, QString>> listed;
    if (dies) {
        for (const NpuDie &d : npu.dies)
            listed.emplace_back(d.phyId, d.health);
    } else {
        for (const NpuDevice &d : npu.devices)
            listed.emplace_back(d.id, d.health);
    }
    for (size_t k = 0; k < wanted.size(); ++k) {
        const int device = wanted[k];
        const auto found = std::find_if(listed.begin(), listed.end(),
                                        [device](const auto &d) { return d.first == device; });
        if (found == listed.end())
            failing.push_back(text(dies ? kDieMissing : kNpuMissing).arg(device));
        else if (found->second.compare(u"Warning"_s, Qt::CaseInsensitive) == 0)
            warning.push_back(text(dies ? kDieWarning : kNpuWarning).arg(device));
        else if (found->second.compare(u"OK"_s, Qt::CaseInsensitive) != 0)
            failing.push_back(text(dies ? kDieHealth : kNpuHealth).arg(device).arg(found->second));
        // The SDID rank table 1.2 and the doctor's hccs_ping use must be the die's own.
        const DieSuperPod *pod = dies ? c.facts.dieSuperPod(device) : nullptr;
        if (pod && !pod->sdid.isEmpty() && qsizetype(k) < c.server.superDeviceIds.size() &&
            !c.server.superDeviceIds[qsizetype(k)].isEmpty() &&
            c.server.superDeviceIds[qsizetype(k)] != pod->sdid)
            failing.push_back(
                text(kDieSdid).arg(device).arg(pod->sdid, c.server.superDeviceIds[qsizetype(k)]));
    }
    if (!failing.empty()) {
        failing.insert(failing.end(), warning.begin(), warning.end());
        return result(name, c, CheckStatus::Failed,
                      text(kNpusFailing).arg(joinReasons(failing)).arg(listText(wanted)));
    }
    if (!warning.empty())
        return result(name, c, CheckStatus::Warning, joinReasons(warning));
    return result(name, c, CheckStatus::Ok, TrText::verbatim(discoveryDevicesText(c.facts)));
}

// A probe section that did not answer: "did not answer within N s" where it timed out or the
// output stopped before it, never "not found".
std::optional<TrText> unanswered(const ServerFacts &facts, const char *section)
{
    const ProbeSection *found = facts.section(QLatin1StringView(section));
    if (found && found->rc == kProbeTimedOut)
        return text(kUnansweredTimeout).arg(kProbeTimeoutSeconds);
    if (!found && !facts.complete)
        return text(kUnansweredStopped);
    return std::nullopt;
}

std::optional<TrText> unansweredOrAbsent(const ServerFacts &facts, const char *section)
{
    if (!facts.section(QLatin1StringView(section)))
        return text(kUnansweredStopped);
    return unanswered(facts, section);
}

CheckResult checkPython(const CheckContext &c)
{
    const PythonFacts &python = c.facts.python;
    const QString interpreter = c.project.launch.python;
    const QString name = id(check::kPython);
    if (const auto silent = unanswered(c.facts, probe::kPython))
        return result(name, c, CheckStatus::Failed,
                      text(kPythonSilent).arg(interpreter).arg(*silent));
    if (!python.found)
        return result(
            name, c, CheckStatus::Failed,
            text(kPythonDoesNotRun)
                .arg(interpreter)
                .arg(python.error.isEmpty() ? text(kNotFound) : TrText::verbatim(python.error)));
    QStringList found;
    QStringList missing;
    for (const QString &package : frameworkPackages(c.project)) {
        const PackageVersion *installed = python.package(package);
        // A probe that did not ask for it (older output: torch only) leaves it unknown.
        if (!installed && !python.packages.empty())
            continue;
        if (!installed && package != u"torch"_s)
            continue;
        // Output of an older probe names torch only.
        const QString version = installed               ? installed->version
                                : package == u"torch"_s ? python.torchVersion
                                                        : QString();
        if (version.isEmpty())
            missing << package;
        else
            found << package + u' ' + version;
    }
    if (!missing.isEmpty())
        return result(name, c, CheckStatus::Failed,
                      text(kPythonMissing)
                          .arg(interpreter, python.version, missing.join(u", "_s),
                               frameworkName(c.project.launch.framework)));
    if (found.isEmpty()) // no package of launch.framework to look for
        return result(name, c, CheckStatus::Ok,
                      text(kPythonOkBare).arg(python.executable, python.version));
    return result(name, c, CheckStatus::Ok,
                  text(kPythonOk).arg(python.executable, python.version, found.join(u", "_s)));
}

CheckResult checkMpirun(const CheckContext &c)
{
    const QString name = id(check::kMpirun);
    if (const auto silent = unanswered(c.facts, probe::kMpirun))
        return result(name, c, CheckStatus::Failed, text(kMpirunSilent).arg(*silent));
    if (!c.facts.mpirun.found)
        return result(name, c, CheckStatus::Failed, text(kMpirunNotFound));
    // Without --prefix, mpirun starts orted by name in a non-interactive SSH session.
    if (c.facts.orted && c.facts.orted->isEmpty())
        return inWizardWords(result(name, c, CheckStatus::Failed, text(kOrtedMissing)),
                             text(kOrtedMissingWizard));
    return result(name, c, CheckStatus::Ok, TrText::verbatim(discoveryMpirunText(c.facts)));
}

CheckResult checkMsrun(const CheckContext &c)
{
    const QString name = id(check::kMsrun);
    if (const auto silent = unanswered(c.facts, probe::kMsrun))
        return result(name, c, CheckStatus::Failed, text(kMsrunSilent).arg(*silent));
    if (c.facts.msrun && !c.facts.msrun->isEmpty())
        return result(name, c, CheckStatus::Ok, TrText::verbatim(*c.facts.msrun));
    const TrText where = text(kMsrunNowhere).arg(probedPython(c.project));
    // The probe does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if (!c.project.launch.envSetup.isEmpty())
        return inWizardWords(result(name, c, CheckStatus::Warning, text(kMsrunEnvSetup).arg(where)),
                             text(kMsrunEnvSetupWizard).arg(where));
    return inWizardWords(result(name, c, CheckStatus::Failed, text(kMsrunInstall).arg(where)),
                         text(kMsrunInstallWizard).arg(where));
}

CheckResult checkCannEnv(const CheckContext &c)
{
    const std::vector<PathCheck> &files = c.facts.paths.setEnv;
    if (files.empty())
        return inWizardWords(
            result(id(check::kCannEnv), c, CheckStatus::Skipped, text(kCannNoFile)),
            text(kCannNoFileWizard));
    // CANN's default places, probed when env_setup sources none of them: one must be there.
    const bool lookedForCann =
        isAscend(c.project.accelerator) && !sourcesCannSetEnv(c.project.launch);
    QStringList missing;
    QStringList cannFound;
    QStringList cannLooked;
    for (const PathCheck &file : files) {
        if (lookedForCann && cannSetEnvPaths().contains(file.path)) {
            cannLooked.append(file.path);
            if (file.present)
                cannFound.append(file.path);
        } else if (!file.present) {
            missing.append(file.path);
        }
    }
    if (!missing.isEmpty())
        return result(id(check::kCannEnv), c, CheckStatus::Failed,
                      text(kCannMissing).arg(joinReasons(missing)));
    if (lookedForCann && cannFound.isEmpty())
        return inWizardWords(result(id(check::kCannEnv), c, CheckStatus::Failed,
                                    text(kCannNowhere).arg(cannLooked.join(u", "_s))),
                             text(kCannNowhereWizard).arg(cannLooked.join(u", "_s)));
    if (lookedForCann)
        return inWizardWords(result(id(check::kCannEnv), c, CheckStatus::Warning,
                                    text(kCannNotSourced).arg(cannFound.front())),
                             text(kCannNotSourcedWizard).arg(cannFound.front()));
    return result(id(check::kCannEnv), c, CheckStatus::Ok,
                  text(kCannPresent)
                      .arg(files.size() == 1 ? TrText::verbatim(files.front().path)
                                             : text(kCannFiles).arg(files.size())));
}

CheckResult checkPaths(const CheckContext &c)
{
    const PathFacts &paths = c.facts.paths;
    const QString name = id(check::kPaths);
    if (!paths.workdir)
        return result(name, c, CheckStatus::Warning, text(kPathsUnprobed));
    const QString entryName = QFileInfo(c.project.launch.entry).fileName();
    const bool entryUploaded = std::any_of(
        c.project.launch.upload.cbegin(), c.project.launch.upload.cend(),
        [&](const QString &upload) { return QFileInfo(upload).fileName() == entryName; });
    if (!paths.workdir->present) {
        // Launch makes the workdir; only an entry that is neither there nor uploaded is missing.
        if (entryUploaded)
            return result(name, c, CheckStatus::Ok,
                          text(kPathsMadeUploaded).arg(paths.workdir->path, entryName));
        return inWizardWords(
            result(name, c, CheckStatus::Failed, text(kPathsNoWorkdir).arg(paths.workdir->path)),
            text(kPathsNoWorkdirWizard).arg(paths.workdir->path));
    }
    if (paths.workdirWritable && !*paths.workdirWritable)
        return result(name, c, CheckStatus::Failed,
                      text(kPathsNotWritable).arg(paths.workdir->path));
    if (paths.entry && !paths.entry->present) {
        if (entryUploaded)
            return result(name, c, CheckStatus::Ok,
                          text(kPathsEntryUploaded).arg(paths.workdir->path, entryName));
        return inWizardWords(
            result(name, c, CheckStatus::Failed, text(kPathsNoEntry).arg(paths.entry->path)),
            text(kPathsNoEntryWizard).arg(paths.entry->path));
    }
    return result(name, c, CheckStatus::Ok,
                  text(kPathsOk).arg(paths.workdir->path,
                                     paths.entry ? paths.entry->path : c.project.launch.entry));
}

CheckResult checkSshd(const CheckContext &c)
{
    const SshdFacts &sshd = c.facts.sshd;
    if (!sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Warning, text(kSshdUnknown));
    if (!*sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Failed, text(kSshdNone));
    return result(id(check::kSshd), c, CheckStatus::Ok,
                  sshd.sessionServerPort > 0 ? text(kSshdPort).arg(sshd.sessionServerPort)
                                             : text(kSshdRuns));
}

} // namespace cw::checks
