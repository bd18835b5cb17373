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
        return result(id(check::kHostname), c, CheckStatus::Warning,
                      trText("cw::Checks", "hostname unknown"));
    for (size_t other = 0; other < c.hostnames.size(); ++other) {
        if (int(other) == c.index || c.hostnames[other] != name)
            continue;
        // OpenMPI takes two servers of one hostname for one host (shared memory between them).
        const bool mpirun = c.project.launch.mode == LaunchMode::Mpirun;
        return result(id(check::kHostname), c, mpirun ? CheckStatus::Failed : CheckStatus::Warning,
                      trText("cw::Checks", "hostname %1 is also %2's hostname")
                          .arg(name, c.project.servers[other].name));
    }
    return result(id(check::kHostname), c, CheckStatus::Ok, TrText::verbatim(name));
}

CheckResult checkHostIp(const CheckContext &c)
{
    const QString hostIp = c.server.effectiveHostIp();
    const QString listed = c.facts.hostIps.join(u' ');
    if (!Ipv4::parse(hostIp))
        return result(id(check::kHostIp), c, CheckStatus::Failed,
                      trText("cw::Checks",
                             "host_ip is empty and host '%1' is not an address: set host_ip (this "
                             "server has %2), or run discover --update")
                          .arg(hostIp, listed));
    // hostname -I leaves out loopback; ip addr lists it (a one-server job on 127.0.0.1).
    const Nic *nic = c.facts.nicWithAddress(hostIp);
    if (!c.facts.hostIps.contains(hostIp) && !nic)
        return result(
            id(check::kHostIp), c, CheckStatus::Failed,
            trText("cw::Checks", "host_ip %1 is not an address of this server (hostname -I: %2)")
                .arg(hostIp)
                .arg(listed.isEmpty() ? trText("cw::Checks", "nothing")
                                      : TrText::verbatim(listed)));
    // The NIC the project pins (HCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME...) must be host_ip's.
    if (nic && !c.server.nic.isEmpty() && nic->name != c.server.nic)
        return result(id(check::kHostIp), c, CheckStatus::Warning,
                      trText("cw::Checks", "host_ip %1 is on %2, but the project pins the NIC %3")
                          .arg(hostIp, nic->name, c.server.nic));
    return result(id(check::kHostIp), c, CheckStatus::Ok,
                  nic ? trText("cw::Checks", "%1 on %2").arg(hostIp, nic->name)
                      : TrText::verbatim(hostIp));
}

CheckResult checkAccelerator(const CheckContext &c)
{
    const QString name = id(check::kAccelerator);
    const std::vector<int> &wanted = c.server.devices;
    if (c.project.accelerator == Accelerator::Cpu)
        return result(name, c, CheckStatus::Skipped,
                      trText("cw::Checks", "cpu project: no accelerator needed"));
    if (c.project.accelerator == Accelerator::Nvidia) {
        if (!c.facts.nvidiaSmiFound)
            return result(name, c, CheckStatus::Failed,
                          trText("cw::Checks", "nvidia-smi not found or failed: %1")
                              .arg(c.facts.nvidiaSmiError));
        std::vector<TrText> missing;
        for (const int device : wanted) {
            const bool present =
                std::any_of(c.facts.gpus.begin(), c.facts.gpus.end(),
                            [device](const GpuFacts &g) { return g.index == device; });
            if (!present)
                missing.push_back(trText("cw::Checks", "GPU %1 missing").arg(device));
        }
        if (!missing.empty())
            return result(name, c, CheckStatus::Failed,
                          trText("cw::Checks", "%1 (nvidia-smi lists %2)")
                              .arg(joinReasons(missing))
                              .arg(c.facts.gpus.size()));
        return result(name, c, CheckStatus::Ok, TrText::verbatim(discoveryDevicesText(c.facts)));
    }
    const NpuFacts &npu = c.facts.npu;
    if (!npu.toolFound)
        return result(name, c, CheckStatus::Failed,
                      npu.error.isEmpty() ? trText("cw::Checks", "npu-smi not found")
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
            failing.push_back(trText("cw::Checks", "server %1: %2").arg(c.server.name, reason));
    }
    for (const int device : wanted) {
        const auto found = std::find_if(npu.devices.begin(), npu.devices.end(),
                                        [device](const NpuDevice &d) { return d.id == device; });
        if (found == npu.devices.end())
            failing.push_back(trText("cw::Checks", "NPU %1 missing").arg(device));
        else if (found->health.compare(u"Warning"_s, Qt::CaseInsensitive) == 0)
            warning.push_back(trText("cw::Checks", "NPU %1 health Warning").arg(device));
        else if (!found->healthy())
            failing.push_back(
                trText("cw::Checks", "NPU %1 health %2").arg(device).arg(found->health));
    }
    if (!failing.empty()) {
        failing.insert(failing.end(), warning.begin(), warning.end());
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "%1 (project uses %2)")
                          .arg(joinReasons(failing))
                          .arg(listText(wanted)));
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
        return trText("cw::Checks", "did not answer within %1 s").arg(kProbeTimeoutSeconds);
    if (!found && !facts.complete)
        return trText("cw::Checks", "did not answer: the probe output stopped before it");
    return std::nullopt;
}

