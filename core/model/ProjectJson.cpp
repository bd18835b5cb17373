#include "model/ProjectJson.h"

#include "model/JsonRead.h"
#include "model/SafeFile.h"

#include <functional>

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

// Reads typed members out of JSON objects and records a Problem for each one that is off.
class Reader {
public:
    Problems problems;

    void problem(const ProblemPlace &place, const QString &message)
    {
        problems.emplace_back(QStringLiteral("schema"), place, message);
    }

    const Json *member(const Json &object, const char *key, const ProblemPlace &place,
                       bool required)
    {
        auto it = object.find(key);
        if (it == object.end() || it->is_null()) {
            if (required)
                problem(place, QStringLiteral("is required"));
            return nullptr;
        }
        return &*it;
    }

    bool readString(const Json &object, const char *key, const ProblemPlace &place, QString &out,
                    bool required = false)
    {
        const Json *value = member(object, key, place, required);
        if (!value)
            return false;
        if (!value->is_string()) {
            problem(place, QStringLiteral("must be a string, not %1").arg(jsonTypeName(*value)));
            return false;
        }
        out = qs(value->get<std::string>());
        return true;
    }

    bool readInt(const Json &object, const char *key, const ProblemPlace &place, int &out,
                 bool required = false)
    {
        const Json *value = member(object, key, place, required);
        if (!value)
            return false;
        int number = 0;
        if (const JsonInt result = jsonToInt(*value, number); result != JsonInt::Ok) {
            problem(place, jsonIntProblem(*value, result));
            return false;
        }
        out = number;
        return true;
    }

    bool readBool(const Json &object, const char *key, const ProblemPlace &place, bool &out)
    {
        const Json *value = member(object, key, place, false);
        if (!value)
            return false;
        if (!value->is_boolean()) {
            problem(place,
                    QStringLiteral("must be true or false, not %1").arg(jsonTypeName(*value)));
            return false;
        }
        out = value->get<bool>();
        return true;
    }

    template <typename T>
    void readArray(const Json &object, const char *key, const ProblemPlace &place,
                   std::vector<T> &out, const std::function<bool(const Json &, T &)> &convert,
                   const char *expected)
    {
        const Json *value = member(object, key, place, false);
        if (!value)
            return;
        if (!value->is_array()) {
            problem(place, QStringLiteral("must be an array, not %1").arg(jsonTypeName(*value)));
            return;
        }
        out.clear();
        for (size_t i = 0; i < value->size(); ++i) {
            T item{};
            if (convert((*value)[i], item))
                out.push_back(item);
            else
                problem(place.item(int(i)),
                        QStringLiteral("must be %1, not %2")
                            .arg(QLatin1StringView(expected), jsonTypeName((*value)[i])));
        }
    }

    void readStringList(const Json &object, const char *key, const ProblemPlace &place,
                        QStringList &out)
    {
        std::vector<QString> items;
        readArray<QString>(
            object, key, place, items,
            [](const Json &j, QString &s) {
                if (!j.is_string())
                    return false;
                s = qs(j.get<std::string>());
                return true;
            },
            "a string");
        if (object.contains(key))
            out = QStringList(items.begin(), items.end());
    }

    void readIntList(const Json &object, const char *key, const ProblemPlace &place,
                     std::vector<int> &out)
    {
        const Json *value = member(object, key, place, false);
        if (!value)
            return;
        if (!value->is_array()) {
            problem(place, u"must be an array, not "_s + jsonTypeName(*value));
            return;
        }
        out.clear();
        for (size_t i = 0; i < value->size(); ++i) {
            int number = 0;
            if (const JsonInt result = jsonToInt((*value)[i], number); result == JsonInt::Ok)
                out.push_back(number);
            else
                problem(place.item(int(i)), jsonIntProblem((*value)[i], result));
        }
    }

    const Json *readObject(const Json &object, const char *key, const ProblemPlace &place,
                           bool required)
    {
        const Json *value = member(object, key, place, required);
        if (value && !value->is_object()) {
            problem(place, QStringLiteral("must be an object, not %1").arg(jsonTypeName(*value)));
            return nullptr;
        }
        return value;
    }
};

