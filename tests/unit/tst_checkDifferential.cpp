// SPDX-License-Identifier: GPL-3.0-or-later
// One verdict per check: the same facts go to the C++ verdicts (discovery's parser, then the check
// catalogue) and to the generated check.sh (`check.sh --facts DIR`), and every (server, check)
// judged from facts must get the same status from both. The facts are a server's probe output:
// the simulated Ascend tools (tests/fixtures/ascend, the vendor's documented formats) gathered by
// check.sh itself, and for the operating system's tools the outputs captured on real machines in
// tests/data/probes; each row then injects one fault (a wrong device IP, a link down, a firewall
// that drops the master port, a missing entry script, a process holding a planned device,
// differing versions...). The checks of live connections (ssh, master-port-reachable,
// peer-login, known-hosts) are compared on real servers in tests/cluster/tst_checkDifferentialLive.
#include "CheckDifferential.h"
#include "ProbeTestData.h"

#include <QTest>

#include <future>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cwtest;

namespace {

// What a row does to the healthy facts (by plan index) before both verdicts read them.
using Mutation = std::function<void(std::vector<ProbeFacts> &)>;

QString example(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name;
}

void setDevice(ProbeFacts &facts, const char *base, int device, int rc, const QString &output)
{
    facts.set(probe::deviceSection(base, device), rc, output);
}

} // namespace

Q_DECLARE_METATYPE(Mutation)

class TestCheckDifferential : public QObject {
    Q_OBJECT

private:
    std::map<QString, std::vector<ProbeFacts>> m_base; // per example project: facts per plan index

    void addRow(const char *name, const QString &projectFile, const Mutation &mutate)
    {
        QTest::newRow(name) << projectFile << QVariant::fromValue(mutate);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Every example's servers print their facts at once: each check.sh --print-facts is
        // mostly the simulated tools starting, and the examples do not share anything.
        const QStringList files{u"ascend-2x8.clusterwiz.json"_s,
                                u"ascend910b-routed-2x8.clusterwiz.json"_s,
                                u"cpu-2x2.clusterwiz.json"_s,
                                u"nvidia-2x8.clusterwiz.json"_s,
                                u"mindspore-2x8-msrun.clusterwiz.json"_s,
                                u"ascend-16x8.clusterwiz.json"_s,
                                u"ascend910_93-superpod-4x16.clusterwiz.json"_s};
        std::vector<std::future<std::pair<std::vector<ProbeFacts>, QString>>> pending;
        for (const QString &file : files)
            pending.push_back(std::async(std::launch::async, [file] {
                QString error;
                std::vector<ProbeFacts> facts = healthyFacts(loadExample(example(file)), &error);
                return std::pair{std::move(facts), error};
            }));
        for (qsizetype k = 0; k < files.size(); ++k) {
            auto [facts, error] = pending[size_t(k)].get();
            QVERIFY2(!facts.empty(), qPrintable(files[k] + u": "_s + error));
            m_base[files[k]] = std::move(facts);
        }
    }

