// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/ProjectJson.h"

#include "model/JsonRead.h"
#include "model/SafeFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Json = nlohmann::ordered_json;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string ss(const QString &s)
{
    return s.toStdString();
}

// Records the members `fields` did not ask for, with where they are; the top-level ones are kept.
void collectUnknown(const JsonFields &fields, const Json &object, const ProblemPlace &place,
                    Project &project)
{
    for (JsonFields::Unknown &member : fields.unknownMembers()) {
        const QString key = qs(member.key);
        const std::string json =
            object.at(member.key).dump(-1, ' ', false, Json::error_handler_t::replace);
        project.unknownFields.push_back({key, place.member(key),
                                         QByteArray(json.data(), qsizetype(json.size())),
                                         std::move(member.nearest)});
    }
}

// Reads a name of `table` into `out`; a name not in it is a problem listing them.
template <typename T, std::size_t N>
void readName(JsonFields &fields, const char *key, bool required, T &out,
              const NameTable<T, N> &table)
{
    const std::optional<QString> name = fields.string(key, required);
    if (!name)
        return;
    if (const std::optional<T> parsed = table.fromName(*name))
        out = *parsed;
    else
        fields.problem(key, u"\"%1\" is not one of %2"_s.arg(*name, table.names().join(u", "_s)));
}

void readServer(const Json &json, const ProblemPlace &place, Server &server, Problems &problems,
                Project &project)
{
    JsonFields f(json, place, problems);
    server.name = f.string("name", true).value_or(server.name);
    server.host = f.string("host", true).value_or(server.host);
    server.port = f.integer("port").value_or(server.port);
    server.user = f.string("user").value_or(server.user);
    server.identityFile = f.string("identity_file").value_or(server.identityFile);
    server.hostIp = f.string("host_ip").value_or(server.hostIp);
    server.nic = f.string("nic").value_or(server.nic);
    if (std::optional<std::vector<int>> devices = f.intList("devices"))
        server.devices = std::move(*devices);
    server.deviceIps = f.stringList("device_ips").value_or(server.deviceIps);
    server.superDeviceIds = f.stringList("super_device_ids").value_or(server.superDeviceIds);
    if (std::optional<std::vector<int>> ports = f.intList("device_ports"))
        server.devicePorts = std::move(*ports);
    if (std::optional<std::vector<int>> ports = f.intList("backup_device_ports"))
        server.backupDevicePorts = std::move(*ports);
    if (std::optional<std::vector<int>> ports = f.intList("host_ports"))
        server.hostPorts = std::move(*ports);
    collectUnknown(f, json, place, project);
}

// hccl_whitelist: off (the default, not written) or host_ips.
constexpr auto kWhitelistNames = nameTable<bool>({{false, "off"}, {true, "host_ips"}});