void readServer(Reader &r, const Json &json, const ProblemPlace &place, Server &server)
{
    const auto at = [&](const QString &name) { return place.member(name); };
    r.readString(json, "name", at(u"name"_s), server.name, true);
    r.readString(json, "host", at(u"host"_s), server.host, true);
    r.readInt(json, "port", at(u"port"_s), server.port);
    r.readString(json, "user", at(u"user"_s), server.user);
    r.readString(json, "identity_file", at(u"identity_file"_s), server.identityFile);
    r.readString(json, "host_ip", at(u"host_ip"_s), server.hostIp);
    r.readString(json, "nic", at(u"nic"_s), server.nic);
    r.readIntList(json, "devices", at(u"devices"_s), server.devices);
    r.readStringList(json, "device_ips", at(u"device_ips"_s), server.deviceIps);
}

void readLaunch(Reader &r, const Json &json, LaunchConfig &launch)
{
    const auto at = [&](const QString &dotted) { return projectPlace(u"launch."_s + dotted); };
    QString mode;
    if (r.readString(json, "mode", at(u"mode"_s), mode, true)) {
        if (auto parsed = launchModeFromName(mode))
            launch.mode = *parsed;
        else
            r.problem(at(u"mode"_s), QStringLiteral("\"%1\" is not one of launch, mpirun, "
                                                    "ranktable, no-ranktable, msrun")
                                         .arg(mode));
    }
    QString framework;
    if (r.readString(json, "framework", at(u"framework"_s), framework)) {
        if (auto parsed = frameworkFromName(framework))
            launch.framework = *parsed;
        else
            r.problem(at(u"framework"_s),
                      QStringLiteral("\"%1\" is not one of pytorch, mindspore, tensorflow")
                          .arg(framework));
    }
    r.readString(json, "workdir", at(u"workdir"_s), launch.workdir, true);
    r.readString(json, "entry", at(u"entry"_s), launch.entry, true);
    r.readStringList(json, "args", at(u"args"_s), launch.args);
    r.readString(json, "python", at(u"python"_s), launch.python);
    // Each launcher's own default where the file names no port; saving writes the number.
    if (launch.mode == LaunchMode::Msrun && !json.contains("master_port"))
        launch.masterPort = kMsrunDefaultMasterPort;
    r.readInt(json, "master_port", at(u"master_port"_s), launch.masterPort);
    r.readString(json, "master", at(u"master"_s), launch.master);
    r.readString(json, "launcher", at(u"launcher"_s), launch.launcher);
    r.readStringList(json, "env_setup", at(u"env_setup"_s), launch.envSetup);
    r.readString(json, "log_dir", at(u"log_dir"_s), launch.logDir);
    r.readStringList(json, "upload", at(u"upload"_s), launch.upload);
    r.readString(json, "local_rank_arg", at(u"local_rank_arg"_s), launch.localRankArg);
    QString whitelist;
    if (r.readString(json, "hccl_whitelist", at(u"hccl_whitelist"_s), whitelist)) {
        if (whitelist == u"host_ips" || whitelist == u"off")
            launch.hcclWhitelistHostIps = whitelist == u"host_ips";
        else
            r.problem(at(u"hccl_whitelist"_s),
                      QStringLiteral("\"%1\" is not one of off, host_ips").arg(whitelist));
    }
    if (const Json *env = r.readObject(json, "env", at(u"env"_s), false)) {
        launch.env.clear();
        for (const auto &[key, value] : env->items()) {
            if (value.is_string())
                launch.env.emplace_back(qs(key), qs(value.get<std::string>()));
            else
                r.problem(at(u"env"_s).key(qs(key)),
                          QStringLiteral("must be a string, not %1").arg(jsonTypeName(value)));
        }
    }
    if (const Json *ports = r.readObject(json, "hccl_ports", at(u"hccl_ports"_s), false)) {
        r.readInt(*ports, "first", at(u"hccl_ports.first"_s), launch.hcclPorts.first, true);
        r.readInt(*ports, "last", at(u"hccl_ports.last"_s), launch.hcclPorts.last, true);
    }
    if (const Json *mpi = r.readObject(json, "mpirun", at(u"mpirun"_s), false)) {
        QString per;
        if (r.readString(*mpi, "per", at(u"mpirun.per"_s), per)) {
            if (per == u"server")
                launch.mpirun.per = MpirunPer::Server;
            else if (per == u"device")
                launch.mpirun.per = MpirunPer::Device;
            else
                r.problem(at(u"mpirun.per"_s),
                          QStringLiteral("\"%1\" is not one of server, device").arg(per));
        }
        r.readString(*mpi, "prefix", at(u"mpirun.prefix"_s), launch.mpirun.prefix);
        r.readStringList(*mpi, "extra_args", at(u"mpirun.extra_args"_s), launch.mpirun.extraArgs);
    }
    if (const Json *restart = r.readObject(json, "restart", at(u"restart"_s), false)) {
        RestartPolicy &policy = launch.restart;
        r.readInt(*restart, "max_restarts", at(u"restart.max_restarts"_s), policy.maxRestarts);
        r.readBool(*restart, "drop_failed_servers", at(u"restart.drop_failed_servers"_s),
                   policy.dropFailedServers);
        r.readInt(*restart, "min_servers", at(u"restart.min_servers"_s), policy.minServers);
        r.readInt(*restart, "backoff_s", at(u"restart.backoff_s"_s), policy.backoffSeconds);
        r.readString(*restart, "supervisor", at(u"restart.supervisor"_s), policy.supervisor);
    }
}