CheckResult checkPython(const CheckContext &c)
{
    const PythonFacts &python = c.facts.python;
    const QString interpreter = c.project.launch.python;
    const QString name = id(check::kPython);
    if (const auto silent = unanswered(c.facts, probe::kPython))
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "%1 %2").arg(interpreter).arg(*silent));
    if (!python.found)
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "%1 does not run: %2")
                          .arg(interpreter)
                          .arg(python.error.isEmpty() ? trText("cw::Checks", "not found")
                                                      : TrText::verbatim(python.error)));
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
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks",
                   "%1 (Python %2) has no %3 installed (no package metadata; %4 needs it): "
                   "install it for this interpreter")
                .arg(interpreter, python.version, missing.join(u", "_s),
                     frameworkName(c.project.launch.framework)));
    return result(name, c, CheckStatus::Ok,
                  trText("cw::Checks", "%1: Python %2, %3")
                      .arg(python.executable, python.version, found.join(u", "_s)));
}

CheckResult checkMpirun(const CheckContext &c)
{
    const QString name = id(check::kMpirun);
    if (const auto silent = unanswered(c.facts, probe::kMpirun))
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "mpirun --version %1").arg(*silent));
    if (!c.facts.mpirun.found)
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks", "mpirun not found (mpirun mode needs OpenMPI on every server)"));
    // Without --prefix, mpirun starts orted by name in a non-interactive SSH session.
    if (c.facts.orted && c.facts.orted->isEmpty())
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks",
                   "orted is not on the PATH of a non-interactive SSH login, so mpirun cannot "
                   "start its daemon here: set launch.mpirun.prefix to the OpenMPI "
                   "installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install "
                   "openmpi-bin on this server"));
    return result(name, c, CheckStatus::Ok, TrText::verbatim(discoveryMpirunText(c.facts)));
}

CheckResult checkMsrun(const CheckContext &c)
{
    const QString name = id(check::kMsrun);
    if (const auto silent = unanswered(c.facts, probe::kMsrun))
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "looking for msrun %1").arg(*silent));
    if (c.facts.msrun && !c.facts.msrun->isEmpty())
        return result(name, c, CheckStatus::Ok, TrText::verbatim(*c.facts.msrun));
    const TrText where =
        trText(
            "cw::Checks",
            "msrun is neither on the PATH of a non-interactive SSH login nor beside %1; MindSpore "
            "installs it")
            .arg(probedPython(c.project));
    // The probe does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if (!c.project.launch.envSetup.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks",
                             "%1: train.sh finds it only if launch.env_setup puts it on the PATH")
                          .arg(where));
    return result(name, c, CheckStatus::Failed,
                  trText("cw::Checks", "%1: install MindSpore for launch.python, or add to "
                                       "launch.env_setup the line that activates its environment")
                      .arg(where));
}