    void sameVerdicts_data()
    {
        QTest::addColumn<QString>("projectFile");
        QTest::addColumn<QVariant>("mutation");
        const QString ascend = u"ascend-2x8.clusterwiz.json"_s;
        const QString routed = u"ascend910b-routed-2x8.clusterwiz.json"_s;
        const QString cpu = u"cpu-2x2.clusterwiz.json"_s;
        const QString nvidia = u"nvidia-2x8.clusterwiz.json"_s;
        const QString msrun = u"mindspore-2x8-msrun.clusterwiz.json"_s;
        const QString mpirun = u"ascend-16x8.clusterwiz.json"_s;
        const QString a3 = u"ascend910_93-superpod-4x16.clusterwiz.json"_s;
        auto none = [](std::vector<ProbeFacts> &) {};

        // Every project as its servers are when all is well.
        addRow("ascend healthy", ascend, none);
        addRow("routed healthy", routed, none);
        addRow("cpu healthy", cpu, none);
        addRow("nvidia healthy", nvidia, none);
        addRow("msrun healthy", msrun, none);
        addRow("mpirun healthy", mpirun, none);

        // The device network.
        addRow("wrong device IP", ascend, [](auto &f) {
            setDevice(f[1], probe::kHccnIp, 3, 0,
                      u"ipaddr:192.168.103.99\nnetmask:255.255.255.0"_s);
        });
        addRow("wrong netmask", ascend, [](auto &f) {
            setDevice(f[0], probe::kHccnIp, 0, 0, u"ipaddr:192.168.100.101\nnetmask:255.255.0.0"_s);
        });
        addRow("device without an address", ascend, [](auto &f) {
            setDevice(f[0], probe::kHccnIp, 6, 1, u"hccn_tool: get ip address failed"_s);
        });
        addRow("device IP unreadable", ascend, [](auto &f) {
            setDevice(f[0], probe::kHccnIp, 2, 0, u"Command execute failed!"_s);
        });
        addRow("hccn_tool missing", ascend, [](auto &f) {
            for (int device = 0; device < 8; ++device) {
                for (const char *base :
                     {probe::kHccnIp, probe::kHccnLink, probe::kHccnHealth, probe::kHccnTls})
                    setDevice(f[1], base, device, 127,
                              u"timeout: failed to run command 'hccn_tool': No such file or "
                              "directory"_s);
            }
        });
        addRow("link down", ascend,
               [](auto &f) { setDevice(f[0], probe::kHccnLink, 5, 0, u"link status: DOWN"_s); });
        addRow("link unreadable", ascend, [](auto &f) {
            setDevice(f[1], probe::kHccnLink, 4, 0, u"link status: flapping"_s);
        });
        addRow("net health receive timeout", ascend, [](auto &f) {
            setDevice(f[1], probe::kHccnHealth, 1, 0, u"net health status: Receive timeout"_s);
        });
        addRow("net health in other words", ascend, [](auto &f) {
            setDevice(f[0], probe::kHccnHealth, 1, 0, u"Net Health Status :  success"_s);
        });
        addRow("TLS differs between servers", ascend, [](auto &f) {
            for (int device = 0; device < 8; ++device)
                setDevice(f[1], probe::kHccnTls, device, 0, tlsLine(device, true));
        });
        addRow("TLS differs on one device", ascend,
               [](auto &f) { setDevice(f[0], probe::kHccnTls, 7, 0, tlsLine(7, true)); });
        addRow("TLS unreadable", ascend, [](auto &f) {
            setDevice(f[0], probe::kHccnTls, 2, 1, u"hccn_tool: get tls failed"_s);
        });
        addRow("process holds a planned NPU", ascend, [](auto &f) {
            f[0].set(probe::kDeviceHolders, 0, u"40211 2 python3\n40211 3 python3"_s);
        });
        addRow("process holders recorded", ascend, [](auto &f) {
            f[1].set(probe::kDeviceHolders, 0, probeText(u"device-holders/two-holders.txt"_s));
        });
        addRow("routed: gateway unset", routed, [](auto &f) {
            f[1].replaceInSection(probe::kHccnConf, u"gateway_3=192.168.100.254"_s, QString());
        });
        addRow("routed: hccn.conf unreadable", routed, [](auto &f) {
            f[0].set(probe::kHccnConf, 1, u"cat: /etc/hccn.conf: Permission denied"_s);
        });

        // The NPUs.
        addRow("A2 chips in a 910 project", ascend,
               [](auto &f) { f[1].set(probe::kNpuSmi, 0, probeText(u"npu-smi/910b1-8.txt"_s)); });
        addRow("910 chips recorded", ascend,
               [](auto &f) { f[0].set(probe::kNpuSmi, 0, probeText(u"npu-smi/910proB-8.txt"_s)); });
        addRow("npu-smi output cut short", ascend,
               [](auto &f) { f[0].set(probe::kNpuSmi, 0, probeText(u"npu-smi/truncated.txt"_s)); });
        addRow("npu-smi missing", ascend, [](auto &f) {
            f[1].set(probe::kNpuSmi, 127,
                     u"timeout: failed to run command 'npu-smi': No such file or directory"_s);
        });
        addRow("npu-smi fails", ascend, [](auto &f) {
            f[1].set(probe::kNpuSmi, 8, u"dcmi module initialize failed. ret is -8005"_s);
        });
        // npu-smi's chip names: the first generation's 910PremiumA, the Atlas A3's Ascend910.
        addRow("910PremiumA in an ascend910 project", ascend, [](auto &f) {
            f[0].replaceInSection(probe::kNpuSmi, u"910ProB "_s, u"910PremiumA "_s, 8);
        });
        addRow("Atlas A3 chips", ascend, [](auto &f) {
            f[1].replaceInSection(probe::kNpuSmi, u"910ProB "_s, u"Ascend910 "_s, 8);
        });
        addRow("NPU health Warning", ascend, [](auto &f) {
            f[0].replaceInSection(probe::kNpuSmi, u"| OK "_s, u"| Warning "_s, 1);
        });
        addRow("NPU health Alarm", ascend, [](auto &f) {
            f[1].replaceInSection(probe::kNpuSmi, u"| OK "_s, u"| Alarm "_s, 1);
        });
        // The Atlas A3: dies as devices (the chip rows' Phy-ID), each with its SDID.
        addRow("A3 healthy", a3, none);
        addRow("A3 die health Alarm", a3, [](auto &f) {
            f[2].replaceInSection(probe::kNpuSmi, u"| OK "_s, u"| Alarm "_s, 3);
        });
        addRow("A3 die health Warning", a3, [](auto &f) {
            f[0].replaceInSection(probe::kNpuSmi, u"| OK "_s, u"| Warning "_s, 1);
        });
        addRow("A3 die missing", a3, [](auto &f) {
            f[1].replaceInSection(probe::kNpuSmi, u"| 1     5 "_s, u"| 1       "_s, 1);
        });
        addRow("A3 SDID differs", a3, [](auto &f) {
            f[3].replaceInSection(probe::kSuperPod, u": 4456450"_s, u": 4456451"_s, 1);
        });
        addRow("A3 spod-info fails", a3,
               [](auto &f) { f[0].replaceInSection(probe::kSuperPod, u"rc=0"_s, u"rc=8"_s, 2); });
        addRow("A3 super-pod probe missing", a3,
               [](auto &f) { f[1].set(probe::kSuperPod, 127, u"sh: npu-smi: not found"_s); });
        addRow("A3 pod across two physical SuperPoDs", a3, [](auto &f) {
            f[1].replaceInSection(probe::kSuperPod, u"Super Pod ID                   : 0"_s,
                                  u"Super Pod ID                   : 5"_s);
        });
        addRow("A3 pod of a server unknown", a3,
               [](auto &f) { f[2].replaceInSection(probe::kSuperPod, u"rc=0"_s, u"rc=3"_s); });
        addRow("A2 table in an A3 project", a3,
               [](auto &f) { f[2].set(probe::kNpuSmi, 0, probeText(u"npu-smi/910b1-8.txt"_s)); });
        addRow("A3 table in a 910 project", ascend,
               [a3table = probeText(u"npu-smi/a3-deployer-example.txt"_s)](auto &f) {
                   f[0].set(probe::kNpuSmi, 0, a3table);
               });

        // The GPUs.
        addRow("GPUs recorded", nvidia, [](auto &f) {
            f[0].set(probe::kNvidiaSmi, 0, probeText(u"nvidia-smi/h100-8.txt"_s));
        });
        addRow("fewer GPUs than planned", nvidia, [](auto &f) {
            f[1].set(probe::kNvidiaSmi, 0, probeText(u"nvidia-smi/a100-mig.txt"_s));
        });
        addRow("no NVIDIA driver", nvidia, [](auto &f) {
            f[0].set(probe::kNvidiaSmi, 9, probeText(u"nvidia-smi/no-driver.txt"_s));
        });
        addRow("nvidia-smi missing", nvidia, [](auto &f) {
            f[0].set(probe::kNvidiaSmi, 127, u"sh: 1: nvidia-smi: not found"_s);
        });

        // Names and addresses.
        addRow("hostnames alike", ascend,
               [](auto &f) { f[1].set(probe::kHostname, 0, u"server0"_s); });
        addRow("hostnames alike under mpirun", mpirun,
               [](auto &f) { f[3].set(probe::kHostname, 0, u"server1"_s); });
        addRow("hostname unreadable", cpu,
               [](auto &f) { f[0].set(probe::kHostname, 0, u"two\nlines"_s); });
        addRow("host_ip not on the server", ascend,
               [](auto &f) { f[0].set(probe::kHostIps, 0, u"10.0.0.99 172.17.0.1 "_s); });
        addRow("host_ip on another NIC than pinned", cpu,
               [](auto &f) { f[0].replaceInSection(probe::kIpAddr, u" eth0 "_s, u" ens5 "_s); });

        // Software.
        addRow("torch missing", ascend, [](auto &f) {
            f[1].set(
                probe::kPython, 0,
                pythonOutput({u"package-missing torch"_s, u"package torch_npu 2.1.0.post3"_s}));
        });
        addRow("python probe recorded without torch", cpu,
               [](auto &f) { f[0].set(probe::kPython, 0, probeText(u"python/no-torch.txt"_s)); });
        addRow("python probe recorded with torch", cpu,
               [](auto &f) { f[1].set(probe::kPython, 0, probeText(u"python/torch.txt"_s)); });
        addRow("python probe with warnings", cpu, [](auto &f) {
            f[1].set(probe::kPython, 0, probeText(u"python/torch-warnings.txt"_s));
        });
        addRow("python missing", cpu, [](auto &f) {
            f[0].set(probe::kPython, 127,
                     u"timeout: failed to run command '/usr/bin/python3': No such file or "
                     "directory"_s);
        });
        addRow("python hangs", cpu, [](auto &f) { f[1].set(probe::kPython, 124, QString()); });
        addRow("python crashes", cpu, [](auto &f) {
            f[1].set(probe::kPython, 139, u"python 3.11.2\nexecutable /usr/bin/python3"_s);
        });
        addRow("mpirun missing", mpirun, [](auto &f) {
            f[2].set(probe::kMpirun, 127,
                     u"timeout: failed to run command 'mpirun': No such file or directory"_s);
        });
        addRow("MPICH instead of Open MPI", mpirun,
               [](auto &f) { f[0].set(probe::kMpirun, 0, probeText(u"mpirun/mpich.txt"_s)); });
        addRow("orted not on the PATH", mpirun, [](auto &f) { f[2].set(probe::kOrted, 1, {}); });
        addRow("msrun not found", msrun, [](auto &f) { f[1].set(probe::kMsrun, 1, {}); });
        addRow("msrun hangs", msrun, [](auto &f) { f[0].set(probe::kMsrun, 124, {}); });
        addRow("versions differ", ascend, [](auto &f) {
            f[1].replaceInSection(probe::kPython, u"package torch 2.1.0"_s,
                                  u"package torch 2.3.1"_s);
            f[1].replaceInSection(probe::kNpuBoard, u"23.0.rc3"_s, u"24.1.rc1"_s);
        });
        addRow("CANN differs", mpirun, [](auto &f) {
            f[3].set(probe::kCannVersion, 0, u"package_name=Ascend-cann-toolkit\nversion=7.0.0"_s);
        });
        // A server whose CANN toolkit differs from the master's, ascend_toolkit_install.info as
        // CANN writes it (the master's row says it, the other's skips).
        addRow("CANN differs from the master's", ascend, [](auto &f) {
            f[1].set(probe::kCannVersion, 0,
                     u"package_name=Ascend-cann-toolkit\nversion=8.0.RC2\n"
                     "innerversion=V100R001C18SPC001B210\narch=x86_64\nos=linux\n"
                     "path=/usr/local/Ascend/ascend-toolkit/8.0.RC2/x86_64-linux"_s);
        });
        addRow("versions of a server unknown", cpu,
               [](auto &f) { f[1].set(probe::kPython, 127, u"not found"_s); });

        // Paths.
        addRow("workdir missing", ascend,
               [](auto &f) { f[1].setPaths(false, false, false, true); });
        addRow("entry missing", cpu, [](auto &f) { f[0].setPaths(true, true, false, true); });
        addRow("workdir not writable", cpu,
               [](auto &f) { f[1].setPaths(true, false, true, true); });
        addRow("set_env.sh missing", ascend,
               [](auto &f) { f[0].setPaths(true, true, true, false); });
        addRow("paths not probed", cpu, [](auto &f) { f[0].set(probe::kPaths, 1, {}); });

        // sshd and ports.
        addRow("no sshd", cpu, [](auto &f) { f[1].set(probe::kSshdProcesses, 1, {}); });
        addRow("pgrep missing", cpu,
               [](auto &f) { f[0].set(probe::kSshdProcesses, 127, u"sh: 1: pgrep: not found"_s); });
        addRow("master port in use", ascend, [](auto &f) {
            f[0].set(probe::kPortOwners, 0, probeText(u"ss/root-with-processes.txt"_s));
        });
        addRow("port owners without processes", ascend, [](auto &f) {
            f[0].set(probe::kPortOwners, 0, probeText(u"ss/debian12-vm.txt"_s));
        });
        addRow("port owners without a Netid column", ascend,
               [](auto &f) { f[1].set(probe::kPortOwners, 0, probeText(u"ss/no-netid.txt"_s)); });
        addRow("HCCL port in use", ascend, [](auto &f) {
            f[1].set(probe::kPortOwners, 0,
                     u"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n"
                     "tcp   LISTEN 0      128          0.0.0.0:60003      0.0.0.0:*    "
                     "users:((\"python3\",pid=4001,fd=7))"_s);
        });
        addRow("HCCL ports not reserved", ascend,
               [](auto &f) { f[1].set(probe::kReservedPorts, 0, u"\n32768\t60999"_s); });
        addRow("HCCL ports reserved as older CANN did", ascend, [](auto &f) {
            f[0].set(probe::kReservedPorts, 0, u"8080,60000-60015\n32768\t60999"_s);
        });
        addRow("HCCL ports outside the ephemeral range", ascend,
               [](auto &f) { f[0].set(probe::kReservedPorts, 0, u"\n32768\t59999"_s); });
        addRow("reserved ports unreadable", ascend, [](auto &f) {
            f[1].set(probe::kReservedPorts, 1,
                     u"cat: /proc/sys/net/ipv4/ip_local_port_range: "
                     "No such file or directory"_s);
        });
        addRow("reserved ports garbled", ascend,
               [](auto &f) { f[1].set(probe::kReservedPorts, 0, u"many\nports"_s); });
        addRow("ss missing", ascend,
               [](auto &f) { f[0].set(probe::kPortOwners, 127, u"sh: 1: ss: not found"_s); });

        // The field's traps: /dev/shm, memlock, the master's name, the clocks (df -P output as
        // POSIX specifies it; getent ahostsv4 as glibc prints it).
        const QString dfHeader =
            u"Filesystem     1024-blocks  Used Available Capacity Mounted on\n"_s;
        addRow("shm of a container", cpu, [dfHeader](auto &f) {
            f[1].set(probe::kShm, 0,
                     dfHeader + u"shm                  65536     0     65536       0% /dev/shm"_s);
        });
        addRow("shm of 8 GiB", cpu, [dfHeader](auto &f) {
            f[0].set(probe::kShm, 0,
                     dfHeader + u"tmpfs              8388608  1024   8387584       1% /dev/shm"_s);
        });
        addRow("shm unreadable", cpu, [](auto &f) {
            f[0].set(probe::kShm, 1, u"df: /dev/shm: No such file or directory"_s);
        });
        addRow("shm garbled", cpu, [](auto &f) { f[0].set(probe::kShm, 0, u"tmpfs 1 2"_s); });
        addRow("memlock 64 KiB", ascend, [](auto &f) { f[1].set(probe::kMemlock, 0, u"64"_s); });
        addRow("memlock unlimited", nvidia,
               [](auto &f) { f[0].set(probe::kMemlock, 0, u"unlimited"_s); });
        addRow("memlock garbled", nvidia, [](auto &f) { f[0].set(probe::kMemlock, 0, u"lots"_s); });
        addRow("shm missing df", cpu,
               [](auto &f) { f[1].set(probe::kShm, 127, u"sh: 1: df: not found"_s); });
        addRow("shm with blank lines and tabs", cpu, [dfHeader](auto &f) {
            f[0].set(probe::kShm, 0,
                     u"\n"_s + dfHeader + u"  \n\ttmpfs\t2097152 0 2097152 0% /dev/shm"_s);
        });
        addRow("shm of 19 digits", cpu, [dfHeader](auto &f) {
            f[0].set(probe::kShm, 0, dfHeader + u"tmpfs 1234567890123456789 0 1 0% /dev/shm"_s);
        });
        addRow("memlock timed out", ascend, [](auto &f) { f[0].set(probe::kMemlock, 124, u""_s); });
        // ulimit -n as a login's shell prints it (Debian 12's default soft limit is 1024).
        addRow("open files 1024", cpu, [](auto &f) { f[0].set(probe::kOpenFiles, 0, u"1024"_s); });
        addRow("open files 65536", nvidia,
               [](auto &f) { f[1].set(probe::kOpenFiles, 0, u"65536"_s); });
        addRow("open files with leading zeros", nvidia,
               [](auto &f) { f[1].set(probe::kOpenFiles, 0, u"0065535"_s); });
        addRow("open files unlimited", ascend,
               [](auto &f) { f[1].set(probe::kOpenFiles, 0, u"unlimited"_s); });
        addRow("open files unreadable", ascend, [](auto &f) {
            f[0].set(probe::kOpenFiles, 2, u"sh: 1: ulimit: Illegal option -n"_s);
        });
        addRow("open files garbled", cpu,
               [](auto &f) { f[0].set(probe::kOpenFiles, 0, u"open files (-n) 1024"_s); });
        const QString loopback = u"127.0.1.1       STREAM server0\n127.0.1.1       DGRAM  \n"
                                 u"127.0.1.1       RAW    \n"_s;
        addRow("master resolves to loopback (torchrun)", cpu,
               [loopback](auto &f) { f[0].set(probe::kHostResolves, 0, loopback); });
        addRow("master resolves to loopback (mpirun)", mpirun,
               [loopback](auto &f) { f[0].set(probe::kHostResolves, 0, loopback); });
        addRow("master resolves to host_ip", cpu, [](auto &f) {
            f[0].set(probe::kHostResolves, 0, u"192.0.2.10      STREAM server0\n"_s);
        });
        addRow("master does not resolve", cpu,
               [](auto &f) { f[0].set(probe::kHostResolves, 2, QString()); });
        addRow("clocks agree", cpu, [](auto &f) {
            f[0].set(probe::kClock, 0, u"1764115200.100000000"_s);
            f[1].set(probe::kClock, 0, u"1764115200.900000000"_s);
        });
        addRow("a clock 3 s ahead", ascend, [](auto &f) {
            f[0].set(probe::kClock, 0, u"1764115200.000000000"_s);
            f[1].set(probe::kClock, 0, u"1764115203.250000000"_s);
        });
        addRow("a clock 2 s behind", mpirun, [](auto &f) {
            for (auto &server : f)
                server.set(probe::kClock, 0, u"1764115200.000000000"_s);
            f[2].set(probe::kClock, 0, u"1764115197.900000000"_s);
        });
        // The master's clock-skew row on the limit and just past it, ahead and behind (the
        // milliseconds cut toward zero on both sides).
        addRow("a clock 1 s ahead, on the limit", ascend, [](auto &f) {
            f[0].set(probe::kClock, 0, u"1764115200.000000000"_s);
            f[1].set(probe::kClock, 0, u"1764115201.000900000"_s);
        });
        addRow("a clock just over 1 s behind", ascend, [](auto &f) {
            f[0].set(probe::kClock, 0, u"1764115201.500000000"_s);
            f[1].set(probe::kClock, 0, u"1764115200.498000000"_s);
        });
        addRow("clocks of a 3-server plan, one off", mpirun, [](auto &f) {
            for (auto &server : f)
                server.set(probe::kClock, 0, u"1764115200.250000000"_s);
            f[1].set(probe::kClock, 0, u"1764115201.500000000"_s);
            f[3].set(probe::kClock, 127, QString());
        });
        addRow("a clock unread", cpu, [](auto &f) { f[1].set(probe::kClock, 127, QString()); });

        // The firewall, every recorded rule set on the master (it must let master_port in).
        for (const QString &file : allProbeFiles()) {
            const QString tool = file.section(u'/', 0, 0);
            if (tool != u"nft"_s && tool != u"iptables"_s && tool != u"ufw"_s &&
                tool != u"firewalld"_s)
                continue;
            const QString name = u"firewall "_s + file;
            QTest::newRow(qPrintable(name))
                << ascend
                << QVariant::fromValue(Mutation([file](auto &f) { setFirewall(f[0], file); }));
        }
    }

