// SPDX-License-Identifier: GPL-3.0-or-later
// The container section (docs/containers.md): its file form, every refusal of a bad value (named
// by field, before any server is contacted), the job's view inside the containers, and the `run`
// command each accelerator gets, compared with the vendors' own commands. The host programs run
// here for real under bash, with a recording stand-in for the engine (the real podman runs in
// tests/cluster/tst_containers.cpp; no Ascend or NVIDIA device exists here).
#include "container/ContainerFleet.h"
#include "container/ContainerJournal.h"
#include "generate/ContainerScript.h"
#include "generate/Generator.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include "ValidProjects.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString kKey =
    u"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGlbAM3D+1qFzkwJol3CpRHeZ02zMQSm4If+5sWuhWTe"_s;

Project containerProject(Accelerator accelerator = Accelerator::Cpu)
{
    Project project;
    project.name = u"demo"_s;
    project.accelerator = accelerator;
    for (int i = 0; i < 2; ++i) {
        Server server;
        server.name = u"server%1"_s.arg(i);
        server.host = u"10.0.0.%1"_s.arg(11 + i);
        server.user = u"admin"_s;
        server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
        if (isAscend(accelerator)) {
            for (int d = 0; d < 8; ++d)
                server.deviceIps << u"192.168.10.%1"_s.arg(11 + 8 * i + d);
        }
        project.servers.push_back(server);
    }
    if (isAscend(accelerator)) {
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        project.deviceNetwork.segments = {u"192.168.10.0"_s};
    }
    project.launch.workdir = u"/data/job"_s;
    project.launch.entry = u"train.py"_s;
    ContainerConfig container;
    container.engine = ContainerEngine::Podman;
    container.image = u"swr.cn-south-1.myhuaweicloud.com/ascendhub/ascend-pytorch:24.0.0"_s;
    container.name = u"train"_s;
    // A host folder every machine has: up's first round requires it to exist.
    container.mounts = {u"/tmp:/data"_s};
    project.container = container;
    return project;
}

QStringList rulesOf(const Problems &problems, const QString &path)
{
    QStringList rules;
    for (const Problem &problem : problems) {
        if (problem.path == path)
            rules << problem.rule;
    }
    return rules;
}

QString messagesOf(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.path + u": "_s + problem.message;
    return lines.join(u'\n');
}

// Runs a host script under bash with `bin` first on PATH; stdout.
QString runHostScript(const QString &script, const QString &bin, int *exitCode = nullptr)
{
    QProcess bash;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"PATH"_s, bin + u":/usr/sbin:/usr/bin:/sbin:/bin"_s);
    bash.setProcessEnvironment(env);
    bash.start(u"bash"_s, {u"-c"_s, script});
    bash.waitForFinished(30000);
    if (exitCode)
        *exitCode = bash.exitCode();
    return QString::fromUtf8(bash.readAllStandardOutput());
}

