// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "generate/ScriptFiles.h"
#include "rules/ProjectValidator.h"
#include "rules/RuleText.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

Q_DECLARE_METATYPE(cw::ProblemArea)

namespace {

using Setter = std::function<void(Project &, const QString &)>;

// The same rehearsal cluster on CPU: no device IPs, any device list.
void toCpu(Project &project)
{
    project.accelerator = Accelerator::Cpu;
    project.deviceNetwork = {};
    for (Server &server : project.servers)
        server.deviceIps.clear();
}

struct Field {
    const char *name;
    QString path;
    Setter set;
    QString kinds; // which hostile kinds the field refuses: s(ubst) q(uote) n(ewline) d(ash) z(NUL)
};

// Every validated field, with the hostile values it refuses. A value a field accepts (a `$(...)`
// in a path) is harmless there because it only ever reaches a script single-quoted.
std::vector<Field> fields()
{
    auto env = [](Project &p, const QString &v) { p.launch.env = {{v, u"1"_s}}; };
    return {
        {"project name", u"name"_s, [](Project &p, const QString &v) { p.name = v; }, u"sqndz"_s},
        {"server name", u"servers[1].name"_s,
         [](Project &p, const QString &v) { p.servers[1].name = v; }, u"sqndz"_s},
        {"host", u"servers[1].host"_s, [](Project &p, const QString &v) { p.servers[1].host = v; },
         u"sqndz"_s},
        {"user", u"servers[1].user"_s, [](Project &p, const QString &v) { p.servers[1].user = v; },
         u"sqndz"_s},
        {"host_ip", u"servers[1].host_ip"_s,
         [](Project &p, const QString &v) { p.servers[1].hostIp = v; }, u"sqndz"_s},
        {"nic", u"servers[1].nic"_s, [](Project &p, const QString &v) { p.servers[1].nic = v; },
         u"sqndz"_s},
        {"identity_file", u"servers[1].identity_file"_s,
         [](Project &p, const QString &v) { p.servers[1].identityFile = v; }, u"nz"_s},
        {"device ip", u"servers[1].device_ips[3]"_s,
         [](Project &p, const QString &v) { p.servers[1].deviceIps[3] = v; }, u"sqndz"_s},
        {"netmask", u"device_network.netmask"_s,
         [](Project &p, const QString &v) { p.deviceNetwork.netmask = v; }, u"sqndz"_s},
        {"segment", u"device_network.segments[2]"_s,
         [](Project &p, const QString &v) { p.deviceNetwork.segments[2] = v; }, u"sqndz"_s},
        {"workdir", u"launch.workdir"_s, [](Project &p, const QString &v) { p.launch.workdir = v; },
         u"sqndz"_s},
        {"entry", u"launch.entry"_s, [](Project &p, const QString &v) { p.launch.entry = v; },
         u"ndz"_s},
        {"python", u"launch.python"_s, [](Project &p, const QString &v) { p.launch.python = v; },
         u"sndz"_s},
        {"log_dir", u"launch.log_dir"_s, [](Project &p, const QString &v) { p.launch.logDir = v; },
         u"sqndz"_s},
        {"master", u"launch.master"_s, [](Project &p, const QString &v) { p.launch.master = v; },
         u"sqndz"_s},
        {"supervisor", u"launch.restart.supervisor"_s,
         [](Project &p, const QString &v) {
             p.launch.restart.maxRestarts = 2;
             p.launch.restart.supervisor = v;
         },
         u"sqndz"_s},
        {"launcher", u"launch.launcher"_s,
         [](Project &p, const QString &v) { p.launch.launcher = v; }, u"sqndz"_s},
        {"env_setup", u"launch.env_setup[0]"_s,
         [](Project &p, const QString &v) { p.launch.envSetup[0] = v; }, u"nz"_s},
        {"args", u"launch.args[1]"_s, [](Project &p, const QString &v) { p.launch.args[1] = v; },
         u"z"_s},
        {"env value", u"launch.env.HCCL_WHITELIST_DISABLE"_s,
         [](Project &p, const QString &v) {
             p.launch.env = {{u"HCCL_WHITELIST_DISABLE"_s, v}};
         },
         u"z"_s},
        {"env name", u"launch.env."_s, env, u"sqndz"_s},
        {"mpirun prefix", u"launch.mpirun.prefix"_s,
         [](Project &p, const QString &v) { p.launch.mpirun.prefix = v; }, u"sqndz"_s},
        {"mpirun extra arg", u"launch.mpirun.extra_args[0]"_s,
         [](Project &p, const QString &v) { p.launch.mpirun.extraArgs = {v}; }, u"z"_s},
        {"upload", u"launch.upload[0]"_s,
         [](Project &p, const QString &v) { p.launch.upload = {v}; }, u"nz"_s},
        {"slurm partition", u"launch.slurm.partition"_s,
         [](Project &p, const QString &v) { p.launch.slurm.partition = v; }, u"sqndz"_s},
        {"slurm account", u"launch.slurm.account"_s,
         [](Project &p, const QString &v) { p.launch.slurm.account = v; }, u"sqndz"_s},
        {"slurm qos", u"launch.slurm.qos"_s,
         [](Project &p, const QString &v) { p.launch.slurm.qos = v; }, u"sqndz"_s},
        {"slurm time", u"launch.slurm.time"_s,
         [](Project &p, const QString &v) { p.launch.slurm.time = v; }, u"sqndz"_s},
        {"slurm gres", u"launch.slurm.gres"_s,
         [](Project &p, const QString &v) { p.launch.slurm.gres = v; }, u"sqndz"_s},
        // An option ("-x") is what sbatch_args holds; each word is quoted on sbatch's line.
        {"sbatch arg", u"launch.slurm.sbatch_args[0]"_s,
         [](Project &p, const QString &v) { p.launch.slurm.sbatchArgs = {v}; }, u"sqnz"_s},
        {"slurm login", u"launch.slurm.login"_s,
         [](Project &p, const QString &v) { p.launch.slurm.login = v; }, u"sqndz"_s},
    };
}

} // namespace

