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

QString listText(const std::vector<int> &values)
{
    QStringList parts;
    for (const int value : values)
        parts.append(QString::number(value));
    return parts.join(u","_s);
}

} // namespace

CheckResult checkHostname(const CheckContext &c)
{
    const QString name = c.facts.hostname;
    if (name.isEmpty())
        return result(id(check::kHostname), c, CheckStatus::Warning, u"hostname unknown"_s);
    for (size_t other = 0; other < c.hostnames.size(); ++other) {
        if (int(other) == c.index || c.hostnames[other] != name)
            continue;
        // OpenMPI takes two servers of one hostname for one host (shared memory between them).
        const bool mpirun = c.project.launch.mode == LaunchMode::Mpirun;
        return result(
            id(check::kHostname), c, mpirun ? CheckStatus::Failed : CheckStatus::Warning,
            u"hostname %1 is also %2's hostname"_s.arg(name, c.project.servers[other].name));
    }
    return result(id(check::kHostname), c, CheckStatus::Ok, name);
}

CheckResult checkHostIp(const CheckContext &c)
{
    const QString hostIp = c.server.effectiveHostIp();
    const QString listed = c.facts.hostIps.join(u' ');
    if (!Ipv4::parse(hostIp))
        return result(id(check::kHostIp), c, CheckStatus::Failed,
                      u"host_ip is empty and host '%1' is not an address: set host_ip (this "
                      u"server has %2), or run discover --update"_s.arg(hostIp, listed));
    // hostname -I leaves out loopback; ip addr lists it (a one-server job on 127.0.0.1).
    const Nic *nic = c.facts.nicWithAddress(hostIp);
    if (!c.facts.hostIps.contains(hostIp) && !nic)
        return result(id(check::kHostIp), c, CheckStatus::Failed,
                      u"host_ip %1 is not an address of this server (hostname -I: %2)"_s.arg(
                          hostIp, listed.isEmpty() ? u"nothing"_s : listed));
    // The NIC the project pins (HCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME...) must be host_ip's.
    if (nic && !c.server.nic.isEmpty() && nic->name != c.server.nic)
        return result(id(check::kHostIp), c, CheckStatus::Warning,
                      u"host_ip %1 is on %2, but the project pins the NIC %3"_s.arg(
                          hostIp, nic->name, c.server.nic));
    return result(id(check::kHostIp), c, CheckStatus::Ok,
                  nic ? u"%1 on %2"_s.arg(hostIp, nic->name) : hostIp);
}

CheckResult checkAccelerator(const CheckContext &c)
{
    const QString name = id(check::kAccelerator);
    const std::vector<int> &wanted = c.server.devices;
    if (c.project.accelerator == Accelerator::Cpu)
        return result(name, c, CheckStatus::Skipped, u"cpu project: no accelerator needed"_s);
    if (c.project.accelerator == Accelerator::Nvidia) {
        if (!c.facts.nvidiaSmiFound)
            return result(name, c, CheckStatus::Failed,
                          u"nvidia-smi not found or failed: "_s + c.facts.nvidiaSmiError);
        QStringList missing;
        for (const int device : wanted) {
            const bool present =
                std::any_of(c.facts.gpus.begin(), c.facts.gpus.end(),
                            [device](const GpuFacts &g) { return g.index == device; });
            if (!present)
                missing.append(u"GPU %1 missing"_s.arg(device));
        }
        if (!missing.isEmpty())
            return result(name, c, CheckStatus::Failed,
                          joinReasons(missing) +
                              u" (nvidia-smi lists %1)"_s.arg(c.facts.gpus.size()));
        return result(name, c, CheckStatus::Ok, discoveryDevicesText(c.facts));
    }
    const NpuFacts &npu = c.facts.npu;
    if (!npu.toolFound)
        return result(name, c, CheckStatus::Failed,
                      npu.error.isEmpty() ? u"npu-smi not found"_s : u"npu-smi: "_s + npu.error);
    // npu-smi's Warning still trains; Alarm and Critical do not.
    QStringList failing;
    QStringList warning;
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
            failing.append(u"server %1: %2"_s.arg(c.server.name, reason));
    }
    for (const int device : wanted) {
        const auto found = std::find_if(npu.devices.begin(), npu.devices.end(),
                                        [device](const NpuDevice &d) { return d.id == device; });
        if (found == npu.devices.end())
            failing.append(u"NPU %1 missing"_s.arg(device));
        else if (found->health.compare(u"Warning"_s, Qt::CaseInsensitive) == 0)
            warning.append(u"NPU %1 health Warning"_s.arg(device));
        else if (!found->healthy())
            failing.append(u"NPU %1 health %2"_s.arg(device).arg(found->health));
    }
    if (!failing.isEmpty())
        return result(name, c, CheckStatus::Failed,
                      joinReasons(failing + warning) +
                          u" (project uses %1)"_s.arg(listText(wanted)));
    if (!warning.isEmpty())
        return result(name, c, CheckStatus::Warning, joinReasons(warning));
    return result(name, c, CheckStatus::Ok, discoveryDevicesText(c.facts));
}

