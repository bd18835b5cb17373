// SPDX-License-Identifier: GPL-3.0-or-later
// The SSH trust mpirun needs between servers: the master's public key in every other server's
// authorized_keys (deploy-ssh-key), and every other server's host key, as this client verified
// it, in the master's known_hosts (add-known-hosts); for a restarting run supervised elsewhere,
// the supervisor's server's (peerHubName). Host keys never come from ssh-keyscan.
#include "checks/CheckTable.h"
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"
#include "fix/FixText.h"

#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"
#include "ssh/KnownHosts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Appends the line on stdin to FILE unless it is there already (check-then-set).
QString appendLineFromInput(const QString &file)
{
    return uR"(umask 077
mkdir -p ~/.ssh
IFS= read -r cw_line || exit 1
case $cw_line in *' '*' '*) ;; *) echo "not a key line" >&2; exit 1 ;; esac
f=%1
touch "$f"
grep -qxF "$cw_line" "$f" || printf '%s\n' "$cw_line" >> "$f")"_s.arg(file);
}

// Removes the line on stdin from FILE, rewriting it in place (same inode, same mode):
// resources/server/ssh-remove-line.sh.
QString removeLineFromInput(const QString &file)
{
    // The new content goes to a temporary file first and replaces the file only when grep
    // succeeded (0: lines kept, 1: none left); a full disk or a failed write leaves it intact.
    return u"IFS= read -r cw_line || exit 1\nf=%1\n"_s.arg(file) +
           programText(program::ssh_remove_line_sh);
}

QString snapshotOf(const QString &file)
{
    return u"cat %1 2>/dev/null; exit 0"_s.arg(file);
}

const QString kAuthorizedKeys = u"~/.ssh/authorized_keys"_s;
const QString kKnownHosts = u"~/.ssh/known_hosts"_s;

} // namespace

FixPlan planDeploySshKey(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kDeploySshKey);
    const int master = project.peerLoginIndex(); // mpirun's master or the supervisor's server
    std::vector<int> denied;
    for (const auto &[index, peer] : run.probes.peers) {
        if (peer.login == PeerTrust::Login::Denied)
            denied.push_back(index);
    }
    if (denied.empty()) {
        plan.nothingToDo =
            run.probes.peerProbeRan
                ? peerHubName(project).english() + u" logs in to every reached server already"_s
                : u"password-free login was not tested: "_s + run.probes.peerProbeProblem;
        return plan;
    }
    RemoteStep key;
    key.serverIndex = master;
    describe(key, run.probes.masterPublicKeys.isEmpty()
                      ? trText("cw::Fixes", "create an ed25519 key pair for the master and "
                                            "print its public key")
                      : trText("cw::Fixes", "print the master's public key"));
    // Prints the master's key pair's public half, creating an ed25519 pair (commented
    // "clusterwiz", so that undo removes only a key this fix made) when it has none.
    key.command = programText(program::ssh_ensure_key_sh);
    if (run.probes.masterPublicKeys.isEmpty())
        key.undoCommand = programText(program::ssh_remove_created_key_sh);
    plan.steps.push_back(key);
    for (const int index : denied) {
        RemoteStep step;
        step.serverIndex = index;
        describe(step,
                 trText("cw::Fixes", "add the master's public key to %1").arg(kAuthorizedKeys));
        step.snapshotCommand = snapshotOf(kAuthorizedKeys);
        step.command = appendLineFromInput(kAuthorizedKeys);
        step.undoCommand = removeLineFromInput(kAuthorizedKeys);
        step.inputFromStep = 0;
        plan.steps.push_back(step);
    }
    plan.stageStarts = {0, 1};
    return plan;
}

FixPlan planAddKnownHosts(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kAddKnownHosts);
    const int master = project.peerLoginIndex(); // mpirun's master or the supervisor's server
    QStringList differs;
    for (const auto &[index, peer] : run.probes.peers) {
        const Server &server = project.servers[size_t(index)];
        if (peer.known == PeerTrust::Known::Differs) {
            differs.append(server.name);
            continue;
        }
        if (peer.known != PeerTrust::Known::Missing && peer.known != PeerTrust::Known::OtherType)
            continue;
        const QStringList words =
            run.discovery[size_t(index)].connection.hostKey.knownHostsLine.split(u' ');
        if (words.size() < 3)
            continue;
        QString error;
        const std::optional<QString> line = knownHostsLine(
            {server.effectiveHostIp()}, server.port, words.at(1) + u' ' + words.at(2), &error);
        if (!line) {
            differs.append(server.name + u" ("_s + error + u')');
            continue;
        }
        RemoteStep step;
        step.serverIndex = master;
        describe(step, trText("cw::Fixes", "record %1's %2 key (%3) in %4")
                           .arg(server.name, words.at(1),
                                run.discovery[size_t(index)].connection.hostKey.fingerprint,
                                kKnownHosts));
        step.snapshotCommand = snapshotOf(kKnownHosts);
        step.command = appendLineFromInput(kKnownHosts);
        step.undoCommand = removeLineFromInput(kKnownHosts);
        step.input = line->toUtf8() + '\n';
        plan.steps.push_back(step);
    }
    if (plan.steps.empty()) {
        if (!differs.isEmpty())
            plan.refusal =
                u"the known_hosts of %1 holds other keys for %2: check them and "
                u"remove them by hand (ssh-keygen -R); they are never replaced "
                u"automatically"_s.arg(peerHubName(project).english(), differs.join(u", "_s));
        else
            plan.nothingToDo =
                peerHubName(project).english() + u" knows every reached server's host key"_s;
    }
    return plan;
}

} // namespace cw