const char *const kKnownTopLevel[] = {"clusterwiz", "name",           "accelerator",
                                      "servers",    "device_network", "launch"};

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
    Reader r;
    Project &project = load.project;
    r.readString(document, "name", projectPlace(u"name"_s), project.name, true);
    QString accelerator;
    if (r.readString(document, "accelerator", projectPlace(u"accelerator"_s), accelerator, true)) {
        if (auto parsed = acceleratorFromName(accelerator))
            project.accelerator = *parsed;
        else
            r.problem(projectPlace(u"accelerator"_s),
                      QStringLiteral("\"%1\" is not one of ascend910, ascend910b, nvidia, cpu")
                          .arg(accelerator));
    }
    if (const Json *servers = r.member(document, "servers", projectPlace(u"servers"_s), true)) {
        if (!servers->is_array()) {
            r.problem(projectPlace(u"servers"_s),
                      QStringLiteral("must be an array, not %1").arg(jsonTypeName(*servers)));
        } else {
            for (size_t i = 0; i < servers->size(); ++i) {
                const ProblemPlace place = serverPlace(int(i));
                const Json &item = (*servers)[i];
                Server server;
                if (!item.is_object())
                    r.problem(place,
                              QStringLiteral("must be an object, not %1").arg(jsonTypeName(item)));
                else
                    readServer(r, item, place, server);
                project.servers.push_back(server);
            }
        }
    }
    if (const Json *network =
            r.readObject(document, "device_network", projectPlace(u"device_network"_s), false)) {
        r.readString(*network, "netmask", projectPlace(u"device_network.netmask"_s),
                     project.deviceNetwork.netmask);
        r.readStringList(*network, "segments", projectPlace(u"device_network.segments"_s),
                         project.deviceNetwork.segments);
        r.readStringList(*network, "gateways", projectPlace(u"device_network.gateways"_s),
                         project.deviceNetwork.gateways);
        r.readStringList(*network, "detect_ips", projectPlace(u"device_network.detect_ips"_s),
                         project.deviceNetwork.detectIps);
    }
    if (const Json *launch = r.readObject(document, "launch", projectPlace(u"launch"_s), true))
        readLaunch(r, *launch, project.launch);

    for (const auto &[key, value] : document.items()) {
        if (std::find_if(std::begin(kKnownTopLevel), std::end(kKnownTopLevel),
                         [&name = key](const char *known) { return name == known; }) ==
            std::end(kKnownTopLevel))
            project.unknownFields[key] = value;
    }
    load.problems = std::move(r.problems);
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
        mpi["per"] = l.mpirun.per == MpirunPer::Server ? "server" : "device";
        if (!l.mpirun.prefix.isEmpty())
            mpi["prefix"] = ss(l.mpirun.prefix);
        if (!l.mpirun.extraArgs.isEmpty())
            mpi["extra_args"] = strings(l.mpirun.extraArgs);
        launch["mpirun"] = mpi;
    }
    if (!l.upload.isEmpty())
        launch["upload"] = strings(l.upload);
    if (l.hcclWhitelistHostIps)
        launch["hccl_whitelist"] = "host_ips";
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
    doc["launch"] = launch;
    for (const auto &[key, value] : project.unknownFields.items())
        doc[key] = value;
    return doc;
}

QByteArray projectToJsonText(const Project &project)
{
    const std::string text = projectToJson(project).dump(2) + '\n';
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
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