CheckResult checkCannEnv(const CheckContext &c)
{
    const std::vector<PathCheck> &files = c.facts.paths.setEnv;
    if (files.empty())
        return result(id(check::kCannEnv), c, CheckStatus::Skipped,
                      trText("cw::Checks", "env_setup sources no file"));
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
                      trText("cw::Checks", "missing or unreadable: %1").arg(joinReasons(missing)));
    if (lookedForCann && cannFound.isEmpty())
        return result(id(check::kCannEnv), c, CheckStatus::Failed,
                      trText("cw::Checks",
                             "CANN's set_env.sh is in none of its places (%1): install the CANN "
                             "toolkit, or source its set_env.sh in launch.env_setup")
                          .arg(cannLooked.join(u", "_s)));
    if (lookedForCann)
        return result(
            id(check::kCannEnv), c, CheckStatus::Warning,
            trText("cw::Checks",
                   "%1 is here, but launch.env_setup does not source it: a job started over "
                   "SSH gets no CANN libraries (add \"source %1\")")
                .arg(cannFound.front()));
    return result(id(check::kCannEnv), c, CheckStatus::Ok,
                  trText("cw::Checks", "%1 present")
                      .arg(files.size() == 1 ? TrText::verbatim(files.front().path)
                                             : trText("cw::Checks", "%1 files").arg(files.size())));
}

CheckResult checkPaths(const CheckContext &c)
{
    const PathFacts &paths = c.facts.paths;
    const QString name = id(check::kPaths);
    if (!paths.workdir)
        return result(name, c, CheckStatus::Warning, trText("cw::Checks", "paths were not probed"));
    const QString entryName = QFileInfo(c.project.launch.entry).fileName();
    const bool entryUploaded = std::any_of(
        c.project.launch.upload.cbegin(), c.project.launch.upload.cend(),
        [&](const QString &upload) { return QFileInfo(upload).fileName() == entryName; });
    if (!paths.workdir->present) {
        // Launch makes the workdir; only an entry that is neither there nor uploaded is missing.
        if (entryUploaded)
            return result(name, c, CheckStatus::Ok,
                          trText("cw::Checks", "workdir %1 is made and %2 uploaded at launch")
                              .arg(paths.workdir->path, entryName));
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks",
                   "workdir %1 does not exist, nor the entry in it (copy it there, or list it "
                   "in launch.upload)")
                .arg(paths.workdir->path));
    }
    if (paths.workdirWritable && !*paths.workdirWritable)
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks", "workdir %1 is not writable (the scripts and logs go there)")
                .arg(paths.workdir->path));
    if (paths.entry && !paths.entry->present) {
        if (entryUploaded)
            return result(name, c, CheckStatus::Ok,
                          trText("cw::Checks", "%1 exists; %2 is uploaded at launch")
                              .arg(paths.workdir->path, entryName));
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks",
                             "entry %1 does not exist (copy it there, or list it in launch.upload)")
                          .arg(paths.entry->path));
    }
    return result(
        name, c, CheckStatus::Ok,
        trText("cw::Checks", "%1 and %2 exist")
            .arg(paths.workdir->path, paths.entry ? paths.entry->path : c.project.launch.entry));
}

CheckResult checkSshd(const CheckContext &c)
{
    const SshdFacts &sshd = c.facts.sshd;
    if (!sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Warning,
                      trText("cw::Checks", "cannot tell whether sshd runs (pgrep missing)"));
    if (!*sshd.running)
        return result(id(check::kSshd), c, CheckStatus::Failed,
                      trText("cw::Checks", "no sshd process found"));
    return result(id(check::kSshd), c, CheckStatus::Ok,
                  sshd.sessionServerPort > 0
                      ? trText("cw::Checks", "sshd serves port %1").arg(sshd.sessionServerPort)
                      : trText("cw::Checks", "sshd runs"));
}

} // namespace cw::checks