void readLaunch(const Json &json, Problems &problems, Project &project)
{
    const ProblemPlace place = projectPlace(u"launch"_s);
    LaunchConfig &launch = project.launch;
    JsonFields f(json, place, problems);
    readName(f, "mode", true, launch.mode, kLaunchModeNames);
    readName(f, "framework", false, launch.framework, kFrameworkNames);
    launch.workdir = f.string("workdir", true).value_or(launch.workdir);
    launch.entry = f.string("entry", true).value_or(launch.entry);
    launch.args = f.stringList("args").value_or(launch.args);
    launch.python = f.string("python").value_or(launch.python);
    // Each launcher's own default where the file names no port; saving writes the number.
    if (!f.has("master_port"))
        launch.masterPort = defaultMasterPort(launch.mode);
    launch.masterPort = f.integer("master_port").value_or(launch.masterPort);
    launch.master = f.string("master").value_or(launch.master);
    launch.launcher = f.string("launcher").value_or(launch.launcher);
    launch.envSetup = f.stringList("env_setup").value_or(launch.envSetup);
    launch.logDir = f.string("log_dir").value_or(launch.logDir);
    launch.upload = f.stringList("upload").value_or(launch.upload);
    launch.localRankArg = f.string("local_rank_arg").value_or(launch.localRankArg);
    readName(f, "hccl_whitelist", false, launch.hcclWhitelistHostIps, kWhitelistNames);
    if (const Json *env = f.object("env")) {
        launch.env.clear();
        for (const auto &[key, value] : env->items()) {
            if (value.is_string())
                launch.env.emplace_back(qs(key), qs(value.get<std::string>()));
            else
                problems.emplace_back(u"schema"_s, f.place("env").key(qs(key)),
                                      u"must be a string, not "_s + jsonTypeName(value));
        }
    }
    if (const Json *ports = f.object("hccl_ports")) {
        JsonFields p(*ports, f.place("hccl_ports"), problems);
        launch.hcclPorts.first = p.integer("first", true).value_or(launch.hcclPorts.first);
        launch.hcclPorts.last = p.integer("last", true).value_or(launch.hcclPorts.last);
        collectUnknown(p, *ports, f.place("hccl_ports"), project);
    }
    if (const Json *mpi = f.object("mpirun")) {
        JsonFields m(*mpi, f.place("mpirun"), problems);
        readName(m, "per", false, launch.mpirun.per, kMpirunPerNames);
        launch.mpirun.prefix = m.string("prefix").value_or(launch.mpirun.prefix);
        launch.mpirun.extraArgs = m.stringList("extra_args").value_or(launch.mpirun.extraArgs);
        collectUnknown(m, *mpi, f.place("mpirun"), project);
    }
    if (const Json *restart = f.object("restart")) {
        RestartPolicy &policy = launch.restart;
        JsonFields r(*restart, f.place("restart"), problems);
        policy.maxRestarts = r.integer("max_restarts").value_or(policy.maxRestarts);
        policy.dropFailedServers =
            r.boolean("drop_failed_servers").value_or(policy.dropFailedServers);
        policy.minServers = r.integer("min_servers").value_or(policy.minServers);
        policy.backoffSeconds = r.integer("backoff_s").value_or(policy.backoffSeconds);
        policy.supervisor = r.string("supervisor").value_or(policy.supervisor);
        collectUnknown(r, *restart, f.place("restart"), project);
    }
    readName(f, "scheduler", false, launch.scheduler, kSchedulerNames);
    if (const Json *slurm = f.object("slurm")) {
        SlurmOptions &options = launch.slurm;
        JsonFields s(*slurm, f.place("slurm"), problems);
        options.partition = s.string("partition").value_or(options.partition);
        options.account = s.string("account").value_or(options.account);
        options.time = s.string("time").value_or(options.time);
        options.qos = s.string("qos").value_or(options.qos);
        options.gres = s.string("gres").value_or(options.gres);
        options.sbatchArgs = s.stringList("sbatch_args").value_or(options.sbatchArgs);
        options.login = s.string("login").value_or(options.login);
        collectUnknown(s, *slurm, f.place("slurm"), project);
    }
    collectUnknown(f, json, place, project);
}

void readContainer(const Json &json, Problems &problems, Project &project)
{
    const ProblemPlace place = projectPlace(u"container"_s);
    ContainerConfig container;
    JsonFields f(json, place, problems);
    readName(f, "engine", false, container.engine, kContainerEngineNames);
    container.image = f.string("image", true).value_or(container.image);
    container.name = f.string("name").value_or(container.name);
    container.sshPort = f.integer("ssh_port").value_or(container.sshPort);
    container.shmSize = f.string("shm_size").value_or(container.shmSize);
    container.mounts = f.stringList("mounts").value_or(container.mounts);
    container.envSetup = f.stringList("env_setup").value_or(container.envSetup);
    container.runArgs = f.stringList("run_args").value_or(container.runArgs);
    container.privileged = f.boolean("privileged").value_or(container.privileged);
    collectUnknown(f, json, place, project);
    project.container = std::move(container);
}