// A probe section that did not answer: "did not answer within N s" where it timed out or the
// output stopped before it, never "not found".
std::optional<QString> unanswered(const ServerFacts &facts, const char *section)
{
    const ProbeSection *found = facts.section(QLatin1StringView(section));
    if (found && found->rc == kProbeTimedOut)
        return u"did not answer within %1 s"_s.arg(kProbeTimeoutSeconds);
    if (!found && !facts.complete)
        return u"did not answer: the probe output stopped before it"_s;
    return std::nullopt;
}

CheckResult checkPython(const CheckContext &c)
{
    const PythonFacts &python = c.facts.python;
    const QString interpreter = c.project.launch.python;
    const QString name = id(check::kPython);
    if (const auto silent = unanswered(c.facts, probe::kPython))
        return result(name, c, CheckStatus::Failed, u"%1 %2"_s.arg(interpreter, *silent));
    if (!python.found)
        return result(name, c, CheckStatus::Failed,
                      u"%1 does not run: %2"_s.arg(
                          interpreter, python.error.isEmpty() ? u"not found"_s : python.error));
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
                      u"%1 (Python %2) has no %3 installed (no package metadata; %4 needs it): "
                      u"install it for this interpreter"_s.arg(
                          interpreter, python.version, missing.join(u", "_s),
                          frameworkName(c.project.launch.framework)));
    return result(
        name, c, CheckStatus::Ok,
        u"%1: Python %2, %3"_s.arg(python.executable, python.version, found.join(u", "_s)));
}

CheckResult checkMpirun(const CheckContext &c)
{
    const QString name = id(check::kMpirun);
    if (const auto silent = unanswered(c.facts, probe::kMpirun))
        return result(name, c, CheckStatus::Failed, u"mpirun --version "_s + *silent);
    if (!c.facts.mpirun.found)
        return result(name, c, CheckStatus::Failed,
                      u"mpirun not found (mpirun mode needs OpenMPI on every server)"_s);
    // Without --prefix, mpirun starts orted by name in a non-interactive SSH session.
    if (c.facts.orted && c.facts.orted->isEmpty())
        return result(name, c, CheckStatus::Failed,
                      u"orted is not on the PATH of a non-interactive SSH login, so mpirun cannot "
                      u"start its daemon here: set launch.mpirun.prefix to the OpenMPI "
                      u"installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install "
                      u"openmpi-bin on this server"_s);
    return result(name, c, CheckStatus::Ok, discoveryMpirunText(c.facts));
}

CheckResult checkMsrun(const CheckContext &c)
{
    const QString name = id(check::kMsrun);
    if (const auto silent = unanswered(c.facts, probe::kMsrun))
        return result(name, c, CheckStatus::Failed, u"looking for msrun "_s + *silent);
    if (c.facts.msrun && !c.facts.msrun->isEmpty())
        return result(name, c, CheckStatus::Ok, *c.facts.msrun);
    const QString where =
        u"msrun is neither on the PATH of a non-interactive SSH login nor beside %1; MindSpore "
        u"installs it"_s.arg(probedPython(c.project));
    // The probe does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if (!c.project.launch.envSetup.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      where +
                          u": train.sh finds it only if launch.env_setup puts it on the PATH"_s);
    return result(name, c, CheckStatus::Failed,
                  where + u": install MindSpore for launch.python, or add to launch.env_setup "
                          u"the line that activates its environment"_s);
}