class tst_ProjectValidator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void seedExampleValidates()
    {
        const ProjectLoad load = loadProjectFile(examplePath());
        QVERIFY(load.ok());
        const Problems problems = validateProject(load.project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
    }

    // One row per rule: the mutation breaks it alone and exactly that rule id comes back, at
    // that path.
    void oneRulePerRow_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        auto row = [](const char *name, Mutation m, const QString &rule, const QString &path) {
            QTest::newRow(name) << m << rule << path;
        };
        row(
            "project name empty", [](Project &p) { p.name.clear(); }, u"name"_s, u"name"_s);
        row(
            "server name with a space", [](Project &p) { p.servers[0].name = u"server 0"_s; },
            u"server-name"_s, u"servers[0].name"_s);
        row(
            "server name repeated", [](Project &p) { p.servers[1].name = u"server0"_s; },
            u"server-name-unique"_s, u"servers[1].name"_s);
        row(
            "host empty", [](Project &p) { p.servers[0].host.clear(); }, u"host"_s,
            u"servers[0].host"_s);
        row(
            "host option", [](Project &p) { p.servers[0].host = u"-oProxyCommand=sh"_s; },
            u"host"_s, u"servers[0].host"_s);
        row(
            "port 0", [](Project &p) { p.servers[1].port = 0; }, u"port"_s, u"servers[1].port"_s);
        row(
            "port 65536", [](Project &p) { p.servers[1].port = 65536; }, u"port"_s,
            u"servers[1].port"_s);
        row(
            "user with ;", [](Project &p) { p.servers[1].user = u"root;id"_s; }, u"user"_s,
            u"servers[1].user"_s);
        row(
            "host_ip leading zero", [](Project &p) { p.servers[1].hostIp = u"10.0.0.023"_s; },
            u"host-ip"_s, u"servers[1].host_ip"_s);
        row(
            "host_ip missing for an alias",
            [](Project &p) {
                p.servers[1].hostIp.clear();
                p.servers[1].host = u"gpu-b"_s;
            },
            u"host-ip"_s, u"servers[1].host_ip"_s);
        row(
            "host_ip repeated", [](Project &p) { p.servers[1].hostIp = u"10.0.0.22"_s; },
            u"host-ip-unique"_s, u"servers[1].host_ip"_s);
        row(
            "host repeated without host_ip",
            [](Project &p) {
                p.servers[0].hostIp.clear();
                p.servers[1].hostIp.clear();
                p.servers[1].host = u"10.0.0.22"_s;
            },
            u"host-ip-unique"_s, u"servers[1].host"_s);
        row(
            "identity file with newline", [](Project &p) { p.servers[0].identityFile = u"id\n"_s; },
            u"identity-file"_s, u"servers[0].identity_file"_s);
        row(
            "nic too long", [](Project &p) { p.servers[0].nic = u"enp1s0f0np0xyzab"_s; }, u"nic"_s,
            u"servers[0].nic"_s);
        row(
            "no servers", [](Project &p) { p.servers.clear(); }, u"no-servers"_s, u"servers"_s);
        row(
            "129 servers",
            [](Project &p) {
                p = ascendCluster(129);
                toCpu(p);
            },
            u"server-count"_s, u"servers"_s);
        row(
            "master unknown", [](Project &p) { p.launch.master = u"server9"_s; }, u"master"_s,
            u"launch.master"_s);
        row(
            "workdir relative", [](Project &p) { p.launch.workdir = u"train"_s; }, u"workdir"_s,
            u"launch.workdir"_s);
        row(
            "workdir empty", [](Project &p) { p.launch.workdir.clear(); }, u"workdir"_s,
            u"launch.workdir"_s);
        row(
            "entry an option", [](Project &p) { p.launch.entry = u"-c"_s; }, u"entry"_s,
            u"launch.entry"_s);
        row(
            "python with options", [](Project &p) { p.launch.python = u"python3 -u"_s; },
            u"python"_s, u"launch.python"_s);
        row(
            "python empty", [](Project &p) { p.launch.python.clear(); }, u"python"_s,
            u"launch.python"_s);
        row(
            "log_dir empty", [](Project &p) { p.launch.logDir.clear(); }, u"log-dir"_s,
            u"launch.log_dir"_s);
        row(
            "launcher unknown", [](Project &p) { p.launch.launcher = u"deepspeed"_s; },
            u"launcher"_s, u"launch.launcher"_s);
        row(
            "env name with a dash",
            [](Project &p) {
                p.launch.env = {{u"A-B"_s, u"1"_s}};
            },
            u"env-name"_s, u"launch.env.A-B"_s);
        row(
            "env name twice",
            [](Project &p) {
                p.launch.env = {{u"A"_s, u"1"_s}, {u"A"_s, u"2"_s}};
            },
            u"env-name"_s, u"launch.env.A"_s);
        row(
            "env value NUL",
            [](Project &p) {
                p.launch.env = {{u"A"_s, QString(u"x\0y"_s)}};
            },
            u"env-value"_s, u"launch.env.A"_s);
        row(
            "env_setup two lines", [](Project &p) { p.launch.envSetup = {u"a\rb"_s}; },
            u"env-setup"_s, u"launch.env_setup[0]"_s);
        row(
            "args NUL", [](Project &p) { p.launch.args << QString(u"a\0"_s); }, u"args"_s,
            u"launch.args[2]"_s);
        row(
            "master_port 0", [](Project &p) { p.launch.masterPort = 0; }, u"master-port"_s,
            u"launch.master_port"_s);
        row(
            "master_port in the HCCL range", [](Project &p) { p.launch.masterPort = 60010; },
            u"master-port"_s, u"launch.master_port"_s);
        row(
            "HCCL range upside down",
            [](Project &p) {
                p.launch.hcclPorts = {60031, 60000};
            },
            u"hccl-ports"_s, u"launch.hccl_ports"_s);
        row(
            "HCCL range past 65535",
            [](Project &p) {
                p.launch.hcclPorts = {65530, 65540};
            },
            u"hccl-ports"_s, u"launch.hccl_ports"_s);
        row(
            "mpirun prefix relative", [](Project &p) { p.launch.mpirun.prefix = u"opt/ompi"_s; },
            u"mpirun-prefix"_s, u"launch.mpirun.prefix"_s);
        row(
            "mpirun extra arg NUL",
            [](Project &p) { p.launch.mpirun.extraArgs = {QString(u"\0"_s)}; }, u"mpirun-args"_s,
            u"launch.mpirun.extra_args[0]"_s);
        row(
            "upload empty",
            [](Project &p) {
                p.launch.upload = {u"a"_s, QString()};
            },
            u"upload"_s, u"launch.upload[1]"_s);
        row(
            "mpirun ssh ports differ",
            [](Project &p) {
                p = ascendCluster(3);
                toCpu(p);
                p.launch.mode = LaunchMode::Mpirun;
                p.servers[0].port = 2200; // the master's own port does not matter
                p.servers[2].port = 2222;
            },
            u"mpirun-ssh-port"_s, u"servers[2].port"_s);
        row(
            "devices empty",
            [](Project &p) {
                toCpu(p);
                p.servers[0].devices.clear();
            },
            u"devices-empty"_s, u"servers[0].devices"_s);
        row(
            "device ips on cpu",
            [](Project &p) {
                toCpu(p);
                p.servers[1].deviceIps = {u"192.168.100.1"_s};
            },
            u"device-ips-unexpected"_s, u"servers[1].device_ips"_s);
        row(
            "device ips missing", [](Project &p) { p.servers[1].deviceIps.clear(); },
            u"device-ip-count"_s, u"servers[1].device_ips"_s);
        row(
            "device subset",
            [](Project &p) {
                p.servers.pop_back();
                p.servers[0].devices = {0, 4};
                p.servers[0].deviceIps = {u"192.168.100.101"_s, u"192.168.100.100"_s};
            },
            u"device-group-2"_s, u"servers[0].devices"_s);
        row(
            "device network", [](Project &p) { p.servers[1].deviceIps[2] = u"192.168.102.101"_s; },
            u"ip-unique"_s, u"servers[1].device_ips[2]"_s);
        // Launch modes that cannot start the framework (docs/frameworks.md).
        row(
            "msrun with pytorch", [](Project &p) { p.launch.mode = LaunchMode::Msrun; },
            u"mode-framework"_s, u"launch.mode"_s);
        row(
            "msrun with tensorflow",
            [](Project &p) {
                p.launch.mode = LaunchMode::Msrun;
                p.launch.framework = Framework::TensorFlow;
            },
            u"mode-framework"_s, u"launch.mode"_s);
        row(
            "mindspore with the torch launcher",
            [](Project &p) { p.launch.framework = Framework::MindSpore; }, u"mode-framework"_s,
            u"launch.mode"_s);
        row(
            "mindspore with mpirun per server",
            [](Project &p) {
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::Mpirun;
                p.launch.mpirun.per = MpirunPer::Server;
            },
            u"mode-framework"_s, u"launch.mpirun.per"_s);
        row(
            "tensorflow with the torch launcher",
            [](Project &p) { p.launch.framework = Framework::TensorFlow; }, u"mode-framework"_s,
            u"launch.mode"_s);
        row(
            "tensorflow with mpirun per server",
            [](Project &p) {
                p.launch.framework = Framework::TensorFlow;
                p.launch.mode = LaunchMode::Mpirun;
                p.launch.mpirun.per = MpirunPer::Server;
            },
            u"mode-framework"_s, u"launch.mode"_s);
        // mpirun's ranks get neither a rank table nor the CM_* variables TensorFlow's HCCL needs.
        row(
            "tensorflow with mpirun per device",
            [](Project &p) {
                p.launch.framework = Framework::TensorFlow;
                p.launch.mode = LaunchMode::Mpirun;
                p.launch.mpirun.per = MpirunPer::Device;
            },
            u"mode-framework"_s, u"launch.mode"_s);
        // The CM_* variables are read for TensorFlow alone (hicann/hccl env_config_info.md).
        row(
            "mindspore with no-ranktable",
            [](Project &p) {
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::NoRankTable;
            },
            u"mode-framework"_s, u"launch.mode"_s);
        // msrun numbers worker ranks node_rank x local_worker_num + index (MindSpore's
        // parallel/cluster/process_entity/_api.py): unequal servers would collide.
        row(
            "msrun 8 and 4",
            [](Project &p) {
                toCpu(p);
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::Msrun;
                p.servers[1].devices = {0, 1, 2, 3};
            },
            u"msrun-device-count"_s, u"servers[1].devices"_s);
        row(
            "msrun 4 and 8",
            [](Project &p) {
                toCpu(p);
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::Msrun;
                p.servers[0].devices = {0, 1, 2, 3};
            },
            u"msrun-device-count"_s, u"servers[1].devices"_s);
        // MindSpore's rank table tutorial: rank_id in the dictionary order of server_id.
        row(
            "mindspore rank table 10.0.0.9 before 10.0.0.10",
            [](Project &p) {
                toCpu(p);
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::RankTable;
                p.servers[0].host = p.servers[0].hostIp = u"10.0.0.9"_s;
                p.servers[1].host = p.servers[1].hostIp = u"10.0.0.10"_s;
            },
            u"mindspore-rank-order"_s, u"servers"_s);
        // Paths README.txt pastes into scp's remote path, and bounded sizes.
        row(
            "workdir with a space", [](Project &p) { p.launch.workdir = u"/home/my job"_s; },
            u"workdir"_s, u"launch.workdir"_s);
        row(
            "workdir of 5000 characters",
            [](Project &p) { p.launch.workdir = u"/"_s + QString(4999, u'w'); }, u"workdir"_s,
            u"launch.workdir"_s);
        row(
            "log_dir with a glob", [](Project &p) { p.launch.logDir = u"logs*"_s; }, u"log-dir"_s,
            u"launch.log_dir"_s);
        row(
            "host .", [](Project &p) { p.servers[0].host = u"."_s; }, u"host"_s,
            u"servers[0].host"_s);
        row(
            "host ..", [](Project &p) { p.servers[0].host = u".."_s; }, u"host"_s,
            u"servers[0].host"_s);
        // ssh and the C library read "127.0.0" as 127.0.0.1 (inet_aton): refused, one reading.
        row(
            "host 127.0.0 (inet_aton short form)",
            [](Project &p) { p.servers[0].host = u"127.0.0"_s; }, u"host"_s, u"servers[0].host"_s);
        row(
            "host 010.0.0.1 (inet_aton octal)",
            [](Project &p) { p.servers[1].host = u"010.0.0.1"_s; }, u"host"_s,
            u"servers[1].host"_s);
        // a/x.txt and b/x.txt would both land as workdir/x.txt (issue 32, item 9).
        row(
            "upload names clash",
            [](Project &p) {
                p.launch.upload = {u"a/x.txt"_s, u"train.py"_s, u"b/x.txt"_s};
            },
            u"upload-clash"_s, u"launch.upload[2]"_s);
        row(
            "host of 300 characters", [](Project &p) { p.servers[0].host = QString(300, u'h'); },
            u"host"_s, u"servers[0].host"_s);
        row(
            "argument of 200000 characters",
            [](Project &p) { p.launch.args[1] = QString(200000, u'a'); }, u"args"_s,
            u"launch.args[1]"_s);
        row(
            "restart: too many restarts", [](Project &p) { p.launch.restart.maxRestarts = 101; },
            u"restart"_s, u"launch.restart.max_restarts"_s);
        row(
            "restart: negative restarts", [](Project &p) { p.launch.restart.maxRestarts = -1; },
            u"restart"_s, u"launch.restart.max_restarts"_s);
        row(
            "restart: backoff over an hour",
            [](Project &p) {
                p.launch.restart.maxRestarts = 1;
                p.launch.restart.backoffSeconds = 3601;
            },
            u"restart"_s, u"launch.restart.backoff_s"_s);
        row(
            "restart: negative backoff", [](Project &p) { p.launch.restart.backoffSeconds = -5; },
            u"restart"_s, u"launch.restart.backoff_s"_s);
        row(
            "restart: more servers than the project has",
            [](Project &p) {
                p.launch.restart.maxRestarts = 1;
                p.launch.restart.minServers = 3;
            },
            u"restart"_s, u"launch.restart.min_servers"_s);
        row(
            "restart: negative min servers", [](Project &p) { p.launch.restart.minServers = -1; },
            u"restart"_s, u"launch.restart.min_servers"_s);
        row(
            "restart: supervisor not a server",
            [](Project &p) {
                p.launch.restart.maxRestarts = 1;
                p.launch.restart.supervisor = u"server9"_s;
            },
            u"restart"_s, u"launch.restart.supervisor"_s);
        row(
            "restart: the supervisor's variables in env",
            [](Project &p) { p.launch.env.emplace_back(u"CLUSTERWIZ_RESTART_COUNT"_s, u"0"_s); },
            u"env-override"_s, u"launch.env.CLUSTERWIZ_RESTART_COUNT"_s);
        // The plan's own world size is accepted without restarts; an attempt changes it.
        row(
            "restart: world size pinned while servers may be left out",
            [](Project &p) {
                p.launch.restart = {2, true, 1, 10, {}};
                p.launch.env.emplace_back(u"WORLD_SIZE"_s, u"16"_s);
            },
            u"restart-env"_s, u"launch.env.WORLD_SIZE"_s);
        row(
            "slurm: partition with a space",
            [](Project &p) { p.launch.slurm.partition = u"gpu a"_s; }, u"slurm-value"_s,
            u"launch.slurm.partition"_s);
        row(
            "slurm: time in hours", [](Project &p) { p.launch.slurm.time = u"2h"_s; },
            u"slurm-value"_s, u"launch.slurm.time"_s);
        row(
            "slurm: gres with a space", [](Project &p) { p.launch.slurm.gres = u"gpu: 8"_s; },
            u"slurm-value"_s, u"launch.slurm.gres"_s);
        row(
            "slurm: sbatch arg that is no option",
            [](Project &p) {
                p.launch.slurm.sbatchArgs = {u"--exclusive"_s, u"job.sh"_s};
            },
            u"slurm-sbatch-args"_s, u"launch.slurm.sbatch_args[1]"_s);
        row(
            "slurm: sbatch arg picks the nodes",
            [](Project &p) { p.launch.slurm.sbatchArgs = {u"-wnode7"_s}; }, u"slurm-sbatch-args"_s,
            u"launch.slurm.sbatch_args[0]"_s);
        row(
            "slurm: sbatch arg sets the partition",
            [](Project &p) { p.launch.slurm.sbatchArgs = {u"--partition=gpu"_s}; },
            u"slurm-sbatch-args"_s, u"launch.slurm.sbatch_args[0]"_s);
        row(
            "slurm: login neither a server nor a host",
            [](Project &p) { p.launch.slurm.login = u"login node"_s; }, u"slurm-login"_s,
            u"launch.slurm.login"_s);
        row(
            "slurm: mpirun under the slurm scheduler",
            [](Project &p) {
                p.launch.scheduler = Scheduler::Slurm;
                p.launch.mode = LaunchMode::Mpirun;
            },
            u"slurm-mode"_s, u"launch.mode"_s);
        row(
            "slurm: restarts under the slurm scheduler",
            [](Project &p) {
                p.launch.scheduler = Scheduler::Slurm;
                p.launch.restart.maxRestarts = 2;
            },
            u"slurm-restart"_s, u"launch.restart.max_restarts"_s);
        row(
            "msrun with local_rank_arg",
            [](Project &p) {
                p.launch.framework = Framework::MindSpore;
                p.launch.mode = LaunchMode::Msrun;
                p.launch.localRankArg = u"--local_rank"_s;
            },
            u"local-rank-arg"_s, u"launch.local_rank_arg"_s);
    }

    void oneRulePerRow()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateProject(project);
        QVERIFY2(ruleIds(problems) == QStringList{rule}, qPrintable(describe(problems)));
        QVERIFY2(testing::paths(problems).contains(path), qPrintable(describe(problems)));
        // Where the GUI marks it is where the path points: server, device and field agree.
        QVERIFY2(locationMismatches(problems).isEmpty(), qPrintable(locationMismatches(problems)));
    }

    // The location in parts, for a sample of places, spelled out rather than read back from the
    // path; and the page of the wizard each belongs to.
    void locationsSpelledOut_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("server");
        QTest::addColumn<int>("device");
        QTest::addColumn<QString>("field");
        QTest::addColumn<ProblemArea>("area");
        QTest::newRow("device ip")
            << Mutation([](Project &p) { p.servers[1].deviceIps[2] = u"192.168.102.101"_s; })
            << u"servers[1].device_ips[2]"_s << 1 << 2 << u"device_ips"_s << ProblemArea::Devices;
        QTest::newRow("device id")
            << Mutation([](Project &p) { p.servers[1].devices[7] = 9; })
            << u"servers[1].devices[7]"_s << 1 << 7 << u"devices"_s << ProblemArea::Devices;
        QTest::newRow("device count")
            << Mutation([](Project &p) { p.servers[0].deviceIps.removeLast(); })
            << u"servers[0].device_ips"_s << 0 << -1 << u"device_ips"_s << ProblemArea::Devices;
        QTest::newRow("host") << Mutation([](Project &p) { p.servers[0].host.clear(); })
                              << u"servers[0].host"_s << 0 << -1 << u"host"_s
                              << ProblemArea::Servers;
        QTest::newRow("no servers")
            << Mutation([](Project &p) { p.servers.clear(); }) << u"servers"_s << -1 << -1
            << u"servers"_s << ProblemArea::Servers;
        QTest::newRow("segment") << Mutation([](Project &p) {
            p.deviceNetwork.segments[2] = u"192.168.100.0"_s;
        }) << u"device_network.segments[2]"_s
                                 << -1 << -1 << u"device_network.segments"_s
                                 << ProblemArea::Devices;
        QTest::newRow("env name") << Mutation([](Project &p) {
            p.launch.env = {{u"A-B"_s, {}}};
        }) << u"launch.env.A-B"_s << -1
                                  << -1 << u"launch.env"_s << ProblemArea::Launch;
        QTest::newRow("args") << Mutation([](Project &p) { p.launch.args << QString(u"\0"_s); })
                              << u"launch.args[2]"_s << -1 << -1 << u"launch.args"_s
                              << ProblemArea::Launch;
        QTest::newRow("project name") << Mutation([](Project &p) { p.name.clear(); }) << u"name"_s
                                      << -1 << -1 << u"name"_s << ProblemArea::Project;
        // The training containers are set beside the servers, on the Servers page.
        QTest::newRow("container mount") << Mutation([](Project &p) {
            ContainerConfig container;
            container.image = u"ascend-pytorch:24.0.0"_s;
            container.mounts = {u"../x:/y"_s};
            p.container = container;
        }) << u"container.mounts[0]"_s << -1
                                         << -1 << u"container.mounts[0]"_s << ProblemArea::Servers;
    }

    void locationsSpelledOut()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, path);
        QFETCH(int, server);
        QFETCH(int, device);
        QFETCH(QString, field);
        QFETCH(ProblemArea, area);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateProject(project);
        const auto found =
            std::find_if(problems.begin(), problems.end(),
                         [&](const Problem &problem) { return problem.path == path; });
        QVERIFY2(found != problems.end(), qPrintable(describe(problems)));
        QCOMPARE(found->location.server, server);
        QCOMPARE(found->location.device, device);
        QCOMPARE(found->location.field, field);
        QCOMPARE(found->location.area(), area);
    }

    // The loader names the members it cannot read through the same places as the rules.
    void schemaProblemsAreLocated_data()
    {
        QTest::addColumn<QByteArray>("pointer");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("path");
        QTest::newRow("port a string")
            << QByteArray("/servers/1/port") << QByteArray("\"22\"") << u"servers[1].port"_s;
        QTest::newRow("server not an object")
            << QByteArray("/servers/1") << QByteArray("7") << u"servers[1]"_s;
        QTest::newRow("device id a string") << QByteArray("/servers/0/devices/3")
                                            << QByteArray("\"3\"") << u"servers[0].devices[3]"_s;
        QTest::newRow("device ip a number") << QByteArray("/servers/1/device_ips/5")
                                            << QByteArray("5") << u"servers[1].device_ips[5]"_s;
        QTest::newRow("segment a number") << QByteArray("/device_network/segments/2")
                                          << QByteArray("1") << u"device_network.segments[2]"_s;
        QTest::newRow("env value a number")
            << QByteArray("/launch/env/X") << QByteArray("1") << u"launch.env.X"_s;
        QTest::newRow("hccl first missing")
            << QByteArray("/launch/hccl_ports") << QByteArray(R"({"last": 1})")
            << u"launch.hccl_ports.first"_s;
        QTest::newRow("accelerator unknown")
            << QByteArray("/accelerator") << QByteArray("\"tpu\"") << u"accelerator"_s;
    }

    void schemaProblemsAreLocated()
    {
        QFETCH(QByteArray, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, path);
        nlohmann::ordered_json document = projectToJson(seedExample());
        document[nlohmann::ordered_json::json_pointer(pointer.toStdString())] =
            nlohmann::ordered_json::parse(value.toStdString());
        const ProjectLoad load = projectFromJson(document);
        QVERIFY2(testing::paths(load.problems) == QStringList{path},
                 qPrintable(describe(load.problems)));
        QVERIFY2(locationMismatches(load.problems).isEmpty(),
                 qPrintable(locationMismatches(load.problems)));
    }

    void hostileValues_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("refused");
        const std::vector<std::pair<QChar, QString>> hostile{{u's', u"$(touch x)"_s},
                                                             {u'q', u"it's"_s},
                                                             {u'n', u"a\nb"_s},
                                                             {u'd', u"-x"_s},
                                                             {u'z', QString(u"a\0b"_s)}};
        for (const Field &field : fields()) {
            for (const auto &[kind, value] : hostile) {
                const Setter set = field.set;
                const QString v = value;
                // An env name is part of its own path, escaped the way messages escape it.
                const QString path =
                    field.path.endsWith(u'.') ? field.path + escapeControls(value) : field.path;
                QTest::addRow("%s %c", field.name, char(kind.unicode()))
                    << Mutation([set, v](Project &p) { set(p, v); }) << path
                    << field.kinds.contains(kind);
            }
        }
    }

    void hostileValues()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, path);
        QFETCH(bool, refused);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateProject(project);
        QCOMPARE(testing::paths(problems).contains(path), refused);
        QVERIFY2(locationMismatches(problems).isEmpty(), qPrintable(locationMismatches(problems)));
        for (const Problem &problem : problems) {
            // Messages and paths show control characters escaped: one problem, one line.
            QVERIFY(!problem.message.contains(u'\n') && !problem.message.contains(QChar(u'\0')));
            QVERIFY(!problem.path.contains(u'\n') && !problem.path.contains(QChar(u'\0')));
        }
    }

    void messagesNameServerAndField()
    {
        Project project = seedExample();
        project.servers[1].port = 0;
        project.servers[0].hostIp = u"10.0.0.999"_s;
        project.launch.masterPort = 60000;
        const Problems problems = validateProject(project);
        QStringList lines;
        for (const Problem &problem : problems)
            lines << problem.toString();
        QCOMPARE(
            lines,
            (QStringList{
                u"servers[0].host_ip: server0: host_ip \"10.0.0.999\" is not an IPv4 address (a.b.c.d)"_s,
                u"servers[1].port: server1: SSH port 0 is not a port (1-65535)"_s,
                u"launch.master_port: launch: master_port 60000 lies inside the HCCL port range 60000-60031"_s}));
    }

    // A broken server name is not repeated inside other messages about that server.
    void brokenNameIsReplacedByPath()
    {
        Project project = seedExample();
        project.servers[1].name = u"x\ny"_s;
        project.servers[1].port = 0;
        const Problems problems = validateProject(project);
        QStringList messages;
        for (const Problem &problem : problems)
            messages << problem.message;
        QVERIFY2(messages.contains(u"servers[1]: SSH port 0 is not a port (1-65535)"_s),
                 qPrintable(describe(problems)));
    }

    void restartPoliciesThatAreFine()
    {
        Project project = seedExample();
        project.launch.restart = {kMaxRestarts, true, 1, 0, u"server1"_s};
        project.launch.env.emplace_back(u"WORLD_SIZE"_s, u"16"_s);
        project.launch.restart.dropFailedServers = false; // then the world never changes
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        project.launch.restart = {1, true, 2, kMaxBackoffSeconds, {}};
        project.launch.env.clear();
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        QCOMPARE(project.supervisorIndex(), project.masterIndex());
        project.launch.restart.supervisor = u"server1"_s;
        QCOMPARE(project.supervisorIndex(), 1);
        QCOMPARE(project.peerLoginIndex(), 1);
        QVERIFY(project.needsPeerLogin());
        project.launch.restart.maxRestarts = 0; // no restarts: the master, and no peer logins
        QCOMPARE(project.peerLoginIndex(), project.masterIndex());
        QVERIFY(!project.needsPeerLogin());
    }

    // What a site writes is accepted: the forms of sbatch(1), a login that is a server or a host.
    void slurmSettingsThatAreFine()
    {
        Project project = seedExample();
        project.launch.scheduler = Scheduler::Slurm;
        project.launch.slurm = {
            u"gpu,debug"_s,
            u"proj_1.a"_s,
            u"1-02:00:00"_s,
            u"normal"_s,
            u"gpu:a100:8,nic:1"_s,
            {u"--exclusive"_s, u"--comment=two words"_s, u"--mem=0"_s, u"-Jname"_s},
            u"server1"_s};
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        for (const QString &time :
             {u"30"_s, u"30:00"_s, u"2:00:00"_s, u"3-0"_s, u"3-12:30"_s, u"UNLIMITED"_s}) {
            project.launch.slurm.time = time;
            QVERIFY2(validateProject(project).empty(), qPrintable(time));
        }
        project.launch.slurm.login = u"login01.example.org"_s;
        QVERIFY(validateProject(project).empty());
        // The message names the field and what a value looks like, translatable.
        project.launch.slurm.time = u"90m"_s;
        const Problems problems = validateProject(project);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].toString(),
                 u"launch.slurm.time: launch: slurm.time \"90m\" is not a Slurm time limit "
                 "(minutes, HH:MM:SS, D-HH:MM:SS or UNLIMITED)"_s);
        // With the ssh scheduler the settings are checked too (export --to slurm writes them),
        // but no launch setting is refused for Slurm's sake.
        project.launch.slurm.time.clear();
        project.launch.scheduler = Scheduler::Ssh;
        project.launch.mode = LaunchMode::Mpirun;
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
    }

    void nvidiaAndCpuNeedNoDeviceNetwork()
    {
        Project project = ascendCluster(3);
        toCpu(project);
        project.servers[1].devices = {0, 1, 2};
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        project.accelerator = Accelerator::Nvidia;
        QVERIFY(validateProject(project).empty());
    }

    // A place grows its path and its location in the same step.
    void placesGrowPathAndLocation()
    {
        const ProblemPlace device = deviceIpPlace(3, 4);
        QCOMPARE(device.path(), u"servers[3].device_ips[4]"_s);
        QCOMPARE(device.location(), (ProblemLocation{3, 4, u"device_ips"_s}));
        QCOMPARE(serverPlace(12).location(), (ProblemLocation{12, -1, QString()}));
        QCOMPARE(serverFieldPlace(0, "host").location(), (ProblemLocation{0, -1, u"host"_s}));
        // Only devices and device_ips hold devices; another list's index stays in the path.
        const ProblemPlace arg = projectPlace(u"launch.args"_s).item(2);
        QCOMPARE(arg.path(), u"launch.args[2]"_s);
        QCOMPARE(arg.location(), (ProblemLocation{-1, -1, u"launch.args"_s}));
        const ProblemPlace env = projectPlace(u"launch.env"_s).key(u"A.B"_s);
        QCOMPARE(env.path(), u"launch.env.A.B"_s);
        QCOMPARE(env.location().field, u"launch.env"_s);
        QCOMPARE(ProblemPlace().path(), QString());
        QCOMPARE(ProblemPlace().location().area(), ProblemArea::Project);
    }

    // CANN's own page on the CM_* variables (hicann/hccl docs/zh/user_guide/cluster_info_config/
    // env_config_info.md, copied in tests/data/frameworks): the way "仅适用于TensorFlow框架".
    // The variables no-ranktable's rank.sh sets are exactly the page's; a mindspore job is
    // refused there, naming launch.mode and the framework; tensorflow and pytorch are accepted,
    // and pytorch's README says it uses env:// instead (seed 000: no RANK_TABLE_FILE, the
    // master's address and port).
    void noRankTableIsForTensorFlow()
    {
        QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/frameworks/hccl_env_config_info.md"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(file.readAll());
        QVERIFY(page.contains(u"环境变量配置资源信息的方式仅适用于TensorFlow框架"_s));
        static const QRegularExpression exportLine(u"^\\s*export (CM_[A-Z_]+)="_s,
                                                   QRegularExpression::MultilineOption);
        QSet<QString> documented;
        for (const auto &match : exportLine.globalMatch(page))
            documented.insert(match.captured(1));
        QCOMPARE(documented.size(), 5);

        Project project = seedExample();
        project.launch.mode = LaunchMode::NoRankTable;
        project.launch.framework = Framework::TensorFlow;
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        QSet<QString> exported;
        const QString rank = QString::fromUtf8(rankScript(project));
        for (const auto &match : exportLine.globalMatch(rank))
            exported.insert(match.captured(1));
        QCOMPARE(exported, documented);

        project.launch.framework = Framework::MindSpore;
        const Problems problems = validateProject(project);
        QCOMPARE(ruleIds(problems), QStringList{u"mode-framework"_s});
        QCOMPARE(problems.front().path, u"launch.mode"_s);
        QVERIFY2(problems.front().message.contains(u"mode no-ranktable"_s) &&
                     problems.front().message.contains(u"framework mindspore use msrun, "
                                                       u"mpirun (per device) or ranktable"_s),
                 qPrintable(problems.front().message));

        project.launch.framework = Framework::PyTorch;
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        const QString readme = QString::fromUtf8(readmeText(project, {}));
        QVERIFY2(readme.contains(u"PyTorch does not read the CM_* variables"_s) &&
                     readme.contains(u"default env:// method"_s),
                 qPrintable(readme));
        project.launch.framework = Framework::TensorFlow;
        QVERIFY(!QString::fromUtf8(readmeText(project, {})).contains(u"env://"_s));
    }

    // The Rec SDK guide's start of a multi-server TensorFlow job (seed 002, copied in
    // tests/data/frameworks): `horovodrun` with --mpi-args, -p <the containers' sshd port>,
    // --mpi and -H host:devices,... . mpirun mode is refused for tensorflow, and the message
    // gives this project's horovodrun line in the guide's shape.
    void tensorflowMpirunNamesHorovodrun()
    {
        QFile file(
            QStringLiteral(CLUSTERWIZ_TEST_DATA "/frameworks/recsdk_multi_server_run_sh.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString guide = QString::fromUtf8(file.readAll());
        QVERIFY(guide.contains(u"horovodrun startup command"_s));
        static const QRegularExpression guideLine(
            u"xxx --mpi-args \"\\$\\{mpi_args\\}\" -p (\\d+) --mpi -H (\\S+)"_s);
        const QRegularExpressionMatch wanted = guideLine.match(guide);
        QVERIFY(wanted.hasMatch());
        QCOMPARE(wanted.captured(2), u"{host_1_ip}:8,{host_2_ip}:8"_s);

        Project project = seedExample();
        project.launch.framework = Framework::TensorFlow;
        project.launch.mode = LaunchMode::Mpirun;
        project.launch.mpirun.per = MpirunPer::Device;
        for (Server &server : project.servers)
            server.port = wanted.captured(1).toInt(); // sshd in the containers, as the guide's
        const Problems problems = validateProject(project);
        QCOMPARE(ruleIds(problems), QStringList{u"mode-framework"_s});
        QCOMPARE(problems.front().path, u"launch.mode"_s);
        const QString message = problems.front().message;
        QVERIFY2(message.contains(u"neither a rank table nor the CM_* variables"_s) &&
                     message.contains(u"use ranktable or no-ranktable"_s),
                 qPrintable(message));
        // The guide's -H with this project's host IPs, its -p, --mpi-args and --mpi.
        const QString hosts = QString(wanted.captured(2))
                                  .replace(u"{host_1_ip}"_s, u"10.0.0.22"_s)
                                  .replace(u"{host_2_ip}"_s, u"10.0.0.23"_s);
        const QString expected = u"horovodrun -np 16 -H %1 -p %2 --mpi-args \"...\" --mpi "
                                 u"python3 main.py"_s.arg(hosts, wanted.captured(1));
        QVERIFY2(message.endsWith(expected), qPrintable(message));
        // sshd on 22 needs no -p.
        for (Server &server : project.servers)
            server.port = 22;
        QVERIFY2(
            validateProject(project).front().message.endsWith(
                u"horovodrun -np 16 -H %1 --mpi-args \"...\" --mpi python3 main.py"_s.arg(hosts)),
            qPrintable(validateProject(project).front().message));
    }

    void noDuplicatePlaces()
    {
        Project project = seedExample();
        project.servers[1] = project.servers[0]; // same name, host IP and device IPs
        const Problems problems = validateProject(project);
        QVERIFY(!problems.empty());
        QSet<QString> seen;
        for (const Problem &problem : problems) {
            const QString key = problem.rule + u'|' + problem.path;
            QVERIFY2(!seen.contains(key), qPrintable(key));
            seen.insert(key);
        }
        QCOMPARE(ruleIds(problems),
                 (QStringList{u"host-ip-unique"_s, u"ip-unique"_s, u"server-name-unique"_s}));
        QCOMPARE(problems.size(), size_t{2 + 8}); // name, host IP, then each of 8 device IPs
    }
};

QTEST_GUILESS_MAIN(tst_ProjectValidator)
#include "tst_projectValidator.moc"