// super_pods: [{"super_pod_id": "0", "servers": ["node_0", ...]}, ...]. The list's length is
// the validator's (super-pod-count), as the server count is.
void readSuperPods(const Json &list, const ProblemPlace &place, Problems &problems,
                   Project &project)
{
    project.superPods.reserve(std::min<size_t>(list.size(), size_t(kMaxServers) + 1));
    for (size_t i = 0; i < list.size() && i <= size_t(kMaxServers); ++i) {
        const ProblemPlace item = place.item(int(i));
        const Json &entry = list[i];
        SuperPod pod;
        if (!entry.is_object()) {
            problems.emplace_back(u"schema"_s, item,
                                  u"must be an object, not "_s + jsonTypeName(entry));
        } else {
            JsonFields p(entry, item, problems);
            pod.id = p.string("super_pod_id", true).value_or(pod.id);
            pod.servers = p.stringList("servers").value_or(pod.servers);
            collectUnknown(p, entry, item, project);
        }
        project.superPods.push_back(std::move(pod));
    }
}

} // namespace

QString migrateProjectJson(Json &document)
{
    auto version = document.find("clusterwiz");
    if (version == document.end())
        return QStringLiteral("clusterwiz: is required (this is not a clusterwiz project file)");
    if (!version->is_number_integer())
        return QStringLiteral("clusterwiz: must be the format version number");
    const long long found = version->get<long long>();
    if (found > kProjectFormatVersion)
        return QStringLiteral("clusterwiz: format %1 was written by a newer clusterwiz; this one "
                              "reads up to %2")
            .arg(found)
            .arg(kProjectFormatVersion);
    if (found < 1)
        return QStringLiteral("clusterwiz: %1 is not a format version").arg(found);
    // One step per format change goes here, each taking version N to N + 1.
    document["clusterwiz"] = kProjectFormatVersion;
    return {};
}

ProjectLoad projectFromJson(const Json &source)
{
    ProjectLoad load;
    if (!source.is_object()) {
        load.fatal =
            QStringLiteral("the project must be a JSON object, not %1").arg(jsonTypeName(source));
        return load;
    }
    Json document = source;
    if (QString error = migrateProjectJson(document); !error.isEmpty()) {
        load.fatal = error;
        return load;
    }
    Problems &problems = load.problems;
    Project &project = load.project;
    JsonFields top(document, ProblemPlace(), problems);
    top.has("clusterwiz");
    project.name = top.string("name", true).value_or(project.name);
    readName(top, "accelerator", true, project.accelerator, kAcceleratorNames);
    if (const Json *servers = top.array("servers", true)) {
        project.servers.reserve(servers->size());
        for (size_t i = 0; i < servers->size(); ++i) {
            const ProblemPlace place = serverPlace(int(i));
            const Json &item = (*servers)[i];
            Server server;
            if (!item.is_object())
                problems.emplace_back(u"schema"_s, place,
                                      u"must be an object, not "_s + jsonTypeName(item));
            else
                readServer(item, place, server, problems, project);
            project.servers.push_back(std::move(server));
        }
    }
    if (const Json *network = top.object("device_network")) {
        JsonFields n(*network, top.place("device_network"), problems);
        DeviceNetwork &dn = project.deviceNetwork;
        dn.netmask = n.string("netmask").value_or(dn.netmask);
        dn.segments = n.stringList("segments").value_or(dn.segments);
        dn.gateways = n.stringList("gateways").value_or(dn.gateways);
        dn.detectIps = n.stringList("detect_ips").value_or(dn.detectIps);
        collectUnknown(n, *network, top.place("device_network"), project);
    }
    if (const Json *pods = top.array("super_pods"))
        readSuperPods(*pods, top.place("super_pods"), problems, project);
    if (const Json *launch = top.object("launch", true))
        readLaunch(*launch, problems, project);
    if (const Json *container = top.object("container"))
        readContainer(*container, problems, project);
    collectUnknown(top, document, ProblemPlace(), project);
    return load;
}

ProjectLoad projectFromJsonText(const QByteArray &text)
{
    const JsonParse parsed = parseJsonBytes(text);
    if (!parsed.ok()) {
        ProjectLoad load;
        load.fatal = escapeControls(parsed.error);
        return load;
    }
    try {
        return projectFromJson(parsed.document);
    } catch (const std::exception &error) {
        // Not expected: every member is read through type checks. Kept as a last guard so that
        // no input can end the program.
        ProjectLoad load;
        load.fatal =
            u"cannot read the project: "_s + escapeControls(QString::fromUtf8(error.what()));
        return load;
    }
}

