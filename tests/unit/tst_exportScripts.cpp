// SPDX-License-Identifier: GPL-3.0-or-later
// The scheduler exports: golden files of the shipped examples, `bash -n` on every sbatch script,
// the sbatch script run for real against stand-in srun/scontrol/python (each node gets its rank
// and the master), every manifest read by a YAML parser, and hostile project values that come
// out of YAML and shell quoting as exactly what the project holds.
//
// Regenerate the golden files after an intended change, then read the diff:
//   CLUSTERWIZ_UPDATE_GOLDEN=1 build/bin/tst_exportScripts
#include "ValidProjects.h"

#include "exchange/Export.h"
#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include "YamlTestSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

Project example(const QString &name)
{
    ProjectLoad load =
        loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name +
                        u".clusterwiz.json"_s);
    if (!load.ok())
        qFatal("example %s does not load", qPrintable(name));
    return load.project;
}

QByteArray fileOf(const ExportResult &result, const QString &name)
{
    for (const GeneratedFile &file : result.files) {
        if (file.name == name)
            return file.content;
    }
    return {};
}

bool writeFile(const QString &path, const QByteArray &bytes, bool executable = false)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return false;
    file.close();
    return !executable ||
           file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// Arguments no launcher or quoting may change.
const QStringList kHostileArgs = {
    u"--name=it's"_s, u"$(touch /tmp/cw-pwned)"_s, u"`id`"_s, u"two words"_s, u"line\nbreak"_s,
    u"; rm -rf ~"_s,  u"\"dq\" # x: y"_s};

Project hostileProject()
{
    Project project = example(u"cpu-2x2"_s);
    project.launch.args = kHostileArgs;
    project.launch.workdir = u"/tmp/cw-work-export"_s; // a path a remote shell leaves alone
    project.launch.entry = u"train 'it'.py"_s;
    project.launch.env = {{u"CW_VALUE"_s, u"a'b $(c) `d` ${HOME}"_s}};
    project.launch.python = u"python3"_s; // the stand-in on PATH, never a real launcher
    return project;
}

struct ScriptRun {
    int exitCode = -1;
    QString output;
};

// Runs `bash -c SCRIPT` with fake python3 on PATH that prints its argv, one per line, and exits.
ScriptRun runWithFakePython(const QString &script, const QString &binDir,
                            const QProcessEnvironment &extra)
{
    QProcess bash;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(extra);
    env.insert(u"PATH"_s, binDir + u":/usr/bin:/bin"_s);
    bash.setProcessEnvironment(env);
    bash.setProcessChannelMode(QProcess::MergedChannels);
    bash.start(u"/bin/bash"_s, {u"-c"_s, script});
    ScriptRun run;
    if (bash.waitForFinished(30000))
        run.exitCode = bash.exitCode();
    else
        bash.kill();
    run.output = QString::fromUtf8(bash.readAll());
    return run;
}

// python3 that records its arguments NUL-separated in $CW_ARGS_FILE.<node rank>.
const QByteArray kFakePython = "#!/bin/bash\n"
                               "printf '%s\\0' \"$@\" >\"$CW_ARGS_FILE.${CW_NODE:-0}\"\n";

QStringList recordedArgs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList args = QString::fromUtf8(file.readAll()).split(QChar(0));
    args.removeLast();
    return args;
}

// The training container of a PyTorchJob (its Master) or a Volcano Job.
QJsonObject containerOf(const QJsonArray &documents, ExportTarget target)
{
    const QJsonValue pod =
        target == ExportTarget::PyTorchJob
            ? documents[0][u"spec"_s][u"pytorchReplicaSpecs"_s][u"Master"_s][u"template"_s]
            : documents[1][u"spec"_s][u"tasks"_s][0][u"template"_s];
    return pod[u"spec"_s][u"containers"_s][0].toObject();
}

} // namespace

