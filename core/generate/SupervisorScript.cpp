// SPDX-License-Identifier: GPL-3.0-or-later
// supervise.py: the supervisor of a restarting run (launch.restart), generated from the same
// plan as train.sh. `clusterwiz-cli launch` starts it detached on its server (the master or
// launch.restart.supervisor); from there it starts each attempt's train.sh (run.sh for mpirun)
// on the attempt's servers, polls them, gang-stops a failed attempt, checks the servers, leaves
// out the ones that are lost or unhealthy when the policy allows, and starts the next attempt
// after the backoff. It reaches the other servers with ssh and their own keys (the peer-login
// and known-hosts checks). Its state goes to supervisor.json in its run folder, which the
// client's poll reads (launch/RunAttempts.h). docs/launch.md, "Restarts", describes it.
//
// The shell it runs on the servers comes from generate/JobControlBash.h, like the client's own
// commands; its judgement of an attempt mirrors evaluateRun() (launch/RunStatus.cpp), proven
// equal by tests/unit/tst_supervisorScript.cpp through the program's --evaluate hook.
#include "generate/ScriptFiles.h"

#include "checks/CheckTable.h"
#include "generate/JobControlBash.h"
#include "generate/LaunchScriptBash.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Timing of the supervisor, in seconds.
constexpr int kPollInterval = 1;    // between two polls of an attempt's servers
constexpr int kLostAfter = 10;      // a server that has not answered this long is lost
constexpr int kConnectTimeout = 5;  // ssh's ConnectTimeout
constexpr int kCommandTimeout = 20; // a poll, start or tail on one server
constexpr int kHealthTimeout = 60;  // check.sh's accelerator and device-link checks
constexpr int kFailureLines = 20;   // the failed rank's last lines kept

std::string text(const QString &value)
{
    return value.toStdString();
}

// The checks of the health round between two attempts, among those that apply to the project.
QStringList healthChecks(const Project &project)
{
    const QStringList applicable = applicableCheckIds(project);
    QStringList ids;
    for (const char *id : {check::kAccelerator, check::kDeviceLinks}) {
        if (applicable.contains(QLatin1StringView(id)))
            ids << QLatin1StringView(id).toString();
    }
    return ids;
}

nlohmann::ordered_json configJson(const Project &project)
{
    using Json = nlohmann::ordered_json;
    const LaunchConfig &launch = project.launch;
    const bool mpirun = launch.mode == LaunchMode::Mpirun;
    Json servers = Json::array();
    for (const int index : project.launchOrder()) {
        const Server &server = project.servers[size_t(index)];
        const QString host = server.effectiveHostIp();
        servers.push_back(
            Json{{"name", text(server.name)},
                 {"project_index", index},
                 {"devices", int(server.devices.size())},
                 {"target", text(server.user.isEmpty() ? host : server.user + u'@' + host)},
                 {"port", server.port},
                 // The run folder as shell words: these two around the run id.
                 {"run_dir_before", text(shellQuote(logRootPath(project)) + u'/')},
                 {"run_dir_after", text(u'/' + shellQuote(server.name))}});
    }
    const QStringList checks = healthChecks(project);
    const RestartPolicy &restart = launch.restart;
    return Json{{"servers", servers},
                {"supervisor", text(project.servers[size_t(project.supervisorIndex())].name)},
                {"log_root", text(logRootPath(project))},
                {"state_file", text(supervisorStateName())},
                {"restart", Json{{"max_restarts", restart.maxRestarts},
                                 {"drop_failed_servers", restart.dropFailedServers},
                                 {"min_servers", restart.minServers},
                                 {"backoff_s", restart.backoffSeconds}}},
                {"start_on_master_only", mpirun},
                {"start_before", text(startScriptHead(launch.workdir, true))},
                {"start_after", text(startScriptTail(mpirun ? u"run.sh"_s : u"train.sh"_s))},
                {"poll", text(pollScript())},
                {"note_helpers", text(mpirun ? noteHelpersScript() : QString())},
                {"stop", text(stopScript(kStopGraceSeconds))},
                {"health_before", text(checks.isEmpty() ? QString()
                                                        : u"cd -- "_s + shellQuote(launch.workdir) +
                                                              u" && CLUSTERWIZ_NODE_RANK="_s)},
                {"health_after", text(checks.isEmpty() ? QString()
                                                       : u" bash ./check.sh --no-reach --only "_s +
                                                             checks.join(u',') + u'\n')},
                {"poll_interval_s", kPollInterval},
                {"lost_after_s", kLostAfter},
                {"connect_timeout_s", kConnectTimeout},
                {"command_timeout_s", kCommandTimeout},
                {"health_timeout_s", kHealthTimeout},
                {"stop_grace_s", kStopGraceSeconds},
                {"failure_lines", kFailureLines}};
}

} // namespace

QByteArray supervisorScript(const Project &project)
{
    // JSON inside a raw Python string: ASCII only (ensure_ascii), and no quote character that
    // could end the string (a quote can only be inside a JSON string, where \u0027 means it).
    QString config = QString::fromStdString(
        configJson(project).dump(1, ' ', true, nlohmann::ordered_json::error_handler_t::replace));
    config.replace(u'\'', u"\\u0027"_s);
    QString out = u"#!/usr/bin/env python3\n"_s;
    out += u"# Generated by clusterwiz %1 for project %2 (accelerator %3, mode %4).\n"_s.arg(
        QStringLiteral(CLUSTERWIZ_VERSION), shellQuote(project.name),
        acceleratorName(project.accelerator), launchModeName(project.launch.mode));
    out += u"# The supervisor of a restarting run (launch.restart): started by clusterwiz-cli "
           "launch on\n# %1 with CLUSTERWIZ_SUPERVISOR_RUN=<run id>; see README.txt.\n"_s.arg(
               project.servers[size_t(project.supervisorIndex())].name);
    out += u"# Edit the project and generate again rather than editing this file.\n"_s;
    out += u"import json\n\nCONFIG = json.loads(r\'\'\'"_s + config + u"\'\'\')\n\n"_s;
    out += programText(program::supervise_py); // resources/server/supervise.py
    return out.toUtf8();
}

} // namespace cw