    void sameVerdicts()
    {
        QFETCH(QString, projectFile);
        QFETCH(QVariant, mutation);
        std::vector<ProbeFacts> facts = m_base.at(projectFile);
        mutation.value<Mutation>()(facts);
        const Project project = loadExample(example(projectFile));
        const DifferentialResult result = compareVerdicts(project, facts);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY2(result.compared > 0, "no check was compared");
        QVERIFY2(result.differences.isEmpty(), qPrintable(result.differences.join(u'\n')));
    }

    // A Slurm project's value rows (munge, slurm-node) through the generated check.sh and the
    // C++ alike: the cpu example with launch.scheduler slurm, each server's munge and node state
    // as munge 0.5.15 and scontrol -o of Slurm 22.05 print them.
    void slurmRowsAgree_data()
    {
        QTest::addColumn<QVariant>("mutation");
        const QString munged =
            u"STATUS:          Success (0)\nENCODE_HOST:     server0 (10.99.0.1)"_s;
        const auto node = [](const char *state) {
            return u"NodeName=server0 Arch=x86_64 CPUTot=1 State=%1 ThreadsPerCore=1"_s.arg(
                QLatin1StringView(state));
        };
        const auto row = [&](const char *name, const char *state0, const char *state1, int mungeRc1,
                             const QString &munge1) {
            QTest::newRow(name) << QVariant::fromValue(Mutation([=](auto &f) {
                f[0].set(probe::kMunge, 0, munged);
                f[1].set(probe::kMunge, mungeRc1, munge1);
                f[0].set(probe::kSlurmNode, 0, node(state0));
                f[1].set(probe::kSlurmNode, 0, node(state1));
            }));
        };
        row("both idle", "IDLE", "MIXED", 0, munged);
        row("one drained", "IDLE", "IDLE+DRAIN", 0, munged);
        row("one not responding", "DOWN*", "ALLOCATED", 0, munged);
        row("munged not running", "IDLE", "IDLE", 1,
            u"munge: Error: Failed to access \"/run/munge/munge.socket.2\": No such file or "
            "directory"_s);
        row("credential refused", "IDLE", "IDLE", 0, u"STATUS:          Expired credential (15)"_s);
        row("munge garbled", "IDLE", "IDLE", 0, u"nothing like metadata"_s);
        row("munge missing", "IDLE", "IDLE", 127, u"sh: 1: munge: not found"_s);
    }