// A stand-in engine: every container is absent, every image present; `run` writes its words,
// one per line, to RUN_WORDS and prints an id.
void writeRecordingEngine(const QString &dir, const QString &name)
{
    QFile file(dir + u'/' + name);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#!/bin/bash\n"
               "case \"$1 $2\" in\n"
               "'container inspect') exit 1 ;;\n"
               "'image inspect') exit 0 ;;\n"
               "esac\n"
               "if [ \"$1\" = run ]; then printf '%s\\n' \"$@\" >\"$(dirname \"$0\")/run-words\"; "
               "echo 0123456789abcdef; exit 0; fi\n"
               "exit 0\n");
    file.close();
    QFile::setPermissions(file.fileName(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

QStringList recordedRunWords(const QString &dir)
{
    QFile file(dir + u"/run-words"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {u"<no run>"_s};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

// Whether `words` holds `sequence` as consecutive words.
bool holdsInOrder(const QStringList &words, const QStringList &sequence)
{
    for (qsizetype i = 0; i + sequence.size() <= words.size(); ++i) {
        if (words.mid(i, sequence.size()) == sequence)
            return true;
    }
    return false;
}

} // namespace

class TestContainerSection : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sectionRoundTripsThroughTheFile()
    {
        Project project = containerProject();
        project.container->shmSize = u"16g"_s;
        project.container->envSetup = {u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s};
        project.container->runArgs = {u"--cap-add=SYS_PTRACE"_s};
        const ProjectLoad load = projectFromJsonText(projectToJsonText(project));
        QVERIFY2(load.fatal.isEmpty() && load.problems.empty(), qPrintable(load.fatal));
        QCOMPARE(load.project.container, project.container);
        // Without the section the file has none, and nothing is added on save.
        project.container.reset();
        QVERIFY(!projectToJsonText(project).contains("\"container\""));
    }

    void aMisspeltMemberIsNamed()
    {
        const QByteArray text =
            projectToJsonText(containerProject()).replace("\"ssh_port\"", "\"ssh_prot\"");
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY(load.fatal.isEmpty());
        bool named = false;
        for (const UnknownField &field : load.project.unknownFields)
            named = named ||
                    (field.place.path() == u"container.ssh_prot" && field.nearest == u"ssh_port");
        QVERIFY(named);
    }

    void aGoodSectionIsValid()
    {
        const Problems problems = validateProject(containerProject());
        QVERIFY2(problems.empty(), qPrintable(messagesOf(problems)));
        const Problems ascend = validateProject(containerProject(Accelerator::Ascend910b));
        QVERIFY2(ascend.empty(), qPrintable(messagesOf(ascend)));
    }

    void badValuesAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("member");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("rule");
        QTest::newRow("image with shell words") << "image"
                                                << "ubuntu; rm -rf /"
                                                << "container.image"
                                                << "container-image";
        QTest::newRow("image empty") << "image"
                                     << ""
                                     << "container.image"
                                     << "container-image";
        QTest::newRow("image upper case") << "image"
                                          << "Ubuntu"
                                          << "container.image"
                                          << "container-image";
        QTest::newRow("name with a space") << "name"
                                           << "my train"
                                           << "container.name"
                                           << "container-name";
        QTest::newRow("name with $()") << "name"
                                       << "$(reboot)"
                                       << "container.name"
                                       << "container-name";
        QTest::newRow("mount with ..") << "mount"
                                       << "/data/../etc:/etc"
                                       << "container.mounts[0]"
                                       << "container-mount";
        QTest::newRow("relative host path") << "mount"
                                            << "data:/data"
                                            << "container.mounts[0]"
                                            << "container-mount";
        QTest::newRow("mount over /") << "mount"
                                      << "/srv:/"
                                      << "container.mounts[0]"
                                      << "container-mount";
        QTest::newRow("mount over /proc") << "mount"
                                          << "/srv:/proc"
                                          << "container.mounts[0]"
                                          << "container-mount";
        QTest::newRow("mount over /dev") << "mount"
                                         << "/srv:/dev"
                                         << "container.mounts[0]"
                                         << "container-mount";
        QTest::newRow("the host's root") << "mount"
                                         << "/:/host"
                                         << "container.mounts[0]"
                                         << "container-mount";
        QTest::newRow("a bad mode") << "mount"
                                    << "/srv:/srv:rx"
                                    << "container.mounts[0]"
                                    << "container-mount";
        QTest::newRow("bridge networking") << "run_args"
                                           << "--network=bridge"
                                           << "container.run_args[0]"
                                           << "container-run-args";
        QTest::newRow("--net bridge") << "run_args"
                                      << "--net"
                                      << "container.run_args[0]"
                                      << "container-run-args";
        QTest::newRow("privileged unasked") << "run_args"
                                            << "--privileged"
                                            << "container.run_args[0]"
                                            << "container-run-args";
        QTest::newRow("published ports") << "run_args"
                                         << "-p"
                                         << "container.run_args[0]"
                                         << "container-run-args";
        QTest::newRow("a word read as the image") << "run_args"
                                                  << "ubuntu"
                                                  << "container.run_args[0]"
                                                  << "container-run-args";
        QTest::newRow("a line break") << "run_args"
                                      << "--env=A\nB"
                                      << "container.run_args[0]"
                                      << "container-run-args";
        QTest::newRow("the host's SSH port") << "ssh_port"
                                             << "22"
                                             << "container.ssh_port"
                                             << "container-ssh-port";
        QTest::newRow("the master port") << "ssh_port"
                                         << "29501"
                                         << "container.ssh_port"
                                         << "container-ssh-port";
        QTest::newRow("no port") << "ssh_port"
                                 << "0"
                                 << "container.ssh_port"
                                 << "container-ssh-port";
        QTest::newRow("shm size") << "shm_size"
                                  << "16 GB"
                                  << "container.shm_size"
                                  << "container-shm";
        QTest::newRow("env line break") << "env_setup"
                                        << "export A=1\nexport B=2"
                                        << "container.env_setup[0]"
                                        << "container-env-setup";
    }

    void badValuesAreRefusedNamingTheField()
    {
        QFETCH(QString, member);
        QFETCH(QString, value);
        QFETCH(QString, path);
        QFETCH(QString, rule);
        Project project = containerProject();
        ContainerConfig &container = *project.container;
        if (member == u"image")
            container.image = value;
        else if (member == u"name")
            container.name = value;
        else if (member == u"mount")
            container.mounts = {value};
        else if (member == u"run_args")
            container.runArgs = {value, u"bridge"_s};
        else if (member == u"ssh_port")
            container.sshPort = value.toInt();
        else if (member == u"shm_size")
            container.shmSize = value;
        else if (member == u"env_setup")
            container.envSetup = {value};
        const Problems problems = validateProject(project);
        QVERIFY2(rulesOf(problems, path).contains(rule), qPrintable(messagesOf(problems)));
        // Named in words a user finds the field by, and refused before anything runs.
        QVERIFY(!validated(project).ok());
        for (const Problem &problem : problems) {
            if (problem.path != path)
                continue;
            QVERIFY2(problem.message.startsWith(u"container: "_s), qPrintable(problem.message));
            // The reason alone, for the wizard to put after its own name of the field.
            const QString member = path.mid(QStringLiteral("container.").size());
            QCOMPARE(problem.message,
                     u"container: %1 %2"_s.arg(member, problem.values.reason.english()));
        }
    }

    void privilegedOnlyWhenAskedForIt()
    {
        Project project = containerProject();
        project.container->privileged = true;
        QVERIFY(validateProject(project).empty());
        QVERIFY(containerRunOptions(*project.container).contains(u"--privileged"_s));
        project.container->privileged = false;
        QVERIFY(!containerRunOptions(*project.container).contains(u"--privileged"_s));
    }

    void theJobReachesTheContainers()
    {
        const Project project = containerProject();
        const ValidProject job = containerJobView(cwtest::valid(project));
        for (const Server &server : job->servers) {
            QCOMPARE(server.port, 12345);
            QCOMPARE(server.user, u"root"_s);
            QVERIFY(reachesContainer(job.project(), server));
        }
        // The hosts stay as the file says, and a project without the section is its own view.
        QCOMPARE(project.servers[0].port, 22);
        Project plain = containerProject();
        plain.container.reset();
        QCOMPARE(containerJobProject(plain), plain);
    }

    void mpirunLogsInToTheContainersPort()
    {
        Project project = containerProject();
        project.launch.mode = LaunchMode::Mpirun;
        const std::vector<GeneratedFile> files = generateScripts(cwtest::valid(project));
        QByteArray run;
        QByteArray containers;
        for (const GeneratedFile &file : files) {
            if (file.name == u"run.sh")
                run = file.content;
            if (file.name == u"containers.sh")
                containers = file.content;
        }
        QVERIFY2(run.contains("-p 12345"), run.constData());
        QVERIFY(!containers.isEmpty());
        // containers.sh is bash that parses, with one case per server.
        QProcess bash;
        bash.start(u"bash"_s, {u"-n"_s});
        bash.write(containers);
        bash.closeWriteChannel();
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QVERIFY(containers.contains("'server0')") && containers.contains("'server1')"));
    }

    // vllm-ascend's multi-node `docker run` (docs.vllm.ai/projects/ascend, tutorials/multi_node,
    // v0.7.3) and NCCL's container note (--shm-size=1g --ulimit memlock=-1), cited in
    // docs/containers.md: the same device and mount words, plus the host's network.
    void ascendRunFollowsTheVendorsCommand()
    {
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        writeRecordingEngine(bin.path(), u"podman"_s);
        Project project = containerProject(Accelerator::Ascend910b);
        project.servers[0].devices = {0, 1};
        project.servers[0].deviceIps = project.servers[0].deviceIps.mid(0, 2);
        // The devices the script looks for exist only on a real Ascend server: a check that they
        // are missing is what runs here, and it must name the device.
        int exitCode = 0;
        const QString refused = runHostScript(containerHostScript(project, 0, ContainerStep::Check),
                                              bin.path(), &exitCode);
        if (!QFile::exists(u"/dev/davinci0"_s)) {
            QCOMPARE(exitCode, 3);
            QVERIFY2(refused.contains(u"cw-container refused device-missing /dev/davinci0"_s),
                     qPrintable(refused));
        }
        // With the device checks answered, the words of `run` (the script's own assembly).
        const QString script = containerHostScript(project, 0, ContainerStep::Up)
                                   .replace(u"[ -e \"/dev/davinci$d\" ] ||"_s, u"true ||"_s)
                                   .replace(u"[ -e /dev/davinci_manager ] ||"_s, u"true ||"_s)
                                   .replace(u"if [ -e \"$f\" ]; then args+=(--device"_s,
                                            u"if true; then args+=(--device"_s);
        runHostScript(script, bin.path());
        const QStringList words = recordedRunWords(bin.path());
        for (const QStringList &vendor : std::vector<QStringList>{
                 {u"--device"_s, u"/dev/davinci0"_s},
                 {u"--device"_s, u"/dev/davinci1"_s},
                 {u"--device"_s, u"/dev/davinci_manager"_s},
                 {u"--device"_s, u"/dev/devmm_svm"_s},
                 {u"--device"_s, u"/dev/hisi_hdc"_s},
                 {u"--network"_s, u"host"_s},
                 {u"--ulimit"_s, u"memlock=-1:-1"_s},
                 {u"--ipc"_s, u"host"_s},
                 {u"-v"_s, u"/tmp:/data"_s},
             })
            QVERIFY2(holdsInOrder(words, vendor),
                     qPrintable(vendor.join(u' ') + u" not in: "_s + words.join(u' ')));
        QVERIFY(!words.contains(u"/dev/davinci2"_s)); // only the project's devices
        QCOMPARE(words.value(0), u"run"_s);
        QCOMPARE(words.value(1), u"-d"_s);
        QVERIFY(holdsInOrder(words, {u"--name"_s, u"train"_s}));
        QVERIFY(holdsInOrder(words, {u"--label"_s, u"io.clusterwiz.project=demo"_s}));
        // The image, then the command that keeps the container running.
        const qsizetype image = words.indexOf(project.container->image);
        QVERIFY(image > 0);
        QCOMPARE(words.value(image + 1), u"sh"_s);
        // The driver's files are mounted read-only only where this host has them.
        for (const QString &word : words) {
            if (word.endsWith(u":ro"_s))
                QVERIFY2(QFile::exists(word.section(u':', 0, 0)), qPrintable(word));
        }
    }

    void nvidiaGpusPerEngine()
    {
        Project project = containerProject(Accelerator::Nvidia);
        project.servers[0].devices = {0, 2};
        const QString up = containerHostScript(project, 0, ContainerStep::Up);
        // Docker's --gpus "device=0,2" (NVIDIA Container Toolkit), podman's CDI names
        // (nvidia.com/gpu=N, NVIDIA's CDI guide); memlock as NCCL's container note asks.
        QVERIFY(up.contains(u"args+=(--gpus \"\\\"device=$ids\\\"\")"_s));
        QVERIFY(up.contains(u"args+=(--device \"nvidia.com/gpu=$d\")"_s));
        QVERIFY(up.contains(u"devices=('0' '2')"_s));
        QVERIFY(up.contains(u"engine='podman'"_s));
    }

    void cpuRunHasNoDevices()
    {
        QTemporaryDir bin;
        writeRecordingEngine(bin.path(), u"docker"_s);
        Project project = containerProject();
        project.container->engine = ContainerEngine::Docker;
        project.container->shmSize = u"1g"_s;
        runHostScript(containerHostScript(project, 1, ContainerStep::Up), bin.path());
        const QStringList words = recordedRunWords(bin.path());
        QVERIFY2(holdsInOrder(words, {u"--shm-size"_s, u"1g"_s}), qPrintable(words.join(u' ')));
        QVERIFY(!words.contains(u"--device"_s));
        QVERIFY(!words.contains(u"--ipc"_s));
        QVERIFY(!words.contains(u"--privileged"_s));
    }

    void aMissingEngineIsRefusedByName()
    {
        QTemporaryDir bin;
        int exitCode = 0;
        const QString out =
            runHostScript(containerHostScript(containerProject(), 0, ContainerStep::Check)
                              .replace(u"engine='podman'"_s, u"engine='no-such-engine'"_s),
                          bin.path(), &exitCode);
        QCOMPARE(exitCode, 3);
        QVERIFY2(out.contains(u"cw-container refused engine-missing no-such-engine is not "
                              u"installed"_s),
                 qPrintable(out));
    }

    void anEngineWithoutItsDaemonIsRefusedAsSuch()
    {
        // Docker's CLI without its service: `docker version` prints the client and fails.
        QTemporaryDir bin;
        QFile file(bin.path() + u"/docker"_s);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/bash\n"
                   "if [ \"$1\" = version ]; then echo 'Client:'; echo 'Cannot connect to the "
                   "Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?' "
                   ">&2; exit 1; fi\n"
                   "exit 1\n");
        file.close();
        QFile::setPermissions(file.fileName(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        Project project = containerProject();
        project.container->engine = ContainerEngine::Docker;
        int exitCode = 0;
        const QString out = runHostScript(containerHostScript(project, 0, ContainerStep::Check),
                                          bin.path(), &exitCode);
        QCOMPARE(exitCode, 3);
        QVERIFY2(out.contains(u"cw-container refused engine-unavailable docker is installed but "
                              u"does not answer (Cannot connect to the Docker daemon"_s),
                 qPrintable(out));
        QVERIFY2(!out.contains(u"image-missing"_s), qPrintable(out));
    }

    void aMissingMountFolderIsRefusedByName()
    {
        QTemporaryDir bin;
        writeRecordingEngine(bin.path(), u"podman"_s);
        Project project = containerProject();
        project.container->mounts = {u"/tmp:/data"_s, u"/nonexistent-clusterwiz/x:/models:ro"_s};
        int exitCode = 0;
        const QString out = runHostScript(containerHostScript(project, 0, ContainerStep::Up),
                                          bin.path(), &exitCode);
        QCOMPARE(exitCode, 3);
        QVERIFY2(out.contains(u"cw-container refused mount-missing /nonexistent-clusterwiz/x "
                              u"(container.mounts) does not exist on this server"_s),
                 qPrintable(out));
        // Refused before anything ran.
        QCOMPARE(recordedRunWords(bin.path()), QStringList{u"<no run>"_s});
    }

    void hostOutputIsParsedStrictly()
    {
        ContainerServerResult result;
        parseContainerOutput(u"noise\ncw-container created 0123456789ab\n"
                             u"cw-container user-key "_s +
                                 kKey + u" clusterwiz-container\ncw-container host-key "_s + kKey +
                                 u" root@x\ncw-container changed inside: sshd\n"_s,
                             result);
        QVERIFY(result.ok());
        QCOMPARE(result.userKey, kKey);
        QCOMPARE(result.hostKey, kKey);
        QCOMPARE(result.changes,
                 QStringList({u"created container 0123456789ab"_s, u"inside: sshd"_s}));
        // A key that is not one never reaches another server's files.
        ContainerServerResult hostile;
        parseContainerOutput(u"cw-container user-key ssh-ed25519 AAAA;rm -rf /\n"_s, hostile);
        QVERIFY(hostile.userKey.isEmpty());
        QVERIFY(!hostile.ok());
        ContainerServerResult refused;
        parseContainerOutput(u"cw-container refused port-taken port 12345 is in use\n"_s, refused);
        QCOMPARE(refused.refusalCode, u"port-taken"_s);
        QCOMPARE(refused.refusal, u"port 12345 is in use"_s);
    }

    void statusSectionsAreRead()
    {
        ContainerServerResult result;
        parseContainerOutput(u"cw-container state running\ncw-container port listening\n"
                             u"cw-container sshd running\n"
                             u"@@clusterwiz-probe hostname rc=0@@\nserver0\n"
                             u"@@clusterwiz-probe host-ips rc=0@@\n10.0.0.11 \n"
                             u"@@clusterwiz-probe shm rc=0@@\n"
                             u"Filesystem     1024-blocks  Used Available Capacity Mounted on\n"
                             u"shm                  65536     0     65536       0% /dev/shm\n"
                             u"@@clusterwiz-probe nvidia-smi rc=0@@\n"
                             u"GPU 0: NVIDIA H200 (UUID: GPU-1b2c)\n"
                             u"@@clusterwiz-probe end rc=0@@\n"_s,
                             result);
        QCOMPARE(result.state, u"running"_s);
        QVERIFY(result.portListening && result.sshdRunning);
        QCOMPARE(result.hostname, u"server0"_s);
        QCOMPARE(result.containerIps, QStringList{u"10.0.0.11"_s});
        QCOMPARE(result.shmKib, std::optional<qint64>(65536));
        QVERIFY(result.devicesInside);
        QCOMPARE(*result.devicesInside, std::vector<int>{0});
    }
};

QTEST_GUILESS_MAIN(TestContainerSection)
#include "tst_containerSection.moc"