class TestExportScripts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goldenFiles_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<ExportTarget>("target");
        for (const QString &example : {u"ascend-2x8"_s, u"nvidia-2x8"_s, u"cpu-2x2"_s}) {
            for (ExportTarget target :
                 {ExportTarget::Slurm, ExportTarget::PyTorchJob, ExportTarget::Volcano}) {
                if (target == ExportTarget::Volcano && example != u"ascend-2x8")
                    continue;
                QTest::newRow(qPrintable(example + u' ' + exportTargetName(target)))
                    << example << target;
            }
        }
    }

    void goldenFiles()
    {
        QFETCH(QString, example);
        QFETCH(ExportTarget, target);
        const ExportResult result = exportProject(cwtest::valid(::example(example)), target);
        QVERIFY(result.ok());
        QCOMPARE(result.files.size(), size_t(1));
        QVERIFY(!result.userSets.isEmpty());
        const GeneratedFile &file = result.files.front();
        const QString path =
            QStringLiteral(CLUSTERWIZ_TEST_DATA "/golden/export/") + example + u'/' + file.name;
        if (qEnvironmentVariable("CLUSTERWIZ_UPDATE_GOLDEN") == u"1") {
            QDir().mkpath(QFileInfo(path).path());
            QVERIFY(writeFile(path, file.content));
        }
        QFile golden(path);
        QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(path));
        QCOMPARE(QString::fromUtf8(file.content), QString::fromUtf8(golden.readAll()));
        // Pure: the same project gives the same bytes.
        QCOMPARE(exportProject(cwtest::valid(::example(example)), target).files.front().content,
                 file.content);
    }

    void sbatchSyntax_data()
    {
        QTest::addColumn<Project>("project");
        QTest::newRow("ascend-2x8") << example(u"ascend-2x8"_s);
        QTest::newRow("nvidia-2x8") << example(u"nvidia-2x8"_s);
        QTest::newRow("hostile") << hostileProject();
    }

    void sbatchSyntax()
    {
        QFETCH(Project, project);
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::Slurm);
        QVERIFY(result.ok());
        QTemporaryDir dir;
        const QString path = dir.filePath(u"train.sbatch"_s);
        QVERIFY(writeFile(path, fileOf(result, u"train.sbatch"_s)));
        QProcess bash;
        bash.start(u"/bin/bash"_s, {u"-n"_s, path});
        QVERIFY(bash.waitForFinished(30000));
        QVERIFY2(bash.exitCode() == 0, bash.readAllStandardError().constData());
    }

    // The script as sbatch runs it, with srun and scontrol standing in: srun starts the node part
    // once per node with SLURM_NODEID set, as the real one does.
    void sbatchRunsEveryNode()
    {
        QTemporaryDir dir;
        const QString bin = dir.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(bin));
        QVERIFY(QDir().mkpath(u"/tmp/cw-work-export"_s));
        QVERIFY(writeFile(bin + u"/python3"_s, kFakePython, true));
        QVERIFY(writeFile(bin + u"/scontrol"_s,
                          "#!/bin/bash\n[ \"$1 $2\" = 'show hostnames' ] || exit 9\n"
                          "printf 'node-a\\nnode-b\\n'\n",
                          true));
        // srun OPTIONS... COMMAND ARGS: run COMMAND once per node, SLURM_NODEID 0, 1, ...
        QVERIFY(writeFile(bin + u"/srun"_s,
                          "#!/bin/bash\nwhile [[ $1 == --* ]]; do echo \"srun option $1\"; shift; "
                          "done\nfor ((n = 0; n < SLURM_NNODES; n++)); do\n"
                          "  SLURM_NODEID=$n CW_NODE=$n \"$@\" || exit $?\ndone\n",
                          true));
        const ExportResult result =
            exportProject(cwtest::valid(hostileProject()), ExportTarget::Slurm);
        QVERIFY(result.ok());
        QProcessEnvironment env;
        env.insert(u"SLURM_NNODES"_s, u"2"_s);
        env.insert(u"SLURM_JOB_NODELIST"_s, u"node-[a-b]"_s);
        env.insert(u"CW_ARGS_FILE"_s, dir.filePath(u"args"_s));
        const ScriptRun run =
            runWithFakePython(QString::fromUtf8(fileOf(result, u"train.sbatch"_s)), bin, env);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains(u"srun option --kill-on-bad-exit=1"_s),
                 qPrintable(run.output));
        for (int node = 0; node < 2; ++node) {
            const QStringList args = recordedArgs(dir.filePath(u"args.%1"_s.arg(node)));
            const QStringList expected = QStringList{u"-m"_s,
                                                     u"torch.distributed.run"_s,
                                                     u"--nnodes=2"_s,
                                                     u"--node_rank=%1"_s.arg(node),
                                                     u"--nproc_per_node=2"_s,
                                                     u"--master_addr=node-a"_s,
                                                     u"--master_port=29500"_s,
                                                     u"train 'it'.py"_s} +
                                         kHostileArgs;
            QCOMPARE(args, expected);
        }
        QVERIFY(!QFileInfo::exists(u"/tmp/cw-pwned"_s));
        QDir(u"/tmp/cw-work-export"_s).removeRecursively();
    }

    void manifestsParse_data()
    {
        QTest::addColumn<Project>("project");
        QTest::addColumn<ExportTarget>("target");
        QTest::newRow("pytorchjob ascend") << example(u"ascend-2x8"_s) << ExportTarget::PyTorchJob;
        QTest::newRow("pytorchjob nvidia") << example(u"nvidia-2x8"_s) << ExportTarget::PyTorchJob;
        QTest::newRow("pytorchjob hostile") << hostileProject() << ExportTarget::PyTorchJob;
        QTest::newRow("volcano ascend") << example(u"ascend-2x8"_s) << ExportTarget::Volcano;
        Project hostileAscend = example(u"ascend-2x8"_s);
        hostileAscend.launch.args = kHostileArgs;
        hostileAscend.launch.mode = LaunchMode::RankTable;
        QTest::newRow("volcano hostile") << hostileAscend << ExportTarget::Volcano;
    }

    // Read by a YAML parser: the objects and fields the operators look for, and the container's
    // script runs the launcher with exactly the project's arguments.
    void manifestsParse()
    {
        QFETCH(Project, project);
        QFETCH(ExportTarget, target);
        project.launch.python = u"python3"_s; // the stand-in on PATH, never a real launcher
        // CANN's set_env.sh is not on this machine; a failing env_setup line stops the node.
        if (!project.launch.envSetup.isEmpty())
            project.launch.envSetup = {u"true # stands for: "_s + project.launch.envSetup.front()};
        const ExportResult result = exportProject(cwtest::valid(project), target);
        QVERIFY(result.ok());
        QString error;
        const QJsonArray documents = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const int nodes = static_cast<int>(project.servers.size());
        QJsonObject container;
        if (target == ExportTarget::PyTorchJob) {
            QCOMPARE(documents.size(), 1);
            const QJsonObject job = documents[0].toObject();
            QCOMPARE(job[u"kind"_s].toString(), u"PyTorchJob"_s);
            const QJsonObject specs = job[u"spec"_s][u"pytorchReplicaSpecs"_s].toObject();
            QCOMPARE(specs[u"Master"_s][u"replicas"_s].toInt(), 1);
            QCOMPARE(specs[u"Worker"_s][u"replicas"_s].toInt(), nodes - 1);
            container = specs[u"Worker"_s][u"template"_s][u"spec"_s][u"containers"_s][0].toObject();
            QCOMPARE(container[u"name"_s].toString(), u"pytorch"_s);
            QCOMPARE(container[u"ports"_s][0][u"name"_s].toString(), u"pytorchjob-port"_s);
            QCOMPARE(container[u"ports"_s][0][u"containerPort"_s].toInt(),
                     project.launch.masterPort);
        } else {
            QCOMPARE(documents.size(), 2);
            const QJsonObject configMap = documents[0].toObject();
            const QJsonObject job = documents[1].toObject();
            QCOMPARE(configMap[u"kind"_s].toString(), u"ConfigMap"_s);
            QCOMPARE(configMap[u"metadata"_s][u"labels"_s][u"ring-controller.atlas"_s].toString(),
                     u"ascend-910"_s);
            QVERIFY(configMap[u"data"_s][u"hccl.json"_s].toString().contains(u"initializing"_s));
            QCOMPARE(job[u"apiVersion"_s].toString(), u"batch.volcano.sh/v1alpha1"_s);
            QCOMPARE(job[u"metadata"_s][u"labels"_s][u"ring-controller.atlas"_s].toString(),
                     u"ascend-910"_s);
            QCOMPARE(configMap[u"metadata"_s][u"name"_s].toString(),
                     u"rings-config-"_s + job[u"metadata"_s][u"name"_s].toString());
            const QJsonObject task = job[u"spec"_s][u"tasks"_s][0].toObject();
            QCOMPARE(task[u"replicas"_s].toInt(), nodes);
            const QJsonObject pod = task[u"template"_s][u"spec"_s].toObject();
            QCOMPARE(pod[u"volumes"_s][0][u"configMap"_s][u"name"_s].toString(),
                     configMap[u"metadata"_s][u"name"_s].toString());
            container = pod[u"containers"_s][0].toObject();
            QCOMPARE(container[u"resources"_s][u"limits"_s][u"huawei.com/Ascend910"_s].toInt(), 8);
            QCOMPARE(container[u"volumeMounts"_s][0][u"mountPath"_s].toString(),
                     u"/user/serverid/devindex/config"_s);
        }
        const QJsonArray command = container[u"command"_s].toArray();
        QCOMPARE(command.size(), 3);
        QCOMPARE(command[0].toString(), u"/bin/bash"_s);
        QCOMPARE(command[1].toString(), u"-c"_s);
        // Run the container's script with stand-ins: the launcher gets the project's arguments.
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(u"python3"_s), kFakePython, true));
        QProcessEnvironment env;
        env.insert(u"CW_ARGS_FILE"_s, dir.filePath(u"args"_s));
        env.insert(u"WORLD_SIZE"_s, QString::number(nodes));
        env.insert(u"RANK"_s, u"1"_s);
        env.insert(u"MASTER_ADDR"_s, u"job-master-0"_s);
        env.insert(u"MASTER_PORT"_s, u"23456"_s);
        env.insert(u"VC_TASK_INDEX"_s, u"1"_s);
        env.insert(u"VC_TRAINER_HOSTS"_s, u"job-trainer-0.job,job-trainer-1.job"_s);
        const QString script = command[2].toString().replace(project.launch.workdir, dir.path());
        QString wait = u"export RANK_TABLE_FILE=/user/serverid/devindex/config/hccl.json\n"_s;
        const bool waits =
            project.launch.mode == LaunchMode::RankTable && target == ExportTarget::Volcano;
        QCOMPARE(script.contains(wait), waits);
        const ScriptRun run =
            runWithFakePython(QString(script).replace(u"sleep 1"_s, u"break"_s), dir.path(), env);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output + script));
        const QStringList args = recordedArgs(dir.filePath(u"args.0"_s));
        QVERIFY2(args.size() > 8, qPrintable(args.join(u" | "_s)));
        QCOMPARE(args.mid(args.size() - project.launch.args.size()), project.launch.args);
        QCOMPARE(args.value(3), u"--node_rank=1"_s);
        QCOMPARE(args.value(5), target == ExportTarget::Volcano
                                    ? u"--master_addr=job-trainer-0.job"_s
                                    : u"--master_addr=job-master-0"_s);
    }

    void refusals()
    {
        Project uneven = example(u"cpu-2x2"_s);
        uneven.servers[1].devices = {0};
        ExportResult result = exportProject(cwtest::valid(uneven), ExportTarget::Slurm);
        QVERIFY(!result.ok());
        QCOMPARE(result.problems.front().rule, u"export-uniform-devices"_s);
        QVERIFY(result.files.empty());

        result = exportProject(cwtest::valid(example(u"nvidia-2x8"_s)), ExportTarget::Volcano);
        QVERIFY(!result.ok());
        QCOMPARE(result.problems.front().rule, u"export-volcano-ascend"_s);

        // An invalid project never reaches the exporter: only validated() makes what it takes.
        Project invalid = example(u"cpu-2x2"_s);
        invalid.launch.workdir.clear();
        QVERIFY(!validated(invalid).ok());

        // Every target starts torchrun: a MindSpore msrun job is refused, saying why.
        for (ExportTarget target :
             {ExportTarget::Slurm, ExportTarget::PyTorchJob, ExportTarget::Volcano}) {
            result = exportProject(cwtest::valid(example(u"mindspore-2x8-msrun"_s)), target);
            QVERIFY(!result.ok());
            QCOMPARE(result.problems.front().rule, u"export-framework"_s);
            QVERIFY2(result.problems.front().message.contains(u"torchrun"_s) &&
                         result.problems.front().message.contains(u"msrun"_s),
                     qPrintable(result.problems.front().message));
            QVERIFY(result.files.empty());
        }
        // So is a TensorFlow job, whatever its mode.
        Project tensorflow = example(u"ascend-2x8"_s);
        tensorflow.launch.framework = Framework::TensorFlow;
        tensorflow.launch.mode = LaunchMode::RankTable;
        QVERIFY(validateProject(tensorflow).empty());
        result = exportProject(cwtest::valid(tensorflow), ExportTarget::PyTorchJob);
        QVERIFY(!result.ok());
        QCOMPARE(result.problems.front().rule, u"export-framework"_s);
        QVERIFY2(result.problems.front().message.contains(u"a tensorflow job in mode ranktable"_s),
                 qPrintable(result.problems.front().message));
    }

    // Kubernetes names allow a-z, 0-9 and '-': the project name is mapped, and the change said.
    void kubernetesNames()
    {
        Project project = example(u"cpu-2x2"_s);
        project.name = u"My_Job.v2-"_s;
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::PyTorchJob);
        QVERIFY(result.ok());
        QString error;
        const QJsonArray documents = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(documents[0][u"metadata"_s][u"name"_s].toString(), u"my-job-v2"_s);
        QVERIFY(result.notCarried.join(u'\n').contains(u"my-job-v2"_s));
    }

    // A DNS-1035 label starts with a letter: the PyTorchJob webhook refuses "2x8-resnet"
    // (training-operator pkg/webhooks/pytorch/pytorchjob_webhook.go, NameIsDNS1035Label), and the
    // Services named after the job would too.
    void kubernetesNamesStartWithALetter()
    {
        static const QRegularExpression dns1035(u"^[a-z]([-a-z0-9]*[a-z0-9])?$"_s);
        Project project = example(u"ascend-2x8"_s);
        project.name = u"2x8-resnet"_s;
        for (ExportTarget target : {ExportTarget::PyTorchJob, ExportTarget::Volcano}) {
            const ExportResult result = exportProject(cwtest::valid(project), target);
            QVERIFY(result.ok());
            QString error;
            const QJsonArray documents = yamltest::parseYaml(result.files.front().content, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QString name = documents.last()[u"metadata"_s][u"name"_s].toString(); // the job
            QCOMPARE(name, u"job-2x8-resnet"_s);
            QVERIFY(dns1035.match(name).hasMatch());
            QVERIFY2(result.notCarried.join(u'\n').contains(
                         u"DNS-1035 labels (a-z, 0-9 and '-', starting with a letter"_s),
                     qPrintable(result.notCarried.join(u'\n')));
        }
    }

    // MindCluster's own Volcano jobs (mindxdl-deploy samples/train/basic-training/ranktable/
    // yaml/910/ and 910b/a800_pytorch_vcjob.yaml, copied whole in tests/data/export): the
    // ring-controller label on the ConfigMap, the Job and its pods (ascend-910b for Atlas A2),
    // the rank-table, driver and /dev/shm volumes, the pods on the host network, one per node
    // (podAntiAffinity over the job's pods on kubernetes.io/hostname), the container's name.
    void volcanoMatchesMindClusterSamples_data()
    {
        QTest::addColumn<QString>("project");
        QTest::addColumn<QString>("sample");
        QTest::newRow("910") << u"ascend-2x8"_s << u"mindxdl_910_a800_pytorch_vcjob.yaml"_s;
        QTest::newRow("910b") << u"ascend910b-2x8"_s << u"mindxdl_910b_a800_pytorch_vcjob.yaml"_s;
    }

    void volcanoMatchesMindClusterSamples()
    {
        QFETCH(QString, project);
        QFETCH(QString, sample);
        QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/export/") + sample);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString error;
        const QJsonArray wanted = yamltest::parseYaml(file.readAll(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const ExportResult result =
            exportProject(cwtest::valid(example(project)), ExportTarget::Volcano);
        QVERIFY(result.ok());
        const QJsonArray got = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto label = [](const QJsonValue &object) {
            return object[u"metadata"_s][u"labels"_s][u"ring-controller.atlas"_s].toString();
        };
        const auto pod = [](const QJsonArray &documents) {
            return documents[1][u"spec"_s][u"tasks"_s][0][u"template"_s];
        };
        QCOMPARE(label(got[0]), label(wanted[0]));
        QCOMPARE(label(got[1]), label(wanted[1]));
        QCOMPARE(label(pod(got)), label(pod(wanted)));
        const QJsonValue gotSpec = pod(got)[u"spec"_s];
        const QJsonValue wantedSpec = pod(wanted)[u"spec"_s];
        QCOMPARE(gotSpec[u"hostNetwork"_s], wantedSpec[u"hostNetwork"_s]);
        QCOMPARE(gotSpec[u"hostNetwork"_s], QJsonValue(true));
        QCOMPARE(gotSpec[u"containers"_s][0][u"name"_s], wantedSpec[u"containers"_s][0][u"name"_s]);
        // The same anti-affinity, naming each file's own job.
        const auto antiAffinity = [](const QJsonValue &spec, const QJsonValue &job) {
            QJsonObject rule = spec[u"affinity"_s][u"podAntiAffinity"_s]
                                   [u"requiredDuringSchedulingIgnoredDuringExecution"_s][0]
                                       .toObject();
            const QString text = QString::fromUtf8(QJsonDocument(rule).toJson());
            return QString(text).replace(job[u"metadata"_s][u"name"_s].toString(), u"JOB"_s);
        };
        QVERIFY(antiAffinity(wantedSpec, wanted[1]).contains(u"kubernetes.io/hostname"_s));
        QCOMPARE(antiAffinity(gotSpec, got[1]), antiAffinity(wantedSpec, wanted[1]));
        // A hostNetwork pod still resolves the master's cluster DNS name.
        QCOMPARE(gotSpec[u"dnsPolicy"_s].toString(), u"ClusterFirstWithHostNet"_s);
        // The volumes the export mounts: the sample's code, data, output, slog and localtime
        // volumes are the site's (userSets names the workdir).
        const QStringList carried = {u"ascend-910-config"_s, u"ascend-driver"_s, u"dshm"_s};
        const QJsonArray gotVolumes = pod(got)[u"spec"_s][u"volumes"_s].toArray();
        for (const QJsonValue &volume : pod(wanted)[u"spec"_s][u"volumes"_s].toArray()) {
            const QString name = volume[u"name"_s].toString();
            if (!carried.contains(name))
                continue;
            const auto found =
                std::find_if(gotVolumes.begin(), gotVolumes.end(),
                             [&](const QJsonValue &v) { return v[u"name"_s] == name; });
            QVERIFY2(found != gotVolumes.end(), qPrintable(name));
            if (volume[u"hostPath"_s].isObject())
                QCOMPARE((*found)[u"hostPath"_s][u"path"_s], volume[u"hostPath"_s][u"path"_s]);
            if (volume[u"emptyDir"_s].isObject())
                QCOMPARE((*found)[u"emptyDir"_s][u"medium"_s], volume[u"emptyDir"_s][u"medium"_s]);
            if (volume[u"configMap"_s].isObject())
                QVERIFY(
                    (*found)[u"configMap"_s][u"name"_s].toString().startsWith(u"rings-config-"_s));
        }
        const QJsonArray gotMounts =
            pod(got)[u"spec"_s][u"containers"_s][0][u"volumeMounts"_s].toArray();
        for (const QJsonValue &mount :
             pod(wanted)[u"spec"_s][u"containers"_s][0][u"volumeMounts"_s].toArray()) {
            if (carried.contains(mount[u"name"_s].toString()))
                QVERIFY2(gotMounts.contains(mount),
                         qPrintable(QString::fromUtf8(QJsonDocument(mount.toObject()).toJson())));
        }
    }

    // env.sh's HCCL lines for two Ascend servers (the generated env.sh of the same project,
    // whose sources docs/launch.md lists) reach every node of every export: the same
    // HCCL_WHITELIST_DISABLE and HCCL_CONNECT_TIMEOUT; HCCL_IF_IP is the pod's address
    // (PyTorchJob: status.podIP) or, on Volcano's host network, the node's (status.hostIP, as
    // mindxdl-deploy's samples read XDL_IP), and Slurm lists it as not carried. The trust list of
    // launch.hccl_whitelist host_ips and launch.restart have no place and are listed.
    void exportsCarryEnvShHccl_data()
    {
        QTest::addColumn<ExportTarget>("target");
        QTest::newRow("slurm") << ExportTarget::Slurm;
        QTest::newRow("pytorchjob") << ExportTarget::PyTorchJob;
        QTest::newRow("volcano") << ExportTarget::Volcano;
    }

    void exportsCarryEnvShHccl()
    {
        QFETCH(ExportTarget, target);
        Project project = example(u"ascend-2x8"_s);
        project.launch.env.clear(); // the example sets HCCL_WHITELIST_DISABLE itself
        static const QRegularExpression hcclExport(u"^export (HCCL_[A-Z_]+)=(.*)$"_s,
                                                   QRegularExpression::MultilineOption);
        const auto hcclLines = [](const QString &text) {
            QMap<QString, QString> lines;
            for (const auto &match : hcclExport.globalMatch(text))
                lines.insert(match.captured(1), match.captured(2));
            return lines;
        };
        // The node's script: the sbatch file, or the container's command.
        const auto nodeScriptOf = [&](const ExportResult &result) {
            const QByteArray content = result.files.front().content;
            if (target == ExportTarget::Slurm)
                return QString::fromUtf8(content);
            QString error;
            const QJsonArray documents = yamltest::parseYaml(content, &error);
            return containerOf(documents, target)[u"command"_s][2].toString();
        };
        QMap<QString, QString> envSh = hcclLines(QString::fromUtf8(envScript(project)));
        envSh.remove(u"HCCL_IF_IP"_s); // "$HOST_IP", from the plan: each target's own below
        QCOMPARE(envSh.keys(),
                 (QStringList{u"HCCL_CONNECT_TIMEOUT"_s, u"HCCL_WHITELIST_DISABLE"_s}));
        ExportResult result = exportProject(cwtest::valid(project), target);
        QVERIFY(result.ok());
        QCOMPARE(hcclLines(nodeScriptOf(result)), envSh);

        if (target == ExportTarget::Slurm) {
            QVERIFY2(result.notCarried.join(u'\n').contains(u"HCCL_IF_IP"_s),
                     qPrintable(result.notCarried.join(u'\n')));
        } else {
            QString error;
            const QJsonArray documents = yamltest::parseYaml(result.files.front().content, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QJsonObject ifIp;
            for (const QJsonValue &env : containerOf(documents, target)[u"env"_s].toArray()) {
                if (env[u"name"_s] == u"HCCL_IF_IP"_s)
                    ifIp = env.toObject();
            }
            QCOMPARE(ifIp[u"valueFrom"_s][u"fieldRef"_s][u"fieldPath"_s].toString(),
                     target == ExportTarget::Volcano ? u"status.hostIP"_s : u"status.podIP"_s);
        }

        // A trust list of the servers' host IPs: env.sh names hccl_whitelist.json; a scheduler's
        // nodes are not known ahead, so the export keeps HCCL's default and says so.
        project.launch.hcclWhitelistHostIps = true;
        QVERIFY(
            hcclLines(QString::fromUtf8(envScript(project))).contains(u"HCCL_WHITELIST_FILE"_s));
        result = exportProject(cwtest::valid(project), target);
        QVERIFY(result.ok());
        const QMap<QString, QString> carried = hcclLines(nodeScriptOf(result));
        QVERIFY(!carried.contains(u"HCCL_WHITELIST_FILE"_s));
        QCOMPARE(carried.value(u"HCCL_WHITELIST_DISABLE"_s), u"1"_s);
        QVERIFY2(result.notCarried.join(u'\n').contains(u"launch.hccl_whitelist host_ips"_s),
                 qPrintable(result.notCarried.join(u'\n')));

        // launch.restart: the scheduler's own retry.
        Project restarting = example(u"cpu-3x1-restart"_s);
        QVERIFY(restarting.launch.restart.enabled());
        if (target != ExportTarget::Volcano) {
            result = exportProject(cwtest::valid(restarting), target);
            QVERIFY(result.ok());
            QVERIFY2(result.notCarried.join(u'\n').contains(u"launch.restart (max_restarts"_s),
                     qPrintable(result.notCarried.join(u'\n')));
        }
    }

    // training-operator 1.7 and later (pkg/controller.v1/pytorch/envvar.go): with nprocPerNode
    // set, WORLD_SIZE is pods x processes and PET_NNODES the pods; older operators set WORLD_SIZE
    // to the pods and no PET_NNODES. torchrun gets the pods as --nnodes from either.
    void pytorchJobNodesFromEitherOperator_data()
    {
        QTest::addColumn<QString>("worldSize");
        QTest::addColumn<QString>("petNnodes");
        QTest::newRow("nprocPerNode 2") << u"4"_s << u"2"_s;
        QTest::newRow("before nprocPerNode") << u"2"_s << QString();
    }

    void pytorchJobNodesFromEitherOperator()
    {
        QFETCH(QString, worldSize);
        QFETCH(QString, petNnodes);
        Project project = hostileProject();
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::PyTorchJob);
        QVERIFY(result.ok());
        QString error;
        const QJsonArray documents = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString script =
            documents[0][u"spec"_s][u"pytorchReplicaSpecs"_s][u"Worker"_s][u"template"_s][u"spec"_s]
                     [u"containers"_s][0][u"command"_s][2]
                         .toString();
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(u"python3"_s), kFakePython, true));
        QProcessEnvironment env;
        env.insert(u"CW_ARGS_FILE"_s, dir.filePath(u"args"_s));
        env.insert(u"WORLD_SIZE"_s, worldSize);
        if (!petNnodes.isEmpty())
            env.insert(u"PET_NNODES"_s, petNnodes);
        env.insert(u"RANK"_s, u"1"_s);
        env.insert(u"MASTER_ADDR"_s, u"job-master-0"_s);
        env.insert(u"MASTER_PORT"_s, u"23456"_s);
        const ScriptRun run = runWithFakePython(
            QString(script).replace(project.launch.workdir, dir.path()), dir.path(), env);
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QStringList args = recordedArgs(dir.filePath(u"args.0"_s));
        QCOMPARE(args.value(2), u"--nnodes=2"_s);
        QCOMPARE(args.value(3), u"--node_rank=1"_s);
    }

    // The reference torchrun launcher gives the task the whole node (ml-engineering's
    // orchestration/slurm/example.slurm: --exclusive); an env_setup line that fails stops the
    // node before torchrun starts without its environment.
    void slurmTakesWholeNodesAndStopsOnASetupFailure()
    {
        Project project = hostileProject();
        project.launch.envSetup = {u"true # a comment stays a comment"_s, u"false"_s};
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::Slurm);
        QVERIFY(result.ok());
        const QString sbatch = QString::fromUtf8(fileOf(result, u"train.sbatch"_s));
        QVERIFY2(sbatch.contains(u"\n#SBATCH --exclusive\n"_s), qPrintable(sbatch));
        QTemporaryDir dir;
        const QString bin = dir.filePath(u"bin"_s);
        QVERIFY(QDir().mkpath(bin));
        QVERIFY(QDir().mkpath(project.launch.workdir));
        QVERIFY(writeFile(bin + u"/python3"_s, kFakePython, true));
        QVERIFY(
            writeFile(bin + u"/scontrol"_s, "#!/bin/bash\nprintf 'node-a\\nnode-b\\n'\n", true));
        QVERIFY(writeFile(bin + u"/srun"_s,
                          "#!/bin/bash\nwhile [[ $1 == --* ]]; do shift; done\n"
                          "for ((n = 0; n < SLURM_NNODES; n++)); do\n"
                          "  SLURM_NODEID=$n CW_NODE=$n \"$@\" || exit $?\ndone\n",
                          true));
        QProcessEnvironment env;
        env.insert(u"SLURM_NNODES"_s, u"2"_s);
        env.insert(u"SLURM_JOB_NODELIST"_s, u"node-[a-b]"_s);
        env.insert(u"CW_ARGS_FILE"_s, dir.filePath(u"args"_s));
        const ScriptRun run = runWithFakePython(sbatch, bin, env);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains(u"clusterwiz: env_setup line 2 failed (exit 1)"_s),
                 qPrintable(run.output));
        QVERIFY2(!run.output.contains(u"env_setup line 1"_s), qPrintable(run.output));
        QVERIFY(!QFileInfo::exists(dir.filePath(u"args.0"_s)));
        QDir(project.launch.workdir).removeRecursively();
    }

    // launch.slurm's values become #SBATCH lines (validated to need no quoting there); a
    // sbatch_args word an #SBATCH line cannot hold is named, quoted, for the command line.
    void slurmOptionsBecomeSbatchLines()
    {
        Project project = hostileProject();
        project.accelerator = Accelerator::Nvidia;
        project.launch.slurm = {
            u"gpu"_s,  u"acct"_s,       u"2:00:00"_s,
            u"high"_s, u"gpu:a100:8"_s, {u"--mem=0"_s, u"--comment=two words"_s},
            {}};
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::Slurm);
        QVERIFY(result.ok());
        const QString sbatch = QString::fromUtf8(fileOf(result, u"train.sbatch"_s));
        QVERIFY2(sbatch.contains(u"#SBATCH --exclusive\n#SBATCH --partition=gpu\n"
                                 "#SBATCH --account=acct\n#SBATCH --time=2:00:00\n"
                                 "#SBATCH --qos=high\n#SBATCH --gres=gpu:a100:8\n"
                                 "#SBATCH --mem=0\n\n"_s),
                 qPrintable(sbatch));
        QVERIFY(!sbatch.contains(u"--gres=gpu:"_s +
                                 QString::number(project.servers[0].devices.size())));
        QVERIFY(!sbatch.contains(u"--comment"_s));
        QVERIFY2(result.userSets.contains(u"submit with: sbatch '--comment=two words' train.sbatch "
                                          "(launch.slurm.sbatch_args that an #SBATCH line cannot "
                                          "hold)"_s),
                 qPrintable(result.userSets.join(u'\n')));
        QVERIFY(!result.userSets.join(u'\n').contains(u"--partition, --time"_s));
    }

    void targetNames()
    {
        for (const QString &name : exportTargetNames())
            QCOMPARE(exportTargetName(*exportTargetFromName(name)), name);
        QVERIFY(!exportTargetFromName(u"k8s"_s));
    }
};

QTEST_GUILESS_MAIN(TestExportScripts)
#include "tst_exportScripts.moc"