CheckResult checkCannEnv(const CheckContext &c)
{
    const std::vector<PathCheck> &files = c.facts.paths.setEnv;
    if (files.empty())
        return result(id(check::kCannEnv), c, CheckStatus::Skipped, u"env_setup sources no file"_s);
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
                      u"missing or unreadable: "_s + joinReasons(missing));
    if (lookedForCann && cannFound.isEmpty())
        return result(id(check::kCannEnv), c, CheckStatus::Failed,
                      u"CANN's set_env.sh is in none of its places (%1): install the CANN "
                      u"toolkit, or source its set_env.sh in launch.env_setup"_s.arg(
                          cannLooked.join(u", "_s)));
    if (lookedForCann)
        return result(id(check::kCannEnv), c, CheckStatus::Warning,
                      u"%1 is here, but launch.env_setup does not source it: a job started over "
                      u"SSH gets no CANN libraries (add \"source %1\")"_s.arg(cannFound.front()));
    return result(id(check::kCannEnv), c, CheckStatus::Ok,
                  u"%1 present"_s.arg(files.size() == 1 ? files.front().path
                                                        : u"%1 files"_s.arg(files.size())));
}

CheckResult checkPaths(const CheckContext &c)
{
    const PathFacts &paths = c.facts.paths;
    const QString name = id(check::kPaths);
    if (!paths.workdir)
        return result(name, c, CheckStatus::Warning, u"paths were not probed"_s);
    const QString entryName = QFileInfo(c.project.launch.entry).fileName();
    const bool entryUploaded = std::any_of(
        c.project.launch.upload.cbegin(), c.project.launch.upload.cend(),
        [&](const QString &upload) { return QFileInfo(upload).fileName() == entryName; });
    if (!paths.workdir->present) {
        // Launch makes the workdir; only an entry that is neither there nor uploaded is missing.
        if (entryUploaded)
            return result(name, c, CheckStatus::Ok,
                          u"workdir %1 is made and %2 uploaded at launch"_s.arg(paths.workdir->path,
                                                                                entryName));
        return result(name, c, CheckStatus::Failed,
                      u"workdir %1 does not exist, nor the entry in it (copy it there, or list it "
                      u"in launch.upload)"_s.arg(paths.workdir->path));
    }
    if (paths.workdirWritable && !*paths.workdirWritable)
        return result(name, c, CheckStatus::Failed,
                      u"workdir %1 is not writable (the scripts and logs go there)"_s.arg(
                          paths.workdir->path));
    if (paths.entry && !paths.entry->present) {
        if (entryUploaded)
            return result(
                name, c, CheckStatus::Ok,
                u"%1 exists; %2 is uploaded at launch"_s.arg(paths.workdir->path, entryName));
        return result(name, c, CheckStatus::Failed,
                      u"entry %1 does not exist (copy it there, or list it in launch.upload)"_s.arg(
                          paths.entry->path));
    }
    return result(name, c, CheckStatus::Ok,
                  u"%1 and %2 exist"_s.arg(paths.workdir->path, paths.entry
                                                                    ? paths.entry->path
                                                                    : c.project.launch.entry));
}

CheckResult checkSshd(const CheckContext &c)
{
    const SshdFacts &sshd = c.facts.sshd;
    if (!sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Warning,
                      u"cannot tell whether sshd runs (pgrep missing)"_s);
    if (!*sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Failed, u"no sshd process found"_s);
    return result(id(check::kSshd), c, CheckStatus::Ok,
                  sshd.sessionServerPort > 0 ? u"sshd serves port %1"_s.arg(sshd.sessionServerPort)
                                             : u"sshd runs"_s);
}

} // namespace cw::checks