ProjectLoad loadProjectFile(const QString &path)
{
    const FileBytes file = readRegularFile(path);
    if (!file.ok()) {
        ProjectLoad load;
        load.fatal = u"cannot read "_s + escapeControls(file.error);
        return load;
    }
    ProjectLoad load = projectFromJsonText(file.bytes);
    if (!load.fatal.isEmpty())
        load.fatal = escapeControls(path) + u": "_s + load.fatal;
    return load;
}

Json projectToJson(const Project &project)
{
    auto strings = [](const QStringList &list) {
        Json array = Json::array();
        for (const QString &s : list)
            array.push_back(ss(s));
        return array;
    };
    Json doc;
    doc["clusterwiz"] = kProjectFormatVersion;
    doc["name"] = ss(project.name);
    doc["accelerator"] = ss(acceleratorName(project.accelerator));
    Json servers = Json::array();
    for (const Server &s : project.servers) {
        Json j;
        j["name"] = ss(s.name);
        j["host"] = ss(s.host);
        j["port"] = s.port;
        if (!s.user.isEmpty())
            j["user"] = ss(s.user);
        if (!s.identityFile.isEmpty())
            j["identity_file"] = ss(s.identityFile);
        if (!s.hostIp.isEmpty())
            j["host_ip"] = ss(s.hostIp);
        if (!s.nic.isEmpty())
            j["nic"] = ss(s.nic);
        j["devices"] = s.devices;
        if (!s.deviceIps.isEmpty())
            j["device_ips"] = strings(s.deviceIps);
        if (!s.superDeviceIds.isEmpty())
            j["super_device_ids"] = strings(s.superDeviceIds);
        if (!s.devicePorts.empty())
            j["device_ports"] = s.devicePorts;
        if (!s.backupDevicePorts.empty())
            j["backup_device_ports"] = s.backupDevicePorts;
        if (!s.hostPorts.empty())
            j["host_ports"] = s.hostPorts;
        servers.push_back(j);
    }
    doc["servers"] = servers;
    const DeviceNetwork &dn = project.deviceNetwork;
    if (!dn.netmask.isEmpty() || !dn.segments.isEmpty() || !dn.gateways.isEmpty() ||
        !dn.detectIps.isEmpty()) {
        Json network;
        if (!dn.netmask.isEmpty())
            network["netmask"] = ss(dn.netmask);
        network["segments"] = strings(dn.segments);
        if (!dn.gateways.isEmpty())
            network["gateways"] = strings(dn.gateways);
        if (!dn.detectIps.isEmpty())
            network["detect_ips"] = strings(dn.detectIps);
        doc["device_network"] = network;
    }
    if (!project.superPods.empty()) {
        Json pods = Json::array();
        for (const SuperPod &pod : project.superPods)
            pods.push_back({{"super_pod_id", ss(pod.id)}, {"servers", strings(pod.servers)}});
        doc["super_pods"] = pods;
    }
    const LaunchConfig &l = project.launch;
    Json launch;
    launch["mode"] = ss(launchModeName(l.mode));
    if (l.framework != Framework::PyTorch)
        launch["framework"] = ss(frameworkName(l.framework));
    launch["workdir"] = ss(l.workdir);
    launch["entry"] = ss(l.entry);
    launch["args"] = strings(l.args);
    launch["python"] = ss(l.python);
    launch["master_port"] = l.masterPort;
    if (!l.master.isEmpty())
        launch["master"] = ss(l.master);
    if (l.launcher != u"auto")
        launch["launcher"] = ss(l.launcher);
    launch["env_setup"] = strings(l.envSetup);
    Json env = Json::object();
    for (const auto &[key, value] : l.env)
        env[ss(key)] = ss(value);
    launch["env"] = env;
    launch["log_dir"] = ss(l.logDir);
    const PortRange defaults;
    if (l.hcclPorts.first != defaults.first || l.hcclPorts.last != defaults.last)
        launch["hccl_ports"] = {{"first", l.hcclPorts.first}, {"last", l.hcclPorts.last}};
    const MpirunOptions mpiDefaults;
    if (l.mpirun.per != mpiDefaults.per || !l.mpirun.prefix.isEmpty() ||
        !l.mpirun.extraArgs.isEmpty()) {
        Json mpi;
        mpi["per"] = ss(kMpirunPerNames.name(l.mpirun.per));
        if (!l.mpirun.prefix.isEmpty())
            mpi["prefix"] = ss(l.mpirun.prefix);
        if (!l.mpirun.extraArgs.isEmpty())
            mpi["extra_args"] = strings(l.mpirun.extraArgs);
        launch["mpirun"] = mpi;
    }
    if (!l.upload.isEmpty())
        launch["upload"] = strings(l.upload);
    if (l.hcclWhitelistHostIps)
        launch["hccl_whitelist"] = ss(kWhitelistNames.name(true));
    if (!l.localRankArg.isEmpty())
        launch["local_rank_arg"] = ss(l.localRankArg);
    if (l.restart != RestartPolicy{}) {
        const RestartPolicy &policy = l.restart;
        Json restart;
        restart["max_restarts"] = policy.maxRestarts;
        restart["drop_failed_servers"] = policy.dropFailedServers;
        if (policy.minServers != 0)
            restart["min_servers"] = policy.minServers;
        restart["backoff_s"] = policy.backoffSeconds;
        if (!policy.supervisor.isEmpty())
            restart["supervisor"] = ss(policy.supervisor);
        launch["restart"] = restart;
    }
    if (l.scheduler != Scheduler::Ssh)
        launch["scheduler"] = ss(kSchedulerNames.name(l.scheduler));
    if (l.slurm != SlurmOptions{}) {
        const SlurmOptions &options = l.slurm;
        Json slurm = Json::object();
        const auto put = [&slurm](const char *key, const QString &value) {
            if (!value.isEmpty())
                slurm[key] = ss(value);
        };
        put("partition", options.partition);
        put("account", options.account);
        put("time", options.time);
        put("qos", options.qos);
        put("gres", options.gres);
        if (!options.sbatchArgs.isEmpty())
            slurm["sbatch_args"] = strings(options.sbatchArgs);
        put("login", options.login);
        launch["slurm"] = slurm;
    }
    doc["launch"] = launch;
    if (const std::optional<ContainerConfig> &c = project.container) {
        Json container;
        container["engine"] = ss(kContainerEngineNames.name(c->engine));
        container["image"] = ss(c->image);
        container["name"] = ss(c->name);
        container["ssh_port"] = c->sshPort;
        if (!c->shmSize.isEmpty())
            container["shm_size"] = ss(c->shmSize);
        if (!c->mounts.isEmpty())
            container["mounts"] = strings(c->mounts);
        if (!c->envSetup.isEmpty())
            container["env_setup"] = strings(c->envSetup);
        if (!c->runArgs.isEmpty())
            container["run_args"] = strings(c->runArgs);
        if (c->privileged)
            container["privileged"] = true;
        doc["container"] = container;
    }
    for (const UnknownField &field : project.unknownFields) {
        // Text this file made from a parsed value: it parses again. A field set from elsewhere
        // that does not is left out rather than ending the save.
        if (!field.topLevel())
            continue;
        Json value = Json::parse(field.json.begin(), field.json.end(), nullptr, false);
        if (!value.is_discarded())
            doc[ss(field.key)] = std::move(value);
    }
    return doc;
}

QByteArray projectToJsonText(const Project &project)
{
    const std::string text = projectToJson(project).dump(2) + '\n';
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

QString fileBesideProject(const QString &projectPath, const QString &kind)
{
    const QString suffix = u".clusterwiz.json"_s;
    if (projectPath.endsWith(suffix))
        return projectPath.chopped(suffix.size()) + u".clusterwiz-"_s + kind + u".json"_s;
    return projectPath + u'.' + kind + u".json"_s;
}

QString saveProjectFile(const Project &project, const QString &path)
{
    // A symbolic link at `path` is replaced, never written through; the file keeps its mode.
    if (QString error =
            writeFileReplacing(path, projectToJsonText(project), FileMode::KeepExisting);
        !error.isEmpty())
        return u"cannot save "_s + error;
    return {};
}

} // namespace cw