    void slurmRowsAgree()
    {
        QFETCH(QVariant, mutation);
        const QString file = u"cpu-2x2.clusterwiz.json"_s;
        std::vector<ProbeFacts> facts = m_base.at(file);
        mutation.value<Mutation>()(facts);
        Project project = loadExample(example(file));
        project.launch.scheduler = Scheduler::Slurm;
        const DifferentialResult result = compareVerdicts(project, facts);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY2(result.compared > 0, "no check was compared");
        QVERIFY2(result.differences.isEmpty(), qPrintable(result.differences.join(u'\n')));
    }

    // A probe output recorded on a real GPU server (an NVIDIA H200 under Ubuntu 24.04, gathered by
    // check.sh --print-facts of tests/gpu/gpu-1x1.clusterwiz.json, the project that ran a real
    // NCCL job there: docs/launch.md, "Proved on a real GPU"), judged alike by both.
    void recordedGpuServer()
    {
        const Project project =
            loadExample(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/gpu/gpu-1x1.clusterwiz.json"));
        const std::vector<ProbeFacts> facts = {
            ProbeFacts::parse(probeText(u"full/nvidia-h200-server.txt"_s))};
        const DifferentialResult result = compareVerdicts(project, facts);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(result.compared >= 8);
        QVERIFY2(result.differences.isEmpty(), qPrintable(result.differences.join(u'\n')));
    }

    // The Atlas A3 rows above agree; here what they agree on: dies counted, a die named by its
    // Phy-ID, an SDID that is not the project's named with both values.
    void atlasA3VerdictsNameTheDie()
    {
        const QString file = u"ascend910_93-superpod-4x16.clusterwiz.json"_s;
        const Project project = loadExample(example(file));
        const auto verdict = [&](const char *check, const std::vector<ProbeFacts> &facts,
                                 int rank) {
            std::vector<ServerDiscovery> discovery(project.servers.size());
            const std::vector<int> order = project.launchOrder();
            for (size_t k = 0; k < order.size(); ++k) {
                discovery[size_t(order[k])].connection.serverIndex = order[k];
                discovery[size_t(order[k])].connection.serverName =
                    project.servers[size_t(order[k])].name;
                discovery[size_t(order[k])].facts = parseProbeOutput(facts[k].text());
            }
            const CheckReport report = evaluateChecks(project, discovery, {});
            const CheckResult *r = report.find(QLatin1StringView(check), order[size_t(rank)]);
            return r ? checkStatusName(r->status) + u": "_s + r->reason : u"(none)"_s;
        };
        const auto accelerator = [&](const std::vector<ProbeFacts> &facts, int rank) {
            return verdict(check::kAccelerator, facts, rank);
        };
        std::vector<ProbeFacts> facts = m_base.at(file);
        QCOMPARE(accelerator(facts, 0), u"ok: 16 dies, 16 OK"_s);
        facts[3].replaceInSection(probe::kSuperPod, u": 4456450"_s, u": 4456451"_s, 1);
        QCOMPARE(accelerator(facts, 3),
                 u"failed: die 2 has SDID 4456451 (npu-smi info -t spod-info), the project says "
                 "4456450 (project uses 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15)"_s);
        facts = m_base.at(file);
        facts[1].replaceInSection(probe::kNpuSmi, u"| 1     5 "_s, u"| 1       "_s, 1);
        QCOMPARE(accelerator(facts, 1),
                 u"failed: die 5 missing (project uses 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15)"_s);

        // A logical pod holding servers of two physical SuperPoDs, named with both.
        facts = m_base.at(file);
        QCOMPARE(verdict(check::kSuperPods, facts, 0),
                 u"ok: 2 super pods, each inside one physical SuperPoD"_s);
        facts[1].replaceInSection(probe::kSuperPod, u"Super Pod ID                   : 0"_s,
                                  u"Super Pod ID                   : 5"_s);
        const QString span = verdict(check::kSuperPods, facts, 0);
        QVERIFY2(span.startsWith(u"failed: super pod "_s) &&
                     span.contains(u"spans physical SuperPoDs: 0 on "_s) &&
                     span.contains(u"; 5 on "_s),
                 qPrintable(span));
    }

    // The comparison itself can fail: a check.sh whose verdict was changed on purpose is caught.
    void brokenBashVerdictIsCaught()
    {
        const QString file = u"ascend-2x8.clusterwiz.json"_s;
        std::vector<ProbeFacts> facts = m_base.at(file);
        setDevice(facts[0], probe::kHccnLink, 5, 0, u"link status: DOWN"_s);
        const Project project = loadExample(example(file));
        // A DOWN link that check.sh would call fine.
        const DifferentialResult result = compareVerdicts(
            project, facts,
            {{u"DOWN) down+=(\"$(clusterwiz_text \"$TEXT_LINK_DOWN\" \"$device\")\") ;;"_s,
              u"DOWN) ;;"_s}});
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.differences.size(), 1);
        QVERIFY2(result.differences.front().startsWith(u"server0 device-links: C++ failed, "
                                                       "check.sh ok"_s),
                 qPrintable(result.differences.front()));
    }

    // A check.sh that words a verdict its own way (the same status) is caught too.
    void ownBashTextIsCaught()
    {
        const QString file = u"ascend-2x8.clusterwiz.json"_s;
        const Project project = loadExample(example(file));
        const DifferentialResult result = compareVerdicts(
            project, m_base.at(file),
            {{u"clusterwiz_ok \"$(clusterwiz_text \"$TEXT_LINKS_UP\" \"$NPROC\")\""_s,
              u"clusterwiz_ok \"$NPROC links up\""_s}});
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.differences.size(), 2); // server0 and server1
        QVERIFY2(result.differences.front().contains(u"device-links: C++ ok, check.sh ok"_s),
                 qPrintable(result.differences.front()));
    }
};

QTEST_GUILESS_MAIN(TestCheckDifferential)
#include "tst_checkDifferential.moc"
